import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/notifications`: the reader's notifications, newest first, and marking one read.
struct NotificationsAPI {
    let notifications: NotificationService
    let reminders: ReminderService
    let configuration: WebConfiguration

    /// Every kind with whether the reader gets it (`{"achievement": true, …}`).
    static func settings(_ preferences: NotificationPreferences) -> Settings {
        Settings(choices: Dictionary(uniqueKeysWithValues: NotificationKind.allCases.map { ($0, preferences.allows($0)) }))
    }

    /// Every kind of notification, each with whether the reader gets it.
    struct Settings: Encodable {
        let choices: [NotificationKind: Bool]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for kind in NotificationKind.allCases {
                try container.encode(choices[kind] ?? false, forKey: AnyKey(stringValue: kind.rawValue))
            }
        }
    }

    /// Kinds not sent keep their setting.
    struct SettingsRequest: Decodable {
        var choices: [NotificationKind: Bool] = [:]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.refuseUnknown(Set(NotificationKind.allCases.map(\.rawValue)))
            for kind in NotificationKind.allCases {
                let key = AnyKey(stringValue: kind.rawValue)
                guard container.contains(key) else { continue }
                guard let value = try? container.decode(Bool.self, forKey: key) else {
                    throw FieldErrors([kind.rawValue: "Send true or false."])
                }
                choices[kind] = value
            }
        }
    }

    @Sendable func settings(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        _ = try APIQuery(request, allowed: [])
        return try Responses.json(Self.settings(try await reminders.preferences(of: user)))
    }

    @Sendable func saveSettings(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let sent = try await APIRequest.decode(SettingsRequest.self, from: request)
        try await reminders.setPreferences(sent.choices, for: user, now: configuration.clock())
        return try Responses.json(Self.settings(try await reminders.preferences(of: user)))
    }

    struct Notification: Codable {
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
            link = notification.destination?.path
            createdAt = notification.createdAt
            readAt = notification.readAt
        }
    }

    struct List: Codable {
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

    /// Marks every unread notification read: `{"marked": 7}`.
    @Sendable func markAllRead(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let marked = try await notifications.markAllRead(of: user, now: configuration.clock())
        return try Responses.json(Marked(marked: marked))
    }

    @Sendable func markRead(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        try await notifications.markRead(try context.parameters.id("notificationId"), of: user, now: configuration.clock())
        return Responses.noContent()
    }
}

// MARK: - Schemas

extension NotificationsAPI.Notification: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "id": .formatted("uuid"),
            "kind": .described("`achievement`, `goal`, or `test` (a webhook test)."),
            "link": .described("The page of the web app it is about."),
            "readAt": .described("Absent while unread."),
        ]
    }
}

extension NotificationsAPI.List: APISchema {
    static let schemaName = "NotificationList"
    static var fieldNotes: [String: JSONSchema] {
        [
            "unread": .bounded(0)
        ]
    }
}

extension NotificationsAPI {
    /// How many notifications were unread.
    struct Marked: Codable, DescribedJSON {
        let marked: Int

        static var fieldNotes: [String: JSONSchema] { ["marked": .bounded(0)] }
    }
}

extension NotificationsAPI.Settings: APISchema {
    static let schemaName = "NotificationSettings"
    static var example: Self { Self(choices: [:]) }
}
