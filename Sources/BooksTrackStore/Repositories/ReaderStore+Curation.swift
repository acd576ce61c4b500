import BooksTrackCore
import Foundation
import SQLKit

/// What saving a prompt's answer did.
public struct CurationOutcome: Sendable, Hashable {
    /// The contribution recorded; `nil` when the answer changed nothing (it was already the
    /// reader's answer, e.g. a double submit), which earns no points.
    public var contribution: Contribution?
    /// The reader's books the answer filled in (all of the author's books, for an author fact).
    public var books: Int
    /// True when this answer unlocked the Curator badge.
    public var unlockedCurator: Bool

    public var points: Int { contribution?.points ?? 0 }
}

/// One line of a reader's contributions history, with the names it refers to.
public struct ContributionRecord: Sendable, Hashable {
    public var contribution: Contribution
    public var authorName: String?
    public var workTitle: String?
}

extension ReaderStore {
    /// Saves a reader's answer to a prompt about one of their books, in one transaction: the
    /// fact (author facts with the reader as their source; the reader's answer wins over
    /// automatic ones), the contribution with its points, and the Curator badge at 5.
    public func answer(
        _ change: FactChange, fact: BookFact, for entryID: LibraryEntry.ID, note: String?, now: Date
    ) async throws -> CurationOutcome {
        let userID = self.userID
        let note = note?.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Curation.noteLimit).description
        return try await database.write { db in
            // The reader's row first: two submits of the same answer wait for each other here,
            // and the second finds nothing left to change.
            try await Versions.bump(reader: userID, catalogue: true, on: db)
            guard
                let row = try await db.raw(
                    """
                    SELECT work_id, edition_id FROM library_entries
                    WHERE id = \(bind: entryID.string) AND user_id = \(bind: userID.string)
                    """
                ).first()
            else { throw StoreError.notFound("There is no such book in your library.") }
            let workID: Work.ID = try row.id("work_id")
            let editionID: Edition.ID? = try row.optionalID("edition_id")
            var books = 1
            let changed: Bool
            switch change {
            case .author(let authorID, let kind, let value):
                books = try await Self.authorBooks(authorID, of: workID, userID: userID, on: db)
                changed = try await Self.recordAuthorFact(authorID, kind: kind, value: value, userID: userID, now: now, on: db)
            default:
                changed = try await Self.apply(change, to: workID, entryID: entryID, editionID: editionID, now: now, on: db)
            }
            guard changed else { return CurationOutcome(contribution: nil, books: books, unlockedCurator: false) }
            let contribution = Contribution(
                userID: userID, authorID: change.authorID, workID: workID, fact: fact.rawValue, value: change.storedValue,
                note: note?.isEmpty == false ? note : nil, points: Curation.points(books: books), recordedAt: now)
            try await ActivityRows.insert(contributions: [contribution], on: db)
            let count =
                try await db.raw("SELECT COUNT(*) AS n FROM contributions WHERE user_id = \(bind: userID.string)").first()?
                .integer("n") ?? 0
            var unlocked = false
            if count >= Curation.levels[0].threshold {
                let had = try await db.raw(
                    """
                    SELECT 1 AS found FROM achievement_unlocks
                    WHERE user_id = \(bind: userID.string) AND achievement = \(bind: Curation.achievement)
                    """
                ).first()
                if had == nil {
                    try await ActivityRows.insert(
                        achievements: [AchievementUnlock(achievement: Curation.achievement, unlockedAt: now)], userID: userID,
                        on: db)
                    unlocked = true
                }
            }
            return CurationOutcome(contribution: contribution, books: books, unlockedCurator: unlocked)
        }
    }

    /// Remembers that the reader skipped a question about a book (asked again after 30 days).
    public func skip(_ fact: BookFact, for entryID: LibraryEntry.ID, now: Date) async throws {
        let userID = self.userID
        try await database.write { db in
            let entry = try await Self.entry(entryID, of: userID, on: db)
            try await db.raw(
                """
                INSERT INTO prompt_skips (user_id, work_id, dimension, skipped_at)
                VALUES (\(bind: userID.string), \(bind: entry.workID.string), \(bind: fact.rawValue), \(bind: now.milliseconds))
                ON CONFLICT (user_id, work_id, dimension) DO UPDATE SET skipped_at = excluded.skipped_at
                """
            ).run()
        }
    }

    /// The questions the reader skipped (all of them; the 30 days are counted by the caller).
    public func promptSkips() async throws -> [PromptSkip] {
        let userID = self.userID
        return try await database.read { db in
            try await db.raw("SELECT * FROM prompt_skips WHERE user_id = \(bind: userID.string)").all().compactMap { row in
                guard let fact = BookFact(rawValue: try row.text("dimension")) else { return nil }
                return PromptSkip(workID: try row.id("work_id"), fact: fact, skippedAt: try row.instant("skipped_at"))
            }
        }
    }

    /// What a question about one book needs without loading the whole library: how many of the
    /// reader's books these authors wrote, and the reader's original languages by frequency.
    public func promptContext(authors: [Author.ID], primaryLanguage: LanguageCode?) async throws -> ProfilingPrompts.Context {
        let userID = self.userID
        return try await database.read { db in
            var counts: [Author.ID: Int] = [:]
            for row in try await db.rows(
                in: authors.map(\.string),
                {
                    """
                    SELECT c.author_id, COUNT(DISTINCT e.id) AS n FROM library_entries e
                    JOIN work_contributors c ON c.work_id = e.work_id AND c.role = 'author'
                    WHERE e.user_id = \(bind: userID.string) AND c.author_id IN (\(binds: $0)) GROUP BY c.author_id
                    """
                })
            {
                counts[try row.id("author_id")] = try row.integer("n")
            }
            let languages = try await db.raw(
                """
                SELECT w.original_language AS language, COUNT(*) AS n FROM library_entries e JOIN works w ON w.id = e.work_id
                WHERE e.user_id = \(bind: userID.string) AND w.original_language IS NOT NULL
                GROUP BY w.original_language ORDER BY n DESC, language ASC LIMIT 8
                """
            ).all().compactMap { LanguageCode(lenient: try $0.text("language")) }
            return ProfilingPrompts.Context(
                booksByAuthor: counts,
                languages: ProfilingPrompts.likelyLanguages(primary: primaryLanguage, byFrequency: languages))
        }
    }

    /// The reader's contributions, oldest first.
    public func contributions() async throws -> [Contribution] {
        let userID = self.userID
        return try await database.read { try await ActivityRows.contributions(of: userID, on: $0) }
    }

    /// The reader's contributions, newest first, with the author's name and the book's title.
    public func contributionHistory() async throws -> [ContributionRecord] {
        let userID = self.userID
        return try await database.read { db in
            let contributions = try await ActivityRows.contributions(of: userID, on: db)
            let authors = try await CatalogueRows.authors(Array(Set(contributions.compactMap(\.authorID))), on: db)
            let works = try await CatalogueRows.works(Array(Set(contributions.compactMap(\.workID))), on: db)
            return contributions.reversed().map {
                ContributionRecord(
                    contribution: $0, authorName: $0.authorID.flatMap { authors[$0]?.name },
                    workTitle: $0.workID.flatMap { works[$0]?.title })
            }
        }
    }

    /// The reader's books by an author who wrote this work; not found when they did not.
    static func authorBooks(_ authorID: Author.ID, of workID: Work.ID, userID: User.ID, on db: any SQLDatabase) async throws
        -> Int
    {
        let wrote = try await db.raw(
            """
            SELECT 1 AS found FROM work_contributors
            WHERE work_id = \(bind: workID.string) AND author_id = \(bind: authorID.string) AND role = 'author'
            """
        ).first()
        guard wrote != nil else { throw StoreError.notFound("This person is not among the book’s authors.") }
        return try await db.raw(
            """
            SELECT COUNT(DISTINCT e.id) AS n FROM library_entries e JOIN work_contributors c ON c.work_id = e.work_id
            WHERE e.user_id = \(bind: userID.string) AND c.author_id = \(bind: authorID.string) AND c.role = 'author'
            """
        ).first()?.integer("n") ?? 1
    }

    /// Records the reader's statement unless a person's statement with this value already
    /// stands. Returns whether anything changed.
    static func recordAuthorFact(
        _ authorID: Author.ID, kind: AuthorFactKind, value: String, userID: User.ID, now: Date, on db: any SQLDatabase
    ) async throws -> Bool {
        let history = try await FactRows.history(of: [authorID], on: db)[authorID] ?? []
        if let winner = AuthorFactAssertion.winner(among: history.filter { $0.kind == kind }),
            winner.value == value, winner.provenance.source.isEnteredByPerson
        {
            return false
        }
        let assertion = AuthorFactAssertion(
            kind: kind, value: value, provenance: Provenance(source: .user, userID: userID, recordedAt: now))
        return try await FactRows.record([PlannedAuthorFact(authorID: authorID, assertion: assertion)], now: now, on: db) > 0
    }

    /// Applies a work or edition fact. Returns whether anything changed.
    static func apply(
        _ change: FactChange, to workID: Work.ID, entryID: LibraryEntry.ID, editionID: Edition.ID?, now: Date,
        on db: any SQLDatabase
    ) async throws -> Bool {
        guard let work = try await CatalogueRows.works([workID], on: db)[workID] else {
            throw StoreError.notFound("There is no such book.")
        }
        let stamp = now.milliseconds
        switch change {
        case .author:
            return false
        case .originalLanguage(let language):
            guard work.originalLanguage != language else { return false }
            try await db.raw(
                """
                UPDATE works SET original_language = \(bind: language.code), updated_at = \(bind: stamp)
                WHERE id = \(bind: workID.string)
                """
            ).run()
        case .firstPublished(let year):
            guard work.firstPublishedYear != year else { return false }
            try await db.raw(
                "UPDATE works SET first_published_year = \(bind: year), updated_at = \(bind: stamp) WHERE id = \(bind: workID.string)"
            ).run()
        case .ownVoices(let answer):
            guard work.ownVoices != answer else { return false }
            try await db.raw(
                "UPDATE works SET own_voices = \(bind: answer.rawValue), updated_at = \(bind: stamp) WHERE id = \(bind: workID.string)"
            ).run()
        case .accessibility(let tag):
            guard !work.accessibilityTags.contains(tag) else { return false }
            try await db.raw(
                """
                UPDATE works SET accessibility_tags = \(bind: JSONColumn.text(work.accessibilityTags + [tag])),
                    updated_at = \(bind: stamp) WHERE id = \(bind: workID.string)
                """
            ).run()
        case .readingLanguage(let language):
            if let editionID, var edition = try await CatalogueRows.editions([editionID], on: db)[editionID] {
                guard edition.details.language != language else { return false }
                edition.details.language = language
                try await CatalogueRows.update(edition: edition, on: db)
            } else {
                var details = EditionDetails()
                details.language = language
                let edition = Edition(workID: workID, details: details)
                try await CatalogueRows.insert(editions: [edition], now: now, on: db)
                try await db.raw(
                    """
                    UPDATE library_entries SET edition_id = \(bind: edition.id.string), updated_at = \(bind: stamp)
                    WHERE id = \(bind: entryID.string)
                    """
                ).run()
            }
        }
        return true
    }
}
