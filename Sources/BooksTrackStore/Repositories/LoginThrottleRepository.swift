import BooksTrackCore
import Foundation
import SQLKit

/// Failed logins per name and per address, shared by every app server.
public struct LoginThrottleRepository: Sendable {
    let database: Database

    /// Counts a failed login for a key (a name or an address) within a sliding window and returns
    /// the failures in the current window. One statement, so concurrent failures all count.
    @discardableResult
    public func recordFailure(key: String, now: Date, window: TimeInterval) async throws -> Int {
        try await database.write { db in
            let start = now.addingTimeInterval(-window).milliseconds
            let row = try await db.raw(
                """
                INSERT INTO login_attempts (attempt_key, window_started_at, failures) VALUES (\(bind: key), \(bind: now.milliseconds), 1)
                ON CONFLICT (attempt_key) DO UPDATE SET
                    failures = CASE WHEN login_attempts.window_started_at > \(bind: start) THEN login_attempts.failures + 1 ELSE 1 END,
                    window_started_at = CASE WHEN login_attempts.window_started_at > \(bind: start)
                        THEN login_attempts.window_started_at ELSE excluded.window_started_at END
                RETURNING failures
                """
            ).first()
            return try row?.integer("failures") ?? 1
        }
    }

    /// Failed logins for a key within the window.
    public func failures(key: String, now: Date, window: TimeInterval) async throws -> Int {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    "SELECT window_started_at, failures FROM login_attempts WHERE attempt_key = \(bind: key)"
                ).first(),
                try row.integer("window_started_at") > now.addingTimeInterval(-window).milliseconds
            else { return 0 }
            return try row.integer("failures")
        }
    }

    public func clearFailures(key: String) async throws {
        try await database.write { db in try await db.raw("DELETE FROM login_attempts WHERE attempt_key = \(bind: key)").run() }
    }
}
