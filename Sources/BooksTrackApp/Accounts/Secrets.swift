import Crypto
import Foundation

/// Random tokens (sessions, CSRF, API tokens, invitations) and their stored hashes.
public enum Secrets {
    /// 32 random bytes from the system's secure source, URL-safe base64 without padding.
    public static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        bytes.reserveCapacity(32)
        for _ in 0..<4 { withUnsafeBytes(of: generator.next()) { bytes += $0 } }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The SHA-256 of a token, hex-encoded: what the database keeps.
    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Compares two secrets in constant time.
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
