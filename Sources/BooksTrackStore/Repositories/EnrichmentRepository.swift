import BooksTrackCore
import Foundation
import SQLKit

/// An author to look up, as the enrichment job needs them.
public struct AuthorSubject: Sendable, Hashable {
    public var id: Author.ID
    public var name: String
    /// The Wikidata item already known for the author (from the bundled table, Open Library or
    /// a reader), when there is one.
    public var wikidataID: String?
    /// Where ``wikidataID`` came from.
    public var wikidataSource: FactSource?
    /// How many times a look-up was tried.
    public var attempts: Int
}

/// A book to look up on Open Library: by its ISBNs when it has some (the edition, surely), else
/// by title and author.
public struct WorkSubject: Sendable, Hashable {
    public var id: Work.ID
    public var title: String
    public var isbns: [String]
    /// Whether the first publication year is still unknown.
    public var needsYear: Bool
    /// Whether the original language is still unknown.
    public var needsLanguage: Bool = false
    /// Whether the book has no genre yet.
    public var needsGenres: Bool = false
    /// The book's authors and their names, in order.
    public var authors: [(id: Author.ID, name: String)]
    public var attempts: Int

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && lhs.isbns == rhs.isbns && lhs.authors.map(\.id) == rhs.authors.map(\.id)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// How one look-up ended.
public enum LookupOutcome: String, Sendable {
    /// Found and recorded.
    case done
    /// The source does not know the subject.
    case notFound = "not-found"
    /// Several people fit: the reader is asked.
    case ambiguous
    /// Failed for now (network, rate limit); tried again after a pause.
    case retry
    /// Failed too often; not tried again until the reader asks for a new look-up.
    case failed
}

/// Enrichment state shared by every app server: which authors and works were looked up (the
/// `enrichment_jobs` table, one row per subject and provider), the response cache, the
/// candidates waiting for a reader, and the automatic facts themselves.
public struct EnrichmentRepository: Sendable {
    let database: Database

    public static let authorProvider = "wikidata"
    public static let workProvider = "openlibrary"

    /// The authors of a reader's books (as author, not translator), as a subquery; with
    /// `entries`, only those books'.
    static func readerAuthors(_ userID: User.ID, entries: [LibraryEntry.ID]? = nil) -> SQLQueryString {
        """
        SELECT DISTINCT c.author_id FROM library_entries e JOIN work_contributors c ON c.work_id = e.work_id
        WHERE \(scope(userID, entries)) AND c.role = 'author'
        """
    }

    /// `e` is the reader's entry (with `entries`, one of those): a few books are found by id, not
    /// by walking the reader's library (`ScopeColumn`).
    static func scope(_ userID: User.ID, _ entries: [LibraryEntry.ID]?) -> SQLQueryString {
        guard let entries else { return "e.user_id = \(bind: userID.string)" }
        guard !entries.isEmpty else { return "false" }
        return "\(ScopeColumn("e.user_id")) = \(bind: userID.string) AND e.id IN (\(binds: entries.map(\.string)))"
    }

    /// Marks every author and book of the reader (with `entries`, of those books) that was never
    /// looked up as waiting for a look-up; subjects looked up before keep their state. Returns
    /// how many were added.
    @discardableResult
    public func queue(for userID: User.ID, entries: [LibraryEntry.ID]? = nil, now: Date) async throws -> Int {
        if entries?.isEmpty == true { return 0 }
        return try await database.write { db in
            let stamp = now.milliseconds
            let authors = try await db.raw(
                """
                INSERT INTO enrichment_jobs (id, subject_kind, subject_id, provider, status, attempts, next_attempt_at,
                    created_at, updated_at)
                SELECT 'author:wikidata:' || a.author_id, 'author', a.author_id, 'wikidata', 'pending', 0, \(bind: stamp),
                    \(bind: stamp), \(bind: stamp)
                FROM (\(Self.readerAuthors(userID, entries: entries))) a WHERE true
                ON CONFLICT (subject_kind, subject_id, provider) DO NOTHING
                RETURNING id
                """
            ).count()
            let works = try await db.raw(
                """
                INSERT INTO enrichment_jobs (id, subject_kind, subject_id, provider, status, attempts, next_attempt_at,
                    created_at, updated_at)
                SELECT 'work:openlibrary:' || w.work_id, 'work', w.work_id, 'openlibrary', 'pending', 0, \(bind: stamp),
                    \(bind: stamp), \(bind: stamp)
                FROM (SELECT DISTINCT e.work_id FROM library_entries e LEFT JOIN editions d ON d.id = e.edition_id
                      JOIN works k ON k.id = e.work_id
                      WHERE \(Self.scope(userID, entries))
                          AND (d.isbn13 IS NOT NULL OR d.isbn10 IS NOT NULL OR k.first_published_year IS NULL)) w
                WHERE true
                ON CONFLICT (subject_kind, subject_id, provider) DO NOTHING
                RETURNING id
                """
            ).count()
            return authors + works
        }
    }

