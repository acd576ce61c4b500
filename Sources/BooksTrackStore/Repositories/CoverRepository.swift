import BooksTrackCore
import Foundation
import SQLKit

/// Book covers: each picture kept once (`covers`, shared — a cover is a public picture of an
/// edition), and which cover each edition has (`editions.cover_id`). A reader reaches a cover only
/// through one of their own books.
public struct CoverRepository: Sendable {
    let database: Database

    /// The key of an Open Library cover: `openlibrary:8739161`.
    public static func openLibraryID(_ number: Int) -> String { "openlibrary:\(number)" }

    /// A kept cover: its key (which changes when the picture does, so it makes a good ETag), its
    /// media type and bytes.
    public struct Cover: Sendable, Hashable {
        public var id: String
        public var mediaType: String
        public var data: Data
    }

    public func has(_ id: String) async throws -> Bool {
        try await database.read { db in
            try await db.raw("SELECT 1 AS found FROM covers WHERE id = \(bind: id)").first() != nil
        }
    }

    /// Keeps a picture under its key; a second save of the same key (two servers fetching it at
    /// once) keeps the first.
    public func save(id: String, mediaType: String, data: Data, now: Date) async throws {
        try await database.write { db in
            try await db.raw(
                """
                INSERT INTO covers (id, media_type, data, byte_count, fetched_at)
                VALUES (\(bind: id), \(bind: mediaType), \(bind: data.base64EncodedString()), \(bind: data.count),
                    \(bind: now.milliseconds))
                ON CONFLICT (id) DO NOTHING
                """
            ).run()
        }
    }

    /// Gives the editions of `work` with this ISBN the cover, where they have none yet.
    public func link(_ id: String, work: Work.ID, isbn: String) async throws {
        try await database.write { db in
            try await db.raw(
                """
                UPDATE editions SET cover_id = \(bind: id)
                WHERE work_id = \(bind: work.string) AND (isbn13 = \(bind: isbn) OR isbn10 = \(bind: isbn))
                    AND cover_id IS NULL
                """
            ).run()
        }
    }

    /// The key of the cover of a reader's book (its edition's), without the picture: what a page
    /// needs to decide between the picture and the initials.
    public func coverID(of entry: LibraryEntry.ID, for userID: User.ID) async throws -> String? {
        try await database.read { db in
            try await db.raw(
                """
                SELECT d.cover_id FROM library_entries e JOIN editions d ON d.id = e.edition_id
                JOIN covers c ON c.id = d.cover_id
                WHERE e.id = \(bind: entry.string) AND e.user_id = \(bind: userID.string)
                """
            ).first()?.optionalText("cover_id")
        }
    }

    /// The covers of some of a reader's books, by book (those without a cover are absent): what
    /// a library page shows as thumbnails, in one query.
    public func coverIDs(of entries: [LibraryEntry.ID], for userID: User.ID) async throws -> [LibraryEntry.ID: String] {
        guard !entries.isEmpty else { return [:] }
        return try await database.read { db in
            var covers: [LibraryEntry.ID: String] = [:]
            for row in try await db.rows(
                in: entries.map(\.string),
                {
                    """
                    SELECT e.id, d.cover_id FROM library_entries e JOIN editions d ON d.id = e.edition_id
                    JOIN covers c ON c.id = d.cover_id
                    WHERE e.user_id = \(bind: userID.string) AND e.id IN (\(binds: $0))
                    """
                })
            {
                if let id = LibraryEntry.ID(try row.text("id")) { covers[id] = try row.text("cover_id") }
            }
            return covers
        }
    }

    /// The cover of a reader's book, picture included; `nil` when the book is not the reader's
    /// or has no cover.
    public func cover(of entry: LibraryEntry.ID, for userID: User.ID) async throws -> Cover? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT c.id, c.media_type, c.data FROM library_entries e JOIN editions d ON d.id = e.edition_id
                    JOIN covers c ON c.id = d.cover_id
                    WHERE e.id = \(bind: entry.string) AND e.user_id = \(bind: userID.string)
                    """
                ).first(),
                let data = Data(base64Encoded: try row.text("data"))
            else { return nil }
            return Cover(id: try row.text("id"), mediaType: try row.text("media_type"), data: data)
        }
    }
}
