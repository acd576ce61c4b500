import BooksTrackCore
import Foundation
import SQLKit

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
