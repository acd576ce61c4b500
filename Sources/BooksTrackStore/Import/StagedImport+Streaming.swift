import BooksTrackCore
import Foundation
import SQLKit

/// A big CSV or TSV file staged as it is read: its records are matched a chunk at a time (the
/// first pass), then read again and planned a chunk at a time while SQLite writes the chunk
/// before (the second pass). Neither the records nor the plan are ever whole in memory; what is
/// held is the file's text, each row's work and what matching needs across rows (issue 16).
extension StagedImport {
    /// Imports a file staged as it is read; `nil` when the library moved while it was written
    /// (nothing of the run is left then, and the caller imports again the slow way).
    ///
    /// The new works are written after matching, not while it goes on: on two cores matching
    /// already keeps both busy (the records are made on one while the other matches), and
    /// works written a chunk at a time beside it made the import slower (2,048 works took 0.13 s
    /// in a transaction of their own, 0.06 s among all the others).
    func run(_ source: any ImportRecordSource, fileName: String?, fileSize: Int?) async throws -> ImportReport? {
        let (userID, now, progress) = (self.userID, self.now, self.progress)
        progress?(.matching(rows: source.count))
        // Matching reads the library as of `version` (read first, so a write that lands while
        // matching moves it).
        let (matched, version) = try await database.read { db in
            let version = try await ReaderStore.dataVersion(of: userID, on: db)
            var stream = ImportPlanner.Stream(format: source.format, userID: userID, now: now)
            let reading = source.chunks(of: tuning.matchingChunk)
            // The next chunk is read (made on the other core) while this one is matched.
            func readNext() -> Task<(records: [ImportRecord], keys: ImportLookupKeys)?, Never> {
                Task.detached { reading.next().map { ($0, ImportPlanner.lookupKeys(for: $0)) } }
            }
            var next = readNext()
            while let (records, keys) = await next.value {
                next = readNext()
                stream.resolve(
                    records, context: try await ImportContextLoader.context(for: keys, userID: userID, now: now, on: db))
            }
            return (stream, version)
        }
        tuning.trace.mark("matched (first pass)")
        // What matching made and dropped (each chunk's records, the look-ups' rows) goes back
        // before the staging allocates anew.
        HeapTrim.giveBack()
        var stream = consume matched
        let created = stream.takeNew()
        stream.endFirstPass()
        let authors = created.authors
        let spellings = created.spellings
        let staging = try await begin()
        let published: Bool
        do {
            var resolved: [Author.ID: Author.ID] = [:]
            for chunk in authors.chunked(into: 2_000) {
                let authors = Array(chunk)
                let stored = try await database.write { db in
                    try await Self.renew(staging, .staging, at: database.clock(), on: db)
                    return try await CatalogueRows.insert(authors: authors, now: now, on: db)
                }
                resolved.merge(stored) { _, new in new }
            }
            tuning.trace.mark("new authors committed")
            // The feed holds the only copy of the new works: it lets each go once it is written.
            let feed = Feed(
                stream: consume stream, reading: source.chunks(of: tuning.chunk), created: consume created, resolved: resolved,
                run: self, staging: staging, format: source.format, fileWarnings: source.fileWarnings.map(\.description),
                fileName: fileName, fileSize: fileSize)
            defer { feed.cancel() }
            progress?(.writing(done: 0, total: source.count))
            try await Self.write(
                feed, as: staging, .staging, on: database, tuning: tuning, progress: progress, total: source.count)
            tuning.trace.mark("staged")
            HeapTrim.giveBack()
            var rest = feed.rest.replacingAuthors(resolved)
            rest.spellings.merge(spellings) { current, _ in current }
            rest.spellings.merge(ImportPlan.spellings(of: authors, resolved: resolved)) { current, _ in current }
            published = try await publish(
                rest, as: staging, matchedAt: version, readerData: nil, changesLibrary: feed.changesLibrary || !rest.isEmpty)
            tuning.trace.mark("published")
        } catch {
            try? await Self.discard(staging, on: database, tuning: tuning)
            throw error
        }
        guard try await finish(staging, published: published, books: source.count) else { return nil }
        tuning.trace.mark("moved to the reader")
        // Read after the move, not beside it: beside it, its rows and a third connection's page
        // cache came on top of the move's (peak 146–151 MB instead of 140–144), to save 0.3 s.
        HeapTrim.giveBack()
        let runID = self.runID
        guard let (_, report) = try await database.read({ db in try await ImportRunRows.report(runID, of: userID, on: db) })
        else { throw StoreError.notFound(.reader) }
        tuning.trace.mark("report read")
        return report
    }

