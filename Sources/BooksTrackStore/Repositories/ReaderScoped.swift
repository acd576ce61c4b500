import BooksTrackCore
import Foundation
import SQLKit

/// One reader's part of the store: ``ReaderStore`` and each of its aggregates (sessions, goals,
/// uploads…). Every statement made through one carries ``userID``, so another reader's rows are
/// never reached, even by id. What the aggregates share lives here: the write that declares what
/// it changed, and the look-ups of the reader's books and version.
protocol ReaderScoped: Sendable {
    /// The reader whose data this is.
    var userID: User.ID { get }
    var database: Database { get }
}

extension ReaderScoped {
    /// A write to this reader's data: the reader's own caches are always invalidated; the body
    /// declares the shared works and authors it changed. With `entries: true` the body also
    /// declares which of the reader's own data it changed (``Changes/entries(_:of:)``,
    /// ``Changes/account(of:)``, ``Changes/activity(of:)``), so servers keeping the library in
    /// memory reload only those; a body that declares none counts as changing all.
    func changing<T: Sendable>(
        entries: Bool = false, _ body: @escaping @Sendable (any SQLDatabase, Changes) async throws -> T
    ) async throws -> T {
        let userID = self.userID
        return try await database.changing { db, changes in
            if !entries { changes.reader(userID) }
            let result = try await body(db, changes)
            if !changes.declared(userID) { changes.reader(userID) }
            return result
        }
    }

    /// The reader's change counter (``ReaderStore/dataVersion()``): as this request already
    /// knows it (``KnownDataVersion``), else as the database has it.
    func currentVersion() async throws -> Int {
        let userID = self.userID
        if let known = KnownDataVersion.current, known.user == userID { return known.version }
        if let written = KnownDataVersion.written?.version(of: userID) { return written }
        return try await database.read { db in try await Self.dataVersion(of: userID, on: db) ?? 0 }
    }

    /// The reader's `data_version`, or `nil` when there is no such reader.
    static func dataVersion(of userID: User.ID, on db: any SQLDatabase) async throws -> Int? {
        try await db.raw("SELECT data_version FROM users WHERE id = \(bind: userID.string)").first()?.integer("data_version")
    }

    /// The entry, if it is this reader's; otherwise "not found" (never "forbidden").
    static func entry(_ entryID: LibraryEntry.ID, of userID: User.ID, on db: any SQLDatabase) async throws -> LibraryEntry {
        guard let entry = try await ownedEntry(entryID, of: userID, on: db) else {
            throw StoreError.notFound(.entry(entryID))
        }
        return entry
    }

    /// The entry, if it is this reader's; `nil` for another reader's id and for one that does not exist.
    static func ownedEntry(_ entryID: LibraryEntry.ID, of userID: User.ID, on db: any SQLDatabase) async throws -> LibraryEntry? {
        guard
            let row = try await db.raw(
                """
                SELECT work_id FROM library_entries WHERE id = \(bind: entryID.string) AND user_id = \(bind: userID.string)
                """
            ).first()
        else { return nil }
        return try await EntryRows.entries(of: userID, works: [try row.id("work_id")], on: db).first
    }

    /// The page count of the entry's edition, when it has one that says.
    static func pageCount(of entry: LibraryEntry?, on db: any SQLDatabase) async throws -> Int? {
        guard let editionID = entry?.editionID else { return nil }
        return try await db.raw("SELECT page_count FROM editions WHERE id = \(bind: editionID.string)").first()?
            .optionalInteger("page_count")
    }

    /// Moves the book's current page (a finished session, a progress update).
    static func moveCurrentPage(
        of entryID: LibraryEntry.ID, to page: Int, userID: User.ID, now: Date, on db: any SQLDatabase
    ) async throws {
        try await db.raw(
            """
            UPDATE library_entries SET current_page = \(bind: page), updated_at = \(bind: now.milliseconds)
            WHERE id = \(bind: entryID.string) AND user_id = \(bind: userID.string)
            """
        ).run()
    }
}
