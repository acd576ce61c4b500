import BooksTrackCore
import Foundation
import SQLKit

/// Who takes part in the instance's comparison (issue 20 item 12). Taking part is a row; leaving
/// deletes it.
public struct ComparisonRepository: Sendable {
    let database: Database

    /// Takes part (again: a second opt-in keeps the first day).
    public func optIn(_ userID: User.ID, now: Date) async throws {
        try await database.write { db in
            try await db.raw(
                """
                INSERT INTO comparison_opt_ins (user_id, opted_in_at) VALUES (\(bind: userID.string), \(bind: now.milliseconds))
                ON CONFLICT (user_id) DO NOTHING
                """
            ).run()
        }
    }

    public func optOut(_ userID: User.ID) async throws {
        try await database.write { db in
            try await db.raw("DELETE FROM comparison_opt_ins WHERE user_id = \(bind: userID.string)").run()
        }
    }

    public func isOptedIn(_ userID: User.ID) async throws -> Bool {
        try await database.read { db in
            try await db.raw("SELECT 1 AS found FROM comparison_opt_ins WHERE user_id = \(bind: userID.string)").first() != nil
        }
    }

    /// Every reader taking part, oldest opt-in first.
    public func participants() async throws -> [User] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT u.* FROM users u JOIN comparison_opt_ins c ON c.user_id = u.id ORDER BY c.opted_in_at, u.id
                """
            ).all().map(UserRepository.user)
        }
    }
}
