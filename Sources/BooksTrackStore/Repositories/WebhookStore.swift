import BooksTrackCore
import Foundation
import SQLKit

/// A reader's webhook and the delivery of their notifications to it (SPEC §8).
public struct WebhookStore: ReaderScoped {
    /// The reader whose webhook this is.
    public let userID: User.ID
    let database: Database

    /// The reader's webhook with how its deliveries went, if they set one.
    public func current() async throws -> Webhook? {
        let userID = self.userID
        return try await database.read { db in
            try await db.raw("SELECT * FROM reader_webhooks WHERE user_id = \(bind: userID.string)").first().map { row in
                Webhook(
                    url: try row.text("url"), since: try row.instant("since"),
                    lastDeliveredAt: try row.optionalInstant("last_delivered_at"),
                    lastError: try row.optionalText("last_error"), lastErrorAt: try row.optionalInstant("last_error_at"))
            }
        }
    }

    /// Sets the reader's webhook (notifications from `now` on are sent to it) or, with nil,
    /// removes it. Setting the same address again keeps its history.
    public func set(_ url: String?, now: Date) async throws {
        let userID = self.userID
        try await database.write { db in
            guard let url else {
                try await db.raw("DELETE FROM reader_webhooks WHERE user_id = \(bind: userID.string)").run()
                return
            }
            try await db.raw(
                """
                INSERT INTO reader_webhooks (user_id, url, since, updated_at)
                VALUES (\(bind: userID.string), \(bind: url), \(bind: now.milliseconds), \(bind: now.milliseconds))
                ON CONFLICT (user_id) DO UPDATE SET
                    since = CASE WHEN reader_webhooks.url = excluded.url THEN reader_webhooks.since ELSE excluded.since END,
                    last_error = CASE WHEN reader_webhooks.url = excluded.url THEN reader_webhooks.last_error END,
                    last_error_at = CASE WHEN reader_webhooks.url = excluded.url THEN reader_webhooks.last_error_at END,
                    url = excluded.url, updated_at = excluded.updated_at
                """
            ).run()
        }
    }

    /// The notifications owed to the webhook, oldest first: created since it was set, not
    /// delivered, tried fewer than ``Webhook/maxAttempts`` times, due by `now`.
    public func undelivered(now: Date, limit: Int = 50) async throws -> [(notification: AppNotification, attempts: Int)] {
        let userID = self.userID
        return try await database.read { db in
            try await db.raw(
                """
                SELECT n.* FROM notifications n JOIN reader_webhooks w ON w.user_id = n.user_id
                WHERE n.user_id = \(bind: userID.string) AND n.created_at >= w.since AND n.delivered_at IS NULL
                    AND n.delivery_attempts < \(bind: Webhook.maxAttempts)
                    AND (n.retry_after IS NULL OR n.retry_after <= \(bind: now.milliseconds))
                ORDER BY n.created_at, n.id LIMIT \(bind: limit)
                """
            ).all().map { (try NotificationStore.notification($0, of: userID), try $0.integer("delivery_attempts")) }
        }
    }

    /// When the next notification owed to the webhook is due to be tried again, if one is.
    public func nextRetry() async throws -> Date? {
        let userID = self.userID
        return try await database.read { db in
            try await db.raw(
                """
                SELECT MIN(n.retry_after) AS due FROM notifications n JOIN reader_webhooks w ON w.user_id = n.user_id
                WHERE n.user_id = \(bind: userID.string) AND n.created_at >= w.since AND n.delivered_at IS NULL
                    AND n.delivery_attempts < \(bind: Webhook.maxAttempts) AND n.retry_after IS NOT NULL
                """
            ).first()?.optionalInstant("due")
        }
    }

    /// Records one delivery: delivered, or failed with why (tried again at `retryAfter`).
    public func recordDelivery(
        of id: AppNotification.ID, error: String?, retryAfter: Date?, now: Date
    ) async throws {
        let userID = self.userID
        try await database.write { db in
            if let error {
                try await db.raw(
                    """
                    UPDATE notifications SET delivery_attempts = delivery_attempts + 1,
                        retry_after = \(bind: retryAfter?.milliseconds)
                    WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)
                    """
                ).run()
                try await db.raw(
                    """
                    UPDATE reader_webhooks SET last_error = \(bind: error), last_error_at = \(bind: now.milliseconds)
                    WHERE user_id = \(bind: userID.string)
                    """
                ).run()
            } else {
                try await db.raw(
                    """
                    UPDATE notifications SET delivered_at = \(bind: now.milliseconds), retry_after = NULL
                    WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)
                    """
                ).run()
                try await db.raw(
                    """
                    UPDATE reader_webhooks SET last_delivered_at = \(bind: now.milliseconds), last_error = NULL,
                        last_error_at = NULL
                    WHERE user_id = \(bind: userID.string)
                    """
                ).run()
            }
        }
    }
}
