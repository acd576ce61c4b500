import BooksTrackCore
import BooksTrackStore
import Foundation

/// Throttling of everything that checks a password or makes an account (SPEC F9). Counts live in
/// the database, so every app server sees the same ones; each lasts a 15-minute window.
///
/// - 5 failures for one name *from one address* lock that name there: a guesser stops, while the
///   reader signs in from their own address.
/// - 50 failures for one name from anywhere lock it everywhere (a guesser with many addresses).
/// - 20 failures from one address lock that address, whichever names it tried — but never another
///   address: behind a reverse proxy the address is the client's only when the proxy is trusted
///   (`serve --trusted-proxy`), otherwise everyone shares the proxy's.
/// - Registrations count per address on their own key, so nobody's sign-ins close them.
public struct LoginThrottle: Sendable {
    public static let window: TimeInterval = 15 * 60
    static let failuresPerNameAndAddress = 5
    static let failuresPerName = 50
    static let failuresPerAddress = 20

    /// Sign-ins refused for a while, with the reason and the seconds to wait.
    public struct Refused: Error, Sendable {
        public var message: String
        public var retryAfter: Int
    }

    let attempts: LoginThrottleRepository

    public init(store: Store) { attempts = store.loginThrottle }

    static func nameKey(_ name: String) -> String { "name:" + name.lowercased() }
    static func nameAndAddressKey(_ name: String, _ address: String?) -> String {
        "name@address:" + name.lowercased() + "@" + (address ?? "unknown")
    }
    static func addressKey(_ address: String?) -> String { "address:" + (address ?? "unknown") }
    static func registrationKey(_ address: String?) -> String { "register:" + (address ?? "unknown") }

    /// Throws ``Refused`` when this name or address is locked.
    public func check(name: String, address: String?, now: Date) async throws {
        if !name.isEmpty {
            try await refuse(
                key: Self.nameAndAddressKey(name, address), over: Self.failuresPerNameAndAddress, now: now,
                "Too many failed sign-ins for this name. Wait 15 minutes, or ask the owner to reset the password.")
            try await refuse(
                key: Self.nameKey(name), over: Self.failuresPerName, now: now,
                "Too many failed sign-ins for this name from many places. Wait 15 minutes, or ask the owner to reset the password."
            )
        }
        try await refuse(
            key: Self.addressKey(address), over: Self.failuresPerAddress, now: now,
            "Too many failed sign-ins from this network. Wait 15 minutes.")
    }

    public func recordFailure(name: String, address: String?, now: Date) async throws {
        if !name.isEmpty {
            try await attempts.recordFailure(key: Self.nameAndAddressKey(name, address), now: now, window: Self.window)
            try await attempts.recordFailure(key: Self.nameKey(name), now: now, window: Self.window)
        }
        try await attempts.recordFailure(key: Self.addressKey(address), now: now, window: Self.window)
    }

    public func recordSuccess(name: String, address: String?) async throws {
        try await attempts.clearFailures(key: Self.nameAndAddressKey(name, address))
    }

    /// Checks a signed-in reader's password (to change it, to delete the account), counted like
    /// sign-ins: each try costs a bcrypt hash, so guesses are throttled and so is the CPU.
    public func verify(_ password: String, of user: User, hash: String?, address: String?, now: Date) async throws -> Bool {
        try await check(name: user.name, address: address, now: now)
        guard let hash, try await Passwords.verify(password, hash: hash) else {
            try await recordFailure(name: user.name, address: address, now: now)
            return false
        }
        return true
    }

    /// Throws ``Refused`` when this address has made too many failed attempts to register.
    public func checkRegistration(address: String?, now: Date) async throws {
        try await refuse(
            key: Self.registrationKey(address), over: Self.failuresPerAddress, now: now,
            "Too many attempts to create an account from this network. Wait 15 minutes.")
    }

    public func recordRegistrationFailure(address: String?, now: Date) async throws {
        try await attempts.recordFailure(key: Self.registrationKey(address), now: now, window: Self.window)
    }

    private func refuse(key: String, over limit: Int, now: Date, _ message: String) async throws {
        if try await attempts.failures(key: key, now: now, window: Self.window) >= limit {
            throw Refused(message: message, retryAfter: Int(Self.window))
        }
    }
}
