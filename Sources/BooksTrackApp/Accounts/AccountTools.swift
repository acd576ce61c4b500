import BooksTrackCore
import BooksTrackStore
import Foundation

/// API tokens: `bt_` and 32 random bytes.
public enum APITokens {
    public static func newToken() -> String { "bt_" + Secrets.token() }

    /// The longest name a token may have, in Unicode code points (as the API's schema counts).
    public static let nameLimit = 100

    /// Why a (trimmed) token name cannot be used, or `nil`.
    public static func nameProblem(_ name: String) -> String? {
        name.isEmpty || name.unicodeScalars.count > nameLimit
            ? "Give the token a name of up to \(nameLimit) characters, so you know later what uses it." : nil
    }
}

/// Account tasks every face shares, so secrets are made and hashed in one place.
public enum AccountTools {
    /// Why a password cannot be used, or `nil`.
    public static func passwordProblem(_ password: String) -> PasswordProblem? {
        Passwords.problem(with: password, confirmation: nil)
    }

    /// Creates a reader from the command line (the first reader of an instance is its owner);
    /// a taken or refused name is a typed store error.
    public static func createReader(name: String, displayName: String?, store: Store, now: Date) async throws -> User {
        try await store.users.create(name: name, displayName: displayName, now: now)
    }

    /// The reader with this login name, if there is one.
    public static func reader(named name: String, store: Store) async throws -> User? {
        try await store.users.user(named: name)
    }

    /// Every reader with the number of books in their library, by name.
    public static func readers(store: Store) async throws -> [(user: User, books: Int)] {
        var rows: [(user: User, books: Int)] = []
        for user in try await store.users.all() {
            rows.append((user, try await store.reader(user.id).browse.statusCounts().values.reduce(0, +)))
        }
        return rows
    }

    /// The schema version the database is at (every open brings it up to date first).
    public static func schemaVersion(store: Store) async throws -> Int {
        try await Migrator.appliedVersions(store.database).max() ?? 0
    }

    /// Sets a reader's password (bcrypt, cost 12) and signs them out everywhere: every browser
    /// session and every API token ends, as whoever knew the old password may have made one.
    public static func setPassword(_ password: String, for user: User, store: Store, now: Date) async throws {
        if let problem = passwordProblem(password) { throw problem }
        try await store.accounts.setPasswordHash(try await Passwords.hash(password, cost: 12), for: user.id, now: now)
        try await store.logins.deleteAll(of: user.id)
        try await store.tokens.deleteTokens(of: user.id)
    }

    /// Creates a personal API token; returns the token (shown once) and what is listed. Only its
    /// hash is kept.
    @discardableResult
    public static func issueToken(named name: String, for user: User, store: Store, now: Date) async throws -> String {
        try await createToken(named: name, for: user, store: store, now: now).secret
    }

    public static func createToken(named name: String, for user: User, store: Store, now: Date) async throws -> (
        secret: String, token: TokenRepository.APIToken
    ) {
        let secret = APITokens.newToken()
        let token = try await store.tokens.createToken(named: name, hash: Secrets.hash(secret), for: user.id, now: now)
        return (secret, token)
    }
}
