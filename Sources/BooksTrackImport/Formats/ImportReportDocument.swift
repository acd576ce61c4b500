import BooksTrackCore
import Foundation

/// An import report as JSON: what `bookstrack import --json` prints and what the API answers
/// (`POST /api/v1/imports`, `GET /api/v1/imports/{id}`). One shape, so scripts can read either.
public struct ImportReportDocument: Encodable, Sendable {
    public struct Outcome: Encodable, Sendable {
        let row: Int
        let line: Int?
        let outcome: String
        let title: String
        let authors: [String]
        let status: String?
        let entryId: String?
        let reason: String?
        let changes: [String]
        let warnings: [String]
    }

    /// One of the file's shelves and what it was read as.
    public struct Shelf: Encodable, Sendable {
        let name: String
        let books: Int
        /// `owned` (the books are owned), `genre` (they are of ``genre``) or `shelf` (only a shelf).
        let readAs: String
        let genre: String?
    }

    /// The import in the history (absent for a dry run and on the command line).
    let id: String?
    /// The file's name, when known.
    let file: String?
    let format: String
    let dryRun: Bool
    let rows: Int
    let imported: Int
    let updated: Int
    let unchanged: Int
    let skipped: Int
    let byStatus: [String: Int]
    let fileWarnings: [String]
    /// The file's shelves, most books first, and what each was read as (absent for a backup).
    let shelves: [Shelf]?
    /// Reading sessions the file carries (KOReader's statistics, a backup); absent when none.
    let sessionsInFile: Int?
    let outcomes: [Outcome]

    public init(_ report: ImportReport, id: String? = nil, fileName: String? = nil) {
        self.id = id
        file = fileName
        format = report.format.rawValue
        dryRun = report.dryRun
        rows = report.rows
        imported = report.imported
        updated = report.updated
        unchanged = report.unchanged
        skipped = report.skipped
        byStatus = Dictionary(uniqueKeysWithValues: report.byStatus.map { ($0.key.rawValue, $0.value) })
        fileWarnings = report.fileWarnings
        sessionsInFile = report.sessionsInFile
        shelves = report.shelves?.map { use in
            switch use.meaning {
            case .shelf: Shelf(name: use.shelf, books: use.books, readAs: "shelf", genre: nil)
            case .owned: Shelf(name: use.shelf, books: use.books, readAs: "owned", genre: nil)
            case .genre(let genre): Shelf(name: use.shelf, books: use.books, readAs: "genre", genre: genre)
            }
        }
        outcomes = report.outcomes.map {
            Outcome(
                row: $0.row, line: $0.line, outcome: $0.kind.rawValue, title: $0.title, authors: $0.authors,
                status: $0.status?.rawValue, entryId: $0.entryID?.string, reason: $0.reason, changes: $0.changes,
                warnings: $0.warnings)
        }
    }

    /// Pretty-printed, with sorted keys and a final newline (the command line's form).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
