import BooksTrackCore
import Foundation
import SQLKit

/// A big import written in short transactions, so the other readers' writes never wait for it
/// (issue 19: a 50,000-row import held SQLite's one writer for 5.7 s).
///
/// 1. **Staging.** A hidden account (`users.role = 'staging'`, no password, never listed) owns
///    the run's new works, entries, shelves, readings and report while they are written, in
///    chunks of ``chunk`` books; a transaction commits when another write waits for SQLite's
///    writer (``Database/othersWait(since:)``). Every query of a reader is scoped to the reader,
///    so nothing of it shows yet; the run's lease is renewed with every transaction.
/// 2. **Publishing.** One transaction under the reader's lock checks that the library has not
///    moved since it was matched (if it has, the staged rows are thrown away and the caller
///    imports the slow way), writes what changes existing rows (updated entries, facts filled
///    in, sessions of a backup), moves the report to the reader and marks the run
///    `publishing`. From then on the run completes: the staged rows move to the reader chunk by
///    chunk, under the same rule, and a process that dies (or a move that fails, on a full disk)
///    leaves it to ``recover(now:on:)`` to finish.
///
/// A run that dies while staging is thrown away by ``recover(now:on:)`` once its lease lapses
/// (or at once, when the job that ran it is known to be gone): the library is as it was.
///
/// New authors are committed first, on their own: a run that fails or is thrown away leaves
/// their names (no book, no fact) in the shared catalogue.
///
/// SQLite only: PostgreSQL's writers lock rows, not the database, so there a big import stays
/// one transaction (staged on PostgreSQL, a 50,000-row import took 38 s instead of 22).
struct StagedImport: Sendable {
    /// The page cache of a staged transaction, in KiB. A transaction ends when another write
    /// waits or after 5 s, so what it dirties nearly fits in 16 MiB: with the 256 MiB a
    /// one-transaction write gets, a 50,000-book import's cache grew with the database (+90 MB
    /// resident) and saved only 2% of the bytes written (337 MB instead of 345 for a 121 MB
    /// database); 16 MiB instead of 32 writes 361 MB instead of 351 for 124 MB, 18 MB less resident.
    static let cacheKiB = 16_384
    /// How long a run is held alive by its last transaction.
    static let lease: TimeInterval = 60

    let database: Database
    let userID: User.ID
    let runID: ImportRunSummary.ID
    let now: Date
    let progress: ImportProgressHandler?
    let tuning: ImportTuning

    /// Writes the plan staged and publishes it; `nil` when the library moved while it was staged
    /// (nothing of the run is left then, and the caller imports again the slow way).
    func run(
        _ plan: ImportPlan, matchedAt version: Int?, readerData: ReaderData?, fileName: String?, fileSize: Int?
    ) async throws -> ImportReport? {
        let staging = try await begin()
        let published: Bool
        do {
            let rest = try await stage(plan, as: staging, fileName: fileName, fileSize: fileSize)
            published = try await publish(rest, as: staging, matchedAt: version, readerData: readerData)
        } catch {
            // A failure (a full disk, a database gone) leaves nothing behind when it can: a
            // publish that failed was rolled back, so the run is still staging.
            try? await Self.discard(staging, on: database, tuning: tuning)
            throw error
        }
        return try await finish(staging, published: published, books: plan.newEntries.count) ? plan.report : nil
    }

    /// After the publishing transaction: the run's books moved to the reader, or, when it was not
    /// published (the library moved while it was staged), nothing of the run left (`false`).
    func finish(_ staging: User.ID, published: Bool, books: Int) async throws -> Bool {
        guard published else {
            try await Self.discard(staging, on: database, tuning: tuning)
            return false
        }
        try await Self.move(staging, to: userID, on: database, tuning: tuning, progress: progress, total: books)
        return true
    }

