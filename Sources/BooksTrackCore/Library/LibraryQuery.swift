import Foundation

/// What a library list shows: search, filters, sort and page. It lives in the URL
/// (`/library?region=africa&status=read`), so every chart element can link to the matching list
/// and every filter can be removed by dropping its parameter.
public struct LibraryQuery: Sendable {
    public enum Sort: String, Sendable, CaseIterable {
        case added, title, author, finished, rating, year

        public var displayName: String {
            switch self {
            case .added: "Date added"
            case .title: "Title"
            case .author: "Author"
            case .finished: "Date finished"
            case .rating: "Rating"
            case .year: "First published"
            }
        }

        /// Whether the natural order is newest or highest first.
        public var descendingByDefault: Bool { self == .added || self == .finished || self == .rating || self == .year }
    }

    /// A kind of missing data a reader can list books by.
    public enum Missing: String, Sendable, CaseIterable {
        case any, region, gender, language, year
        /// Books with no genre (not diversity data, so not part of ``any``).
        case genre
        /// Books imported from a row without a title ("Untitled", "Untitled (ISBN …)").
        case title

        public var displayName: String {
            switch self {
            case .any: "any diversity data"
            case .region: "author region"
            case .gender: "author gender"
            case .language: "original language"
            case .year: "publication year"
            case .genre: "a genre"
            case .title: "a title"
            }
        }
    }

    public var search: String?
    public var status: ReadingStatus?
    public var shelf: String?
    /// A genre, matched without regard to case against a work's genres.
    public var genre: String?
    public var region: CulturalRegion?
    /// Books by an author from this country (the world map's links).
    public var country: CountryCode?
    public var gender: Gender?
    public var language: LanguageCode?
    public var era: PublicationEra?
    public var translated: YesNo?
    public var ownVoices: YesNo?
    /// Books with this identity badge, on the book or one of its authors (the reader's own, or
    /// shared about the author by another reader).
    public var badge: IdentityBadgeKind?
    public var missing: Missing?
    /// Books read (finished) within a window; ``DayWindow/any`` is "read at any time" (status
    /// read or a finished read-through) — the insights' Read scope.
    public var read: DayWindow?
    /// Books added within a window — the insights' Library scope.
    public var added: DayWindow?
    /// Only books on the wishlist or to-read shelves ("what to read next").
    public var upNext: Bool = false
    public var sort: Sort
    public var descending: Bool
    public var page: Int
    /// Parameters that could not be understood, as messages for the reader.
    public var problems: [String] = []

    public static let pageSize = 50

    public init(
        search: String? = nil, status: ReadingStatus? = nil, shelf: String? = nil, region: CulturalRegion? = nil,
        gender: Gender? = nil, language: LanguageCode? = nil, era: PublicationEra? = nil, translated: YesNo? = nil,
        ownVoices: YesNo? = nil, missing: Missing? = nil, upNext: Bool = false, sort: Sort = .added, descending: Bool? = nil,
        page: Int = 1
    ) {
        self.upNext = upNext
        self.search = search
        self.status = status
        self.shelf = shelf
        self.region = region
        self.gender = gender
        self.language = language
        self.era = era
        self.translated = translated
        self.ownVoices = ownVoices
        self.missing = missing
        self.sort = sort
        self.descending = descending ?? sort.descendingByDefault
        self.page = max(1, page)
    }

    /// The rows to skip for ``page``.
    public var offset: Int { (page - 1) * Self.pageSize }

    /// Whether any filter or search narrows the list.
    public var isFiltered: Bool { !filters.isEmpty }
}

extension LibraryQuery {
    /// One active filter, for a removable badge.
    public struct Filter: Hashable, Sendable {
        /// The URL parameter.
        public var parameter: String
        /// What a reader sees: "Region: Africa".
        public var label: String
    }

