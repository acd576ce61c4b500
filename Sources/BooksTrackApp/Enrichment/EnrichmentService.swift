import BooksTrackCore
import BooksTrackEnrichment
import BooksTrackStore
import Foundation
import Logging
import Synchronization

/// Author and book facts found automatically (SPEC F8): the bundled author table at once after
/// every import, then Wikidata and Open Library in the background on the job runner.
///
/// The look-up of one reader's library is one `enrich` job (subject: the reader). It works
/// through the reader's authors and books that were never looked up (kept per subject in the
/// database, so a restart resumes where it stopped and several app servers share the work),
/// records what it finds with its provenance, turns namesakes into questions for the reader,
/// and pauses a subject whose look-up failed (doubling the pause each time) without stopping
/// the others. With look-ups off or the network down the product works fully.
public final class EnrichmentService: Sendable {
    public static let jobKind = "enrich"

    let store: Store
    let clock: @Sendable () -> Date
    let logger: Logger
    let notifications: NotificationService
    public let settings: EnrichmentSettings
    let table: AuthorTable
    /// Where authors are looked up (Wikidata unless told otherwise).
    let wikidata: any AuthorDirectory
    /// Where books are looked up (Open Library unless told otherwise).
    let openLibrary: any BookCatalogue
    /// Where covers are fetched (Open Library's cover store unless told otherwise).
    let covers: any CoverSource
    let wake = Wake()

    public init(
        store: Store, clock: @escaping @Sendable () -> Date, logger: Logger, notifications: NotificationService,
        settings: EnrichmentSettings, table: AuthorTable = .bundled, authors: (any AuthorDirectory)? = nil,
        books: (any BookCatalogue)? = nil, covers: (any CoverSource)? = nil
    ) {
        self.store = store
        self.clock = clock
        self.logger = logger
        self.notifications = notifications
        self.settings = settings
        self.table = table
        let cache = StoreCache(store: store, clock: clock)
        wikidata =
            authors
            ?? WikidataClient(
                fetcher: Fetcher(provider: "wikidata", settings: settings.wikidata, transport: settings.transport, cache: cache))
        openLibrary =
            books
            ?? OpenLibraryClient(
                fetcher: Fetcher(
                    provider: "openlibrary", settings: settings.openLibrary, transport: settings.transport, cache: cache))
        self.covers =
            covers
            ?? OpenLibraryCovers(
                fetcher: Fetcher(provider: "covers", settings: settings.covers, transport: settings.transport, cache: nil))
    }

    // MARK: The bundled table

    /// What applying the bundled table did.
    public struct TableOutcome: Sendable, Hashable {
        /// Authors the table knew (one person of that name).
        public var authors: Int
        /// New statements recorded.
        public var facts: Int
        /// Authors whose name belongs to several people in the table: the reader is asked.
        public var ambiguous: Int
    }

    /// Applies the bundled author table to the authors of a reader's books (with `entries`, of
    /// those books; with `onlyNew`, to those never looked at before): facts for a name the table
    /// knows as one person, a question for a name it knows as several. Never over a person's
    /// answer (the bundled table has the lowest precedence).
    @discardableResult
    public func applyTable(for userID: User.ID, entries: [LibraryEntry.ID]? = nil, onlyNew: Bool = false) async throws
        -> TableOutcome
    {
        let now = clock()
        var facts: [PlannedAuthorFact] = []
        var candidates: [AuthorCandidate] = []
        var known = 0
        var ambiguous = 0
        for author in try await store.enrichment.authors(for: userID, entries: entries, onlyNew: onlyNew) {
            switch table.match(author.name) {
            case .none: continue
            case .one(let person):
                known += 1
                facts += person.assertions(at: now).map { PlannedAuthorFact(authorID: author.id, assertion: $0) }
            case .several(let people):
                // Only people the reader can tell apart: someone with no facts, or the same facts
                // as another, makes no question (a Wikidata look-up may still find them).
                var seen = Set<String>()
                let distinct = people.filter { !$0.summary.isEmpty && seen.insert($0.summary).inserted }
                guard distinct.count > 1 else { continue }
                ambiguous += 1
                // Told apart in words; the datasets are named where the page says where it was found.
                candidates += distinct.map { person in
                    AuthorCandidate(
                        authorID: author.id, source: .bundled,
                        reference: person.wikidataID ?? "\(person.name) (\(person.summary))",
                        label: person.name, description: person.described, facts: person.assertions(at: now))
                }
            }
        }
        let recorded = try await store.enrichment.record(facts, now: now)
        try await store.enrichment.propose(candidates, now: now)
        return TableOutcome(authors: known, facts: recorded, ambiguous: ambiguous)
    }

