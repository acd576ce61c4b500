import BooksTrackCore

/// Where readers reach this server and how a notification's destination becomes a path there,
/// given by the face that serves pages (`serve`): webhooks carry absolute links with it. The
/// application itself writes no address.
public struct NoticeLinks: Sendable {
    /// The public address, e.g. "https://books.example.org".
    public let base: String
    let path: @Sendable (NoticeDestination) -> String

    public init(base: String, path: @escaping @Sendable (NoticeDestination) -> String) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.path = path
    }

    /// The absolute address of a destination.
    public func url(of destination: NoticeDestination) -> String { base + path(destination) }
}
