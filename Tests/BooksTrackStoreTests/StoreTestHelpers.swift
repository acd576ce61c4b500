import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import SQLKit

/// Helpers shared by the store contract tests.
extension Store {
    /// Creates a reader (the first is the owner).
    func makeReader(_ name: String = "alice") async throws -> ReaderStore {
        reader(try await users.create(name: name, now: TestClock.now).id)
    }

    /// The number of rows in a table.
    func count(_ table: String) async throws -> Int {
        try await database.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table)").first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    /// Row counts of every table an import writes to.
    func tableCounts() async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in [
            "authors", "author_facts", "works", "work_contributors", "editions", "external_ids", "library_entries",
            "entry_shelves", "readings", "reading_sessions", "goals", "contributions", "import_runs", "import_rows",
        ] {
            counts[table] = try await count(table)
        }
        return counts
    }
}

extension ReaderStore {
    /// Imports a fixture file.
    @discardableResult
    func importFixture(_ path: String, dryRun: Bool = false) async throws -> ImportReport {
        let file = try LibraryFileReader.open(fileAt: Fixtures.url(path).path, today: LocalDate(year: 2026, month: 11, day: 21)!)
        return try await importFile(file, fileName: path, dryRun: dryRun)
    }

    /// Imports an opened file as the app does: a CSV or TSV file's records a chunk at a time.
    func importFile(_ file: ImportFile, fileName: String? = nil, dryRun: Bool = false, now: Date = TestClock.now)
        async throws -> ImportReport
    {
        switch file {
        case .records(let source): try await imports.import(source, fileName: fileName, dryRun: dryRun, now: now)
        case .batch(let batch): try await imports.import(batch, fileName: fileName, dryRun: dryRun, now: now)
        }
    }

    /// Imports CSV text.
    @discardableResult
    func importText(_ text: String, now: Date = TestClock.now) async throws -> ImportReport {
        let file = try LibraryFileReader.open(bytes: Array(text.utf8), today: LocalDate(year: 2026, month: 11, day: 21)!)
        return try await importFile(file, now: now)
    }

    /// Entries by status.
    func statusCounts() async throws -> [ReadingStatus: Int] { try await browse.statusCounts() }
}

/// The spec's merge precedence when several rows of one file are the same book.
func precedence(_ status: ReadingStatus) -> Int {
    [ReadingStatus.wishlist, .toRead, .dnf, .onHold, .reading, .read].firstIndex(of: status)!
}

func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ")
}