    /// The steps of a file staged as it is read: the run's line, then each chunk of rows planned
    /// (and its rows built, with as many of the new works) while SQLite writes the ones before,
    /// then the run's counts. Asked for by one writer, in order; up to ``depth`` steps are built
    /// ahead, one after another.
    final class Feed: StepFeed, @unchecked Sendable {
        private var stream: ImportPlanner.Stream
        private let reading: any ImportRecordChunks
        private var works: [Work]
        private var matchKeys: [Work.ID: String]
        private let run: StagedImport
        private let staging: User.ID
        private let format: ImportFormat
        private let fileWarnings: [String]
        private let fileName: String?
        private let fileSize: Int?

        /// What changes rows that exist already, and new rows no new book names: written when
        /// the run is published.
        private(set) var rest: ImportPlan
        /// Whether the run adds or changes a book.
        private(set) var changesLibrary = false
        private var counts: [ImportOutcome.Kind: Int] = [:]
        private var filledEditions: Set<Edition.ID> = []
        private var phase = Phase.run
        /// The steps being made: each task makes its step once the one before it is made.
        private var ahead: [(index: Int, task: Task<Ready?, Never>)] = []

        /// How many steps are made ahead of the one SQLite writes: with one, SQLite waited for
        /// the next chunk whenever a chunk took longer to plan than the one before it took to
        /// write.
        static let depth = 4

        private enum Phase { case run, rows, works, counts, done }

        init(
            stream: consuming ImportPlanner.Stream, reading: any ImportRecordChunks,
            created: consuming ImportPlanner.Stream.Created,
            resolved: [Author.ID: Author.ID], run: StagedImport, staging: User.ID, format: ImportFormat, fileWarnings: [String],
            fileName: String?,
            fileSize: Int?
        ) {
            self.stream = stream
            self.reading = reading
            // Reversed, so that each chunk is taken off the end in the order the works were made
            // (their ids increase: written in order, each lands at the end of its indexes).
            works = created.works.replacingAuthors(resolved).reversed()
            created.works = []
            matchKeys = created.matchKeys
            self.run = run
            self.staging = staging
            self.format = format
            self.fileWarnings = fileWarnings
            self.fileName = fileName
            self.fileSize = fileSize
            rest = ImportPlan(report: ImportReport(format: format, dryRun: false, outcomes: [], fileWarnings: fileWarnings))
        }

        func step(_ index: Int) async -> Ready? {
            ahead.removeAll { $0.index < index }
            if ahead.isEmpty { ahead.append((index, make(after: nil))) }
            let task = ahead.removeFirst().task
            while ahead.count < Self.depth - 1 {
                let last = ahead.last ?? (index, task)
                ahead.append((last.index + 1, make(after: last.task)))
            }
            return await task.value
        }

        /// Stops making steps; only once the writer is done with the feed (a cancelled step reads
        /// as the end).
        func cancel() { for (_, task) in ahead { task.cancel() } }

        /// A task that makes the step after `previous` (none once the steps have ended).
        private func make(after previous: Task<Ready?, Never>?) -> Task<Ready?, Never> {
            Task.detached {
                if let previous, await previous.value == nil { return nil }
                return Task.isCancelled ? nil : self.next()
            }
        }

