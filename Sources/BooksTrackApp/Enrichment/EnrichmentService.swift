import BooksTrackCore
import BooksTrackEnrichment
import BooksTrackStore
import Foundation
import Logging

/// Where look-ups go and whether they happen at all.
public struct EnrichmentSettings: Sendable {
    /// Whether authors and books are looked up on the network. Off, only the bundled table
    /// applies, and the product says so once.
    public var enabled: Bool
    public var wikidata: ProviderSettings
    public var openLibrary: ProviderSettings
    public var transport: any HTTPTransport
    /// The first pause after a look-up failed; it doubles with each failure.
    public var retryAfter: TimeInterval
    /// Failures after which a subject is given up (until the reader asks again).
    public var maxAttempts: Int

    public init(
        enabled: Bool, wikidata: ProviderSettings, openLibrary: ProviderSettings,
        transport: any HTTPTransport = URLSessionTransport(), retryAfter: TimeInterval = 600, maxAttempts: Int = 5
    ) {
        self.enabled = enabled
        self.wikidata = wikidata
        self.openLibrary = openLibrary
        self.transport = transport
        self.retryAfter = retryAfter
        self.maxAttempts = maxAttempts
    }

    /// Settings from `BOOKSTRACK_ENRICHMENT` (`on` by default, `off`), `BOOKSTRACK_WIKIDATA_URL`,
    /// `BOOKSTRACK_OPENLIBRARY_URL` and `BOOKSTRACK_ENRICHMENT_CONTACT` (put in the User-Agent).
    /// Wikidata is asked one request at a time at most 5 per second with `maxlag=5`; Open
    /// Library at most 3 per second for an identified client, as their policies ask.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> EnrichmentSettings
    {
        let enabled = !["off", "0", "false", "no"].contains((environment["BOOKSTRACK_ENRICHMENT"] ?? "on").lowercased())
        let agent = ProviderSettings.userAgent(contact: environment["BOOKSTRACK_ENRICHMENT_CONTACT"])
        let wikidata = URL(string: environment["BOOKSTRACK_WIKIDATA_URL"] ?? "") ?? URL(string: "https://www.wikidata.org")!
        let openLibrary =
            URL(string: environment["BOOKSTRACK_OPENLIBRARY_URL"] ?? "") ?? URL(string: "https://openlibrary.org")!
        return EnrichmentSettings(
            enabled: enabled,
            wikidata: ProviderSettings(baseURL: wikidata, userAgent: agent, minimumInterval: .milliseconds(200)),
            openLibrary: ProviderSettings(baseURL: openLibrary, userAgent: agent, minimumInterval: .milliseconds(350)))
    }

