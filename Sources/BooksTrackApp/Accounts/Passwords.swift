import BooksTrackCore
import Foundation
import HummingbirdBcrypt
import NIOPosix

/// Password rules and bcrypt hashing. Hashing is deliberately slow, so it runs on a thread pool
/// rather than the event loop.
public enum Passwords {
    public static let minimumLength = PasswordProblem.minimumLength
    /// bcrypt reads only the first 72 bytes of a password (``PasswordProblem/maximumBytes``).
    public static let maximumBytes = PasswordProblem.maximumBytes

    /// A bcrypt hash (cost 12) of a throwaway string, checked against when a name is unknown so
    /// that a failed sign-in takes as long whether or not the name exists.
    public static let decoyHash = "$2b$12$WDRyFuYwrGCpc8P/XteUh.ECfHntn3CR6lX9iGS1lJESoNQ5l.Shu"

    /// Why a proposed password cannot be used, or `nil`.
    public static func problem(with password: String, confirmation: String?) -> PasswordProblem? {
        PasswordProblem.check(password, confirmation: confirmation)
    }

    public static func hash(_ password: String, cost: UInt8) async throws -> String {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public static func verify(_ password: String, hash: String) async throws -> Bool {
        guard password.utf8.count <= maximumBytes else { return false }
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
