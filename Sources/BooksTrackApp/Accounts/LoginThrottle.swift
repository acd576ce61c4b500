import BooksTrackStore
import Foundation

/// Login rate limiting (SPEC F9): after 5 failed sign-ins for one name, or 20 from one address,
/// within 15 minutes, further attempts are refused until the window passes. Counts live in the
/// database, so every app server sees the same ones.
public struct LoginThrottle: Sendable {
    public static let window: TimeInterval = 15 * 60
    static let failuresPerName = 5
    static let failuresPerAddress = 20

    /// Sign-ins refused for a while, with the reason and the seconds to wait.
    public struct Refused: Error, Sendable {
        public var message: String
        public var retryAfter: Int
    }

    let attempts: LoginThrottleRepository

    public init(store: Store) { attempts = store.loginThrottle }

    static func nameKey(_ name: String) -> String { "name:" + name.lowercased() }
    static func addressKey(_ address: String) -> String { "address:" + address }

    /// Throws ``Refused`` when this name or address is locked.
    public func check(name: String, address: String?, now: Date) async throws {
        if try await attempts.failures(key: Self.nameKey(name), now: now, window: Self.window) >= Self.failuresPerName {
            throw Refused(
                message: "Too many failed sign-ins for this name. Wait 15 minutes, or ask the owner to reset the password.",
                retryAfter: Int(Self.window))
        }
        if let address,
            try await attempts.failures(key: Self.addressKey(address), now: now, window: Self.window) >= Self.failuresPerAddress
        {
            throw Refused(message: "Too many failed sign-ins from this network. Wait 15 minutes.", retryAfter: Int(Self.window))
        }
    }

    public func recordFailure(name: String, address: String?, now: Date) async throws {
        try await attempts.recordFailure(key: Self.nameKey(name), now: now, window: Self.window)
        if let address { try await attempts.recordFailure(key: Self.addressKey(address), now: now, window: Self.window) }
    }

    public func recordSuccess(name: String) async throws {
        try await attempts.clearFailures(key: Self.nameKey(name))
    }
}
