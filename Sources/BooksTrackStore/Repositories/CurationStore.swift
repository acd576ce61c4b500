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

/// A reader's curation (SPEC F4): their answers to the questions about their books and the
/// books' authors, the questions they skipped, and the contributions their answers earned.
public struct CurationStore: ReaderScoped {
    /// The reader whose curation this is.
    public let userID: User.ID
    let database: Database

    /// Saves a reader's answer to a prompt about one of their books, in one transaction: the
    /// fact (author facts with the reader as their source; the reader's answer wins over
    /// automatic ones), and the contribution and badges ``Curation/award(_:changed:books:userID:workID:note:contributions:unlocked:now:)``
    /// decides.
    public func answer(
        _ change: FactChange, for entryID: LibraryEntry.ID, note: String?, now: Date
    ) async throws -> CurationOutcome {
        let userID = self.userID
        let dialect = database.dialect
        // What an answer changes: the entry (its work may become the reader's own copy), a shared
        // work or author, and the reader's contributions and badges.
        return try await changing(entries: true) { db, changes in
            changes.entries([entryID], of: userID)
            changes.activity(of: userID)
            // One answer of a reader at a time: two submits of the same answer wait for each
            // other here, and the second finds nothing left to change.
            try await ReaderLock.take(userID, on: db, dialect: dialect)
            guard
                let row = try await db.raw(
                    """
                    SELECT work_id, edition_id FROM library_entries
                    WHERE id = \(bind: entryID.string) AND user_id = \(bind: userID.string)
                    """
                ).first()
            else { throw StoreError.notFound(.entry(entryID)) }
            var workID: Work.ID = try row.id("work_id")
            let editionID: Edition.ID? = try row.optionalID("edition_id")
            var books = 1
            let changed: Bool
            switch change {
            case .author(let authorID, let kind, let value):
                books = try await Self.authorBooks(authorID, of: workID, userID: userID, on: db)
                let history = try await FactRows.history(of: [authorID], on: db)[authorID] ?? []
                changed = change.changesAuthorFact(history: history)
                if changed {
                    let assertion = AuthorFactAssertion(
                        kind: kind, value: value, provenance: Provenance(source: .user, userID: userID, recordedAt: now))
                    try await FactRows.record([PlannedAuthorFact(authorID: authorID, assertion: assertion)], now: now, on: db)
                    changes.authors([authorID])
                }
            default:
                // A fact about the book is the reader's word: it goes on their own copy (SPEC F9).
                let work = try await WorkOwnership.own(workID, edition: editionID, for: userID, now: now, on: db)
                workID = work.0
                changed = try await Self.apply(change, to: workID, entryID: entryID, editionID: work.1, now: now, on: db)
                changes.works([workID])
            }
            guard changed else { return CurationOutcome(contribution: nil, books: books, unlockedCurator: false) }
            let award = Curation.award(
                change, changed: true, books: books, userID: userID, workID: workID, note: note,
                contributions: try await ActivityRows.contributionCount(of: userID, on: db),
                unlocked: Set(try await ActivityRows.achievements(of: userID, on: db).map(\.achievement)), now: now)
            if let contribution = award.contribution { try await ActivityRows.insert(contributions: [contribution], on: db) }
            _ = try await AchievementStore.unlock(award.unlocks, of: userID, now: now, on: db)
            return CurationOutcome(
                contribution: award.contribution, books: books,
                unlockedCurator: award.unlocks.contains { $0.achievement == Curation.achievement })
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
            let authors = try await CatalogueRows.authors(Array(Set(contributions.compactMap(\.authorID))), as: userID, on: db)
            let works = try await CatalogueRows.works(Array(Set(contributions.compactMap(\.workID))), on: db)
            return contributions.reversed().map {
                ContributionRecord(
                    contribution: $0, authorName: $0.authorID.flatMap { authors[$0]?.name },
                    workTitle: $0.workID.flatMap { works[$0]?.title })
            }
        }
    }

    /// Records curator points.
    public func record(_ contribution: Contribution) async throws {
        let userID = self.userID
        var contribution = contribution
        contribution.userID = userID
        let owned = contribution
        try await changing(entries: true) { db, changes in
            changes.activity(of: userID)
            try await ActivityRows.insert(contributions: [owned], on: db)
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
        guard wrote != nil else { throw StoreError.notFound(.authorOfBook(authorID)) }
        return try await db.raw(
            """
            SELECT COUNT(DISTINCT e.id) AS n FROM library_entries e JOIN work_contributors c ON c.work_id = e.work_id
            WHERE e.user_id = \(bind: userID.string) AND c.author_id = \(bind: authorID.string) AND c.role = 'author'
            """
        ).first()?.integer("n") ?? 1
    }

    /// Applies a work or edition fact as ``FactChange/applied(to:)`` decides. Returns whether
    /// anything changed.
    static func apply(
        _ change: FactChange, to workID: Work.ID, entryID: LibraryEntry.ID, editionID: Edition.ID?, now: Date,
        on db: any SQLDatabase
    ) async throws -> Bool {
        guard let work = try await CatalogueRows.works([workID], on: db)[workID] else {
            throw StoreError.notFound(.work(workID))
        }
        if let changed = change.applied(to: work) {
            try await CatalogueRows.update(facts: changed, now: now, on: db)
            return true
        }
        guard case .readingLanguage = change else { return false }
        if let editionID, let edition = try await CatalogueRows.editions([editionID], on: db)[editionID] {
            guard let details = change.applied(to: edition.details) else { return false }
            try await CatalogueRows.update(edition: Edition(id: editionID, workID: workID, details: details), on: db)
        } else {
            let edition = Edition(workID: workID, details: change.applied(to: EditionDetails()) ?? EditionDetails())
            try await CatalogueRows.insert(editions: [edition], now: now, on: db)
            try await db.raw(
                """
                UPDATE library_entries SET edition_id = \(bind: edition.id.string), updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: entryID.string)
                """
            ).run()
        }
        return true
    }
}
