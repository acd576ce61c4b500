import BooksTrackCore
import Foundation
import SQLKit

extension ReaderStore {
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
            let people = try await CatalogueRows.authors(work.authorIDs + work.contributors.map(\.authorID), as: userID, on: db)
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
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

/// The FROM … WHERE … and ORDER BY of a library query, in SQL both databases accept.
struct LibraryFilterSQL {
    /// A finished read-through of the book `e`, as an `EXISTS` subquery's body.
    static let finishedReading = "SELECT 1 FROM readings r WHERE r.entry_id = e.id AND r.outcome = 'finished'"
    /// The book `e` was read at some time: marked read, or a finished read-through — the
    /// library's "read" filter and the achievements' "books read", as the insights index counts.
    static let readAtSomeTime = "(e.status = 'read' OR EXISTS (\(finishedReading)))"

    let fromWhere: SQLQueryString
    let orderBy: String

    /// The work `w` has an author `a`, as an `EXISTS` subquery's body to add a condition on `a` to.
    private static let authorsOfWork =
        "SELECT 1 FROM work_contributors c JOIN authors a ON a.id = c.author_id WHERE c.work_id = w.id AND c.role = 'author'"

    init(query: LibraryQuery, userID: User.ID, primaryLanguage: LanguageCode?) {
        var sql: SQLQueryString = """
            FROM library_entries e JOIN works w ON w.id = e.work_id LEFT JOIN editions ed ON ed.id = e.edition_id
            WHERE e.user_id = \(bind: userID.string)
            """
        Self.appendCollectionFilters(query, to: &sql)
        Self.appendAuthorFilters(query, to: &sql)
        Self.appendWorkFilters(query, primaryLanguage: primaryLanguage, to: &sql)
        if let badge = query.badge { Self.appendBadgeFilter(badge, userID: userID, to: &sql) }
        if let missing = query.missing { sql.appendLiteral(" AND \(Self.missingClause(missing))") }
        Self.appendDateFilters(query, to: &sql)
        if let search = query.search { Self.appendSearch(search, to: &sql) }
        fromWhere = sql
        orderBy = Self.orderBy(query)
    }

    /// Where the reader keeps the book: its status, a shelf (compared without case) and a genre.
    private static func appendCollectionFilters(_ query: LibraryQuery, to sql: inout SQLQueryString) {
        if let status = query.status {
            sql.appendLiteral(" AND e.status = ")
            sql.appendInterpolation(bind: status.rawValue)
        }
        if let shelf = query.shelf {
            sql.appendLiteral(" AND EXISTS (SELECT 1 FROM entry_shelves s WHERE s.entry_id = e.id AND s.name_key = ")
            sql.appendInterpolation(bind: TextNormalization.collapseWhitespace(shelf).lowercased())
            sql.appendLiteral(")")
        }
        if let genre = query.genre {
            sql.appendLiteral(" AND ")
            sql.appendInterpolation(GenreMatch(genre: genre))
        }
    }

    /// An author of the book from a region, from a country, or of a gender.
    private static func appendAuthorFilters(_ query: LibraryQuery, to sql: inout SQLQueryString) {
        if let region = query.region {
            sql.appendLiteral(" AND EXISTS (\(authorsOfWork) AND a.region = ")
            sql.appendInterpolation(bind: region.rawValue)
            sql.appendLiteral(")")
        }
        if let country = query.country {
            sql.appendLiteral(" AND EXISTS (\(authorsOfWork) AND a.country = ")
            sql.appendInterpolation(bind: country.alpha2)
            sql.appendLiteral(")")
        }
        if let gender = query.gender {
            sql.appendLiteral(" AND EXISTS (\(authorsOfWork) AND a.gender = ")
            sql.appendInterpolation(bind: gender.rawValue)
            sql.appendLiteral(")")
        }
    }