    /// The active filters and search, in a stable order.
    public var filters: [Filter] {
        var out: [Filter] = []
        if let search { out.append(Filter(parameter: "q", label: "Search: “\(search)”")) }
        if let status { out.append(Filter(parameter: "status", label: "Status: \(status.displayName)")) }
        if let shelf { out.append(Filter(parameter: "shelf", label: "Shelf: \(shelf)")) }
        if let genre { out.append(Filter(parameter: "genre", label: "Genre: \(genre)")) }
        if let region { out.append(Filter(parameter: "region", label: "Region: \(region.displayName)")) }
        if let country { out.append(Filter(parameter: "country", label: "Country: \(country.name)")) }
        if let gender { out.append(Filter(parameter: "gender", label: "Author gender: \(gender.displayName)")) }
        if let language { out.append(Filter(parameter: "language", label: "Original language: \(language.englishName)")) }
        if let era { out.append(Filter(parameter: "era", label: "Published: \(era.displayName)")) }
        if let translated {
            out.append(Filter(parameter: "translated", label: translated == .yes ? "Read in translation" : "Not translated"))
        }
        if let ownVoices {
            out.append(Filter(parameter: "ownvoices", label: ownVoices == .yes ? "Own voices" : "Not own voices"))
        }
        if let badge { out.append(Filter(parameter: "badge", label: "Badge: \(badge.displayName)")) }
        if let missing { out.append(Filter(parameter: "missing", label: "Missing \(missing.displayName)")) }
        if let read { out.append(Filter(parameter: "read", label: read.isAny ? "Read" : "Read \(read.label)")) }
        if let added { out.append(Filter(parameter: "added", label: "Added \(added.label)")) }
        if upNext { out.append(Filter(parameter: "tbr", label: "Want to read or To read (owned)")) }
        return out
    }

    /// Every parameter ``init(parameters:)`` reads.
    public static let parameterNames: Set<String> = [
        "q", "status", "shelf", "genre", "region", "country", "gender", "language", "era", "translated", "ownvoices", "badge",
        "missing",
        "read",
        "added",
        "tbr", "sort", "order", "page",
    ]

    /// The exact values the API accepts for the parameters that take one of a list (the web
    /// page's links are more forgiving: `translated=true`, `Status=Read`).
    public static let apiChoices: [(String, [String])] = [
        ("status", ReadingStatus.allCases.map(\.rawValue)), ("region", CulturalRegion.allCases.map(\.rawValue)),
        ("gender", Gender.allCases.map(\.rawValue)), ("era", PublicationEra.allCases.map(\.rawValue)),
        ("translated", ["yes", "no"]), ("ownvoices", ["yes", "no"]), ("tbr", ["yes", "no"]),
        ("badge", IdentityBadgeKind.allCases.map(\.rawValue)),
        ("missing", Missing.allCases.map(\.rawValue)), ("sort", Sort.allCases.map(\.rawValue)), ("order", ["asc", "desc"]),
        ("country", CountryTable.rows.map(\.alpha2)),
    ]

    /// Parses URL query parameters. Unknown values are reported (so the page can say so) and
    /// ignored; unknown parameters are ignored.
    public init(parameters: [String: String]) {
        self.init()
        var problems: [String] = []
        func value(_ name: String) -> String? {
            guard let raw = parameters[name] else { return nil }
            let trimmed = TextNormalization.collapseWhitespace(raw)
            return trimmed.isEmpty ? nil : trimmed
        }
        func parse<T>(_ name: String, _ make: (String) -> T?) -> T? {
            guard let text = value(name) else { return nil }
            if let parsed = make(text) { return parsed }
            problems.append("“\(text)” is not a value \(name) can have; that filter was ignored.")
            return nil
        }
        search = value("q").map { String($0.prefix(200)) }
        status = parse("status") { ReadingStatus(rawValue: $0) ?? ReadingStatus(lenient: $0) }
        shelf = value("shelf").map { String($0.prefix(200)) }
        genre = value("genre").map { String($0.prefix(200)) }
        region = parse("region") { CulturalRegion(lenient: $0) }
        country = parse("country") { CountryCode(lenient: $0) }
        gender = parse("gender") { Gender(rawValue: $0) ?? Gender(lenient: $0) }
        language = parse("language") { LanguageCode(lenient: $0) }
        era = parse("era") { PublicationEra(rawValue: $0) }
        translated = parse("translated") { YesNo(lenient: $0) }
        ownVoices = parse("ownvoices") { YesNo(lenient: $0) }
        badge = parse("badge") { IdentityBadgeKind(rawValue: $0) ?? IdentityBadgeKind(lenient: $0) }
        missing = parse("missing") { Missing(rawValue: $0) }
        read = parse("read") { DayWindow(parameter: $0) }
        added = parse("added") { DayWindow(parameter: $0) }
        upNext = parse("tbr") { YesNo(lenient: $0) } == .yes
        sort = parse("sort") { Sort(rawValue: $0) } ?? .added
        descending = parse("order") { $0 == "desc" ? true : ($0 == "asc" ? false : nil) } ?? sort.descendingByDefault
        page = max(1, min(100_000, parse("page") { Int($0) } ?? 1))
        self.problems = problems
    }

