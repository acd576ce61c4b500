import BooksTrackCore
import Foundation

/// A reader's whole library read on SQLite through ``SQLiteRowReader``: the same values as
/// `EntryRows.entries(of:on:)`, `CatalogueRows.works/editions/authors` and
/// `FactRows.history` give (`WholeLibraryReadTests` compares them on real libraries), each table
/// read once and its columns taken by position. Works, their contributors and identifiers, and
/// editions are joined from the reader's entries (a reader has a work once: `UNIQUE (user_id,
/// work_id)`), which SQLite does in half the time of `id IN (subquery)` and, for contributors,
/// without sorting by the work's text id: they come in `ordinal` order, so each work's are in
/// order.
enum WholeLibraryRows {
    struct Catalogue: Sendable {
        var entries: [LibraryEntry]
        var works: [Work.ID: Work]
        var editions: [Edition.ID: Edition]
        var authors: [Author.ID: Author]
    }

    /// Every author and contributor of the reader's books (an author of many books many times:
    /// read with `IN`, which takes each once).
    private static let authors = """
        SELECT c.author_id FROM work_contributors c JOIN library_entries e ON e.work_id = c.work_id
        WHERE e.user_id = ?1
        """

    static func catalogue(of userID: User.ID, _ session: SQLiteRowReader.Session) throws -> Catalogue {
        let user = [userID.string]
        return Catalogue(
            entries: try entries(of: user, session), works: try works(of: user, session),
            editions: try editions(of: user, session), authors: try authors(of: user, session))
    }

    private static func entries(of user: [String], _ session: SQLiteRowReader.Session) throws -> [LibraryEntry] {
        var entries: [LibraryEntry] = []
        try session.rows(
            """
            SELECT id, user_id, work_id, edition_id, status, rating_quarters, owned, added_on, read_count,
                current_page, review, notes, extras, created_at, updated_at
            FROM library_entries WHERE user_id = ?1
            """, user
        ) { row in
            entries.append(
                LibraryEntry(
                    id: try row.id(0), userID: try row.id(1), workID: try row.id(2), editionID: row.optionalID(3),
                    state: EntryState(
                        status: ReadingStatus(rawValue: row.text(4)) ?? .toRead,
                        rating: row.optionalInteger(5).flatMap(Rating.init(quarters:)), owned: row.integer(6) != 0,
                        addedOn: row.optionalDate(7), readCount: row.optionalInteger(8),
                        currentPage: row.optionalInteger(9), review: row.optionalText(10), notes: row.optionalText(11),
                        extras: try JSONColumn.map(row.text(12))),
                    createdAt: row.instant(13), updatedAt: row.instant(14)))
        }
        // In id order, as the other read gives them.
        entries = EntryRows.inIDOrder(entries)
        var position: [String: Int] = [:]
        position.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { position[entry.id.string] = index }
        var shelves: [Int: [String]] = [:]
        try session.rows("SELECT entry_id, name FROM entry_shelves WHERE user_id = ?1", user) { row in
            if let index = position[row.text(0)] { shelves[index, default: []].append(row.text(1)) }
        }
        for (index, names) in shelves { entries[index].state.shelves = EntryState.normalizedShelves(names) }
        var readings: [Int: [Reading]] = [:]
        try session.rows(
            "SELECT id, entry_id, started_on, finished_on, outcome, origin FROM readings WHERE user_id = ?1", user
        ) { row in
            guard let index = position[row.text(1)] else { return }
            readings[index, default: []].append(
                Reading(
                    id: try row.id(0), startedOn: row.optionalDate(2), finishedOn: row.optionalDate(3),
                    outcome: Reading.Outcome(rawValue: row.text(4)) ?? .finished,
                    origin: Reading.Origin(row.text(5)) ?? .user))
        }
        for (index, list) in readings {
            entries[index].state.readings = EntryRows.inReadingOrder(list)
        }
        return entries
    }