    /// The authors of the reader's books (with `entries`, of those books), with their names;
    /// with `onlyNew`, only those never queued for a look-up (new since the last import).
    public func authors(for userID: User.ID, entries: [LibraryEntry.ID]? = nil, onlyNew: Bool = false) async throws
        -> [(id: Author.ID, name: String)]
    {
        if entries?.isEmpty == true { return [] }
        return try await database.read { db in
            let new: SQLQueryString =
                onlyNew
                ? "AND NOT EXISTS (SELECT 1 FROM enrichment_jobs j WHERE j.subject_kind = 'author' AND j.subject_id = a.id)"
                : ""
            return try await db.raw(
                """
                SELECT a.id, a.name FROM authors a WHERE a.id IN (\(Self.readerAuthors(userID, entries: entries))) \(new)
                ORDER BY a.sort_name, a.id
                """
            ).all().map { (id: try $0.id("id", as: Author.self), name: try $0.text("name")) }
        }
    }

    /// Looks an author up again (a strong identification arrived from another source, such as
    /// Open Library's link to Wikidata), unless they were found already.
    public func reopen(author id: Author.ID, now: Date) async throws {
        try await database.write { db in
            try await db.raw(
                """
                UPDATE enrichment_jobs SET status = 'pending', attempts = 0, next_attempt_at = \(bind: now.milliseconds),
                    updated_at = \(bind: now.milliseconds)
                WHERE subject_kind = 'author' AND subject_id = \(bind: id.string) AND status IN ('not-found', 'ambiguous', 'failed')
                """
            ).run()
        }
    }

    /// Puts failed look-ups of the reader's authors and books back in the queue (a reader asked
    /// for a new look-up).
    public func retryFailed(for userID: User.ID, now: Date) async throws {
        try await database.write { db in
            try await db.raw(
                """
                UPDATE enrichment_jobs SET status = 'pending', attempts = 0, next_attempt_at = \(bind: now.milliseconds),
                    updated_at = \(bind: now.milliseconds)
                WHERE status IN ('failed', 'retry') AND subject_kind = 'author'
                    AND subject_id IN (\(Self.readerAuthors(userID)))
                """
            ).run()
        }
    }

