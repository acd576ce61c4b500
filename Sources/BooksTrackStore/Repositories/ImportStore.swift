import BooksTrackCore
import Foundation
import SQLKit

/// A reader's imports: files imported into the library (or only planned, in a dry run) and the
/// history of past imports. A big one on SQLite is written in short transactions, out of sight
/// until it is published (``StagedImport``), cut as ``tuning`` says.
public struct ImportStore: ReaderScoped {
    /// The reader whose imports these are.
    public let userID: User.ID
    let database: Database
    /// How big imports are cut into transactions (the store's).
    let tuning: ImportTuning

    /// Imports a parsed file into the library in one transaction, or, with `dryRun`, only
    /// plans it and reports what would happen without writing anything.
    public func `import`(
        _ batch: ImportBatch, fileName: String? = nil, fileSize: Int? = nil, dryRun: Bool,
        now: Date, runID: ImportRunSummary.ID = .random(), progress: ImportProgressHandler? = nil
    ) async throws -> ImportReport {
        let userID = self.userID
        let dialect = database.dialect
        let planning: @Sendable (any SQLDatabase) async throws -> ImportPlan = { db in
            progress?(.matching(rows: batch.records.count))
            let keys = ImportPlanner.lookupKeys(for: batch.records)
            let context = try await ImportContextLoader.context(for: keys, userID: userID, now: now, on: db)
            return ImportPlanner.plan(batch, context: context, dryRun: dryRun)
        }
        if dryRun { return try await database.read { try await planning($0).report } }
        // Matching reads the library and the catalogue, and for a big file takes seconds: it runs
        // outside the write lock, on the library as of `version` (read first, so a write that
        // lands while matching moves it). If the library has moved by the time the write lock is
        // held, the file is matched again inside it.
        let (matched, version) = try await database.read { db in
            let version = try await Self.dataVersion(of: userID, on: db)
            return (try await planning(db), version)
        }
        // A big import is written in short transactions, out of sight until it is published, so
        // other readers' writes do not wait for it (see `StagedImport`).
        if dialect == .sqlite, matched.newEntries.count > tuning.stagedFrom,
            let report = try await StagedImport(
                database: database, userID: userID, runID: runID, now: now, progress: progress, tuning: tuning
            ).run(matched, matchedAt: version, readerData: batch.readerData, fileName: fileName, fileSize: fileSize)
        {
            return report
        }
        // Not `changing`: an import that finds everything already there changes nothing the
        // reader sees, so it leaves their caches warm.
        return try await SQLiteConnector.$writeCacheKiB.withValue(SQLiteConnector.importCacheKiB) {
            try await writeWhole(
                batch, matched: matched, version: version, fileName: fileName, fileSize: fileSize, now: now, runID: runID,
                progress: progress, planning: planning)
        }
    }

    /// A batch imported whole, in one transaction (the end of importing an ``ImportBatch``).
    private func writeWhole(
        _ batch: ImportBatch, matched: ImportPlan, version: Int?, fileName: String?, fileSize: Int?, now: Date,
        runID: ImportRunSummary.ID, progress: ImportProgressHandler?,
        planning: @escaping @Sendable (any SQLDatabase) async throws -> ImportPlan
    ) async throws -> ImportReport {
        let (userID, dialect) = (self.userID, database.dialect)
        return try await database.changing { db, changes in
            // One catalogue write of a reader at a time (works and identifiers are the reader's own,
            // so readers do not wait for each other; shared authors are created race-free).
            try await ReaderLock.take(userID, on: db, dialect: dialect)
            let unmoved = try await Self.dataVersion(of: userID, on: db) == version
            let plan = try await PlanWriter(db: db, userID: userID, now: now, progress: progress).write(
                unmoved ? matched : try await planning(db), readerData: batch.readerData)
            try await ImportRunRows.record(
                plan.report, id: runID, userID: userID, fileName: fileName, fileSize: fileSize,
                startedAt: now, finishedAt: database.clock(), on: db)
            // The books it added or changed (with their sessions and progress), so a kept library
            // reads only those again — a re-import of an export that changed a few rows is a
            // patch; more than `Changes.subjectLimit` books are logged as the whole library. A
            // backup's settings, goals and badges change the whole reader.
            if batch.readerData != nil {
                changes.reader(userID)
            } else if !plan.isEmpty {
                changes.entries(
                    plan.newEntries.map(\.id) + plan.updatedEntries.map(\.id) + plan.sessions.map(\.entryID)
                        + plan.progress.map(\.entryID), of: userID)
            }
            changes.works(plan.workFills.keys)
            changes.works(plan.editionFills.map(\.workID))
            changes.authors(plan.authorFacts.map(\.authorID))
            return plan.report
        }
    }

    /// Imports a CSV or TSV file whose records are made a chunk at a time: a big one on SQLite
    /// is matched and staged as it is read, so neither its records nor its plan are ever whole in
    /// memory (a 50,000-row file's were 200 MB); anything else as a whole ``ImportBatch``.
    public func `import`(
        _ source: any ImportRecordSource, fileName: String? = nil, fileSize: Int? = nil, dryRun: Bool,
        now: Date, runID: ImportRunSummary.ID = .random(), progress: ImportProgressHandler? = nil
    ) async throws -> ImportReport {
        if !dryRun, database.dialect == .sqlite, source.count > tuning.stagedFrom,
            let report = try await StagedImport(
                database: database, userID: userID, runID: runID, now: now, progress: progress, tuning: tuning
            ).run(source, fileName: fileName, fileSize: fileSize)
        {
            return report
        }
        // Small, a dry run, on PostgreSQL (one transaction there), or the library moved while it
        // was staged: matched again, whole.
        return try await self.import(
            source.batch(), fileName: fileName, fileSize: fileSize, dryRun: dryRun, now: now, runID: runID,
            progress: progress)
    }

    /// The reader's past imports, newest first.
    public func runs() async throws -> [ImportRunSummary] {
        let userID = self.userID
        return try await database.read { try await ImportRunRows.summaries(of: userID, on: $0) }
    }

    /// One past import with its per-row report, if it is this reader's.
    public func run(_ id: ImportRunSummary.ID) async throws -> (ImportRunSummary, ImportReport)? {
        let userID = self.userID
        return try await database.read { try await ImportRunRows.report(id, of: userID, on: $0) }
    }
}