    /// The canonical URL parameters of this query (defaults left out), in a stable order.
    public var parameters: [(String, String)] {
        var out: [(String, String)] = []
        if let search { out.append(("q", search)) }
        if let status { out.append(("status", status.rawValue)) }
        if let shelf { out.append(("shelf", shelf)) }
        if let genre { out.append(("genre", genre)) }
        if let region { out.append(("region", region.rawValue)) }
        if let country { out.append(("country", country.alpha2)) }
        if let gender { out.append(("gender", gender.rawValue)) }
        if let language { out.append(("language", language.code)) }
        if let era { out.append(("era", era.rawValue)) }
        if let translated { out.append(("translated", translated.rawValue)) }
        if let ownVoices { out.append(("ownvoices", ownVoices.rawValue)) }
        if let badge { out.append(("badge", badge.rawValue)) }
        if let missing { out.append(("missing", missing.rawValue)) }
        if let read { out.append(("read", read.parameter)) }
        if let added { out.append(("added", added.parameter)) }
        if upNext { out.append(("tbr", "yes")) }
        if sort != .added { out.append(("sort", sort.rawValue)) }
        if descending != sort.descendingByDefault { out.append(("order", descending ? "desc" : "asc")) }
        if page > 1 { out.append(("page", String(page))) }
        return out
    }

    /// This query without one parameter (and back on the first page): the link of a badge's ×.
    public func removing(_ parameter: String) -> LibraryQuery {
        var copy = self
        copy.page = 1
        switch parameter {
        case "q": copy.search = nil
        case "status": copy.status = nil
        case "shelf": copy.shelf = nil
        case "genre": copy.genre = nil
        case "region": copy.region = nil
        case "country": copy.country = nil
        case "gender": copy.gender = nil
        case "language": copy.language = nil
        case "era": copy.era = nil
        case "translated": copy.translated = nil
        case "ownvoices": copy.ownVoices = nil
        case "badge": copy.badge = nil
        case "missing": copy.missing = nil
        case "read": copy.read = nil
        case "added": copy.added = nil
        case "tbr": copy.upNext = false
        default: break
        }
        return copy
    }
}

/// A window of days for the `read` and `added` filters: `any`, or `FROM..TO` (inclusive,
/// `YYYY-MM-DD`).
public struct DayWindow: Hashable, Sendable {
    public var range: ClosedRange<LocalDate>?

    /// Any time at all.
    public static let any = DayWindow(range: nil)

    public init(range: ClosedRange<LocalDate>?) { self.range = range }

    public init?(parameter: String) {
        if parameter.lowercased() == "any" {
            range = nil
            return
        }
        let parts = parameter.components(separatedBy: "..")
        guard parts.count == 2, let from = LocalDate(parts[0]), let to = LocalDate(parts[1]), from <= to else { return nil }
        range = from...to
    }

    public var isAny: Bool { range == nil }

    public var parameter: String { range.map { "\($0.lowerBound)..\($0.upperBound)" } ?? "any" }

    /// "in 2026", "2026-10-23 – 2026-11-21", "at any time".
    public var label: String {
        guard let range else { return "at any time" }
        let (from, to) = (range.lowerBound, range.upperBound)
        if from.month == 1, from.day == 1, to.month == 12, to.day == 31, from.year == to.year { return "in \(from.year)" }
        return "\(from) – \(to)"
    }
}

extension InsightRequest {
    /// The library list of the books this request's figures are about; chart elements add a
    /// region, gender or language to it.
    public func libraryQuery(today: LocalDate) -> LibraryQuery {
        var query = LibraryQuery()
        let window = DayWindow(range: period.range(today: today))
        switch scope {
        case .read: query.read = window
        case .library: query.added = window.isAny ? nil : window
        }
        return query
    }
}
