import Foundation

/// What happened to one row.
public struct ImportOutcome: Hashable, Sendable, Codable {
    public enum Kind: String, Sendable, Codable, Hashable, CaseIterable {
        /// A book that was not in the reader's library.
        case imported
        /// A book already in the library whose details changed.
        case updated
        /// A book already in the library, exactly as the file describes it.
        case unchanged
        /// A row that was not imported, with the reason.
        case skipped
    }

    public var row: Int
    public var line: Int?
    public var kind: Kind
    public var title: String
    public var authors: [String]
    /// The status the book has after the import (not set for skipped rows).
    public var status: ReadingStatus?
    public var entryID: LibraryEntry.ID?
    /// Why a row was skipped, or how a matched book was recognised.
    public var reason: String?
    /// For updated rows, what changed ("status: To read → Read").
    public var changes: [String]
    public var warnings: [String]

    public init(
        row: Int, line: Int?, kind: Kind, title: String, authors: [String],
        status: ReadingStatus?, entryID: LibraryEntry.ID?, reason: String?,
        changes: [String] = [], warnings: [String] = []
    ) {
        self.row = row
        self.line = line
        self.kind = kind
        self.title = title
        self.authors = authors
        self.status = status
        self.entryID = entryID
        self.reason = reason
        self.changes = changes
        self.warnings = warnings
    }
}

/// The per-row account of an import (SPEC F2): every row is imported, updated, unchanged or
/// skipped with a reason.
public struct ImportReport: Hashable, Sendable, Codable {
    public var format: ImportFormat
    public var dryRun: Bool
    public var outcomes: [ImportOutcome]
    public var fileWarnings: [String]
    /// The file's shelves and what each was read as (ownership, a genre, only a shelf); `nil` for
    /// a file whose shelves are not read (a BooksTrack backup) and in reports stored before.
    public var shelves: [ShelfUse]?
    /// Reading sessions the file carries for the rows not skipped (KOReader's statistics, a
    /// backup); a session the library already has (the same book and start) is not added again.
    /// `nil` when the file has none, and in reports stored before.
    public var sessionsInFile: Int?

    public init(format: ImportFormat, dryRun: Bool, outcomes: [ImportOutcome], fileWarnings: [String]) {
        self.format = format
        self.dryRun = dryRun
        self.outcomes = outcomes.sorted { $0.row < $1.row }
        self.fileWarnings = fileWarnings
    }

    public var rows: Int { outcomes.count }
    public var imported: Int { count(.imported) }
    public var updated: Int { count(.updated) }
    public var unchanged: Int { count(.unchanged) }
    public var skipped: Int { count(.skipped) }
    /// Rows with at least one warning.
    public var rowsWithWarnings: Int { outcomes.filter { !$0.warnings.isEmpty }.count }

    /// Rows that were imported, updated or unchanged, by their status.
    public var byStatus: [ReadingStatus: Int] {
        var counts: [ReadingStatus: Int] = [:]
        for outcome in outcomes { if let status = outcome.status { counts[status, default: 0] += 1 } }
        return counts
    }

    /// Whether the import changed nothing in the library.
    public var changedNothing: Bool { imported == 0 && updated == 0 }

    private func count(_ kind: ImportOutcome.Kind) -> Int {
        // Not `filter`: that copied every outcome of the kind (a 50,000-row report is counted
        // several times per import).
        var count = 0
        for index in outcomes.indices where outcomes[index].kind == kind { count += 1 }
        return count
    }
}