    /// The reader's authors due for a look-up, oldest first.
    public func dueAuthors(for userID: User.ID, now: Date, limit: Int) async throws -> [AuthorSubject] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT a.id, a.name, j.attempts FROM enrichment_jobs j JOIN authors a ON a.id = j.subject_id
                WHERE j.subject_kind = 'author' AND j.provider = 'wikidata' AND j.status IN ('pending', 'retry')
                    AND j.next_attempt_at <= \(bind: now.milliseconds) AND j.subject_id IN (\(Self.readerAuthors(userID)))
                ORDER BY j.created_at, j.subject_id LIMIT \(literal: limit)
                """
            ).all().map { row in
                AuthorSubject(
                    id: try row.id("id"), name: try row.text("name"), wikidataID: nil, wikidataSource: nil,
                    attempts: try row.integer("attempts"))
            }
        }.withWikidata(on: database)
    }

    /// The reader's books due for a look-up, with their ISBNs and authors.
    public func dueWorks(for userID: User.ID, now: Date, limit: Int) async throws -> [WorkSubject] {
        try await database.read { db in
            let rows = try await db.raw(
                """
                SELECT w.id, w.title, w.first_published_year, w.original_language, w.genres, j.attempts
                FROM enrichment_jobs j JOIN works w ON w.id = j.subject_id
                WHERE j.subject_kind = 'work' AND j.provider = 'openlibrary' AND j.status IN ('pending', 'retry')
                    AND j.next_attempt_at <= \(bind: now.milliseconds)
                    AND j.subject_id IN (SELECT work_id FROM library_entries WHERE user_id = \(bind: userID.string))
                ORDER BY j.created_at, j.subject_id LIMIT \(literal: limit)
                """
            ).all()
            var subjects: [WorkSubject] = []
            for row in rows {
                let id: Work.ID = try row.id("id")
                var isbns: [String] = []
                for edition in try await db.raw(
                    """
                    SELECT DISTINCT d.isbn13, d.isbn10 FROM library_entries e JOIN editions d ON d.id = e.edition_id
                    WHERE e.user_id = \(bind: userID.string) AND e.work_id = \(bind: id.string)
                    """
                ).all() {
                    for isbn in [try edition.optionalText("isbn13"), try edition.optionalText("isbn10")].compactMap({ $0 })
                    where !isbns.contains(isbn) {
                        isbns.append(isbn)
                    }
                }
                let authors = try await db.raw(
                    """
                    SELECT c.author_id, a.name FROM work_contributors c JOIN authors a ON a.id = c.author_id
                    WHERE c.work_id = \(bind: id.string) AND c.role = 'author' ORDER BY c.ordinal
                    """
                ).all().map { (id: try $0.id("author_id", as: Author.self), name: try $0.text("name")) }
                subjects.append(
                    WorkSubject(
                        id: id, title: try row.text("title"), isbns: isbns,
                        needsYear: try row.optionalInteger("first_published_year") == nil,
                        needsLanguage: try row.optionalText("original_language") == nil,
                        needsGenres: try row.json("genres", as: [String].self).isEmpty, authors: authors,
                        attempts: try row.integer("attempts")))
            }
            return subjects
        }
    }

    /// What is looked up: an author (on Wikidata) or a book (on Open Library).
    public enum Subject: Sendable, Hashable {
        case author(Author.ID)
        case work(Work.ID)

        var kind: String { if case .author = self { "author" } else { "work" } }
        var provider: String { if case .author = self { authorProvider } else { workProvider } }
        var id: String {
            switch self {
            case .author(let id): id.string
            case .work(let id): id.string
            }
        }
    }

    /// Records how the look-up of a subject ended. A retry waits `retryAfter`.
    public func finish(
        _ subject: Subject, _ outcome: LookupOutcome, error: String? = nil, retryAfter: TimeInterval = 0, now: Date
    ) async throws {
        let (kind, provider, subject) = (subject.kind, subject.provider, subject.id)
        try await database.write { db in
            try await db.raw(
                """
                UPDATE enrichment_jobs SET status = \(bind: outcome.rawValue), attempts = attempts + 1,
                    next_attempt_at = \(bind: now.addingTimeInterval(retryAfter).milliseconds), last_error = \(bind: error),
                    updated_at = \(bind: now.milliseconds)
                WHERE subject_kind = \(bind: kind) AND provider = \(bind: provider) AND subject_id = \(bind: subject)
                """
            ).run()
        }
    }

    /// When the reader's next look-up is due, if one waits.
    public func nextDue(for userID: User.ID) async throws -> Date? {
        try await database.read { db in
            try await db.raw(
                """
                SELECT MIN(next_attempt_at) AS due FROM enrichment_jobs
                WHERE status IN ('pending', 'retry') AND (
                    (subject_kind = 'author' AND subject_id IN (\(Self.readerAuthors(userID))))
                    OR (subject_kind = 'work' AND subject_id IN
                        (SELECT work_id FROM library_entries WHERE user_id = \(bind: userID.string))))
                """
            ).first()?.optionalInstant("due")
        }
    }

    /// How far the look-ups of the reader's authors have got.
    public func progress(for userID: User.ID, now: Date) async throws -> EnrichmentProgress {
        try await database.read { db in
            let row = try await db.raw(
                """
                SELECT COUNT(*) AS authors,
                    SUM(CASE WHEN j.status IN ('done', 'not-found', 'ambiguous', 'failed') THEN 1 ELSE 0 END) AS done,
                    SUM(CASE WHEN j.status = 'retry' THEN 1 ELSE 0 END) AS retrying,
                    SUM(CASE WHEN j.status = 'ambiguous' THEN 1 ELSE 0 END) AS ambiguous
                FROM (\(Self.readerAuthors(userID))) a
                LEFT JOIN enrichment_jobs j ON j.subject_kind = 'author' AND j.provider = 'wikidata' AND j.subject_id = a.author_id
                """
            ).first()
            // Books too: a look-up that could not reach Open Library stops before the authors.
            let unreachable =
                try await db.raw(
                    """
                    SELECT COUNT(*) AS n FROM enrichment_jobs WHERE status = 'retry' AND last_error LIKE 'unreachable%' AND (
                        (subject_kind = 'author' AND subject_id IN (\(Self.readerAuthors(userID))))
                        OR (subject_kind = 'work' AND subject_id IN
                            (SELECT work_id FROM library_entries WHERE user_id = \(bind: userID.string))))
                    """
                ).first()?.optionalInteger("n") ?? 0
            let job = try await db.raw(
                """
                SELECT status FROM jobs WHERE kind = 'enrich' AND subject = \(bind: userID.string)
                    AND (status = 'running' OR (status = 'queued' AND run_after <= \(bind: now.milliseconds)))
                """
            ).first()
            return EnrichmentProgress(
                authors: try row?.optionalInteger("authors") ?? 0, done: try row?.optionalInteger("done") ?? 0,
                retrying: try row?.optionalInteger("retrying") ?? 0, ambiguous: try row?.optionalInteger("ambiguous") ?? 0,
                running: job != nil, unreachable: unreachable)
        }
    }

    /// How many of the reader's read books have an author whose gender, and whose region, is
    /// known (what `bookstrack enrich` reports).
    public func coverage(for userID: User.ID) async throws -> (read: Int, gender: Int, region: Int) {
        try await database.read { db in
            let row = try await db.raw(
                """
                SELECT COUNT(*) AS n,
                    SUM(CASE WHEN EXISTS (SELECT 1 FROM work_contributors c JOIN authors a ON a.id = c.author_id
                        WHERE c.work_id = e.work_id AND c.role = 'author' AND a.gender IS NOT NULL) THEN 1 ELSE 0 END) AS gender,
                    SUM(CASE WHEN EXISTS (SELECT 1 FROM work_contributors c JOIN authors a ON a.id = c.author_id
                        WHERE c.work_id = e.work_id AND c.role = 'author' AND a.region IS NOT NULL) THEN 1 ELSE 0 END) AS region
                FROM library_entries e WHERE e.user_id = \(bind: userID.string) AND e.status = 'read'
                """
            ).first()
            return (
                try row?.optionalInteger("n") ?? 0, try row?.optionalInteger("gender") ?? 0,
                try row?.optionalInteger("region") ?? 0
            )
        }
    }

    // MARK: Facts

    /// Records automatic facts (a look-up's or the bundled table's) about shared authors. A
    /// statement its source already made with the same value is not repeated, so running a
    /// look-up twice adds nothing; a person's answer still wins (see ``AuthorFactAssertion/winner(among:)``).
    /// Returns how many statements were new.
    @discardableResult
    public func record(_ facts: [PlannedAuthorFact], now: Date) async throws -> Int {
        guard !facts.isEmpty else { return 0 }
        return try await database.changing { db, changes in
            let ids = Array(Set(facts.map(\.authorID)))
            let history = try await FactRows.history(of: ids, on: db)
            let fresh = facts.filter { fact in
                let same = (history[fact.authorID] ?? []).filter {
                    $0.kind == fact.assertion.kind && $0.provenance.source == fact.assertion.provenance.source
                }
                guard let latest = same.last else { return true }
                return latest.value != fact.assertion.value || latest.provenance.detail != fact.assertion.provenance.detail
            }
            let added = try await FactRows.record(fresh, now: now, on: db)
            if added > 0 { changes.authors(Set(fresh.map(\.authorID))) }
            return added
        }
    }
}

extension Array where Element == AuthorSubject {
    /// Adds the Wikidata id each author already has (current fact and its source).
    fileprivate func withWikidata(on database: Database) async throws -> [AuthorSubject] {
        let ids = map(\.id)
        let authors = try await database.read { db in try await CatalogueRows.authors(ids, as: nil, on: db) }
        return map { subject in
            var subject = subject
            subject.wikidataID = authors[subject.id]?.wikidataID?.value
            subject.wikidataSource = authors[subject.id]?.wikidataID?.provenance.source
            return subject
        }
    }
}

extension Store {
    public var enrichment: EnrichmentRepository { EnrichmentRepository(database: database) }
}
