import BooksTrackCore
import Foundation
import SQLKit

extension ReaderStore {
    /// The result of adding a book by hand.
    public enum AddOutcome: Sendable, Equatable {
        case added(LibraryEntry.ID)
        /// The book (matched by ISBN or by title and author) is already in the library.
        case alreadyInLibrary(LibraryEntry.ID)
    }

    /// Adds a book by hand. It is matched against the catalogue like an imported row, so a book
    /// another reader already has shares its work and authors.
    public func add(_ draft: BookDraft, today: LocalDate, now: Date) async throws -> AddOutcome {
        let userID = self.userID
        let batch = ImportBatch(format: .backup, records: [draft.record(today: today)])
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
    public func update(_ entryID: LibraryEntry.ID, with draft: BookDraft, today: LocalDate, now: Date) async throws -> Bool {
        let userID = self.userID
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
                    entry.editionID, of: entry.workID, owner: userID, details: draft.editionDetails, isbn: draft.isbn,
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

    /// The entry, if it is this reader's; otherwise "not found" (never "forbidden").
    static func entry(_ entryID: LibraryEntry.ID, of userID: User.ID, on db: any SQLDatabase) async throws -> LibraryEntry {
        guard let entry = try await ownedEntry(entryID, of: userID, on: db) else {
            throw StoreError.notFound(.entry(entryID))
        }
        return entry
    }

    /// The entry, if it is this reader's; `nil` for another reader's id and for one that does not exist.
    static func ownedEntry(_ entryID: LibraryEntry.ID, of userID: User.ID, on db: any SQLDatabase) async throws -> LibraryEntry? {
        guard
            let row = try await db.raw(
                """
                SELECT work_id FROM library_entries WHERE id = \(bind: entryID.string) AND user_id = \(bind: userID.string)
                """
            ).first()
        else { return nil }
        return try await EntryRows.entries(of: userID, works: [try row.id("work_id")], on: db).first
    }
}

/// Changing a shared work and its edition.
enum WorkEditing {
    /// Whether saving `draft` would change the work or its edition: the title, the authors or
    /// translators (by name, as they resolve), the original language, the year, own voices, the
    /// edition's details or an ISBN the work does not have yet.
    static func changes(_ workID: Work.ID, edition editionID: Edition.ID?, to draft: BookDraft, on db: any SQLDatabase)
        async throws -> Bool
    {
        guard let work = try await CatalogueRows.works([workID], on: db)[workID] else { return true }
        guard
            work.title == draft.title, work.originalLanguage?.code == draft.originalLanguage?.code,
            work.firstPublishedYear == draft.firstPublishedYear, work.ownVoices == draft.ownVoices
        else { return true }
        if let isbn = draft.isbn, !work.identifiers.contains(ExternalID(.isbn, isbn.isbn13)) { return true }
        let translatorIDs = work.contributors.filter { $0.role == .translator }.map(\.authorID)
        var names: [Author.ID: String] = [:]
        for row in try await db.rows(
            in: (work.authorIDs + translatorIDs).map(\.string), { "SELECT id, name FROM authors WHERE id IN (\(binds: $0))" })
        {
            names[try row.id("id")] = try row.text("name")
        }
        /// Names as ``authorIDs(for:now:on:)`` resolves them: by their key, each once.
        func keys(_ names: [String]) -> [String] {
            var seen = Set<String>()
            return names.map { Author(name: $0).nameKey }.filter { seen.insert($0).inserted }
        }
        guard keys(draft.authors) == keys(work.authorIDs.compactMap { names[$0] }),
            keys(draft.translators) == keys(translatorIDs.compactMap { names[$0] })
        else { return true }
        guard let editionID else { return !draft.editionDetails.isEmpty }
        guard let current = try await CatalogueRows.editions([editionID], on: db)[editionID]?.details else { return true }
        return merged(current, with: draft.editionDetails) != current
    }

    /// An edition's details after an edit: what the form edits replaced, the rest kept.
    static func merged(_ current: EditionDetails, with details: EditionDetails) -> EditionDetails {
        var merged = current
        merged.isbn10 = details.isbn10
        merged.isbn13 = details.isbn13
        merged.publisher = details.publisher
        merged.pageCount = details.pageCount
        merged.format = details.format
        merged.binding = details.format == current.format ? current.binding : details.binding
        merged.language = details.language
        return merged
    }

    static func update(_ workID: Work.ID, from draft: BookDraft, now: Date, on db: any SQLDatabase) async throws {
        let authorIDs = try await Self.authorIDs(for: draft.authors, now: now, on: db)
        let translatorIDs = try await Self.authorIDs(for: draft.translators, now: now, on: db)
        try await db.raw(
            """
            UPDATE works SET title = \(bind: draft.title), title_key = \(bind: TextNormalization.titleKey(draft.title)),
                match_key = \(bind: Work.matchKey(title: draft.title, primaryAuthor: draft.authors.first)),
                original_language = \(bind: draft.originalLanguage?.code), first_published_year = \(bind: draft.firstPublishedYear),
                own_voices = \(bind: draft.ownVoices?.rawValue), updated_at = \(bind: now.milliseconds)
            WHERE id = \(bind: workID.string)
            """
        ).run()
        try await db.raw(
            "DELETE FROM work_contributors WHERE work_id = \(bind: workID.string) AND role IN ('author', 'translator')"
        ).run()
        var rows: [[SQLValue]] = []
        for (ordinal, id) in authorIDs.enumerated() { rows.append([workID.string, id.string, "author", ordinal]) }
        for (ordinal, id) in translatorIDs.enumerated() { rows.append([workID.string, id.string, "translator", 1000 + ordinal]) }
        try await db.insertRows(into: "work_contributors", columns: ["work_id", "author_id", "role", "ordinal"], rows: rows)
    }

    /// The ids of authors with these names, creating the ones the catalogue lacks.
    static func authorIDs(for names: [String], now: Date, on db: any SQLDatabase) async throws -> [Author.ID] {
        // The shared find-or-create: names already known resolve to their rows.
        let authors = names.map { Author(name: $0) }
        let resolved = try await CatalogueRows.insert(authors: authors, now: now, on: db)
        let ids = authors.map { resolved[$0.id] ?? $0.id }
        var seen = Set<Author.ID>()
        return ids.filter { seen.insert($0).inserted }
    }

    /// Updates the entry's edition (creating one when it has none and there is something to
    /// record) and registers a new ISBN. Returns the edition id.
    static func updateEdition(
        _ editionID: Edition.ID?, of workID: Work.ID, owner userID: User.ID, details: EditionDetails, isbn: ISBN?,
        now: Date, on db: any SQLDatabase
    ) async throws -> Edition.ID? {
        var id = editionID
        if let editionID {
            let merged = merged(
                try await CatalogueRows.editions([editionID], on: db)[editionID]?.details ?? details, with: details)
            try await CatalogueRows.update(edition: Edition(id: editionID, workID: workID, details: merged), on: db)
        } else if !details.isEmpty {
            let edition = Edition(workID: workID, details: details)
            try await CatalogueRows.insert(editions: [edition], now: now, on: db)
            id = edition.id
        }
        if let isbn,
            try await db.raw(
                """
                SELECT 1 AS found FROM external_ids x JOIN works ON works.id = x.work_id
                WHERE x.scheme = 'isbn' AND x.value = \(bind: isbn.isbn13) AND works.owner_id = \(bind: userID.string)
                """
            ).first() == nil
        {
            try await CatalogueRows.insert(
                identifiers: [
                    NewIdentifier(id: ExternalID(.isbn, isbn.isbn13), target: IdentifierTarget(workID: workID, editionID: id))
                ],
                on: db)
        }
        return id
    }
}