    /// Facts of the work: its original language, its era, own voices, and whether the reader's
    /// edition (else their primary language) is a translation.
    private static func appendWorkFilters(
        _ query: LibraryQuery, primaryLanguage: LanguageCode?, to sql: inout SQLQueryString
    ) {
        if let language = query.language {
            sql.appendLiteral(" AND w.original_language = ")
            sql.appendInterpolation(bind: language.code)
        }
        if let era = query.era {
            let (low, high) = Self.years(of: era)
            sql.appendLiteral(" AND w.first_published_year BETWEEN \(low) AND \(high)")
        }
        if let ownVoices = query.ownVoices {
            sql.appendLiteral(" AND w.own_voices = ")
            sql.appendInterpolation(bind: ownVoices.rawValue)
        }
        if let translated = query.translated {
            sql.appendLiteral(" AND w.original_language IS NOT NULL AND COALESCE(ed.language, ")
            sql.appendInterpolation(bind: primaryLanguage?.code)
            sql.appendLiteral(") IS NOT NULL AND COALESCE(ed.language, ")
            sql.appendInterpolation(bind: primaryLanguage?.code)
            sql.appendLiteral(translated == .yes ? ") <> w.original_language" : ") = w.original_language")
        }
    }

    /// The books carrying an identity badge, found once from the badges (not the badges searched
    /// once per book): the book's own, or one of its authors' (own or shared).
    private static func appendBadgeFilter(_ badge: IdentityBadgeKind, userID: User.ID, to sql: inout SQLQueryString) {
        sql.appendLiteral(
            " AND e.id IN (SELECT x.id FROM identity_badges b JOIN library_entries x ON x.work_id = b.subject_id"
                + " AND x.user_id = b.user_id WHERE b.subject_kind = 'work' AND b.badge = ")
        sql.appendInterpolation(bind: badge.rawValue)
        sql.appendLiteral(" AND b.user_id = ")
        sql.appendInterpolation(bind: userID.string)
        sql.appendLiteral(
            " UNION ALL SELECT x.id FROM identity_badges b JOIN work_contributors c ON c.author_id = b.subject_id"
                + " AND c.role = 'author' JOIN library_entries x ON x.work_id = c.work_id"
                + " WHERE b.subject_kind = 'author' AND b.badge = ")
        sql.appendInterpolation(bind: badge.rawValue)
        sql.appendLiteral(" AND (b.user_id = ")
        sql.appendInterpolation(bind: userID.string)
        sql.appendLiteral(" OR b.shared = 1) AND x.user_id = ")
        sql.appendInterpolation(bind: userID.string)
        sql.appendLiteral(")")
    }

    /// The condition of a book missing a fact: a book without authors misses its authors' region
    /// and gender too.
    private static func missingClause(_ missing: LibraryQuery.Missing) -> String {
        let noAuthor = "NOT EXISTS (\(authorsOfWork))"
        let region = "(\(noAuthor) OR EXISTS (\(authorsOfWork) AND a.region IS NULL))"
        let gender = "(\(noAuthor) OR EXISTS (\(authorsOfWork) AND a.gender IS NULL))"
        return switch missing {
        case .region: region
        case .gender: gender
        case .language: "w.original_language IS NULL"
        case .year: "w.first_published_year IS NULL"
        case .genre: "w.genres = '[]'"
        case .title: "(w.title = '\(Work.untitled)' OR w.title LIKE '\(Work.untitled) (ISBN %)')"
        case .any: "(\(region) OR \(gender) OR w.original_language IS NULL OR w.first_published_year IS NULL)"
        }
    }

