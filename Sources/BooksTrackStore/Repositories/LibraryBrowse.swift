import BooksTrackCore
import Foundation
import SQLKit

/// A reader's library as they browse it (SPEC F1): pages of books matching a query, their
/// counts, shelves and badges, one book with everything its page shows, and its authors.
public struct LibraryBrowse: ReaderScoped {
    /// The reader whose library this is.
    public let userID: User.ID
    let database: Database

    /// A page of the reader's books matching a query (SPEC F1). Filters run in SQL on both
    /// databases; a book matches a region or gender filter when any of its authors does.
    ///
    /// With the reader's `kept` library (an app server's, up to date), an unfiltered page comes
    /// from it whole (``ReaderLibrary/page(_:)``); a filtered one asks the database only for the
    /// count and the page's ids: the rows, author names and shelves come from it.
    public func list(_ query: LibraryQuery, primaryLanguage: LanguageCode?, kept: ReaderLibrary? = nil) async throws
        -> LibraryPage
    {
        if let kept, let page = kept.page(query) { return page }
        let userID = self.userID
        return try await database.read { db in
            let filter = LibraryFilterSQL(query: query, userID: userID, primaryLanguage: primaryLanguage)
            // Unfiltered, the count needs no join (every entry has its work).
            let counting: SQLQueryString =
                query.isFiltered
                ? "SELECT COUNT(*) AS n \(filter.fromWhere)"
                : "SELECT COUNT(*) AS n FROM library_entries WHERE user_id = \(bind: userID.string)"
            let total = try await db.raw(counting).first()?.integer("n") ?? 0
            // The page's ids first, sorting only what the order needs; then the page's details:
            // the columns (a reading's finish day among them) for 50 rows, not for the library.
            let ids = try await db.raw(
                """
                SELECT e.id \(filter.fromWhere)
                ORDER BY \(unsafeRaw: filter.orderBy)
                LIMIT \(literal: LibraryQuery.pageSize) OFFSET \(literal: query.offset)
                """
            ).all().map { try $0.text("id") }
            guard !ids.isEmpty else { return LibraryPage(items: [], total: total, query: query) }
            if let kept, let items = kept.listItems(ids) { return LibraryPage(items: items, total: total, query: query) }
            let rows = try await db.raw(
                """
                SELECT e.id, e.work_id, e.status, e.rating_quarters, e.owned, e.added_on, w.title, w.first_published_year,
                    ed.format, (SELECT MAX(r.finished_on) FROM readings r WHERE r.entry_id = e.id) AS finished_on
                FROM library_entries e JOIN works w ON w.id = e.work_id LEFT JOIN editions ed ON ed.id = e.edition_id
                WHERE \(ScopeColumn("e.user_id")) = \(bind: userID.string) AND e.id IN (\(binds: ids))
                """
            ).all()
            let position = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
            var items = try rows.map { row in
                LibraryListItem(
                    entryID: try row.id("id"), workID: try row.id("work_id"), title: try row.text("title"), authors: [],
                    status: ReadingStatus(rawValue: try row.text("status")) ?? .toRead,
                    rating: try row.optionalInteger("rating_quarters").flatMap(Rating.init(quarters:)),
                    owned: try row.flag("owned"),
                    addedOn: try row.optionalDate("added_on"), finishedOn: try row.optionalDate("finished_on"),
                    firstPublishedYear: try row.optionalInteger("first_published_year"),
                    format: try row.optionalText("format").flatMap(BookFormat.init(rawValue:)), shelves: [])
            }
            items.sort { position[$0.entryID.string, default: 0] < position[$1.entryID.string, default: 0] }
            if let kept {
                kept.attachNamesAndShelves(&items)
            } else {
                try await Self.attachNamesAndShelves(&items, userID: userID, on: db)
            }
            return LibraryPage(items: items, total: total, query: query)
        }
    }

