import BooksTrackCore
import Foundation
import SQLKit

/// Signed-in browsers: logins (a *session* is a reading session everywhere else). Only a hash of
/// each login's token is stored.
public struct LoginRepository: Sendable {
    let database: Database

    /// A signed-in browser: the reader, the session's CSRF token and when it expires.
    public struct LoginSession: Sendable {
        public var user: User
        public var csrfToken: String
        public var expiresAt: Date
        /// The reader's `data_version` and unread notifications, read with the session.
        public var dataVersion: Int
        public var unread: Int
        /// The reader's running reading session, for the header of every page (issue 44 item 7).
        public var running: RunningSession?
    }

    /// A reading session that runs now: which, on which book, since when.
    public struct RunningSession: Sendable, Equatable {
        public var id: ReadingSession.ID
        public var entryID: LibraryEntry.ID
        public var title: String
        public var startedAt: Date
    }

    /// Starts a login; expired logins of every reader are swept out on the way.
    public func create(tokenHash: String, csrfToken: String, for userID: User.ID, expiresAt: Date, now: Date) async throws {
        try await database.write { db in
            try await db.raw("DELETE FROM login_sessions WHERE expires_at <= \(bind: now.milliseconds)").run()
            try await db.insertRows(
                into: "login_sessions",
                columns: ["token_hash", "user_id", "csrf_token", "created_at", "expires_at", "last_seen_at"],
                rows: [[tokenHash, userID.string, csrfToken, now.milliseconds, expiresAt.milliseconds, now.milliseconds]])
        }
    }

    /// The live login with this token hash; expired ones are not returned.
    public func login(tokenHash: String, now: Date) async throws -> LoginSession? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT u.*, s.csrf_token AS session_csrf, s.expires_at AS session_expires,
                        (SELECT COUNT(*) FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL) AS session_unread,
                        r.id AS running_id, r.entry_id AS running_entry, r.started_at AS running_started,
                        w.title AS running_title
                    FROM login_sessions s JOIN users u ON u.id = s.user_id
                    LEFT JOIN reading_sessions r ON r.user_id = u.id AND r.ended_at IS NULL
                    LEFT JOIN library_entries e ON e.id = r.entry_id AND e.user_id = u.id
                    LEFT JOIN works w ON w.id = e.work_id
                    WHERE s.token_hash = \(bind: tokenHash) AND s.expires_at > \(bind: now.milliseconds)
                    """
                ).first()
            else { return nil }
            return LoginSession(
                user: try UserRepository.user(row), csrfToken: try row.text("session_csrf"),
                expiresAt: try row.instant("session_expires"), dataVersion: try row.integer("data_version"),
                unread: try row.integer("session_unread"),
                running: try row.optionalText("running_id") == nil
                    ? nil
                    : RunningSession(
                        id: try row.id("running_id"), entryID: try row.id("running_entry"),
                        title: try row.optionalText("running_title") ?? "", startedAt: try row.instant("running_started")))
        }
    }

    /// Moves a login's expiry forward (sliding expiry).
    public func extend(tokenHash: String, until expiresAt: Date, now: Date) async throws {
        try await database.write { db in
            try await db.raw(
                """
                UPDATE login_sessions SET expires_at = \(bind: expiresAt.milliseconds), last_seen_at = \(bind: now.milliseconds)
                WHERE token_hash = \(bind: tokenHash)
                """
            ).run()
        }
    }

    public func delete(tokenHash: String) async throws {
        try await database.write { db in
            try await db.raw("DELETE FROM login_sessions WHERE token_hash = \(bind: tokenHash)").run()
        }
    }

    /// Signs a reader out everywhere, except the login given.
    public func deleteAll(of userID: User.ID, except tokenHash: String? = nil) async throws {
        try await database.write { db in
            try await db.raw(
                """
                DELETE FROM login_sessions WHERE user_id = \(bind: userID.string) AND token_hash <> \(bind: tokenHash ?? "")
                """
            ).run()
        }
    }
}
