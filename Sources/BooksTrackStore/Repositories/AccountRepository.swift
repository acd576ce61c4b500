import BooksTrackCore
import Foundation
import SQLKit

/// The account itself: set-up of a new instance, passwords and deletion. Secrets are never
/// stored: only their hashes (bcrypt for passwords). Sessions, tokens, invitations, login
/// throttling and instance settings have repositories of their own.
public struct AccountRepository: Sendable {
    let database: Database

    // MARK: Set-up

    /// Whether the instance still needs its first password, and for whom.
    public enum SetupState: Sendable, Equatable {
        /// Someone can sign in; set-up is over.
        case complete
        /// Nobody has an account: the first visitor creates the owner.
        case noAccounts
        /// Accounts were made on the command line and none has a password yet: the first
        /// visitor chooses the owner's.
        case ownerWithoutPassword(User)
    }

    public func setupState() async throws -> SetupState {
        try await database.read { db in
            if try await db.raw("SELECT id FROM users WHERE password_hash IS NOT NULL LIMIT 1").first() != nil {
                return .complete
            }
            guard
                let owner = try await db.raw(
                    "SELECT * FROM users WHERE role <> 'staging' ORDER BY (role = 'owner') DESC, created_at LIMIT 1"
                ).first()
            else {
                return .noAccounts
            }
            return .ownerWithoutPassword(try UserRepository.user(owner))
        }
    }

    /// Sets the first password of an instance whose accounts have none; false when someone set
    /// one meanwhile.
    public func setFirstPassword(_ hash: String, for userID: User.ID, now: Date) async throws -> Bool {
        try await database.write { db in
            try await AccountLock.take(on: db, dialect: database.dialect)
            if try await db.raw("SELECT id FROM users WHERE password_hash IS NOT NULL LIMIT 1").first() != nil { return false }
            try await db.raw(
                """
                UPDATE users SET password_hash = \(bind: hash), updated_at = \(bind: now.milliseconds) WHERE id = \(bind: userID.string)
                """
            ).run()
            return true
        }
    }

    // MARK: Passwords

    public func setPasswordHash(_ hash: String, for userID: User.ID, now: Date) async throws {
        try await database.write { db in
            try await db.raw(
                """
                UPDATE users SET password_hash = \(bind: hash), updated_at = \(bind: now.milliseconds) WHERE id = \(bind: userID.string)
                """
            ).run()
        }
    }

    /// The account with this login name and its password hash, if it has one.
    public func credentials(forName name: String) async throws -> (User, String?)? {
        try await database.read { db in
            guard let row = try await db.raw("SELECT * FROM users WHERE name_key = \(bind: name.lowercased())").first() else {
                return nil
            }
            return (try UserRepository.user(row), try row.optionalText("password_hash"))
        }
    }

    public func passwordHash(of userID: User.ID) async throws -> String? {
        try await database.read { db in
            try await db.raw("SELECT password_hash FROM users WHERE id = \(bind: userID.string)").first()?.optionalText(
                "password_hash")
        }
    }

    /// Deletes an account and everything private to it (library, sessions, goals, imports…).
    /// Facts it contributed about authors stay, no longer linked to it. The owner cannot leave
    /// while other readers remain.
    public func deleteAccount(_ userID: User.ID) async throws {
        try await database.write { db in
            guard let row = try await db.raw("SELECT role FROM users WHERE id = \(bind: userID.string)").first() else {
                throw StoreError.notFound(.reader)
            }
            if try row.text("role") == User.Role.owner.rawValue,
                try await db.raw("SELECT COUNT(*) AS n FROM users WHERE role <> 'staging'").first()?.integer("n") ?? 0 > 1
            {
                throw StoreError.conflict(.ownerHasReaders)
            }
            try await db.raw("UPDATE author_facts SET user_id = NULL WHERE user_id = \(bind: userID.string)").run()
            try await db.raw("UPDATE invitations SET created_by = NULL WHERE created_by = \(bind: userID.string)").run()
            try await db.raw("DELETE FROM users WHERE id = \(bind: userID.string)").run()
        }
    }
}

/// Decisions about "the first account" read, then write. On PostgreSQL two app servers could
/// interleave them, so they take a transaction-scoped advisory lock; SQLite writes are serial.
enum AccountLock {
    static func take(on db: any SQLDatabase, dialect: Database.Dialect) async throws {
        if dialect == .postgres { try await db.raw("SELECT pg_advisory_xact_lock(727349003)").run() }
    }
}