    /// How many of the reader's books match a query, without fetching any.
    public func count(_ query: LibraryQuery, primaryLanguage: LanguageCode?) async throws -> Int {
        let userID = self.userID
        return try await database.read { db in
            let filter = LibraryFilterSQL(query: query, userID: userID, primaryLanguage: primaryLanguage)
            return try await db.raw("SELECT COUNT(*) AS n \(filter.fromWhere)").first()?.integer("n") ?? 0
        }
    }

    private static func attachNamesAndShelves(_ items: inout [LibraryListItem], userID: User.ID, on db: any SQLDatabase)
        async throws
    {
        guard !items.isEmpty else { return }
        var names: [String: [String]] = [:]
        for row in try await db.rows(
            in: items.map(\.workID.string),
            {
                """
                SELECT c.work_id, COALESCE(n.name, a.name) AS name FROM work_contributors c
                JOIN authors a ON a.id = c.author_id
                LEFT JOIN reader_author_names n ON n.author_id = c.author_id AND n.user_id = \(bind: userID.string)
                WHERE c.role = 'author' AND c.work_id IN (\(binds: $0)) ORDER BY c.work_id, c.ordinal
                """
            })
        {
            names[try row.text("work_id"), default: []].append(try row.text("name"))
        }
        var shelves: [String: [String]] = [:]
        for row in try await db.rows(
            in: items.map(\.entryID.string),
            {
                "SELECT entry_id, name FROM entry_shelves WHERE \(ScopeColumn("user_id")) = \(bind: userID.string) AND entry_id IN (\(binds: $0))"
            })
        {
            shelves[try row.text("entry_id"), default: []].append(try row.text("name"))
        }
        for index in items.indices {
            items[index].authors = names[items[index].workID.string] ?? []
            items[index].shelves = EntryState.normalizedShelves(shelves[items[index].entryID.string] ?? [])
        }
    }

    /// The reader's shelves with their book counts, most used first.
    public func shelves() async throws -> [ShelfCount] {
        let userID = self.userID
        return try await database.read { db in
            try await db.raw(
                """
                SELECT MIN(name) AS name, COUNT(*) AS n FROM entry_shelves WHERE user_id = \(bind: userID.string)
                GROUP BY name_key ORDER BY n DESC, name_key
                """
            ).all().map { ShelfCount(name: try $0.text("name"), count: try $0.integer("n")) }
        }
    }

    /// One of the reader's books with its work, edition, people, sessions and fact history; `nil`
    /// when it is not this reader's.
    public func detail(of entryID: LibraryEntry.ID) async throws -> EntryDetail? {
        let userID = self.userID
        return try await database.read { db in
            guard
                let entry = try await Self.ownedEntry(entryID, of: userID, on: db),
                let work = try await CatalogueRows.works([entry.workID], on: db)[entry.workID]
            else { return nil }
            let people = try await CatalogueRows.authors(work.namedAuthorIDs, as: userID, on: db)
            let sessions = try await ActivityRows.sessions(of: userID, entry: entryID, on: db)
            let percent = try await db.raw(
                """
                SELECT percent FROM progress_updates WHERE user_id = \(bind: userID.string) AND entry_id = \(bind: entryID.string)
                ORDER BY recorded_at DESC, id DESC LIMIT 1
                """
            ).first()?.optionalInteger("percent")
            return EntryDetail(
                entry: entry, work: work,
                edition: try await entry.editionID.asyncMap { try await CatalogueRows.editions([$0], on: db)[$0] } ?? nil,
                authors: work.authorIDs.compactMap { people[$0] },
                contributors: work.contributors.compactMap { c in people[c.authorID].map { ($0, c.role) } },
                sessions: sessions.sorted(by: ReadingSession.newestFirst),
                factHistory: try await FactRows.history(of: Array(people.keys), on: db), percentRead: percent)
        }
    }

    /// How many books the reader has, by status.
    public func statusCounts() async throws -> [ReadingStatus: Int] {
        let userID = self.userID
        return try await database.read { db in
            var counts: [ReadingStatus: Int] = [:]
            for row in try await db.raw(
                """
                SELECT status, COUNT(*) AS n FROM library_entries WHERE user_id = \(bind: userID.string) GROUP BY status
                """
            ).all() {
                if let status = ReadingStatus(rawValue: try row.text("status")) { counts[status] = try row.integer("n") }
            }
            return counts
        }
    }

