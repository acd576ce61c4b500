import Foundation

/// Everything the insights page, the API and the CLI show for one request (SPEC F3): the
/// diversity figures of the scope, reading stats, the same for the previous period of equal
/// length, and what to read next.
public struct InsightsReport: Codable, Hashable, Sendable {
    public struct PeriodInfo: Codable, Hashable, Sendable {
        /// The request's spelling (`this-year`).
        public var parameter: String
        public var label: String
        /// `nil` for all time.
        public var from: LocalDate?
        public var to: LocalDate?
    }

    /// The previous period of equal length, for comparisons.
    public struct Previous: Codable, Hashable, Sendable {
        public var period: PeriodInfo
        public var diversity: DiversityFigures
        public var reading: ReadingStats
    }

    public var period: PeriodInfo
    public var scope: InsightScope
    public var unit: CountingUnit
    public var today: LocalDate
    /// Books in the whole library, whatever the period: tells "no books at all" from "nothing
    /// in this period".
    public var libraryBooks: Int
    public var diversity: DiversityFigures
    /// The representation radar of the same books, counted in books whatever the unit, with
    /// its data completion (SPEC §4).
    public var radar: RepresentationRadar
    public var reading: ReadingStats
    public var previous: Previous?
    public var suggestions: [ReadingSuggestion]
    public var underrepresentedRegions: [CulturalRegion]
    /// Years the reader finished or added books in, newest first: the choices of a year picker.
    public var activeYears: [Int]
    /// Countries of the period's books that no book finished before it had — for all time,
    /// before this year (`newCountriesSince`); `nil` for the Library scope.
    public var newCountries: [CountryCode]?
    /// The first day the new countries are counted from.
    public var newCountriesSince: LocalDate?

    /// Computes the report. `today` is the reader's day (in their time zone), which sessions
    /// are also counted in.
    public static func compute(
        _ request: InsightRequest, library: ReaderLibrary, today: LocalDate, timeZone: TimeZone
    ) -> InsightsReport {
        compute(request, library: library, index: InsightIndex(library, timeZone: timeZone), today: today)
    }

    /// The report from a library already flattened (``LibraryFigures``, in the reader's time zone).
    public static func compute(
        _ request: InsightRequest, library: ReaderLibrary, figures: LibraryFigures, today: LocalDate
    ) -> InsightsReport {
        compute(request, library: library, index: figures.index, today: today)
    }

    static func compute(_ request: InsightRequest, library: ReaderLibrary, index: InsightIndex, today: LocalDate)
        -> InsightsReport
    {
        let underrepresented = library.user.settings.underrepresentedRegions
        // The diversity figures and reading stats of one range; the books finished in it are
        // selected once and are the Read scope's books too.
        func figures(_ range: ClosedRange<LocalDate>?) -> (DiversityFigures, ReadingStats, [Int]) {
            let days = range?.dayNumbers
            let finished = index.select(.read, in: days)
            let books = request.scope == .read ? finished : index.select(request.scope, in: days)
            return (
                DiversityFigures.compute(books, index: index, unit: request.unit, underrepresented: underrepresented),
                ReadingStats.compute(index: index, finished: finished, range: range, today: today), books
            )
        }
        let range = request.period.range(today: today)
        let (diversity, reading, books) = figures(range)
        let inBooks =
            request.unit == .books
            ? diversity : DiversityFigures.compute(books, index: index, unit: .books, underrepresented: underrepresented)
        let radar = RepresentationRadar.library(books, index: index, figures: inBooks)
        // New countries: since the period began, or — for all time — since this year began.
        let since: LocalDate? =
            request.scope == .library ? nil : range?.lowerBound ?? LocalDate(year: today.year, month: 1, day: 1)
        var previous: Previous?
        if let previousRange = request.period.previousRange(today: today) {
            let (previousDiversity, previousReading, _) = figures(previousRange)
            previous = Previous(
                period: PeriodInfo(
                    parameter: "previous", label: request.period.previousLabel(today: today) ?? "",
                    from: previousRange.lowerBound, to: previousRange.upperBound),
                diversity: previousDiversity, reading: previousReading)
        }
        return InsightsReport(
            period: PeriodInfo(
                parameter: request.period.parameter, label: request.period.label(today: today), from: range?.lowerBound,
                to: range?.upperBound),
            scope: request.scope, unit: request.unit, today: today, libraryBooks: library.entries.count,
            diversity: diversity, radar: radar, reading: reading,
            previous: previous, suggestions: ReadingSuggestion.suggest(for: diversity, index: index),
            underrepresentedRegions: underrepresented.sorted(), activeYears: activeYears(index),
            newCountries: since.map { day in
                let before = index.catalogue.countriesRead(before: day.dayNumber)
                return diversity.countries.map(\.country).filter { !before.contains($0) }.sorted()
            },
            newCountriesSince: since)
    }

