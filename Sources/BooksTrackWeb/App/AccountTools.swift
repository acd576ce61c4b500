import BooksTrackCore
import BooksTrackStore
import Foundation

/// Account tasks the command line shares with the web app, so secrets are made and hashed in
/// one place.
public enum AccountTools {
    /// Why a password cannot be used, or `nil`.
    public static func passwordProblem(_ password: String) -> String? {
        Passwords.problem(with: password, confirmation: nil)
    }

    /// Sets a reader's password (bcrypt, cost 12) and signs them out everywhere.
    public static func setPassword(_ password: String, for user: User, store: Store, now: Date) async throws {
        if let problem = passwordProblem(password) { throw StoreError.invalid(problem) }
        try await store.accounts.setPasswordHash(try await Passwords.hash(password, cost: 12), for: user.id, now: now)
        try await store.accounts.deleteSessions(of: user.id)
    }

    /// Creates a personal API token and returns it; only its hash is kept.
    public static func issueToken(named name: String, for user: User, store: Store, now: Date) async throws -> String {
        let token = APITokens.newToken()
        _ = try await store.accounts.createToken(named: name, hash: Secrets.hash(token), for: user.id, now: now)
        return token
    }
}
