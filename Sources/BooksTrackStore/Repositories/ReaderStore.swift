import BooksTrackCore
import Foundation
import SQLKit
import Synchronization

/// Everything one reader may read or change. Every query here is scoped to ``userID``: another
/// reader's entries, sessions, goals and imports are never visible through it, even by id.
public struct ReaderStore: Sendable {
    public let userID: User.ID
    let database: Database
    /// How big imports are cut into transactions (the store's).
    var importing = ImportTuning()

    /// The same reader with imports cut otherwise (tests: staging on small files).
    public func tuned(_ importing: ImportTuning) -> ReaderStore {
        ReaderStore(userID: userID, database: database, importing: importing)
    }

    /// Imports a parsed file into the library in one transaction, or, with `dryRun`, only
    /// plans it and reports what would happen without writing anything.
    public func importBatch(
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
        if dialect == .sqlite, matched.newEntries.count > importing.stagedFrom,
            let report = try await StagedImport(
                database: database, userID: userID, runID: runID, now: now, progress: progress, tuning: importing
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

    /// The import written in one transaction (see ``importBatch(_:fileName:fileSize:dryRun:now:runID:progress:)``).
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
    /// memory (a 50,000-row file's were 200 MB); anything else as ``importBatch(_:fileName:fileSize:dryRun:now:runID:progress:)``.
    public func importRecords(
        _ source: any ImportRecordSource, fileName: String? = nil, fileSize: Int? = nil, dryRun: Bool,
        now: Date, runID: ImportRunSummary.ID = .random(), progress: ImportProgressHandler? = nil
    ) async throws -> ImportReport {
        if !dryRun, database.dialect == .sqlite, source.count > importing.stagedFrom,
            let report = try await StagedImport(
                database: database, userID: userID, runID: runID, now: now, progress: progress, tuning: importing
            ).run(source, fileName: fileName, fileSize: fileSize)
        {
            return report
        }
        // Small, a dry run, on PostgreSQL (one transaction there), or the library moved while it
        // was staged: matched again, whole.
        return try await importBatch(
            source.batch(), fileName: fileName, fileSize: fileSize, dryRun: dryRun, now: now, runID: runID,
            progress: progress)
    }

    /// The reader's past imports, newest first.
    public func importRuns() async throws -> [ImportRunSummary] {
        let userID = self.userID
        return try await database.read { try await ImportRunRows.summaries(of: userID, on: $0) }
    }

    /// One past import with its per-row report, if it is this reader's.
    public func importRun(_ id: ImportRunSummary.ID) async throws -> (ImportRunSummary, ImportReport)? {
        let userID = self.userID
        return try await database.read { try await ImportRunRows.report(id, of: userID, on: $0) }
    }

    /// The whole library with the catalogue objects it refers to, sessions, goals and curation.
    public func library() async throws -> ReaderLibrary {
        try await library(rowReader: database.rowReader)
    }

    /// The whole library; its entries and catalogue through `rowReader` when there is one (on
    /// SQLite: the same values, five times faster at 10,000 books), else through SQLKit.
    func library(rowReader: SQLiteRowReader?) async throws -> ReaderLibrary {
        let userID = self.userID
        let read: WholeLibraryRows.Catalogue?
        do {
            read = try await rowReader?.read { try WholeLibraryRows.catalogue(of: userID, $0) }
        } catch {
            throw database.connector.translate(error)
        }
        return try await library(with: read)
    }

    /// The library around `catalogue` (its entries, works, editions and authors) with the rest
    /// read now: the reader, sessions, progress, goals and curation; the catalogue read through
    /// SQLKit too when not given.
    func library(with catalogue: WholeLibraryRows.Catalogue?) async throws -> ReaderLibrary {
        let userID = self.userID
        return try await database.read { db in
            guard let userRow = try await db.raw("SELECT * FROM users WHERE id = \(bind: userID.string)").first() else {
                throw StoreError.notFound(.reader)
            }
            // The catalogue rows the library reaches, each in one statement (not hundreds of
            // chunks of ids: at 100,000 books binding the ids cost more than reading the rows).
            let whole: WholeLibraryRows.Catalogue
            if let catalogue {
                whole = catalogue
            } else {
                whole = WholeLibraryRows.Catalogue(
                    entries: try await EntryRows.entries(of: userID, on: db),
                    works: try await CatalogueRows.works(.works(of: userID), on: db),
                    editions: try await CatalogueRows.editions(.editions(of: userID), on: db),
                    authors: try await CatalogueRows.authors(.authors(of: userID), as: userID, on: db))
            }
            return ReaderLibrary(
                user: try UserRepository.user(userRow), entries: whole.entries, works: whole.works,
                editions: whole.editions, authors: whole.authors,
                sessions: try await ActivityRows.sessions(of: userID, on: db),
                progress: try await ActivityRows.progress(of: userID, on: db),
                goals: try await ActivityRows.goals(of: userID, on: db),
                milestones: try await ActivityRows.milestones(of: userID, on: db),
                contributions: try await ActivityRows.contributions(of: userID, on: db),
                achievements: try await ActivityRows.achievements(of: userID, on: db))
        }
    }

    /// How many books the reader has, by status.
    public func entryCounts() async throws -> [ReadingStatus: Int] {
        let userID = self.userID
        return try await database.read { db in
            var counts: [ReadingStatus: Int] = [:]
            for row in try await db.raw(
                """
                SELECT status, COUNT(*) AS n FROM library_entries WHERE user_id = \(bind: userID.string) GROUP BY status
                """
            ).all() {
                if let status = ReadingStatus(rawValue: try row.text("status")) { counts[status] = try row.integer("n") }
            }
            return counts
        }
    }

    /// One entry, if it is this reader's.
    public func entry(_ id: LibraryEntry.ID) async throws -> LibraryEntry? {
        let userID = self.userID
        return try await database.read { try await Self.ownedEntry(id, of: userID, on: $0) }
    }

    /// The reader's change counter: it moves on every write that can change what they see.
    public func dataVersion() async throws -> Int {
        let userID = self.userID
        if let known = KnownDataVersion.current, known.user == userID { return known.version }
        if let written = KnownDataVersion.written?.version(of: userID) { return written }
        return try await database.read { db in try await Self.dataVersion(of: userID, on: db) ?? 0 }
    }

    /// The reader's `data_version`, or `nil` when there is no such reader.
    static func dataVersion(of userID: User.ID, on db: any SQLDatabase) async throws -> Int? {
        try await db.raw("SELECT data_version FROM users WHERE id = \(bind: userID.string)").first()?.integer("data_version")
    }
}

/// A reader's `data_version` as the request that reads it found it when it began: a request that
/// only reads (a page, a GET of the API) learns it with the reader's session, and every figure it
/// shows is then at least that new without asking the database again. Never set around a write.
public enum KnownDataVersion {
    @TaskLocal public static var current: (user: User.ID, version: Int)?
    /// The versions a request's own writes moved readers to, once committed (bound by the web
    /// app around a request that writes): what it reads after its write — the kept library for
    /// its figures, the book it answers with — is then at least that new, without asking again.
    @TaskLocal public static var written: WrittenVersions?
}

/// See ``KnownDataVersion/written``.
public final class WrittenVersions: Sendable {
    private let versions = Mutex<[String: Int]>([:])

    public init() {}

    func record(_ moved: [String: Int]) {
        guard !moved.isEmpty else { return }
        versions.withLock { versions in versions.merge(moved) { max($0, $1) } }
    }

    func version(of reader: User.ID) -> Int? { versions.withLock { $0[reader.string] } }
}
