import BooksTrackCore
import Foundation
import SQLKit

/// A reader's books as they add, change and remove them: by hand, one at a time (imports are
/// ``ImportStore``'s), with what they know about the books' authors.
public struct BookStore: ReaderScoped {
    /// The reader whose books these are.
    public let userID: User.ID
    let database: Database

    /// The result of adding a book by hand.
    public enum AddOutcome: Sendable, Equatable {
        case added(LibraryEntry.ID)
        /// The book (matched by ISBN or by title and author) is already in the library.
        case alreadyInLibrary(LibraryEntry.ID)
    }

    /// Adds a book by hand (a draft its rules passed). It is matched against the catalogue like an
    /// imported row, so a book another reader already has shares its work and authors.
    public func add(_ draft: BookDraft.Checked, today: LocalDate, now: Date) async throws -> AddOutcome {
        let userID = self.userID
        let batch = ImportBatch(format: .backup, records: [draft.draft.record(today: today)])
        let dialect = database.dialect
        return try await changing(entries: true) { db, changes in
            // One catalogue write of a reader at a time: twenty identical adds at once (a
            // double-tapped button, three tabs, three servers) find the first one's book.
            try await ReaderLock.take(userID, on: db, dialect: dialect)
            let context = try await ImportContextLoader.context(
                for: ImportPlanner.lookupKeys(for: batch.records), userID: userID, now: now, on: db)
            let plan = ImportPlanner.plan(batch, context: context, dryRun: false)
            guard let outcome = plan.report.outcomes.first, let entryID = outcome.entryID else {
                throw StoreError.invalid(.untitledBook)
            }
            if outcome.kind != .imported {
                changes.entries([], of: userID)
                return .alreadyInLibrary(entryID)
            }
            changes.entries([entryID], of: userID)
            let written = try await PlanWriter(db: db, userID: userID, now: now, progress: nil).write(plan, readerData: nil)
            changes.works(plan.workFills.keys)
            changes.works(plan.editionFills.map(\.workID))
            changes.authors(written.authorFacts.map(\.authorID))
            return .added(entryID)
        }
    }

    /// Changes a book: its shared catalogue details (title, authors, edition…) and the reader's
    /// own (status, rating, shelves, notes…). A status change follows ``EntryState/changingStatus(to:on:)``.
    /// Returns whether the work or its edition changed (the rest was the reader's own fields).
    @discardableResult
    public func update(_ entryID: LibraryEntry.ID, with checked: BookDraft.Checked, today: LocalDate, now: Date) async throws
        -> Bool
    {
        let (userID, draft) = (self.userID, checked.draft)
        let dialect = database.dialect
        return try await changing(entries: true) { db, changes in
            try await ReaderLock.take(userID, on: db, dialect: dialect)
            var entry = try await Self.entry(entryID, of: userID, on: db)
            changes.entries([entryID], of: userID)
            // A draft that changes only the reader's own fields (status, rating, shelves, notes…)
            // leaves the work alone: a shared work stays shared, and nobody else's figures move.
            let catalogue = try await WorkEditing.changes(entry.workID, edition: entry.editionID, to: draft, on: db)
            if catalogue {
                // The reader edits their own copy: a public record is forked first (SPEC F9).
                (entry.workID, entry.editionID) = try await WorkOwnership.own(
                    entry.workID, edition: entry.editionID, for: userID, now: now, on: db)
                changes.works([entry.workID])
                try await WorkEditing.update(entry.workID, from: draft, now: now, on: db)
                entry.editionID = try await WorkEditing.updateEdition(
                    entry.editionID, of: entry.workID, owner: userID, details: draft.editionDetails, isbn: draft.isbn.newISBN,
                    now: now, on: db)
            }
            var state = entry.state.status == draft.status ? entry.state : entry.state.changingStatus(to: draft.status, on: today)
            state.rating = draft.rating
            state.owned = draft.owned
            state.addedOn = draft.addedOn ?? state.addedOn
            state.currentPage = draft.currentPage
            state.shelves = EntryState.normalizedShelves(draft.shelves)
            state.review = draft.review
            state.notes = draft.notes
            entry.state = state
            entry.updatedAt = now
            try await EntryRows.replace([entry], on: db)
            return catalogue
        }
    }

    /// Moves a book to another status: finishing records the day, re-reading keeps history.
    public func changeStatus(of entryID: LibraryEntry.ID, to status: ReadingStatus, today: LocalDate, now: Date) async throws {
        let userID = self.userID
        try await changing(entries: true) { db, changes in
            var entry = try await Self.entry(entryID, of: userID, on: db)
            guard entry.state.status != status else { return changes.entries([], of: userID) }
            changes.entries([entryID], of: userID)
            entry.state = entry.state.changingStatus(to: status, on: today)
            entry.updatedAt = now
            try await EntryRows.replace([entry], on: db)
        }
    }

    /// Removes a book from the library, with its readings and sessions. The shared work stays.
    public func delete(_ entryID: LibraryEntry.ID) async throws {
        let userID = self.userID
        try await changing(entries: true) { db, changes in
            _ = try await Self.entry(entryID, of: userID, on: db)
            changes.entries([entryID], of: userID)
            try await db.raw(
                "DELETE FROM library_entries WHERE id = \(bind: entryID.string) AND user_id = \(bind: userID.string)"
            ).run()
        }
    }

    /// Records the reader's answer about an author of one of their books (shared with every
    /// reader, with the reader as its source). `nil` clears the fact.
    public func recordFact(_ kind: AuthorFactKind, _ value: String?, about authorID: Author.ID, now: Date) async throws {
        try await recordFacts([(kind, value)], about: authorID, now: now)
    }

    /// Records several answers about an author at once: all of them, or none when one is invalid.
    public func recordFacts(_ facts: [(AuthorFactKind, String?)], about authorID: Author.ID, now: Date) async throws {
        let userID = self.userID
        let assertions = try facts.map { kind, value in
            var canonical: String?
            if let value {
                guard let checked = kind.canonical(value) else {
                    throw StoreError.invalid(.factValue(kind, value))
                }
                canonical = checked
            }
            return PlannedAuthorFact(
                authorID: authorID,
                assertion: AuthorFactAssertion(
                    kind: kind, value: canonical, provenance: Provenance(source: .user, userID: userID, recordedAt: now)))
        }
        guard !assertions.isEmpty else { return }
        // The author's change reaches this reader (and every other with a book by them) as an
        // author change: their entries are as they were.
        try await changing(entries: true) { db, changes in
            changes.entries([], of: userID)
            let known = try await db.raw(
                """
                SELECT 1 AS found FROM library_entries e JOIN work_contributors c ON c.work_id = e.work_id
                WHERE e.user_id = \(bind: userID.string) AND c.author_id = \(bind: authorID.string)
                """
            ).first()
            guard known != nil else { throw StoreError.notFound(.authorInLibrary(authorID)) }
            try await FactRows.record(assertions, now: now, on: db)
            changes.authors([authorID])
        }
    }
}
