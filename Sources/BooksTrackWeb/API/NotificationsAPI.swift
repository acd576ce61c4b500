import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/notifications`: the reader's notifications, newest first, and marking one read.
struct NotificationsAPI {
    let notifications: NotificationService
    let configuration: WebConfiguration

    func addRoutes(to api: RouterGroup<AppContext>) {
        api.get("notifications", use: list)
        api.post("notifications/:notification/read", use: markRead)
    }

    struct Notification: Encodable {
        let id: String
        let kind: String
        let title: String
        let body: String
        let link: String?
        let createdAt: Date
        let readAt: Date?

        init(_ notification: AppNotification) {
            id = notification.id.string
            kind = notification.kind
            title = notification.title
            body = notification.body
            link = notification.link
            createdAt = notification.createdAt
            readAt = notification.readAt
        }
    }

    struct List: Encodable {
        let items: [Notification]
        let unread: Int
    }

    /// The latest 50, read or not, and how many are unread.
    @Sendable func list(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        async let recent = notifications.recent(of: user)
        async let unread = notifications.unread(of: user)
        return try Responses.json(
            List(items: try await recent.map(Notification.init), unread: try await unread.count),
            headers: [.cacheControl: "no-store"])
    }

    @Sendable func markRead(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        try await notifications.markRead(try context.parameters.id("notification"), of: user, now: configuration.clock())
        return Responses.noContent()
    }
}
