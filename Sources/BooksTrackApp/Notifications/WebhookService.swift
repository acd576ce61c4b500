import BooksTrackCore
import BooksTrackStore
import BooksTrackWebhooks
import Foundation
import Logging

/// A reader's webhook (SPEC §8): their notifications are also POSTed to an address of their
/// choosing (an ntfy topic, or anything that takes a POST), by the job runner, never during a
/// request. Each notification is tried up to ``Webhook/maxAttempts`` times with growing waits;
/// addresses on this machine or a private network are refused unless the owner allows them.
public struct WebhookService: Sendable {
    public static let jobKind = "webhook"
    /// The instance setting by which the owner lets webhooks reach this machine and local networks.
    static let allowPrivateSetting = "webhooks.allow_private"

    let store: Store
    let clock: @Sendable () -> Date
    let logger: Logger
    let sender: any WebhookSender
    /// Where readers reach this server: a notification's destination becomes a link with it.
    let links: NoticeLinks?
    let notifications: NotificationService

    public func webhook(of user: User) async throws -> Webhook? {
        try await store.reader(user.id).webhook.current()
    }

    /// Sets (or, with empty text, removes) the reader's webhook; the message says what is wrong
    /// with the address when it cannot be used.
    public func set(_ text: String, for user: User) async throws -> String? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            try await store.reader(user.id).webhook.set(nil, now: clock())
            return nil
        }
        guard let url = Webhook.url(text) else { return Webhook.problem(with: text) }
        // A name is only resolved when a notification is sent; an address that is plainly this
        // machine or a private network is refused at once.
        if try await !allowsPrivate(), let host = url.host {
            if WebhookAddressPolicy.isPlainlyPrivate(host: host) {
                return
                    "\(host) is on this machine or a private network; the owner of this BooksTrack has not allowed webhooks there."
            }
        }
        try await store.reader(user.id).webhook.set(url.absoluteString, now: clock())
        return nil
    }

    /// Whether the owner lets webhooks reach this machine and local networks.
    public func allowsPrivate() async throws -> Bool {
        try await OwnerSwitch(store: store, name: Self.allowPrivateSetting).isOn()
    }

    /// Lets webhooks reach this machine and local networks, or not; only the owner may (false
    /// for anyone else, and nothing changes).
    public func setAllowsPrivate(_ allowed: Bool, by user: User) async throws -> Bool {
        try await OwnerSwitch(store: store, name: Self.allowPrivateSetting).set(allowed, by: user)
    }

    /// Records a test notification, which the webhook is sent like any other.
    public func sendTest(for user: User) async throws {
        let now = clock()
        try await store.reader(user.id).notifications.record(
            [
                Notice(
                    kind: "test", key: "test:\(Int(now.timeIntervalSince1970 * 1000))", title: "Test notification",
                    body: "Your BooksTrack notifications arrive here.", destination: .notifications)
            ], now: now)
        await notifications.deliver(user.id, now: now)
    }

    /// The job: sends the reader's notifications owed to the webhook, and queues itself again
    /// for the earliest retry.
    func run(_ job: Job) async throws {
        guard let userID = job.userID else { return }
        let reader = store.reader(userID)
        guard let webhook = try await reader.webhook.current(), let url = Webhook.url(webhook.url) else { return }
        let policy = WebhookAddressPolicy(allowPrivate: try await allowsPrivate())
        let owed = try await reader.webhook.undelivered(now: clock())
        guard !owed.isEmpty else { return }
        // Resolved and checked once for the batch; every post connects to the checked address.
        let checked = await policy.check(url)
        var retry: Date?
        for (notification, attempts) in owed {
            let error: String?
            switch checked {
            case .failure(let refusal): error = refusal.message
            case .success(let address): error = await send(notification, to: url, at: address)
            }
            let now = clock()
            let retryAfter = error == nil ? nil : now.addingTimeInterval(Webhook.retryDelay(after: attempts + 1))
            try await reader.webhook.recordDelivery(of: notification.id, error: error, retryAfter: retryAfter, now: now)
            if let error {
                logger.info("webhook delivery failed", metadata: ["user": "\(userID.string)", "error": "\(error)"])
                // The address is failing: the rest wait for this one's retry rather than each
                // waiting out its own timeout now (the runner runs one job at a time).
                retry = retryAfter
                break
            }
        }
        // Whatever is left (a retry, or more than one batch) runs again when due.
        var due = retry
        if due == nil {
            let more = try await reader.webhook.undelivered(now: clock(), limit: 1)
            due = more.isEmpty ? try await reader.webhook.nextRetry() : clock()
        }
        if let due {
            try await store.jobs.requeue(kind: Self.jobKind, subject: userID.string, userID: userID, runAfter: due, now: clock())
        }
    }

    /// POSTs one notification in ntfy's form: the body is the text, the title and the link
    /// (absolute when the public URL is known) are headers. Returns why it failed, or nil.
    func send(_ notification: AppNotification, to url: URL, at address: WebhookAddressPolicy.Address) async -> String? {
        var headers = [
            "Content-Type": "text/plain; charset=utf-8", "User-Agent": "BooksTrack", "Title": Self.header(notification.title),
            "Tags": "books", "X-BooksTrack-Kind": notification.kind,
        ]
        if let destination = notification.destination, let links {
            headers["Click"] = links.url(of: destination)
        }
        do {
            let status = try await sender.post(url, at: address, body: Data(notification.body.utf8), headers: headers)
            return (200..<300).contains(status) ? nil : "the address answered HTTP \(status)"
        } catch let failure as WebhookFailure {
            return failure.message
        } catch {
            return "could not connect: \(String(describing: error).prefix(200))"
        }
    }

    /// A header value: as it is when ASCII, else RFC 2047 encoded (which ntfy reads).
    static func header(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        if flat.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }) { return flat }
        return "=?UTF-8?B?\(Data(flat.utf8).base64EncodedString())?="
    }
}
