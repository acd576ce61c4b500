import BooksTrackCore
import Foundation
import SQLKit

/// Share links: read-only snapshots of an insights card, each reached by an unguessable token
/// of which only a SHA-256 hash is stored. The snapshot is frozen when the link is made, so it
/// shows nothing the reader did not see and share; deleting the row revokes it.
public struct ShareLinkRepository: Sendable {
    let database: Database

    /// How many live links one reader may keep.
    public static let limit = 100

    /// A share link as its reader sees it listed (the address itself is shown once, at creation).
    public struct ShareLink: Sendable, Hashable, Codable {
        public typealias ID = TypedID<ShareLink>
        public var id: ID
        /// Which card: `radar`, `score`…
        public var card: String
        /// The card's title when it was shared.
        public var title: String
        /// The period and books it covers ("All time · books read").
        public var covers: String
        public var createdAt: Date

        public init(id: ID, card: String, title: String, covers: String, createdAt: Date) {
            self.id = id
            self.card = card
            self.title = title
            self.covers = covers
            self.createdAt = createdAt
        }
    }

    /// What a share link shows: the link, the card's frozen HTML and its picture.
    public struct Snapshot: Sendable, Hashable {
        public var link: ShareLink
        public var content: String
        /// The card as a standalone SVG picture; empty for links made before pictures.
        public var image: String
        /// Whether the sharer's browser drew a PNG of the picture (for link previews).
        public var hasPNG: Bool
    }

    /// Keeps a snapshot under a token's hash. Throws a conflict when the reader already has
    /// ``limit`` links; nothing is written then.
    public func create(
        card: String, title: String, covers: String, content: String, image: String = "", png: Data? = nil, hash: String,
        for userID: User.ID, now: Date
    ) async throws -> ShareLink {
        let link = ShareLink(id: .random(), card: card, title: title, covers: covers, createdAt: now)
        let dialect = database.dialect
        try await database.write { db in
            // Two servers making links at once for one reader take turns on the reader's row.
            if dialect == .postgres {
                try await db.raw("SELECT id FROM users WHERE id = \(bind: userID.string) FOR UPDATE").run()
            }
            let count =
                try await db.raw("SELECT COUNT(*) AS n FROM share_links WHERE user_id = \(bind: userID.string)").first()?
                .integer("n") ?? 0
            guard count < Self.limit else { throw StoreError.conflict(.tooManyShareLinks(limit: Self.limit)) }
            try await db.insertRows(
                into: "share_links",
                columns: ["id", "user_id", "token_hash", "kind", "title", "covers", "snapshot", "image", "png", "created_at"],
                rows: [
                    [
                        link.id.string, userID.string, hash, card, title, covers, content, image, png?.base64EncodedString(),
                        now.milliseconds,
                    ]
                ])
        }
        return link
    }

    /// The reader's links, newest first.
    public func links(of userID: User.ID) async throws -> [ShareLink] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT id, kind, title, covers, created_at FROM share_links WHERE user_id = \(bind: userID.string)
                ORDER BY created_at DESC, id DESC
                """
            ).all().map(Self.link)
        }
    }

    /// The snapshot a token's hash opens, or nil when there is none (never made, or revoked).
    public func snapshot(hash: String) async throws -> Snapshot? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT id, kind, title, covers, snapshot, image, CASE WHEN png IS NULL THEN 0 ELSE 1 END AS has_png, created_at
                    FROM share_links WHERE token_hash = \(bind: hash)
                    """
                ).first()
            else { return nil }
            return Snapshot(
                link: try Self.link(row), content: try row.text("snapshot"), image: try row.text("image"),
                hasPNG: try row.flag("has_png"))
        }
    }

    /// The PNG of a link's picture, or nil (no such link, or none was drawn).
    public func png(hash: String) async throws -> Data? {
        try await database.read { db in
            try await db.raw("SELECT png FROM share_links WHERE token_hash = \(bind: hash)").first()?
                .optionalText("png").flatMap { Data(base64Encoded: $0) }
        }
    }

    /// Revokes one of the reader's links; false when it is not theirs (or already gone).
    @discardableResult
    public func delete(_ id: ShareLink.ID, of userID: User.ID) async throws -> Bool {
        try await database.write { db in
            try await db.raw(
                "DELETE FROM share_links WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string) RETURNING id"
            ).first() != nil
        }
    }

    private static func link(_ row: any SQLRow) throws -> ShareLink {
        ShareLink(
            id: try row.id("id"), card: try row.text("kind"), title: try row.text("title"),
            covers: try row.text("covers"), createdAt: try row.instant("created_at"))
    }
}
