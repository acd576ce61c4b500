import BooksTrackCore
import Foundation
import SQLKit

/// Passwords, login sessions, API tokens, invitations and login rate limiting. Secrets are
/// never stored: only their hashes (bcrypt for passwords, SHA-256 for random tokens).
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
            guard let owner = try await db.raw("SELECT * FROM users ORDER BY (role = 'owner') DESC, created_at LIMIT 1").first()
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

    // MARK: Login sessions

    /// A signed-in browser: the reader, the session's CSRF token and when it expires.
    public struct LoginSession: Sendable {
        public var user: User
        public var csrfToken: String
        public var expiresAt: Date
    }

    /// Starts a session; expired sessions of every reader are swept out on the way.
    public func createSession(tokenHash: String, csrfToken: String, for userID: User.ID, expiresAt: Date, now: Date) async throws
    {
        try await database.write { db in
            try await db.raw("DELETE FROM login_sessions WHERE expires_at <= \(bind: now.milliseconds)").run()
            try await db.insertRows(
                into: "login_sessions",
                columns: ["token_hash", "user_id", "csrf_token", "created_at", "expires_at", "last_seen_at"],
                rows: [[tokenHash, userID.string, csrfToken, now.milliseconds, expiresAt.milliseconds, now.milliseconds]])
        }
    }

    /// The live session with this token hash; expired sessions are not returned.
    public func session(tokenHash: String, now: Date) async throws -> LoginSession? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT u.*, s.csrf_token AS session_csrf, s.expires_at AS session_expires
                    FROM login_sessions s JOIN users u ON u.id = s.user_id
                    WHERE s.token_hash = \(bind: tokenHash) AND s.expires_at > \(bind: now.milliseconds)
                    """
                ).first()
            else { return nil }
            return LoginSession(
                user: try UserRepository.user(row), csrfToken: try row.text("session_csrf"),
                expiresAt: try row.instant("session_expires"))
        }
    }

    /// Moves a session's expiry forward (sliding expiry).
    public func extendSession(tokenHash: String, until expiresAt: Date, now: Date) async throws {
        try await database.write { db in
            try await db.raw(
                """
                UPDATE login_sessions SET expires_at = \(bind: expiresAt.milliseconds), last_seen_at = \(bind: now.milliseconds)
                WHERE token_hash = \(bind: tokenHash)
                """
            ).run()
        }
    }

    public func deleteSession(tokenHash: String) async throws {
        try await database.write { db in
            try await db.raw("DELETE FROM login_sessions WHERE token_hash = \(bind: tokenHash)").run()
        }
    }

    /// Signs a reader out everywhere, except the session given.
    public func deleteSessions(of userID: User.ID, except tokenHash: String? = nil) async throws {
        try await database.write { db in
            try await db.raw(
                """
                DELETE FROM login_sessions WHERE user_id = \(bind: userID.string) AND token_hash <> \(bind: tokenHash ?? "")
                """
            ).run()
        }
    }

    // MARK: API tokens

    /// A personal API token as listed (the token itself is shown once, at creation).
    public struct APIToken: Sendable, Hashable, Codable {
        public typealias ID = TypedID<APIToken>
        public var id: ID
        public var name: String
        public var createdAt: Date
        public var lastUsedAt: Date?
    }

    public func createToken(named name: String, hash: String, for userID: User.ID, now: Date) async throws -> APIToken {
        let token = APIToken(id: .random(), name: name, createdAt: now, lastUsedAt: nil)
        try await database.write { db in
            try await db.insertRows(
                into: "api_tokens", columns: ["id", "user_id", "name", "token_hash", "created_at"],
                rows: [[token.id.string, userID.string, name, hash, now.milliseconds]])
        }
        return token
    }

    public func tokens(of userID: User.ID) async throws -> [APIToken] {
        try await database.read { db in
            try await db.raw("SELECT * FROM api_tokens WHERE user_id = \(bind: userID.string) ORDER BY created_at DESC").all().map
            {
                APIToken(
                    id: try $0.id("id"), name: try $0.text("name"), createdAt: try $0.instant("created_at"),
                    lastUsedAt: try $0.optionalInstant("last_used_at"))
            }
        }
    }

    /// Revokes one of the reader's tokens; false when it is not theirs.
    @discardableResult
    public func deleteToken(_ id: APIToken.ID, of userID: User.ID) async throws -> Bool {
        try await database.write { db in
            let found =
                try await db.raw(
                    """
                    SELECT id FROM api_tokens WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)
                    """
                ).first() != nil
            if found { try await db.raw("DELETE FROM api_tokens WHERE id = \(bind: id.string)").run() }
            return found
        }
    }

    /// The reader a token belongs to; records its use.
    public func user(forTokenHash hash: String, now: Date) async throws -> User? {
        try await database.write { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT u.* FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = \(bind: hash)
                    """
                ).first()
            else { return nil }
            try await db.raw("UPDATE api_tokens SET last_used_at = \(bind: now.milliseconds) WHERE token_hash = \(bind: hash)")
                .run()
            return try UserRepository.user(row)
        }
    }

    // MARK: Invitations

    public func createInvitation(hash: String, by userID: User.ID, expiresAt: Date, now: Date) async throws {
        try await database.write { db in
            try await db.insertRows(
                into: "invitations", columns: ["id", "token_hash", "created_by", "created_at", "expires_at"],
                rows: [[UUID().uuidString.lowercased(), hash, userID.string, now.milliseconds, expiresAt.milliseconds]])
        }
    }

    /// Whether an invitation can still be used.
    public func invitationIsOpen(hash: String, now: Date) async throws -> Bool {
        try await database.read { db in
            try await db.raw(
                """
                SELECT id FROM invitations WHERE token_hash = \(bind: hash) AND used_at IS NULL AND expires_at > \(bind: now.milliseconds)
                """
            ).first() != nil
        }
    }

    /// Creates a reader from an open invitation, using it up. Throws when the invitation is no
    /// longer open or the name is taken; nothing is written then.
    public func acceptInvitation(hash: String, name: String, displayName: String?, passwordHash: String, now: Date) async throws
        -> User
    {
        if let problem = User.problem(withName: name) { throw StoreError.invalid(problem) }
        return try await database.write { db in
            if try await db.raw("SELECT id FROM users WHERE name_key = \(bind: name.lowercased())").first() != nil {
                throw StoreError.conflict("There is already a user called “\(name)”.")
            }
            let user = User(name: name, displayName: displayName, role: .reader, createdAt: now)
            try await db.insertRows(
                into: "users", columns: UserRepository.columns,
                rows: [UserRepository.values(user, passwordHash: passwordHash, now: now)])
            // One conditional update uses the invitation up: of two people racing with the same
            // link, the second finds it used and their account is rolled back.
            let used = try await db.raw(
                """
                UPDATE invitations SET used_at = \(bind: now.milliseconds), used_by = \(bind: user.id.string)
                WHERE token_hash = \(bind: hash) AND used_at IS NULL AND expires_at > \(bind: now.milliseconds)
                RETURNING id
                """
            ).first()
            guard used != nil else {
                throw StoreError.notFound("This invitation has expired or has already been used. Ask for a new one.")
            }
            return user
        }
    }

    // MARK: Rate limiting

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

    // MARK: Instance settings and deletion

    public func setting(_ name: String) async throws -> String? {
        try await database.read { db in
            try await db.raw("SELECT value FROM instance_settings WHERE setting = \(bind: name)").first()?.text("value")
        }
    }

    public func setSetting(_ name: String, to value: String) async throws {
        try await database.write { db in
            try await db.raw(
                """
                INSERT INTO instance_settings (setting, value) VALUES (\(bind: name), \(bind: value))
                ON CONFLICT (setting) DO UPDATE SET value = excluded.value
                """
            ).run()
        }
    }

    /// Deletes an account and everything private to it (library, sessions, goals, imports…).
    /// Facts it contributed about authors stay, no longer linked to it. The owner cannot leave
    /// while other readers remain.
    public func deleteAccount(_ userID: User.ID) async throws {
        try await database.write { db in
            guard let row = try await db.raw("SELECT role FROM users WHERE id = \(bind: userID.string)").first() else {
                throw StoreError.notFound("There is no such reader.")
            }
            if try row.text("role") == User.Role.owner.rawValue,
                try await db.raw("SELECT COUNT(*) AS n FROM users").first()?.integer("n") ?? 0 > 1
            {
                throw StoreError.invalid("You own this BooksTrack; other readers still use it, so the account cannot be deleted.")
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