    /// When the book was read (finished in a range, or read at some time), when it was added, and
    /// whether it is up next.
    private static func appendDateFilters(_ query: LibraryQuery, to sql: inout SQLQueryString) {
        if let read = query.read {
            if let range = read.range {
                sql.appendLiteral(" AND EXISTS (\(Self.finishedReading) AND r.finished_on >= ")
                sql.appendInterpolation(bind: range.lowerBound.description)
                sql.appendLiteral(" AND r.finished_on <= ")
                sql.appendInterpolation(bind: range.upperBound.description)
                sql.appendLiteral(")")
            } else {
                sql.appendLiteral(" AND \(Self.readAtSomeTime)")
            }
        }
        if let range = query.added?.range {
            sql.appendLiteral(" AND e.added_on >= ")
            sql.appendInterpolation(bind: range.lowerBound.description)
            sql.appendLiteral(" AND e.added_on <= ")
            sql.appendInterpolation(bind: range.upperBound.description)
        }
        if query.upNext {
            sql.appendLiteral(" AND e.status IN ('wishlist', 'toRead')")
        }
    }

    /// The search: a title, or an author's name, containing the text (compared by their keys).
    private static func appendSearch(_ search: String, to sql: inout SQLQueryString) {
        let titlePattern = "%" + Self.escapeLike(TextNormalization.titleKey(search)) + "%"
        let namePattern = "%" + Self.escapeLike(TextNormalization.nameKey(search)) + "%"
        sql.appendLiteral(" AND (w.title_key LIKE ")
        sql.appendInterpolation(bind: titlePattern)
        sql.appendLiteral(" ESCAPE '\\' OR EXISTS (\(authorsOfWork) AND a.name_key LIKE ")
        sql.appendInterpolation(bind: namePattern)
        sql.appendLiteral(" ESCAPE '\\'))")
    }

    /// The ORDER BY of the chosen sort. Books without the sort value come last either way; ties by
    /// title, then id.
    private static func orderBy(_ query: LibraryQuery) -> String {
        let direction = query.descending ? "DESC" : "ASC"
        let key =
            switch query.sort {
            case .title: "w.title_key"
            case .author:
                "(SELECT LOWER(a.sort_name) FROM work_contributors c JOIN authors a ON a.id = c.author_id WHERE c.work_id = w.id AND c.role = 'author' ORDER BY c.ordinal LIMIT 1)"
            case .added: "e.added_on"
            case .finished: "(SELECT MAX(r.finished_on) FROM readings r WHERE r.entry_id = e.id)"
            case .rating: "e.rating_quarters"
            case .year: "w.first_published_year"
            }
        return "(\(key) IS NULL), \(key) \(direction), w.title_key ASC, e.id ASC"
    }

    static func years(of era: PublicationEra) -> (Int, Int) {
        switch era {
        case .before1900: (-100_000, 1899)
        case .from1900To1950: (1900, 1950)
        case .from1951To2000: (1951, 2000)
        case .from2001To2020: (2001, 2020)
        case .from2021: (2021, 100_000)
        }
    }

    static func escapeLike(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }
}

/// `w.genres` (a JSON array of text) holds a genre, without regard to case: the arrays are
/// unpacked with each database's own JSON functions. SQLite's `LOWER` folds ASCII letters only,
/// so on SQLite a genre with other capitals matches as written or in lower case.
struct GenreMatch: SQLExpression {
    let genre: String

    func serialize(to serializer: inout SQLSerializer) {
        let key = TextNormalization.collapseWhitespace(genre).lowercased()
        if serializer.dialect.name == "sqlite" {
            serializer.write("EXISTS (SELECT 1 FROM json_each(w.genres) g WHERE LOWER(g.value) = ")
        } else {
            serializer.write("EXISTS (SELECT 1 FROM json_array_elements_text(w.genres::json) g WHERE LOWER(g) = ")
        }
        SQLBind(key).serialize(to: &serializer)
        serializer.write(")")
    }
}

extension ReaderStore {
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
}

extension ReaderStore {
    /// Every statement about these authors, oldest first (the provenance view of a book's page).
    public func factHistory(of authors: [Author.ID]) async throws -> [Author.ID: [AuthorFactAssertion]] {
        guard !authors.isEmpty else { return [:] }
        return try await database.read { db in try await FactRows.history(of: authors, on: db) }
    }
}

extension ReaderLibrary {
    /// The shelves with their book counts as ``ReaderStore/shelves()`` gives them: most used
    /// first, shelves differing only in case or spacing as one.
    public var shelfCounts: [ShelfCount] { Self.counted(entries.map(\.state.shelves)) }