    // MARK: Queueing

    /// After a reader's library changed (an import; with `entries`, the books it added or
    /// changed): the bundled table at once for authors never seen before, then the network
    /// look-ups queued in the background. Never throws: a failure here must not undo or fail the
    /// write, which has committed.
    ///
    /// With `entries`, only those books' authors and works are looked at: an import of one book
    /// into a library of 100,000 must not walk the whole library twice.
    public func libraryChanged(_ userID: User.ID, entries: [LibraryEntry.ID]? = nil) async {
        do {
            try await applyTable(for: userID, entries: entries, onlyNew: true)
            // Marked for a look-up even when look-ups are off, so that the table is applied to
            // each author once and a server that turns look-ups on finds them waiting.
            let added = try await store.enrichment.queue(for: userID, entries: entries, now: clock())
            guard settings.enabled, entries == nil || added > 0 else { return }
            try await schedule(userID, at: clock())
        } catch {
            logger.error("Could not start looking up authors: \(String(reflecting: error))")
        }
    }

    /// ``libraryChanged(_:entries:)`` for one book added or edited.
    public func libraryChanged(_ userID: User.ID, entry: LibraryEntry.ID) async {
        await libraryChanged(userID, entries: [entry])
    }

    /// Marks a reader's authors and books that were never looked up (and, with `retryFailed`,
    /// those whose look-up failed) as waiting, without scheduling the job: the command line
    /// looks them up itself (``lookUp(for:progress:)``).
    public func markWaiting(for userID: User.ID, retryFailed: Bool = false) async throws {
        let now = clock()
        if retryFailed { try await store.enrichment.retryFailed(for: userID, now: now) }
        try await store.enrichment.queue(for: userID, now: now)
    }

    /// Of a reader's read books, how many have their author's gender and region known.
    public func coverage(for userID: User.ID) async throws -> (read: Int, gender: Int, region: Int) {
        try await store.enrichment.coverage(for: userID)
    }

    /// Queues the look-up of a reader's authors and books that were never looked up, and wakes
    /// this process's runner.
    public func queue(for userID: User.ID, retryFailed: Bool = false) async throws {
        try await markWaiting(for: userID, retryFailed: retryFailed)
        try await schedule(userID, at: clock())
    }

    /// Queues the reader's `enrich` job (again) for `date` and wakes this process's runner.
    func schedule(_ userID: User.ID, at date: Date) async throws {
        try await store.jobs.requeue(kind: Self.jobKind, subject: userID.string, userID: userID, runAfter: date, now: clock())
        wake.ring()
    }

    /// How far the look-ups of a reader's authors have got, with a calm word when they are off.
    public func progress(for userID: User.ID) async throws -> EnrichmentProgress {
        var progress = try await store.enrichment.progress(for: userID, now: clock())
        if !settings.enabled {
            progress.running = false
            progress.pausedReason =
                "Automatic look-ups are off on this server: author facts come from BooksTrack’s author table and your answers."
        }
        return progress
    }

    // MARK: Running

    /// Runs one claimed `enrich` job: the reader's books on Open Library, then their authors on
    /// Wikidata, until nothing is due; queues itself again for the next retry.
    func run(_ job: Job) async throws {
        guard let userID = job.userID, settings.enabled else { return }
        try await lookUp(for: userID) { _ in }
    }

    /// After the process running a reader's look-up died: the look-up is queued again. What it
    /// had found is kept (each subject is recorded as it is finished), so it goes on where it stopped.
    func interrupted(_ job: Job) async throws {
        guard let userID = job.userID else { return }
        try await schedule(userID, at: clock())
    }

