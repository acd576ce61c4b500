import Foundation

/// A reader's webhook (SPEC §8): where their notifications are also sent, e.g. an ntfy topic.
public struct Webhook: Hashable, Sendable {
    public var url: String
    /// Notifications created from this moment on are sent (not the ones from before it was set).
    public var since: Date
    public var lastDeliveredAt: Date?
    /// Why the last delivery failed, while it has not succeeded since.
    public var lastError: String?
    public var lastErrorAt: Date?

    public init(url: String, since: Date, lastDeliveredAt: Date? = nil, lastError: String? = nil, lastErrorAt: Date? = nil) {
        self.url = url
        self.since = since
        self.lastDeliveredAt = lastDeliveredAt
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
    }

    /// How many times one notification is tried before it is given up.
    public static let maxAttempts = 5

    /// The wait before trying a notification again after `attempts` failed tries: 1, 5, 30
    /// minutes, then 2 hours.
    public static func retryDelay(after attempts: Int) -> TimeInterval {
        [60, 300, 1800, 7200][min(max(attempts, 1), 4) - 1]
    }

    /// The address as a reader typed it, when usable: http or https, a host, at most 2,000
    /// characters (``problem(with:)`` says what is wrong otherwise).
    public static func url(_ text: String) -> URL? {
        problem(with: text) == nil ? URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
    }

    /// What is wrong with an address as a reader typed it, saying what to type instead; nil
    /// when it is usable.
    public static func problem(with text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let example = "like https://ntfy.sh/your-secret-topic"
        guard text.count <= 2000 else { return "A webhook address can be at most 2,000 characters long." }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http"
        else { return "A webhook address starts with https:// (or http://), \(example)." }
        guard let host = url.host, !host.isEmpty else { return "A webhook address names a host, \(example)." }
        return nil
    }
}