    /// The genres of the reader's books with their book counts, most used first; genres differing
    /// only in case or spacing are one (the first spelling met, alphabetically).
    public var genreCounts: [ShelfCount] { Self.counted(entries.map { works[$0.workID]?.genres ?? [] }) }

    /// Names counted once per book, without regard to case or spacing, most used first.
    private static func counted(_ books: [[String]]) -> [ShelfCount] {
        var counts: [String: (name: String, count: Int)] = [:]
        for names in books {
            var seen = Set<String>()
            for name in names {
                let key = TextNormalization.collapseWhitespace(name).lowercased()
                guard !key.isEmpty, seen.insert(key).inserted else { continue }
                let known = counts[key]
                counts[key] = (min(known?.name ?? name, name), (known?.count ?? 0) + 1)
            }
        }
        return counts.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.map {
            ShelfCount(name: $0.value.name, count: $0.value.count)
        }
    }

    /// A listed page's rows, in the order of `ids`, from the library; `nil` when one of them is
    /// not in it (the list is then read from the database).
    func listItems(_ ids: [String]) -> [LibraryListItem]? {
        let wanted = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        var found: [(Int, LibraryEntry)] = []
        for entry in entries { if let position = wanted[entry.id.string] { found.append((position, entry)) } }
        guard found.count == ids.count else { return nil }
        var items: [LibraryListItem] = []
        for (_, entry) in found.sorted(by: { $0.0 < $1.0 }) {
            guard let work = works[entry.workID] else { return nil }
            let state = entry.state
            items.append(
                LibraryListItem(
                    entryID: entry.id, workID: entry.workID, title: work.title,
                    authors: work.authorIDs.compactMap { authors[$0]?.name }, status: state.status, rating: state.rating,
                    owned: state.owned, addedOn: state.addedOn, finishedOn: state.readings.compactMap(\.finishedOn).max(),
                    firstPublishedYear: work.firstPublishedYear,
                    format: entry.editionID.flatMap { editions[$0]?.details.format }, shelves: state.shelves))
        }
        return items
    }

    /// Fills a listed page's author names and shelves from the library.
    func attachNamesAndShelves(_ items: inout [LibraryListItem]) {
        let wanted = Set(items.map(\.entryID))
        var shelves: [LibraryEntry.ID: [String]] = [:]
        for entry in entries where wanted.contains(entry.id) { shelves[entry.id] = entry.state.shelves }
        for index in items.indices {
            items[index].authors = works[items[index].workID]?.authorIDs.compactMap { authors[$0]?.name } ?? []
            items[index].shelves = shelves[items[index].entryID] ?? []
        }
    }

    /// One of the reader's books as ``ReaderStore/detail(of:)`` reads it, from a kept library
    /// (no query); `nil` when it is not in the library. The authors' fact history is not part of
    /// a library: pass it (``ReaderStore/factHistory(of:)``).
    public func detail(of entryID: LibraryEntry.ID, factHistory: [Author.ID: [AuthorFactAssertion]] = [:]) -> EntryDetail? {
        guard let entry = entries.first(where: { $0.id == entryID }), let work = works[entry.workID] else { return nil }
        let latest = progress.filter { $0.entryID == entryID }.max { ($0.recordedAt, $0.id) < ($1.recordedAt, $1.id) }
        return EntryDetail(
            entry: entry, work: work, edition: entry.editionID.flatMap { editions[$0] },
            authors: work.authorIDs.compactMap { authors[$0] },
            contributors: work.contributors.compactMap { c in authors[c.authorID].map { ($0, c.role) } },
            sessions: sessions.filter { $0.entryID == entryID }.sorted(by: ReadingSession.newestFirst),
            factHistory: factHistory, percentRead: latest?.percent)
    }
}