    /// The years books were added or finished in, newest first (kept with the index).
    static func activeYears(_ index: InsightIndex) -> [Int] { index.catalogue.years.keys.sorted(by: >) }
}

/// A "what to read next" suggestion: books already on the reader's wishlist or to-read shelf
/// that would fill a gap in what they read (SPEC F3).
public struct ReadingSuggestion: Codable, Hashable, Sendable {
    /// Encoded as `{"kind": "region", "value": "africa"}`.
    public enum Gap: Codable, Hashable, Sendable {
        case region(CulturalRegion)
        case gender(Gender)
        case language(LanguageCode)

        private enum CodingKeys: String, CodingKey { case kind, value }

        public var kind: String {
            switch self {
            case .region: "region"
            case .gender: "gender"
            case .language: "language"
            }
        }

        public var value: String {
            switch self {
            case .region(let region): region.rawValue
            case .gender(let gender): gender.rawValue
            case .language(let language): language.code
            }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let value = try container.decode(String.self, forKey: .value)
            let gap: Gap? =
                switch try container.decode(String.self, forKey: .kind) {
                case "region": CulturalRegion(rawValue: value).map(Gap.region)
                case "gender": Gender(rawValue: value).map(Gap.gender)
                case "language": LanguageCode(lenient: value).map(Gap.language)
                default: nil
                }
            guard let gap else {
                throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "not a gap")
            }
            self = gap
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(value, forKey: .value)
        }
    }

    public var gap: Gap
    /// Wishlist and to-read books that would fill it.
    public var books: Int
    /// "3 books by authors from Africa are on your to-read list — you have read none yet."
    public var message: String

    /// Up to three suggestions, largest gap first:
    ///
    /// 1. regions the reader counts as underrepresented that have no books in the figures;
    /// 2. women and non-binary authors, when they are under 40% of known genders;
    /// 3. other regions with no books;
    /// 4. original languages not read yet, while fewer than five languages are.
    ///
    /// Within a rule, the gap with the most candidate books comes first. Only books on the
    /// wishlist or to-read shelves are candidates; a region or gender must be known. When fewer
    /// than `limit` gaps have candidates, the largest gaps without any follow (`books` 0), saying
    /// what would fill them: the card is never empty while there is a gap.
    static func suggest(for figures: DiversityFigures, index: InsightIndex, limit: Int = 3) -> [ReadingSuggestion] {
        var out = candidateSuggestions(for: figures, index: index)
        let covered = Set(out.map(\.gap))
        for gap in unfilledGaps(in: figures)
        where out.count < limit && !covered.contains(gap.gap)
            && !out.contains(where: { $0.gap.kind == gap.gap.kind && $0.books == 0 })
        {
            out.append(gap)
        }
        return Array(out.prefix(limit))
    }

    /// Rules 1–4, each gap with the books on the to-read shelves that would fill it, the gap
    /// with the most first within a rule.
    private static func candidateSuggestions(for figures: DiversityFigures, index: InsightIndex) -> [ReadingSuggestion] {
        // The candidates as the index keeps them counted (``InsightIndex/CatalogueTally``).
        let regionCandidates = index.catalogue.candidateRegions
        var languageCandidates: [LanguageCode: Int] = [:]
        for (language, count) in index.catalogue.candidateLanguages {
            languageCandidates[index.languages[Int(language)]] = count
        }
        func ordered<K: Comparable>(_ candidates: [K: Int], where include: (K) -> Bool) -> [(K, Int)] {
            candidates.filter { include($0.key) && $0.value > 0 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        }
        var out: [ReadingSuggestion] = []
        let empty = { (region: CulturalRegion) in (figures.figure(for: region)?.figure.count ?? 0) == 0 }
        for (region, count) in ordered(
            regionCandidates, where: { empty($0) && figures.figure(for: $0)?.underrepresented == true })
        {
            out.append(.init(gap: .region(region), books: count, message: regionMessage(region, count)))
        }
        if let share = figures.nonMaleShare, share < 0.4 {
            for (gender, count) in ordered(index.catalogue.candidateGenders, where: { $0 == .female || $0 == .nonBinary }) {
                let who = gender == .female ? "women" : "non-binary authors"
                out.append(
                    .init(
                        gap: .gender(gender), books: count,
                        message:
                            "\(booksPhrase(count)) by \(who) \(count == 1 ? "is" : "are") on your to-read list — women and non-binary authors are \(Int(saturating: (share * 100).rounded()))% of what you read."
                    ))
            }
        }
        for (region, count) in ordered(
            regionCandidates, where: { empty($0) && figures.figure(for: $0)?.underrepresented != true })
        {
            out.append(.init(gap: .region(region), books: count, message: regionMessage(region, count)))
        }
        if figures.languages.count < 5 {
            let read = Set(figures.languages.map(\.language))
            for (language, count) in ordered(languageCandidates, where: { !read.contains($0) }) {
                out.append(
                    .init(
                        gap: .language(language), books: count,
                        message:
                            "\(booksPhrase(count)) originally written in \(language.englishName) \(count == 1 ? "is" : "are") on your to-read list."
                    ))
            }
        }
        return out
    }

    /// Gaps nothing on the shelves fills, saying what would: the reader's underrepresented
    /// regions with no books, and women and non-binary authors under 40%.
    private static func unfilledGaps(in figures: DiversityFigures) -> [ReadingSuggestion] {
        var gaps: [ReadingSuggestion] = []
        for region in CulturalRegion.allCases.sorted()
        where figures.figure(for: region)?.underrepresented == true && (figures.figure(for: region)?.figure.count ?? 0) == 0 {
            gaps.append(
                .init(
                    gap: .region(region), books: 0,
                    message:
                        "No books by \(authorsPhrase(region)) in these insights, and none on your to-read list: one would fill this gap."
                ))
        }
        if let share = figures.nonMaleShare, share < 0.4 {
            gaps.append(
                .init(
                    gap: .gender(.female), books: 0,
                    message:
                        "Women and non-binary authors are \(Int(saturating: (share * 100).rounded()))% of what you read, and none are on your to-read list: a book by one would move this."
                ))
        }
        return gaps
    }

    private static func regionMessage(_ region: CulturalRegion, _ count: Int) -> String {
        "\(booksPhrase(count)) by \(authorsPhrase(region)) \(count == 1 ? "is" : "are") on your to-read list — none in these insights yet."
    }

    /// "authors from Africa", "Indigenous authors", "authors of several regions".
    private static func authorsPhrase(_ region: CulturalRegion) -> String {
        switch region {
        case .indigenous: "Indigenous authors"
        case .international: "authors of several regions"
        default: "authors from \(region.displayName)"
        }
    }

    private static func booksPhrase(_ count: Int) -> String { count == 1 ? "1 book" : "\(count) books" }
}
