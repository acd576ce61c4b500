import BooksTrackCore
import Foundation
import SQLKit
import Synchronization

/// A past import as the history lists it.
public struct ImportRunSummary: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<ImportRunSummary>

    public var id: ID
    public var format: ImportFormat
    public var fileName: String?
    public var fileSize: Int?
    public var startedAt: Date
    public var finishedAt: Date
    public var rows: Int
    public var imported: Int
    public var updated: Int
    public var unchanged: Int
    public var skipped: Int
    public var fileWarnings: [String]
}

/// Storing and reading the import history with its per-row reports.
enum ImportRunRows {
    static func record(
        _ report: ImportReport, id: ImportRunSummary.ID, userID: User.ID, fileName: String?, fileSize: Int?,
        startedAt: Date, finishedAt: Date, on db: any SQLDatabase
    ) async throws {
        try await recordRun(
            report, id: id, userID: userID, fileName: fileName, fileSize: fileSize, startedAt: startedAt,
            finishedAt: finishedAt, on: db)
        try await recordRows(report.outcomes, id: id, on: db)
    }

    /// The run's summary line (``record(_:id:userID:fileName:fileSize:startedAt:finishedAt:on:)`` without its rows).
    static func recordRun(
        _ report: ImportReport, id: ImportRunSummary.ID, userID: User.ID, fileName: String?, fileSize: Int?,
        startedAt: Date, finishedAt: Date, on db: any SQLDatabase
    ) async throws {
        try await db.insertRows(
            into: "import_runs",
            columns: [
                "id", "user_id", "format", "file_name", "file_size", "started_at", "finished_at", "rows_total", "imported",
                "updated", "unchanged", "skipped", "file_warnings", "sessions_in_file",
            ],
            rows: [
                [
                    id.string, userID.string, report.format.rawValue, fileName, fileSize, startedAt.milliseconds,
                    finishedAt.milliseconds, report.rows, report.imported, report.updated, report.unchanged, report.skipped,
                    JSONColumn.text(report.fileWarnings), report.sessionsInFile,
                ]
            ])
    }

    /// Some of a run's per-row outcomes.
    static func recordRows(_ outcomes: [ImportOutcome], id: ImportRunSummary.ID, on db: any SQLDatabase) async throws {
        try await db.insert(rows(outcomes, id: id))
    }

    static func rows(_ outcomes: some Collection<ImportOutcome>, id: ImportRunSummary.ID) -> TableRows {
        TableRows(
            table: "import_rows",
            columns: [
                "import_id", "row_number", "line", "outcome", "title", "authors", "status", "entry_id", "reason",
                "changes", "warnings",
            ],
            cells: outcomes.map { outcome in
                [
                    .text(id.string), .integer(outcome.row), .init(outcome.line), .text(outcome.kind.rawValue),
                    .text(outcome.title), .text(JSONColumn.text(outcome.authors)), .init(outcome.status?.rawValue),
                    .init(outcome.entryID?.string), .init(outcome.reason), .text(JSONColumn.text(outcome.changes)),
                    .text(JSONColumn.text(outcome.warnings)),
                ]
            })
    }

    static func summaries(of userID: User.ID, on db: any SQLDatabase) async throws -> [ImportRunSummary] {
        try await db.raw("SELECT * FROM import_runs WHERE user_id = \(bind: userID.string) ORDER BY started_at DESC").all().map(
            summary)
    }

    static func report(_ id: ImportRunSummary.ID, of userID: User.ID, on db: any SQLDatabase) async throws
        -> (ImportRunSummary, ImportReport)?
    {
        guard
            let row = try await db.raw(
                """
                SELECT * FROM import_runs WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)
                """
            ).first()
        else { return nil }
        let run = try summary(row)
        // Row by row, not all rows first: a 50,000-row report's database rows were 50 MB more
        // than its outcomes.
        let read = Mutex<(outcomes: [ImportOutcome], error: (any Error)?)>(([], nil))
        read.withLock { $0.outcomes.reserveCapacity(run.rows) }
        try await db.raw("SELECT * FROM import_rows WHERE import_id = \(bind: id.string) ORDER BY row_number").run { row in
            read.withLock { read in
                guard read.error == nil else { return }
                do { read.outcomes.append(try outcome(row)) } catch { read.error = error }
            }
        }
        let outcomes = try read.withLock { read in
            if let error = read.error { throw error }
            return read.outcomes
        }
        var report = ImportReport(format: run.format, dryRun: false, outcomes: outcomes, fileWarnings: run.fileWarnings)
        report.sessionsInFile = try row.optionalInteger("sessions_in_file")
        return (run, report)
    }

    private static func outcome(_ row: any SQLRow) throws -> ImportOutcome {
        ImportOutcome(
            row: try row.integer("row_number"), line: try row.optionalInteger("line"),
            kind: ImportOutcome.Kind(rawValue: try row.text("outcome")) ?? .skipped, title: try row.text("title"),
            authors: try row.json("authors", as: [String].self),
            status: try row.optionalText("status").flatMap(ReadingStatus.init(rawValue:)),
            entryID: try row.optionalID("entry_id"), reason: try row.optionalText("reason"),
            changes: try row.json("changes", as: [String].self), warnings: try row.json("warnings", as: [String].self))
    }

    private static func summary(_ row: any SQLRow) throws -> ImportRunSummary {
        ImportRunSummary(
            id: try row.id("id"), format: ImportFormat(rawValue: try row.text("format")) ?? .goodreads,
            fileName: try row.optionalText("file_name"), fileSize: try row.optionalInteger("file_size"),
            startedAt: try row.instant("started_at"), finishedAt: try row.instant("finished_at"),
            rows: try row.integer("rows_total"), imported: try row.integer("imported"), updated: try row.integer("updated"),
            unchanged: try row.integer("unchanged"), skipped: try row.integer("skipped"),
            fileWarnings: try row.json("file_warnings", as: [String].self))
    }
}
