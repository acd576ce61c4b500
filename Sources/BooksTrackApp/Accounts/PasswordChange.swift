import BooksTrackCore
import BooksTrackStore
import Foundation

/// Changing a password: the current one checked (throttled like sign-ins), the new one against
/// the rules, then every other session signed out and, when asked, every API token revoked.
/// Problems are returned by the web form's field names.
public struct PasswordChange: Sendable {
    let store: Store
    let bcryptCost: UInt8
    let clock: @Sendable () -> Date

    public init(store: Store, bcryptCost: UInt8 = 12, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.bcryptCost = bcryptCost
        self.clock = clock
    }

    /// Checks and applies the change; returns the field problems (empty when it was applied).
    /// Every other session of the reader is signed out; with `endingTokens`, every API token too
    /// but `keptToken` (the hash of the token making the change, through the API).
    public func apply(
        user: User, current: String, new: String, confirmation: String?, keeping sessionHash: String?,
        endingTokens: Bool = false, keptToken: String? = nil, address: String?
    ) async throws -> FieldErrors {
        var errors = FieldErrors()
        let now = clock()
        if let hash = try await store.accounts.passwordHash(of: user.id),
            try await !LoginThrottle(store: store).verify(current, of: user, hash: hash, address: address, now: now)
        {
            errors["current_password"] = "That is not your current password."
        }
        if let problem = Passwords.problem(with: new, confirmation: nil) { errors["password"] = problem.description }
        if let confirmation, confirmation != new { errors["confirmation"] = "The two passwords are not the same." }
        guard errors.isEmpty else { return errors }
        try await store.accounts.setPasswordHash(try await Passwords.hash(new, cost: bcryptCost), for: user.id, now: now)
        try await store.logins.deleteAll(of: user.id, except: sessionHash)
        if endingTokens { try await store.tokens.deleteTokens(of: user.id, except: keptToken) }
        return errors
    }
}