    /// Looks up every due book and author of the reader, reporting progress after each. Used by
    /// the job and by `bookstrack enrich` in the foreground.
    public func lookUp(for userID: User.ID, progress report: @Sendable (EnrichmentProgress) async -> Void) async throws {
        guard settings.enabled else { return }
        var unreachableInARow = 0
        func note(_ outcome: LookupOutcome, _ error: (any Error)?) {
            if case .some(ProviderError.unreachable) = error as? ProviderError {
                unreachableInARow += 1
            } else {
                unreachableInARow = 0
            }
        }
        // Books first: Open Library's links to Wikidata make the author look-ups surer.
        works: while true {
            let due = try await store.enrichment.dueWorks(for: userID, now: clock(), limit: 20)
            if due.isEmpty { break }
            for work in due {
                let (outcome, error) = await lookUp(work)
                // Stopped (the server is shutting down): this one stays due, looked up again next time.
                try Task.checkCancellation()
                try await finish(.work(work.id), attempts: work.attempts, outcome, error)
                note(outcome, error)
                if unreachableInARow >= 3 { break works }
            }
        }
        if unreachableInARow < 3 {
            authors: while true {
                let due = try await store.enrichment.dueAuthors(for: userID, now: clock(), limit: 20)
                if due.isEmpty { break }
                let results = await lookUp(due)
                try Task.checkCancellation()
                for (author, result) in results {
                    try await finish(.author(author.id), attempts: author.attempts, result.0, result.1)
                    note(result.0, result.1)
                }
                await report(try await progress(for: userID))
                if unreachableInARow >= 3 { break authors }
            }
        }
        await notifications.settle(userID, now: clock())
        await report(try await progress(for: userID))
        if unreachableInARow >= 3 {
            // No network: the rest waits as long as a failed subject does, not a second.
            logger.notice("Look-ups paused: the services cannot be reached. They are tried again later.")
            try await schedule(userID, at: clock().addingTimeInterval(settings.retryAfter))
        } else if let due = try await store.enrichment.nextDue(for: userID) {
            // Subjects that failed wait for their retry; the job comes back for them then.
            try await schedule(userID, at: max(due, clock().addingTimeInterval(1)))
        }
    }

    private func finish(
        _ subject: EnrichmentRepository.Subject, attempts: Int, _ outcome: LookupOutcome, _ error: (any Error)?
    ) async throws {
        let (final, pause) = retryPlan(outcome, attempts: attempts)
        try await store.enrichment.finish(
            subject, final, error: error.map { String(describing: $0) }, retryAfter: pause, now: clock())
    }

    /// A failure waits `retryAfter`, doubled with each attempt, and is given up after
    /// `maxAttempts`.
    private func retryPlan(_ outcome: LookupOutcome, attempts: Int) -> (LookupOutcome, TimeInterval) {
        guard outcome == .retry else { return (outcome, 0) }
        if attempts + 1 >= settings.maxAttempts { return (.failed, 0) }
        return (.retry, settings.retryAfter * pow(2, Double(attempts)))
    }

    // MARK: Questions

    /// How many "Is this …?" questions wait for the reader, and about how many authors.
    public func questionCounts(for userID: User.ID) async throws -> (questions: Int, authors: Int) {
        try await store.enrichment.openCandidateCounts(for: userID)
    }

    /// The "Is this …?" questions waiting for the reader.
    public func questions(for userID: User.ID) async throws -> [CandidateQuestion] {
        try await store.enrichment.openCandidates(for: userID)
    }

    /// Records the reader's yes or no to "Is this …?".
    @discardableResult
    public func answer(_ id: AuthorCandidate.ID, yes: Bool, by userID: User.ID) async throws -> Bool {
        let now = clock()
        let changed = try await store.enrichment.answer(id, yes: yes, by: userID, now: now)
        if changed {
            // A confirmed person with a Wikidata id may have more to look up.
            if yes, settings.enabled { try await queue(for: userID) }
            await notifications.settle(userID, now: now)
        }
        return changed
    }
}

/// The job runner's wake-up, handed over once the runner exists.
final class Wake: Sendable {
    private let action = Mutex<(@Sendable () -> Void)?>(nil)

    func set(_ action: @escaping @Sendable () -> Void) { self.action.withLock { $0 = action } }
    func ring() { action.withLock { $0 }?() }
}

/// The response cache in the database (`enrichment_cache`), shared by every app server.
struct StoreCache: ResponseCache {
    let store: Store
    let clock: @Sendable () -> Date

    func cached(provider: String, key: String, maxAge: TimeInterval) async throws -> (status: Int, body: String)? {
        try await store.enrichment.cached(provider: provider, key: key, maxAge: maxAge, now: clock()).map {
            (status: $0.0, body: $0.1)
        }
    }

    func store(provider: String, key: String, status: Int, body: String) async throws {
        try await store.enrichment.cache(provider: provider, key: key, status: status, body: body, now: clock())
    }
}
