import BooksTrackCore
import Foundation

/// A reader's whole library read on SQLite through ``SQLiteRowReader``: the same values as
/// `EntryRows.entries(of:on:)`, `CatalogueRows.works/editions/authors` and
/// `FactRows.history` give (`WholeLibraryReadTests` compares them on real libraries), each table
/// read once and its columns taken by position. Works, their contributors and identifiers, and
/// editions are joined from the reader's entries (a reader has a work once: `UNIQUE (user_id,
/// work_id)`), which SQLite does in half the time of `id IN (subquery)`; the authors are those
/// the contributors named, bound as one list rather than found by that join twice more.
/// Identifiers are parsed from the columns' bytes, and texts many books repeat are kept once
/// (``Interned``): at 100,000 books the read took 2.7 s and now takes ~1.4 s (issue 42).
enum WholeLibraryRows {
    struct Catalogue: Sendable {
        var entries: [LibraryEntry]
        var works: DenseDictionary<Work.ID, Work>
        var editions: DenseDictionary<Edition.ID, Edition>
        var authors: [Author.ID: Author]
    }

    static func catalogue(of userID: User.ID, _ session: SQLiteRowReader.Session) throws -> Catalogue {
        let user = [userID.string]
        var strings = Interned()
        let entries = try entries(of: user, session, &strings)
        var authorIDs = Set<Author.ID>()
        let works = try works(of: user, count: entries.count, session, &strings, authors: &authorIDs)
        let editions = try editions(of: user, count: entries.count, session, &strings)
        let authors = try authors(authorIDs, of: user, session)
        return Catalogue(entries: entries, works: works, editions: editions, authors: authors)
    }

    /// Texts many rows repeat (a shelf, a genre list, a publisher), each kept once: a library of
    /// 100,000 books has a few hundred of them, not a copy in every row.
    struct Interned {
        private var texts: Set<String> = []
        private var lists: [String: [String]] = [:]
        private var shelfSets: [[String]: [String]] = [:]
        private var languages: [String: LanguageCode?] = [:]

        mutating func text(_ text: String) -> String { texts.insert(text).memberAfterInsert }

        mutating func text(_ text: String?) -> String? { text.map { self.text($0) } }

        /// A book's shelves in their order (``EntryState/normalizedShelves(_:)``), each set once.
        mutating func shelves(_ names: [String]) -> [String] {
            if let kept = shelfSets[names] { return kept }
            let shelves = EntryState.normalizedShelves(names)
            shelfSets[names] = shelves
            return shelves
        }

        /// A language column read once per distinct text (``LanguageCode/init(lenient:)`` trims
        /// and looks up names: a few microseconds, for every work and edition).
        mutating func language(_ text: String?) -> LanguageCode? {
            guard let text else { return nil }
            if let kept = languages[text] { return kept }
            let code = LanguageCode(lenient: text)
            languages[text] = code
            return code
        }

        /// A JSON list column read once per distinct text, its items interned.
        mutating func list(_ json: String) throws -> [String] {
            if json == "[]" { return [] }
            if let kept = lists[json] { return kept }
            let list = try JSONColumn.strings(json).map { text($0) }
            lists[json] = list
            return list
        }
    }

    private static func entries(of user: [String], _ session: SQLiteRowReader.Session, _ strings: inout Interned) throws
        -> [LibraryEntry]
    {
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
        var position: [LibraryEntry.ID: Int] = [:]
        position.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { position[entry.id] = index }
        // Each entry's shelves and readings by its position (no dictionary of lists).
        var shelves = [[String]](repeating: [], count: entries.count)
        try session.rows("SELECT entry_id, name FROM entry_shelves WHERE user_id = ?1", user) { row in
            if let index = position[try row.id(0)] { shelves[index].append(strings.text(row.text(1))) }
        }
        for (index, names) in shelves.enumerated() where !names.isEmpty {
            entries[index].state.shelves = strings.shelves(names)
        }
        var readings = [[Reading]](repeating: [], count: entries.count)
        try session.rows(
            "SELECT id, entry_id, started_on, finished_on, outcome, origin FROM readings WHERE user_id = ?1", user
        ) { row in
            guard let index = position[try row.id(1)] else { return }
            readings[index].append(
                Reading(
                    id: try row.id(0), startedOn: row.optionalDate(2), finishedOn: row.optionalDate(3),
                    outcome: Reading.Outcome(rawValue: row.text(4)) ?? .finished,
                    origin: Reading.Origin(row.text(5)) ?? .user))
        }
        for (index, list) in readings.enumerated() where !list.isEmpty {
            entries[index].state.readings = EntryRows.inReadingOrder(list)
        }
        return entries
    }