        /// The next step (one at a time: a step is made only after the one before it was).
        private func next() -> Ready? {
            let (runID, staging, now) = (run.runID, staging, run.now)
            switch phase {
            case .run:
                phase = .rows
                // The run's line first, its counts at the end: a run that fails is thrown away
                // with its rows (they belong to the line).
                let report = ImportReport(format: format, dryRun: false, outcomes: [], fileWarnings: fileWarnings)
                let (fileName, fileSize) = (fileName, fileSize)
                return Ready(
                    books: 0,
                    work: .body { db in
                        try await ImportRunRows.recordRun(
                            report, id: runID, userID: staging, fileName: fileName, fileSize: fileSize, startedAt: now,
                            finishedAt: now, on: db)
                    })
            case .rows:
                guard let records = reading.next() else {
                    phase = .works
                    return next()
                }
                // Each chunk of rows goes with a chunk of the new works: SQLite writes works while
                // the next rows are planned (written all first, SQLite wrote 1.4 s of works while
                // the planning waited, then waited for it).
                return Ready(books: records.count, work: .rows(nextWorks() + rows(of: stream.plan(records))))
            case .works:
                // The works no chunk of rows took (there are never more works than rows).
                guard !works.isEmpty else {
                    phase = .counts
                    return next()
                }
                return Ready(books: 0, work: .rows(nextWorks()))
            case .counts:
                phase = .done
                let (counts, finishedAt) = (counts, run.database.clock())
                return Ready(
                    books: 0,
                    work: .body { db in
                        try await db.raw(
                            """
                            UPDATE import_runs SET rows_total = \(bind: counts.values.reduce(0, +)),
                                imported = \(bind: counts[.imported] ?? 0), updated = \(bind: counts[.updated] ?? 0),
                                unchanged = \(bind: counts[.unchanged] ?? 0), skipped = \(bind: counts[.skipped] ?? 0),
                                finished_at = \(bind: finishedAt.milliseconds)
                            WHERE id = \(bind: runID.string) AND user_id = \(bind: staging.string)
                            """
                        ).run()
                    })
            case .done:
                return nil
            }
        }

        /// The rows of the next new works, in the order they were made (``works`` is reversed), or
        /// none once all are taken.
        private func nextWorks() -> [TableRows] {
            guard !works.isEmpty else { return [] }
            let chunk = Array(works.suffix(run.tuning.chunk).reversed())
            works.removeLast(chunk.count)
            let rows = CatalogueRows.rows(works: chunk, owner: staging, matchKeys: matchKeys, now: run.now)
            if works.isEmpty { (works, matchKeys) = ([], [:]) }
            return rows
        }

        /// A chunk's new books with their new editions and identifiers, staged; the rest kept for
        /// publishing.
        private func rows(of piece: ImportPlan) -> [TableRows] {
            for outcome in piece.report.outcomes { counts[outcome.kind, default: 0] += 1 }
            if !piece.newEntries.isEmpty || !piece.updatedEntries.isEmpty { changesLibrary = true }
            let books = Set(piece.newEntries.lazy.map(\.workID))
            var editions: [Edition] = []
            for edition in piece.newEditions {
                if books.contains(edition.workID) { editions.append(edition) } else { rest.newEditions.append(edition) }
            }
            var identifiers: [NewIdentifier] = []
            for identifier in piece.newIdentifiers {
                if books.contains(identifier.target.workID) {
                    identifiers.append(identifier)
                } else {
                    rest.newIdentifiers.append(identifier)
                }
            }
            rest.newAuthors += piece.newAuthors
            rest.spellings.merge(piece.spellings) { current, _ in current }
            rest.updatedEntries += piece.updatedEntries
            rest.workFills.merge(piece.workFills) { _, new in new }
            for fill in piece.editionFills where filledEditions.insert(fill.id).inserted { rest.editionFills.append(fill) }
            rest.authorFacts += piece.authorFacts
            rest.sessions += piece.sessions
            rest.progress += piece.progress
            let staging = staging
            return [
                CatalogueRows.rows(editions: editions, now: run.now), CatalogueRows.rows(identifiers: identifiers),
            ]
                + StagedImport.rows(of: piece.newEntries, as: staging) + [
                    ImportRunRows.rows(piece.report.outcomes, id: run.runID)
                ]
        }
    }
}
