import BooksTrackCore
import Foundation
import SQLKit

/// A reader's notifications: what the app tells them, recorded once per notice key and only of
/// the kinds they chose to get; read in the app, and posted to their webhook (``WebhookStore``).
public struct NotificationStore: ReaderScoped {
    /// The reader whose notifications these are.
    public let userID: User.ID
    let database: Database

    /// Records notices; one whose key the reader already has is left out (two writes settling at
    /// once record it once). Returns how many were new.
    @discardableResult
    public func record(_ notices: [Notice], now: Date) async throws -> Int {
        guard !notices.isEmpty else { return 0 }
        let userID = self.userID
        return try await database.write { db in try await Self.insert(notices: notices, of: userID, now: now, on: db) }
    }

    /// Inserts notices whose keys the reader does not have yet, of the kinds the reader gets
    /// (``NotificationPreferences``), as ``Notices/batched(_:)`` groups them: the ones it folds
    /// into another are kept already read (and not sent to a webhook). Returns how many new
    /// unread ones there are.
    static func insert(notices: [Notice], of userID: User.ID, now: Date, on db: any SQLDatabase) async throws -> Int {
        guard !notices.isEmpty else { return 0 }
        let preferences = try await Self.preferences(of: userID, on: db)
        let (unread, read) = Notices.batched(notices.filter { preferences.allows(kind: $0.kind) })
        var recorded = 0
        for notice in read { _ = try await insert(notice, of: userID, now: now, read: true, on: db) }
        for notice in unread where try await insert(notice, of: userID, now: now, read: false, on: db) { recorded += 1 }
        return recorded
    }

    /// One notice, unless the reader has its key; whether it was new.
    private static func insert(_ notice: Notice, of userID: User.ID, now: Date, read: Bool, on db: any SQLDatabase)
        async throws -> Bool
    {
        let readAt: Int? = read ? now.milliseconds : nil
        let inserted = try await db.raw(
            """
            INSERT INTO notifications (id, user_id, kind, title, body, link, dedupe_key, created_at, read_at, delivered_at)
            VALUES (\(bind: AppNotification.ID.random().string), \(bind: userID.string), \(bind: notice.kind),
                    \(bind: notice.title), \(bind: notice.body), \(bind: notice.destination?.stored), \(bind: notice.key),
                    \(bind: now.milliseconds), \(bind: readAt), \(bind: readAt))
            ON CONFLICT (user_id, dedupe_key) DO NOTHING
            RETURNING id
            """
        ).all()
        return !inserted.isEmpty
    }

    /// Which kinds of notification the reader gets.
    public func preferences() async throws -> NotificationPreferences {
        let userID = self.userID
        return try await database.read { db in try await Self.preferences(of: userID, on: db) }
    }

    /// Which kinds of notification the reader gets, inside the caller's transaction.
    static func preferences(of userID: User.ID, on db: any SQLDatabase) async throws -> NotificationPreferences {
        var chosen: [NotificationKind: Bool] = [:]
        for row in try await db.raw(
            "SELECT kind, enabled FROM notification_preferences WHERE user_id = \(bind: userID.string)"
        ).all() {
            if let kind = NotificationKind(rawValue: try row.text("kind")) { chosen[kind] = try row.integer("enabled") != 0 }
        }
        return NotificationPreferences(chosen)
    }

    /// Saves the reader's choice for each kind given (the others keep theirs).
    public func setPreferences(_ choices: [NotificationKind: Bool], now: Date) async throws {
        let userID = self.userID
        try await database.write { db in
            for (kind, enabled) in choices.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                try await db.raw(
                    """
                    INSERT INTO notification_preferences (user_id, kind, enabled, updated_at)
                    VALUES (\(bind: userID.string), \(bind: kind.rawValue), \(bind: enabled ? 1 : 0), \(bind: now.milliseconds))
                    ON CONFLICT (user_id, kind) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at
                    """
                ).run()
            }
        }
    }

    /// The reader's notifications, newest first: only the unread ones, or the latest `limit`.
    public func recent(unreadOnly: Bool, limit: Int = 50) async throws -> [AppNotification] {
        let userID = self.userID
        let unread: SQLQueryString = unreadOnly ? " AND read_at IS NULL" : ""
        return try await database.read { db in
            try await db.raw(
                """
                SELECT * FROM notifications WHERE user_id = \(bind: userID.string)\(unread)
                ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
                """
            ).all().map { try Self.notification($0, of: userID) }
        }
    }

    /// Marks every unread notification of the reader read; how many were.
    public func markAllRead(now: Date) async throws -> Int {
        let userID = self.userID
        return try await database.write { db in
            try await db.raw(
                """
                UPDATE notifications SET read_at = \(bind: now.milliseconds)
                WHERE user_id = \(bind: userID.string) AND read_at IS NULL
                RETURNING id
                """
            ).all().count
        }
    }

    /// Marks one of the reader's notifications read; false when the reader has no such
    /// notification. Marking a read one again keeps its first date.
    public func markRead(_ id: AppNotification.ID, now: Date) async throws -> Bool {
        let userID = self.userID
        return try await database.write { db in
            let owned = try await db.raw(
                "SELECT id FROM notifications WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)"
            ).first()
            guard owned != nil else { return false }
            try await db.raw(
                """
                UPDATE notifications SET read_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string) AND read_at IS NULL
                """
            ).run()
            return true
        }
    }

    /// A notification as its row holds it.
    static func notification(_ row: any SQLRow, of userID: User.ID) throws -> AppNotification {
        AppNotification(
            id: try row.id("id"), userID: userID, kind: try row.text("kind"), title: try row.text("title"),
            body: try row.text("body"), destination: try row.optionalText("link").flatMap(NoticeDestination.init(stored:)),
            createdAt: try row.instant("created_at"),
            readAt: try row.optionalInstant("read_at"), key: try row.optionalText("dedupe_key"))
    }
}
