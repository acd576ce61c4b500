import BooksTrackCore
import Foundation
import SQLKit

/// The reader's library archive (``LibraryArchive``, table `library_archives`): their books
/// written down at a version by a process that kept the library, read back by the next one.
extension ReaderStore {
    /// The library from its archive, with the rest (the reader, authors, sessions, goals) read
    /// now, and the version the archive was written at: the caller brings it up to date by what
    /// changed since (``libraryChanges(since:)``), as a kept library is. `nil` when the reader
    /// has no archive of this format, or its bytes do not read back whole (then the library is
    /// read from its tables and a new archive replaces it).
    public func archivedLibrary() async throws -> (version: Int, library: ReaderLibrary)? {
        let found: (version: Int, catalogue: WholeLibraryRows.Catalogue)?
        if let rowReader = database.rowReader {
            do {
                found = try await rowReader.read { [userID] in try Self.archivedCatalogue(of: userID, $0) }
            } catch {
                throw database.connector.translate(error)
            }
        } else {
            found = try await database.read { [userID] in try await Self.archivedCatalogue(of: userID, on: $0) }
        }
        guard let found else { return nil }
        return (found.version, try await library(with: found.catalogue))
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

    /// The version and books of the archive of this format through SQLite's row reader, with the
    /// authors they name; `nil` when there is none or it is damaged.
    private static func archivedCatalogue(of userID: User.ID, _ session: SQLiteRowReader.Session) throws
        -> (version: Int, catalogue: WholeLibraryRows.Catalogue)?
    {
        var archive: (version: Int, books: LibraryArchive.Books)?
        try session.rows(
            "SELECT data_version, body FROM library_archives WHERE user_id = ?1 AND format = \(LibraryArchive.format)",
            [userID.string]
        ) { row in
            // Decoded while SQLite holds the bytes: no copy of them.
            if let books = try? LibraryArchive.decode(row.blob(1), of: userID) { archive = (row.integer(0), books) }
        }
        guard let archive else { return nil }
        let authors = try WholeLibraryRows.authors(Self.authorIDs(of: archive.books), of: [userID.string], session)
        return (archive.version, catalogue(archive.books, authors: authors))
    }

    /// The same through SQLKit (PostgreSQL).
    private static func archivedCatalogue(of userID: User.ID, on db: any SQLDatabase) async throws
        -> (version: Int, catalogue: WholeLibraryRows.Catalogue)?
    {
        guard
            let row = try await db.raw(
                """
                SELECT data_version, body FROM library_archives
                WHERE user_id = \(bind: userID.string) AND format = \(bind: LibraryArchive.format)
                """
            ).first()
        else { return nil }
        let body = try row.decode(column: "body", as: Data.self)
        guard let books = try? body.withUnsafeBytes({ try LibraryArchive.decode($0, of: userID) }) else { return nil }
        let authors = try await CatalogueRows.authors(Array(Self.authorIDs(of: books)), as: userID, on: db)
        return (try row.integer("data_version"), catalogue(books, authors: authors))
    }

    private static func authorIDs(of books: LibraryArchive.Books) -> Set<Author.ID> {
        var ids = Set<Author.ID>()
        for work in books.works.values {
            ids.formUnion(work.authorIDs)
            for contributor in work.contributors { ids.insert(contributor.authorID) }
        }
        return ids
    }

    private static func catalogue(_ books: LibraryArchive.Books, authors: [Author.ID: Author])
        -> WholeLibraryRows.Catalogue
    {
        WholeLibraryRows.Catalogue(entries: books.entries, works: books.works, editions: books.editions, authors: authors)
    }
}
