import BooksTrackCore
import BooksTrackStore
import Foundation

/// API tokens: `bt_` and 32 random bytes.
public enum APITokens {
    public static func newToken() -> String { "bt_" + Secrets.token() }
}

/// Account tasks every face shares, so secrets are made and hashed in one place.
public enum AccountTools {
    /// Why a password cannot be used, or `nil`.
    public static func passwordProblem(_ password: String) -> String? {
        Passwords.problem(with: password, confirmation: nil)
    }

    /// Sets a reader's password (bcrypt, cost 12) and signs them out everywhere.
    public static func setPassword(_ password: String, for user: User, store: Store, now: Date) async throws {
        if let problem = passwordProblem(password) { throw StoreError.invalid(.password(reason: problem)) }
        try await store.accounts.setPasswordHash(try await Passwords.hash(password, cost: 12), for: user.id, now: now)
        try await store.sessions.deleteSessions(of: user.id)
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
