import Foundation
import HummingbirdBcrypt
import NIOPosix

/// Password rules and bcrypt hashing. Hashing is deliberately slow, so it runs on a thread pool
/// rather than the event loop.
public enum Passwords {
    public static let minimumLength = 10
    /// bcrypt reads only the first 72 bytes of a password: a longer one would sign in with any
    /// ending. Longer passwords are refused when set, and never match when checked.
    public static let maximumBytes = 72

    /// A bcrypt hash (cost 12) of a throwaway string, checked against when a name is unknown so
    /// that a failed sign-in takes as long whether or not the name exists.
    public static let decoyHash = "$2b$12$WDRyFuYwrGCpc8P/XteUh.ECfHntn3CR6lX9iGS1lJESoNQ5l.Shu"

    /// Why a proposed password cannot be used, or `nil`.
    public static func problem(with password: String, confirmation: String?) -> String? {
        if password.count < minimumLength { return "Use at least \(minimumLength) characters." }
        if password.utf8.count > maximumBytes {
            return "Use at most \(maximumBytes) bytes: 72 letters without accents, fewer with accents or other scripts."
        }
        if let confirmation, confirmation != password { return "The two passwords are not the same." }
        return nil
    }

    public static func hash(_ password: String, cost: UInt8) async throws -> String {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public static func verify(_ password: String, hash: String) async throws -> Bool {
        guard password.utf8.count <= maximumBytes else { return false }
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