    /// Makes the run's staging account and its lease; returns the account.
    func begin() async throws -> User.ID {
        let staging = User.ID.random()
        let now = database.clock()
        try await database.write { [userID, runID] db in
            try await db.insertRows(
                into: "users", columns: UserRepository.columns,
                rows: [
                    [
                        staging.string, "#import", "#import-\(staging.string)", "Import in progress", Self.role,
                        String?.none, String?.none, String?.none, "[]", String?.none, 0, now.milliseconds,
                        now.milliseconds,
                    ]
                ])
            try await db.insertRows(
                into: "import_stagings", columns: ["id", "user_id", "run_id", "state", "lease_until", "created_at"],
                rows: [
                    [
                        staging.string, userID.string, runID.string, State.staging.rawValue,
                        now.addingTimeInterval(Self.lease).milliseconds, now.milliseconds,
                    ]
                ])
        }
        return staging
    }

    /// Writes the new books under the staging account; returns what is left for publishing
    /// (changes to existing rows, and new rows no new book refers to).
    func stage(_ plan: ImportPlan, as staging: User.ID, fileName: String?, fileSize: Int?) async throws -> ImportPlan {
        let (now, runID) = (self.now, self.runID)
        var resolved: [Author.ID: Author.ID] = [:]
        for chunk in plan.newAuthors.chunked(into: 2_000) {
            let authors = Array(chunk)
            let stored = try await database.write { db in
                try await Self.renew(staging, .staging, at: database.clock(), on: db)
                return try await CatalogueRows.insert(authors: authors, now: now, on: db)
            }
            resolved.merge(stored) { _, new in new }
        }
        var plan = plan.replacingAuthors(resolved)
        plan.newAuthors = []
        // Each chunk's rows are built from the plan when their turn is near, by position: a copy
        // of the plan's works, editions and entries cut into chunks up front held the whole
        // import twice over while it was written (50 MB of a 50,000-book import).
        let groups = ChunkGroups(plan, chunk: tuning.chunk)
        let matchKeys = plan.newWorkMatchKeys
        var steps: [Step] = []
        steps.reserveCapacity(groups.chunks.count + 2)
        for chunk in groups.chunks {
            steps.append(
                Step(books: chunk.entries.count) { [plan] in
                    CatalogueRows.rows(
                        works: chunk.works.map { plan.newWorks[Int($0)] }, owner: staging, matchKeys: matchKeys, now: now)
                        + [
                            CatalogueRows.rows(editions: chunk.editions.map { plan.newEditions[Int($0)] }, now: now),
                            CatalogueRows.rows(identifiers: chunk.identifiers.map { plan.newIdentifiers[Int($0)] }),
                        ]
                        + Self.rows(of: plan.newEntries[chunk.entries], as: staging)
                })
        }
        // The report, under the staging account until it is published.
        let report = plan.report
        steps.append(
            Step(
                books: 0,
                body: { db in
                    try await ImportRunRows.recordRun(
                        report, id: runID, userID: staging, fileName: fileName, fileSize: fileSize, startedAt: now,
                        finishedAt: database.clock(), on: db)
                }))
        for chunk in report.outcomes.chunked(into: tuning.chunk * 4) {
            steps.append(Step(books: 0) { [chunk] in [ImportRunRows.rows(chunk, id: runID)] })
        }
        let total = plan.newEntries.count + plan.updatedEntries.count
        progress?(.writing(done: 0, total: total))
        try await Self.write(steps, as: staging, .staging, on: database, tuning: tuning, progress: progress, total: total)
        // What no new book refers to is left for publishing.
        plan.newEntries = []
        plan.newWorks = groups.leftWorks.map { plan.newWorks[Int($0)] }
        plan.newEditions = groups.leftEditions.map { plan.newEditions[Int($0)] }
        plan.newIdentifiers = groups.leftIdentifiers.map { plan.newIdentifiers[Int($0)] }
        return plan
    }

    /// Runs the steps in order, in as few transactions as the other writers let it: a transaction
    /// commits when another write is waiting for SQLite's writer (see ``Database/othersWait(since:)``).
    static func write(
        _ steps: [Step], as staging: User.ID, _ state: State, on database: Database, tuning: ImportTuning,
        progress: ImportProgressHandler?, total: Int
    ) async throws {
        let lookahead = Lookahead(steps)
        defer { lookahead.cancel() }
        try await write(lookahead, as: staging, state, on: database, tuning: tuning, progress: progress, total: total)
    }

