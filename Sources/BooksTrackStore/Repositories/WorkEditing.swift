import BooksTrackCore
import Foundation
import SQLKit

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
        if let isbn = draft.isbn.newISBN, !work.identifiers.contains(ExternalID(.isbn, isbn.isbn13)) { return true }
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
