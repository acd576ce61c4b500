import BooksTrackCore
import Foundation
import SQLKit

/// The reader's library archive (``LibraryArchive``, table `library_archives`): their books
/// written down at a version by a process that kept the library, read back by the next one.
extension WholeLibrary {
    /// The library from its archive, with the rest (the reader, authors, sessions, goals) read
    /// now, and the version the archive was written at: the caller brings it up to date by what
    /// changed since (``changes(since:)``), as a kept library is. `nil` when the reader
    /// has no archive of this format, or its bytes do not read back whole (then the library is
    /// read from its tables and a new archive replaces it).
    public func archived() async throws -> (version: Int, library: ReaderLibrary)? {
        let userID = self.userID
        guard let (version, body) = try await archiveBody(),
            let authorIDs = try? LibraryArchive.authorIDs(in: body, of: userID)
        else { return nil }
        // The authors read from the database while the books are decoded.
        async let decoded = try? LibraryArchive.decode(body, of: userID)
        let authors = try await self.authors(authorIDs)
        guard let books = await decoded else { return nil }
        let catalogue = WholeLibraryRows.Catalogue(
            entries: books.entries, works: books.works, editions: books.editions, authors: authors)
        return (version, try await whole(with: catalogue))
    }

    /// The reader's authors of `ids`, with their facts and the reader's own spellings.
    private func authors(_ ids: [Author.ID]) async throws -> [Author.ID: Author] {
        let userID = self.userID
        guard let rowReader = database.rowReader else {
            return try await database.read { try await CatalogueRows.authors(ids, as: userID, on: $0) }
        }
        do {
            return try await rowReader.read { try WholeLibraryRows.authors(ids, of: [userID.string], $0) }
        } catch {
            throw database.connector.translate(error)
        }
    }

    /// The version and bytes of the reader's archive of this format, if any.
    private func archiveBody() async throws -> (version: Int, body: [UInt8])? {
        let userID = self.userID
        let format = LibraryArchive.format
        guard let rowReader = database.rowReader else {
            return try await database.read { db in
                guard
                    let row = try await db.raw(
                        """
                        SELECT data_version, body FROM library_archives
                        WHERE user_id = \(bind: userID.string) AND format = \(bind: format)
                        """
                    ).first()
                else { return nil }
                return (try row.integer("data_version"), [UInt8](try row.decode(column: "body", as: Data.self)))
            }
        }
        do {
            return try await rowReader.read { session in
                var found: (version: Int, body: [UInt8])?
                try session.rows(
                    "SELECT data_version, body FROM library_archives WHERE user_id = ?1 AND format = \(format)",
                    [userID.string]
                ) { row in found = (row.integer(0), [UInt8](row.blob(1))) }
                return found
            }
        } catch {
            throw database.connector.translate(error)
        }
    }

    /// Writes `library`'s books as the reader's archive at `version` (the version the library is
    /// at least as new as), unless an archive at least as new of this format is kept.
    public func archive(_ library: ReaderLibrary, at version: Int, now: Date) async throws {
        let userID = self.userID
        let body = Data(LibraryArchive.encode(LibraryArchive.Books(library), of: userID))
        try await database.write { db in
            try await db.raw(
                """
                INSERT INTO library_archives (user_id, data_version, format, body, written_at)
                VALUES (\(bind: userID.string), \(bind: version), \(bind: LibraryArchive.format), \(bind: body),
                    \(bind: now.milliseconds))
                ON CONFLICT (user_id) DO UPDATE SET data_version = excluded.data_version, format = excluded.format,
                    body = excluded.body, written_at = excluded.written_at
                WHERE library_archives.data_version < excluded.data_version
                    OR library_archives.format <> excluded.format
                """
            ).run()
        }
    }
}