    /// Runs the steps a feed gives, in order, as ``write(_:as:_:on:tuning:progress:total:)`` does.
    static func write(
        _ feed: some StepFeed, as staging: User.ID, _ state: State, on database: Database, tuning: ImportTuning,
        progress: ImportProgressHandler?, total: Int
    ) async throws {
        var next = 0
        var done = 0
        var finished = false
        while !finished {
            let first = next
            // Without foreign-key checks (a third of moving the books, a fifth of staging them):
            // every row written names the run's own rows (staged, out of everyone's reach), the
            // catalogue's (authors and editions are never deleted, works only with their owner),
            // or the reader, whom `renew` — first in every transaction — proves alive: deleting a
            // reader deletes their `import_stagings` rows. A reader's own change of what a staged
            // book names moves their library's version, and the run is then not published.
            let (reached, books, ended) = try await SQLiteConnector.$writeCacheKiB.withValue(cacheKiB) {
                try await SQLiteConnector.$checksForeignKeys.withValue(false) {
                    try await database.write { db in
                        try await Self.renew(staging, state, at: database.clock(), on: db)
                        let started = ContinuousClock.now
                        var index = first
                        var books = 0
                        while let step = try await feed.step(index) {
                            switch step.work {
                            case .body(let body): try await body(db)
                            case .rows(let tables):
                                if let direct = SQLiteDirect(db) {
                                    try await direct.insert(tables)
                                } else {
                                    // Not used on PostgreSQL in production (its imports are one
                                    // transaction), but the contract tests stage there too.
                                    for table in tables { try await db.insert(table) }
                                }
                            }
                            index += 1
                            books += step.books
                            if let limit = tuning.stepsPerTransaction, index - first >= limit { return (index, books, false) }
                            if await database.othersWait(since: started) { return (index, books, false) }
                        }
                        return (index, books, true)
                    }
                }
            }
            (next, finished) = (reached, ended)
            done += books
            progress?(.writing(done: done, total: total))
        }
    }

    /// The one transaction that decides: the library has not moved, so the run will complete.
    func publish(
        _ rest: ImportPlan, as staging: User.ID, matchedAt version: Int?, readerData: ReaderData?,
        changesLibrary: Bool = true
    ) async throws -> Bool {
        // Every change to the library's existing books (a re-import of a changed export rewrites
        // thousands) in this one transaction.
        return try await SQLiteConnector.$writeCacheKiB.withValue(SQLiteConnector.importCacheKiB) {
            try await publishing(rest, as: staging, matchedAt: version, readerData: readerData, changesLibrary: changesLibrary)
        }
    }

    private func publishing(
        _ rest: ImportPlan, as staging: User.ID, matchedAt version: Int?, readerData: ReaderData?, changesLibrary: Bool
    ) async throws -> Bool {
        let (userID, runID, now, dialect) = (self.userID, self.runID, self.now, database.dialect)
        return try await database.changing { db, changes in
            try await ReaderLock.take(userID, on: db, dialect: dialect)
            guard try await ReaderStore.dataVersion(of: userID, on: db) == version else { return false }
            try await Self.renew(staging, .staging, at: database.clock(), on: db)
            let plan = try await PlanWriter(db: db, userID: userID, now: now, progress: nil, staging: staging).write(
                rest, readerData: readerData)
            try await db.raw(
                """
                UPDATE import_runs SET user_id = \(bind: userID.string), finished_at = \(bind: database.clock().milliseconds)
                WHERE id = \(bind: runID.string) AND user_id = \(bind: staging.string)
                """
            ).run()
            try await db.raw(
                "UPDATE import_stagings SET state = \(bind: State.publishing.rawValue) WHERE id = \(bind: staging.string)"
            ).run()
            // A run that finds every book already there changes nothing the reader sees, and
            // leaves their caches warm.
            if changesLibrary { changes.reader(userID) }
            changes.works(plan.workFills.keys)
            changes.works(plan.editionFills.map(\.workID))
            changes.authors(plan.authorFacts.map(\.authorID))
            return true
        }
    }
}