    /// No network look-ups (tests, `--offline`).
    public static var off: EnrichmentSettings {
        var settings = fromEnvironment([:])
        settings.enabled = false
        return settings
    }
}

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
    let wake = Wake()

    public init(
        store: Store, clock: @escaping @Sendable () -> Date, logger: Logger, notifications: NotificationService,
        settings: EnrichmentSettings, table: AuthorTable = .bundled, authors: (any AuthorDirectory)? = nil,
        books: (any BookCatalogue)? = nil
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

    /// Applies the bundled author table to the authors of a reader's books (with `onlyNew`, to
    /// those never looked at before): facts for a name the table knows as one person, a question
    /// for a name it knows as several. Never over a person's answer (the bundled table has the
    /// lowest precedence).
    @discardableResult
    public func applyTable(for userID: User.ID, entry: LibraryEntry.ID? = nil, onlyNew: Bool = false) async throws
        -> TableOutcome
    {
        let now = clock()
        var facts: [PlannedAuthorFact] = []
        var candidates: [AuthorCandidate] = []
        var known = 0
        var ambiguous = 0
        for author in try await store.enrichment.authors(for: userID, entry: entry, onlyNew: onlyNew) {
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
                candidates += distinct.map { person in
                    let from = AuthorTableSource.title(of: person.genderSource ?? person.countrySource).map { " (\($0))" } ?? ""
                    return AuthorCandidate(
                        authorID: author.id, source: .bundled,
                        reference: person.wikidataID ?? "\(person.name) (\(person.summary))",
                        label: person.name, description: person.summary + from, facts: person.assertions(at: now))
                }
            }
        }
        let recorded = try await store.enrichment.record(facts, now: now)
        try await store.enrichment.propose(candidates, now: now)
        return TableOutcome(authors: known, facts: recorded, ambiguous: ambiguous)
    }

    // MARK: Queueing

    /// After a reader's library changed (an import; with `entry`, one book added or edited): the
    /// bundled table at once for authors never seen before, then the network look-ups queued in
    /// the background. Never throws: a failure here must not undo or fail the write, which has
    /// committed.
    public func libraryChanged(_ userID: User.ID, entry: LibraryEntry.ID? = nil) async {
        do {
            try await applyTable(for: userID, entry: entry, onlyNew: true)
            // Marked for a look-up even when look-ups are off, so that the table is applied to
            // each author once and a server that turns look-ups on finds them waiting.
            let added = try await store.enrichment.queue(for: userID, entry: entry, now: clock())
            guard settings.enabled, entry == nil || added > 0 else { return }
            try await store.jobs.requeue(
                kind: Self.jobKind, subject: userID.string, userID: userID, runAfter: clock(), now: clock())
            wake.ring()
        } catch {
            logger.error("Could not start looking up authors: \(String(reflecting: error))")
        }
    }

    /// Queues the look-up of a reader's authors and books that were never looked up, and wakes
    /// this process's runner.
    public func queue(for userID: User.ID, retryFailed: Bool = false) async throws {
        let now = clock()
        if retryFailed { try await store.enrichment.retryFailed(for: userID, now: now) }
        try await store.enrichment.queue(for: userID, now: now)
        try await store.jobs.requeue(kind: Self.jobKind, subject: userID.string, userID: userID, runAfter: now, now: now)
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
        try await store.jobs.requeue(kind: Self.jobKind, subject: userID.string, userID: userID, runAfter: clock(), now: clock())
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
        works: while !Task.isCancelled {
            let due = try await store.enrichment.dueWorks(for: userID, now: clock(), limit: 20)
            if due.isEmpty { break }
            for work in due {
                let (outcome, error) = await lookUp(work)
                try await finish(.work(work.id), attempts: work.attempts, outcome, error)
                note(outcome, error)
                if unreachableInARow >= 3 { break works }
            }
        }
        if unreachableInARow < 3 {
            authors: while !Task.isCancelled {
                let due = try await store.enrichment.dueAuthors(for: userID, now: clock(), limit: 20)
                if due.isEmpty { break }
                for (author, result) in await lookUp(due) {
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
            try await store.jobs.requeue(
                kind: Self.jobKind, subject: userID.string, userID: userID,
                runAfter: clock().addingTimeInterval(settings.retryAfter), now: clock())
        } else if let due = try await store.enrichment.nextDue(for: userID) {
            // Subjects that failed wait for their retry; the job comes back for them then.
            try await store.jobs.requeue(
                kind: Self.jobKind, subject: userID.string, userID: userID, runAfter: max(due, clock().addingTimeInterval(1)),
                now: clock())
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

    /// One book on Open Library: by ISBN, the edition's page count, its work's first publication
    /// year, and its authors' Wikidata ids (the surest identification there is: an ISBN path);
    /// without an ISBN, the first publication year of the works with its exact title and author.
    func lookUp(_ work: WorkSubject) async -> (LookupOutcome, (any Error)?) {
        do {
            var edition: OpenLibraryEdition?
            var foundBy: String?
            for isbn in work.isbns.prefix(2) where edition == nil {
                edition = try await openLibrary.edition(isbn: isbn)
                foundBy = isbn
            }
            guard let edition else {
                guard work.needsYear, let author = work.authors.first?.name else { return (.notFound, nil) }
                let hits = try await openLibrary.search(title: work.title, author: author)
                guard let year = OpenLibrarySearchHit.firstPublished(of: work.title, by: work.authors.map(\.name), in: hits)
                else { return (.notFound, nil) }
                try await store.enrichment.fill(work: work.id, originalLanguage: nil, firstPublished: year, now: clock())
                return (.done, nil)
            }
            var year: Int?
            if work.needsYear, let key = edition.works.first { year = try await openLibrary.work(key)?.firstPublished }
            try await store.enrichment.fill(
                work: work.id, originalLanguage: nil, firstPublished: year, pages: edition.pages, isbn: foundBy, now: clock())
            var links: [PlannedAuthorFact] = []
            for author in edition.authors.prefix(3) {
                // Only an author of the reader's book with this very name.
                guard let match = work.authors.first(where: { AuthorTable.key($0.name) == AuthorTable.key(author.name) }),
                    let record = try await openLibrary.author(author.key), let qid = record.wikidataID
                else { continue }
                links.append(
                    PlannedAuthorFact(
                        authorID: match.id,
                        assertion: AuthorFactAssertion(
                            kind: .wikidataID, value: qid,
                            provenance: Provenance(source: .openLibrary, recordedAt: clock(), detail: record.key))))
            }
            if try await store.enrichment.record(links, now: clock()) > 0 {
                for link in links { try await store.enrichment.reopen(author: link.authorID, now: clock()) }
            }
            return (.done, nil)
        } catch is CancellationError {
            return (.retry, CancellationError())
        } catch {
            logger.info("Open Library look-up of \(work.id) failed: \(error)")
            return (.retry, error)
        }
    }

    /// Authors on Wikidata: those with a known Wikidata id (from the bundled table, Open Library
    /// or a reader) by id, fifty at a time; the others by a search for their name, decided by
    /// ``AuthorMatch/decide(name:among:)``.
    func lookUp(_ authors: [AuthorSubject]) async -> [(AuthorSubject, (LookupOutcome, (any Error)?))] {
        var results: [(AuthorSubject, (LookupOutcome, (any Error)?))] = []
        let known = authors.filter { $0.wikidataID != nil }
        if !known.isEmpty {
            do {
                results += try await identify(known)
            } catch ProviderError.unreachable(let why) {
                results += known.map { ($0, (.retry, ProviderError.unreachable(why))) }
            } catch {
                // One request for them all failed: each alone, so that one bad answer does not
                // hold back the others.
                logger.info("Wikidata look-up of \(known.count) ids failed (\(error)); asking for each alone")
                for author in known {
                    do { results += try await identify([author]) } catch let alone {
                        results.append((author, (.retry, alone)))
                    }
                }
            }
        }
        for author in authors where author.wikidataID == nil {
            results.append((author, await search(author)))
        }
        return results
    }

    /// Authors whose Wikidata id is known, in one request: their facts recorded, found or not.
    private func identify(_ known: [AuthorSubject]) async throws -> [(AuthorSubject, (LookupOutcome, (any Error)?))] {
        var results: [(AuthorSubject, (LookupOutcome, (any Error)?))] = []
        let entities = try await wikidata.entities(known.compactMap(\.wikidataID))
        let people = known.compactMap { author in entities[author.wikidataID!].map { (author, WikidataPerson($0)) } }
        let places = try await birthCountries(people.map(\.1))
        var facts: [PlannedAuthorFact] = []
        for author in known {
            guard let entity = entities[author.wikidataID!], WikidataPerson(entity).isHuman else {
                results.append((author, (.notFound, nil)))
                continue
            }
            let person = WikidataPerson(entity)
            facts += person.facts(at: clock(), birthCountry: person.birthPlace.flatMap { places[$0] })
                .filter { $0.kind != .wikidataID || author.wikidataSource != .user }
                .map { PlannedAuthorFact(authorID: author.id, assertion: $0) }
            results.append((author, (.done, nil)))
        }
        try await store.enrichment.record(facts, now: clock())
        return results
    }

    /// One author by name: search, read the people found, decide without guessing.
    private func search(_ author: AuthorSubject) async -> (LookupOutcome, (any Error)?) {
        do {
            let ids = try await wikidata.search(author.name)
            guard !ids.isEmpty else { return (.notFound, nil) }
            let entities = try await wikidata.entities(ids)
            switch AuthorMatch.decide(name: author.name, among: ids.compactMap { entities[$0] }) {
            case .none:
                return (.notFound, nil)
            case .found(let person):
                let places = try await birthCountries([person])
                let facts = person.facts(at: clock(), birthCountry: person.birthPlace.flatMap { places[$0] })
                try await store.enrichment.record(
                    facts.map { PlannedAuthorFact(authorID: author.id, assertion: $0) }, now: clock())
                // Wikidata knows who this is: the bundled table's namesakes need no answer.
                try await store.enrichment.closeCandidates(of: author.id, now: clock())
                return (.done, nil)
            case .ambiguous(let people):
                let now = clock()
                try await store.enrichment.propose(
                    people.prefix(5).map { person in
                        AuthorCandidate(
                            authorID: author.id, source: .wikidata, reference: person.id,
                            label: person.entity.label ?? author.name, description: person.summary,
                            facts: person.facts(at: now))
                    }, now: now)
                return (.ambiguous, nil)
            }
        } catch is CancellationError {
            return (.retry, CancellationError())
        } catch {
            logger.info("Wikidata search for an author failed: \(error)")
            return (.retry, error)
        }
    }

    /// The countries of the birthplaces of people whose citizenship Wikidata does not give (P19
    /// → the place's P17 country, or the place itself when it is a country).
    private func birthCountries(_ people: [WikidataPerson]) async throws -> [String: WikidataCountry] {
        let places = people.filter { $0.citizenship == nil }.compactMap(\.birthPlace)
        guard !places.isEmpty else { return [:] }
        var out: [String: WikidataCountry] = [:]
        var unresolved: [String] = []
        for place in places {
            if let country = WikidataCountry.resolve(place) { out[place] = country } else { unresolved.append(place) }
        }
        guard !unresolved.isEmpty else { return out }
        let entities = try await wikidata.entities(unresolved)
        for place in unresolved {
            if let country = entities[place]?.items("P17").lazy.compactMap(WikidataCountry.resolve).first {
                out[place] = country
            }
        }
        return out
    }

    // MARK: Questions

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
final class Wake: @unchecked Sendable {
    private let lock = NSLock()
    private var action: (@Sendable () -> Void)?

    func set(_ action: @escaping @Sendable () -> Void) { lock.withLock { self.action = action } }
    func ring() { lock.withLock { action }?() }
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