    /// One entry, if it is this reader's.
    public func entry(_ id: LibraryEntry.ID) async throws -> LibraryEntry? {
        let userID = self.userID
        return try await database.read { try await Self.ownedEntry(id, of: userID, on: $0) }
    }

    /// How many of the books a query matches carry each identity badge (a book counts once per
    /// badge however many of its authors have it). Empty when the reader sees no badge at all.
    public func badgeCounts(_ query: LibraryQuery, primaryLanguage: LanguageCode?) async throws -> [IdentityBadgeKind: Int] {
        let userID = self.userID
        return try await database.read { db in
            let any = try await db.raw(
                "SELECT 1 AS found FROM identity_badges WHERE user_id = \(bind: userID.string) OR shared = 1 LIMIT 1"
            ).first()
            guard any != nil else { return [:] }
            // From the badges (few) to the reader's books that carry them — by the work's own
            // badge, or an author's through the work's contributors — then, of those books, the
            // ones the query matches (by id); never every book against every badge. Two plain
            // queries, because one with the filter as an `IN` subquery was planned badly by the
            // bundled SQLite (150 ms at 10,000 books against 20 ms in the shell).
            let carried = try await db.raw(
                """
                SELECT b.badge AS badge, e.id AS entry_id FROM identity_badges b
                JOIN library_entries e ON e.work_id = b.subject_id AND e.user_id = b.user_id
                WHERE b.subject_kind = 'work' AND b.user_id = \(bind: userID.string)
                UNION ALL
                SELECT b.badge AS badge, e.id AS entry_id FROM identity_badges b
                JOIN work_contributors c ON c.author_id = b.subject_id AND c.role = 'author'
                JOIN library_entries e ON e.work_id = c.work_id
                WHERE b.subject_kind = 'author' AND (b.user_id = \(bind: userID.string) OR b.shared = 1)
                    AND e.user_id = \(bind: userID.string)
                """
            ).all().map { (badge: try $0.text("badge"), entry: try $0.text("entry_id")) }
            guard !carried.isEmpty else { return [:] }
            let filter = LibraryFilterSQL(query: query, userID: userID, primaryLanguage: primaryLanguage)
            let matching = Set(
                try await db.rows(in: Array(Set(carried.map(\.entry)))) { ids in
                    "SELECT e.id \(filter.fromWhere) AND e.id IN (\(binds: ids))"
                }.map { try $0.text("id") })
            var books: [IdentityBadgeKind: Set<String>] = [:]
            for (badge, entry) in carried where matching.contains(entry) {
                if let kind = IdentityBadgeKind(rawValue: badge) { books[kind, default: []].insert(entry) }
            }
            let counts = books.mapValues(\.count)
            return counts
        }
    }

    /// An author of one of the reader's books, with every statement about them; `nil` for an
    /// author the reader has no book by (even one another reader has).
    public func author(_ authorID: Author.ID) async throws -> (Author, [AuthorFactAssertion])? {
        let userID = self.userID
        return try await database.read { db in
            let known = try await db.raw(
                """
                SELECT 1 AS found FROM library_entries e JOIN work_contributors c ON c.work_id = e.work_id
                WHERE e.user_id = \(bind: userID.string) AND c.author_id = \(bind: authorID.string) LIMIT 1
                """
            ).first()
            guard known != nil, let author = try await CatalogueRows.authors([authorID], as: userID, on: db)[authorID] else {
                return nil
            }
            return (author, try await FactRows.history(of: [authorID], on: db)[authorID] ?? [])
        }
    }

    /// Every statement about these authors, oldest first (the provenance view of a book's page).
    public func factHistory(of authors: [Author.ID]) async throws -> [Author.ID: [AuthorFactAssertion]] {
        guard !authors.isEmpty else { return [:] }
        return try await database.read { db in try await FactRows.history(of: authors, on: db) }
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
