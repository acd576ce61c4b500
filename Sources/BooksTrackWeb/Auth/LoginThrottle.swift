import BooksTrackStore
import Foundation

/// Login rate limiting (SPEC F9): after 5 failed sign-ins for one name, or 20 from one address,
/// within 15 minutes, further attempts are refused until the window passes. Counts live in the
/// database, so every app server sees the same ones.
struct LoginThrottle {
    static let window: TimeInterval = 15 * 60
    static let failuresPerName = 5
    static let failuresPerAddress = 20

    let accounts: AccountRepository

    static func nameKey(_ name: String) -> String { "name:" + name.lowercased() }
    static func addressKey(_ address: String) -> String { "address:" + address }

    /// Throws ``WebError/tooManyRequests(_:retryAfter:)`` when this name or address is locked.
    func check(name: String, address: String?, now: Date) async throws {
        if try await accounts.failures(key: Self.nameKey(name), now: now, window: Self.window) >= Self.failuresPerName {
            throw WebError.tooManyRequests(
                "Too many failed sign-ins for this name. Wait 15 minutes, or ask the owner to reset the password.",
                retryAfter: Int(Self.window))
        }
        if let address,
            try await accounts.failures(key: Self.addressKey(address), now: now, window: Self.window) >= Self.failuresPerAddress
        {
            throw WebError.tooManyRequests(
                "Too many failed sign-ins from this network. Wait 15 minutes.", retryAfter: Int(Self.window))
        }
    }

    func recordFailure(name: String, address: String?, now: Date) async throws {
        try await accounts.recordFailure(key: Self.nameKey(name), now: now, window: Self.window)
        if let address { try await accounts.recordFailure(key: Self.addressKey(address), now: now, window: Self.window) }
    }

    func recordSuccess(name: String) async throws {
        try await accounts.clearFailures(key: Self.nameKey(name))
    }
}
