import BooksTrackCore
import Foundation
import SQLKit

/// Personal API tokens. Only a SHA-256 hash of each token is stored.
public struct TokenRepository: Sendable {
    let database: Database

    /// A personal API token as listed (the token itself is shown once, at creation).
    public struct APIToken: Sendable, Hashable, Codable {
        public typealias ID = TypedID<APIToken>
        public var id: ID
        public var name: String
        public var createdAt: Date
        public var lastUsedAt: Date?
    }

    public func createToken(named name: String, hash: String, for userID: User.ID, now: Date) async throws -> APIToken {
        let token = APIToken(id: .random(), name: name, createdAt: now, lastUsedAt: nil)
        try await database.write { db in
            try await db.insertRows(
                into: "api_tokens", columns: ["id", "user_id", "name", "token_hash", "created_at"],
                rows: [[token.id.string, userID.string, name, hash, now.milliseconds]])
        }
        return token
    }

    public func tokens(of userID: User.ID) async throws -> [APIToken] {
        try await database.read { db in
            try await db.raw("SELECT * FROM api_tokens WHERE user_id = \(bind: userID.string) ORDER BY created_at DESC").all().map
            {
                APIToken(
                    id: try $0.id("id"), name: try $0.text("name"), createdAt: try $0.instant("created_at"),
                    lastUsedAt: try $0.optionalInstant("last_used_at"))
            }
        }
    }

    /// Revokes one of the reader's tokens; false when it is not theirs.
    @discardableResult
    public func deleteToken(_ id: APIToken.ID, of userID: User.ID) async throws -> Bool {
        try await database.write { db in
            let found =
                try await db.raw(
                    """
                    SELECT id FROM api_tokens WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)
                    """
                ).first() != nil
            if found { try await db.raw("DELETE FROM api_tokens WHERE id = \(bind: id.string)").run() }
            return found
        }
    }

    /// Revokes every token of a reader (a password reset, or a change that asks for it) but the
    /// one whose hash is `kept` (the token making that change).
    public func deleteTokens(of userID: User.ID, except kept: String? = nil) async throws {
        try await database.write { db in
            try await db.raw(
                "DELETE FROM api_tokens WHERE user_id = \(bind: userID.string) AND token_hash <> \(bind: kept ?? "")"
            ).run()
        }
    }

    /// Authenticates an API token: the reader it belongs to, recording when it was last used —
    /// to the minute, so a client's burst of requests is a read each, not a write each (a write
    /// per request serialised every API call on SQLite's one writer).
    public func authenticate(tokenHash hash: String, now: Date) async throws -> (user: User, dataVersion: Int)? {
        guard
            let row = try await database.read({ db in
                try await db.raw(
                    """
                    SELECT u.*, t.last_used_at AS token_last_used_at FROM api_tokens t JOIN users u ON u.id = t.user_id
                    WHERE t.token_hash = \(bind: hash)
                    """
                ).first()
            })
        else { return nil }
        let lastUsed = try row.optionalInstant("token_last_used_at")
        if lastUsed.map({ now.timeIntervalSince($0) >= Self.lastUsedPrecision || $0 > now }) ?? true {
            try await database.write { db in
                try await db.raw(
                    "UPDATE api_tokens SET last_used_at = \(bind: now.milliseconds) WHERE token_hash = \(bind: hash)"
                )
                .run()
            }
        }
        return (try UserRepository.user(row), try row.integer("data_version"))
    }

    /// How stale a token's "last used" may be, in seconds.
    static let lastUsedPrecision: TimeInterval = 60
}