    private static func works(of user: [String], _ session: SQLiteRowReader.Session) throws -> [Work.ID: Work] {
        var works: [Work.ID: Work] = [:]
        try session.rows(
            """
            SELECT w.id, w.title, w.original_language, w.first_published_year, w.genres, w.own_voices,
                w.accessibility_tags
            FROM library_entries e JOIN works w ON w.id = e.work_id WHERE e.user_id = ?1
            """, user
        ) { row in
            let id: Work.ID = try row.id(0)
            works[id] = Work(
                id: id, title: row.text(1), authorIDs: [],
                originalLanguage: row.optionalText(2).flatMap(LanguageCode.init(lenient:)),
                firstPublishedYear: row.optionalInteger(3), genres: try JSONColumn.strings(row.text(4)),
                ownVoices: row.optionalText(5).flatMap(YesNo.init(rawValue:)),
                accessibilityTags: try JSONColumn.strings(row.text(6)))
        }
        try session.rows(
            """
            SELECT c.work_id, c.author_id, c.role
            FROM library_entries e JOIN work_contributors c ON c.work_id = e.work_id WHERE e.user_id = ?1
            ORDER BY c.ordinal
            """, user
        ) { row in
            let workID: Work.ID = try row.id(0)
            let authorID: Author.ID = try row.id(1)
            let role = ContributorRole(rawValue: row.text(2)) ?? .contributor
            if role == .author {
                works[workID]?.authorIDs.append(authorID)
            } else {
                works[workID]?.contributors.append(Contributor(authorID: authorID, role: role))
            }
        }
        var several = Set<Dictionary<Work.ID, Work>.Index>()
        try session.rows(
            """
            SELECT x.scheme, x.value, x.work_id
            FROM library_entries e JOIN external_ids x ON x.work_id = e.work_id WHERE e.user_id = ?1
            """, user
        ) { row in
            guard let scheme = ExternalID.Scheme(rawValue: row.text(0)),
                let index = works.index(forKey: try row.id(2))
            else { return }
            // In place: reading a work out of the dictionary (`works[id]!.…`) copies it whole.
            works.values[index].identifiers.append(ExternalID(scheme, row.text(1)))
            if works.values[index].identifiers.count > 1 { several.insert(index) }
        }
        for index in several { works.values[index].identifiers.sort() }
        return works
    }

    private static func editions(of user: [String], _ session: SQLiteRowReader.Session) throws
        -> [Edition.ID: Edition]
    {
        var editions: [Edition.ID: Edition] = [:]
        try session.rows(
            """
            SELECT d.id, d.work_id, d.isbn10, d.isbn13, d.publisher, d.publication_year, d.page_count, d.format,
                d.binding, d.language
            FROM library_entries e JOIN editions d ON d.id = e.edition_id WHERE e.user_id = ?1
            """, user
        ) { row in
            let edition = Edition(
                id: try row.id(0), workID: try row.id(1),
                details: EditionDetails(
                    isbn10: row.optionalText(2), isbn13: row.optionalText(3), publisher: row.optionalText(4),
                    year: row.optionalInteger(5), pageCount: row.optionalInteger(6),
                    format: row.optionalText(7).flatMap(BookFormat.init(rawValue:)), binding: row.optionalText(8),
                    language: row.optionalText(9).flatMap(LanguageCode.init(lenient:))))
            editions[edition.id] = edition
        }
        return editions
    }

    private static func authors(of user: [String], _ session: SQLiteRowReader.Session) throws -> [Author.ID: Author] {
        var authors: [Author.ID: Author] = [:]
        try session.rows("SELECT id, name, sort_name FROM authors WHERE id IN (\(Self.authors))", user) { row in
            let author = Author(id: try row.id(0), name: row.text(1), sortName: row.text(2))
            authors[author.id] = author
        }
        var facts: [Author.ID: [AuthorFactAssertion]] = [:]
        try session.rows(
            """
            SELECT author_id, kind, value, source, user_id, recorded_at, detail FROM author_facts
            WHERE author_id IN (\(Self.authors)) ORDER BY recorded_at, id
            """, user
        ) { row in
            guard let kind = AuthorFactKind(rawValue: row.text(1)), let source = FactSource(rawValue: row.text(3)) else {
                return
            }
            facts[try row.id(0), default: []].append(
                AuthorFactAssertion(
                    kind: kind, value: row.optionalText(2),
                    provenance: Provenance(
                        source: source, userID: row.optionalID(4), recordedAt: row.instant(5),
                        detail: row.optionalText(6))))
        }
        for (id, assertions) in facts { authors[id]?.apply(assertions: assertions) }
        // The reader's own spellings (``CatalogueRows/record(spellings:of:on:)``).
        try session.rows("SELECT author_id, name, sort_name FROM reader_author_names WHERE user_id = ?1", user) { row in
            let id: Author.ID = try row.id(0)
            authors[id]?.name = row.text(1)
            authors[id]?.sortName = row.text(2)
        }
        return authors
    }
}