    /// The reader's works, with every author and contributor of them put in `authors`.
    private static func works(
        of user: [String], count: Int, _ session: SQLiteRowReader.Session, _ strings: inout Interned,
        authors: inout Set<Author.ID>
    ) throws -> DenseDictionary<Work.ID, Work> {
        var works: DenseDictionary<Work.ID, Work> = [:]
        works.reserveCapacity(count)
        var credits: [(ordinal: Int, index: Int, author: Author.ID, role: ContributorRole)] = []
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
                originalLanguage: strings.language(row.optionalText(2)),
                firstPublishedYear: row.optionalInteger(3), genres: try strings.list(row.text(4)),
                ownVoices: row.optionalText(5).flatMap(YesNo.init(rawValue:)),
                accessibilityTags: try strings.list(row.text(6)))
        }
        try session.rows(
            """
            SELECT c.work_id, c.author_id, c.role, c.ordinal
            FROM library_entries e JOIN work_contributors c ON c.work_id = e.work_id WHERE e.user_id = ?1
            """, user
        ) { row in
            let workID: Work.ID = try row.id(0)
            let authorID: Author.ID = try row.id(1)
            authors.insert(authorID)
            guard let index = works.index(forKey: workID) else { return }
            credits.append(
                (row.integer(3), index, authorID, ContributorRole(rawValue: row.text(2)) ?? .contributor))
        }
        // Each work's in `ordinal` order: sorted here (stable, small values) rather than by
        // SQLite, which sorted all of them through a temporary tree.
        credits.sort { $0.ordinal < $1.ordinal }
        for (_, index, authorID, role) in credits {
            if role == .author {
                works[valueAt: index].authorIDs.append(authorID)
            } else {
                works[valueAt: index].contributors.append(Contributor(authorID: authorID, role: role))
            }
        }
        var several = Set<Int>()
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
            works[valueAt: index].identifiers.append(ExternalID(scheme, row.text(1)))
            if works[valueAt: index].identifiers.count > 1 { several.insert(index) }
        }
        for index in several { works[valueAt: index].identifiers.sort() }
        return works
    }

    private static func editions(
        of user: [String], count: Int, _ session: SQLiteRowReader.Session, _ strings: inout Interned
    ) throws -> DenseDictionary<Edition.ID, Edition> {
        var editions: DenseDictionary<Edition.ID, Edition> = [:]
        editions.reserveCapacity(count)
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
                    isbn10: row.optionalText(2), isbn13: row.optionalText(3), publisher: strings.text(row.optionalText(4)),
                    year: row.optionalInteger(5), pageCount: row.optionalInteger(6),
                    format: row.optionalText(7).flatMap(BookFormat.init(rawValue:)), binding: strings.text(row.optionalText(8)),
                    language: strings.language(row.optionalText(9))))
            editions[edition.id] = edition
        }
        return editions
    }

    /// The authors of `ids` with their facts and the reader's own spellings. The ids are bound as
    /// one JSON list (a few thousand at 100,000 books): the join that found them is not run again.
    static func authors(_ ids: some Collection<Author.ID>, of user: [String], _ session: SQLiteRowReader.Session) throws
        -> [Author.ID: Author]
    {
        var authors: [Author.ID: Author] = [:]
        authors.reserveCapacity(ids.count)
        let list = ["[" + ids.map { "\"\($0.string)\"" }.joined(separator: ",") + "]"]
        let chosen = "SELECT value FROM json_each(?1)"
        try session.rows("SELECT id, name, sort_name FROM authors WHERE id IN (\(chosen))", list) { row in
            let author = Author(id: try row.id(0), name: row.text(1), sortName: row.text(2))
            authors[author.id] = author
        }
        var facts: [Author.ID: [AuthorFactAssertion]] = [:]
        try session.rows(
            """
            SELECT author_id, kind, value, source, user_id, recorded_at, detail FROM author_facts
            WHERE author_id IN (\(chosen)) ORDER BY recorded_at, id
            """, list
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
