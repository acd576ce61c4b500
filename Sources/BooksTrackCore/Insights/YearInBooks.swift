import Foundation

/// A reader's year in books (issue 41): what they finished in one calendar year and the story it
/// tells — the first and last book, the longest and shortest, the authors read most, the busiest
/// month, the countries and regions met for the first time, who wrote the books *with how much
/// of that is known*, the languages, the year's goals and how they ended, the longest streak —
/// beside the year before. The books are the insights' Read scope for the year (a book counts
/// once, however often it was finished in it); docs/metrics.md defines each figure.
public struct YearInBooks: Codable, Hashable, Sendable {
    /// A book finished in the year.
    public struct Book: Codable, Hashable, Sendable {
        public var entryID: LibraryEntry.ID
        public var title: String
        public var authors: [String]
        /// The edition's page count, when known.
        public var pages: Int?
        /// Its first finish in the year.
        public var finishedOn: LocalDate
        /// In stars (0.25 steps), when rated.
        public var rating: Double?
    }

    public struct AuthorCount: Codable, Hashable, Sendable {
        public var name: String
        public var books: Int
    }

    public struct Month: Codable, Hashable, Sendable {
        /// 1…12.
        public var month: Int
        public var label: String
        public var books: Int
        public var pages: Int
        public var minutes: Int
    }

    /// A share of the year's books with what it is of: `count` books of the `known` whose fact is
    /// known, of `total`, counted as the insights count them (a book by two authors counts half
    /// to each). `share` is nil when too little is known to state one (SPEC §4).
    public struct Share: Codable, Hashable, Sendable {
        public var count: Double
        public var known: Double
        public var total: Int
        public var share: Double?
        public var coverage: Double { total > 0 ? known / Double(total) : 0 }
    }

    public struct LanguageCount: Codable, Hashable, Sendable {
        public var language: LanguageCode
        public var name: String
        public var books: Int
    }

    /// One of the year's goals (a goal whose period meets the year) and how it ended.
    public struct GoalOutcome: Codable, Hashable, Sendable {
        public enum Outcome: String, Codable, Hashable, Sendable {
            /// Its target reached.
            case completed
            /// Its period over, the target not reached.
            case missed
            /// Still running.
            case running
            case paused
            case abandoned

            public var displayName: String {
                switch self {
                case .completed: "completed"
                case .missed: "not reached"
                case .running: "still running"
                case .paused: "paused"
                case .abandoned: "abandoned"
                }
            }
        }

        public var id: Goal.ID
        public var title: String
        public var outcome: Outcome
        /// "24 / 30 books", "62% (target 50%)".
        public var progress: String
        public var fraction: Double
    }

    /// The figures a year is compared on.
    public struct Totals: Codable, Hashable, Sendable {
        public var books: Int
        /// Pages of finished sessions and noted progress, and of finished books without a session.
        public var pages: Int
        public var minutes: Int
        public var authors: Int
        public var countries: Int
        public var regions: Int
        public var languages: Int
        public var longestStreak: Int
        /// The share of books by women, when enough is known (as ``YearInBooks/women``).
        public var women: Double?
    }

    public var year: Int
    /// Whether the year is over (the figures of a running year are as of today).
    public var complete: Bool
    public var totals: Totals
    /// The year before, when anything was read in it.
    public var previous: Totals?
    /// In the order they were finished.
    public var books: [Book]
    public var first: Book?
    public var last: Book?
    public var longest: Book?
    public var shortest: Book?
    /// Authors with more than one book in the year, most books first (at most five).
    public var mostRead: [AuthorCount]
    public var months: [Month]
    /// The month with the most books finished, when one month has more than every other.
    public var busiestMonth: Month?
    /// Whether any book was read before the year (finished before it, or read at a time not
    /// known): without one, every country of the year is a first and none is called "new".
    public var readBefore: Bool
    /// The authors' countries of the year's books, and those no book read before the year had.
    public var countries: [CountryCode]
    public var newCountries: [CountryCode]
    public var regions: [CulturalRegion]
    public var newRegions: [CulturalRegion]
    /// Books by at least one woman.
    public var women: Share
    /// Books by at least one author from a marginalized group (SPEC §4).
    public var marginalized: Share
    /// Original languages, most books first.
    public var languages: [LanguageCount]
    /// Books read in translation, of those whose languages are known.
    public var translated: Share
    public var goals: [GoalOutcome]
    /// Every year the reader finished a book or read in a session, newest first.
    public var years: [Int]

    /// The year's figures from the reader's kept library and its figures. `today` is the
    /// reader's day: a running year is counted up to it. `nil` for a year outside the calendar
    /// (1…9999).
    /// `years`, when the caller has them already (``years(_:)``), are not worked out again.
    public static func compute(
        _ year: Int, library: ReaderLibrary, figures: LibraryFigures, today: LocalDate, years: [Int]? = nil
    ) -> YearInBooks? {
        guard let days = days(of: year) else { return nil }
        let index = figures.index
        let board = figures.board
        let (first, last) = (days.lowerBound, days.upperBound)
        let selected = index.select(.read, in: first...last)
        let books = Self.books(selected, in: first...last, index: index, library: library)
        let diversity = DiversityFigures.compute(
            selected, index: index, unit: .books, underrepresented: index.underrepresented)
        let (countries, regions) = DiversityFigures.places(selected, index: index)
        let before = DiversityFigures.readBefore(first, index: index)
        let (countriesBefore, regionsBefore) = DiversityFigures.places(before, index: index)
        let previous = Self.days(of: year - 1).map { Self.totals($0, index: index, board: board) }
        let byPages = books.filter { ($0.pages ?? 0) > 0 }
        // Each book in the month of its first finish in the year (a book read twice counts once,
        // as in the year's total); pages and minutes as the reading insights count them.
        var booksByMonth = [Int](repeating: 0, count: 12)
        for book in books { booksByMonth[book.finishedOn.month - 1] += 1 }
        let months = (1...12).map { month in
            let start = LocalDate(year: year, month: month, day: 1)!
            let end = month == 12 ? last : LocalDate(year: year, month: month + 1, day: 1)!.dayNumber - 1
            let figures = board.figures(in: start.dayNumber...end)
            return Month(
                month: month, label: Self.monthNames[month - 1], books: booksByMonth[month - 1], pages: figures.pages,
                minutes: figures.minutes)
        }
        // The busiest month only when one is ahead of every other.
        let most = booksByMonth.max() ?? 0
        let busiest = most > 0 && booksByMonth.count(where: { $0 == most }) == 1 ? months.first { $0.books == most } : nil
        return YearInBooks(
            year: year, complete: last < today.dayNumber,
            totals: Self.totals(days, selected: selected, diversity: diversity, index: index, board: board),
            previous: previous.flatMap { $0.books > 0 || $0.minutes > 0 ? $0 : nil },
            books: books, first: books.first, last: books.last,
            longest: byPages.max { ($0.pages!, $1.finishedOn) < ($1.pages!, $0.finishedOn) },
            shortest: byPages.min { ($0.pages!, $0.finishedOn) < ($1.pages!, $1.finishedOn) },
            mostRead: Self.mostRead(books), months: months, busiestMonth: busiest,
            readBefore: !before.isEmpty, countries: countries.sorted(),
            newCountries: countries.subtracting(countriesBefore).sorted(),
            regions: regions.sorted(), newRegions: regions.subtracting(regionsBefore).sorted(),
            women: Self.women(diversity), marginalized: Self.marginalized(diversity),
            languages: diversity.languages.map {
                LanguageCount(language: $0.language, name: $0.language.englishName, books: $0.books)
            },
            translated: Self.translated(selected, index: index),
            goals: Self.goals(library.goals, year: year, board: board, today: today),
            years: years ?? Self.years(index: index))
    }

    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// The selected books with their titles and authors, in the order of their first finish in
    /// the year (then by title).
    private static func books(_ selected: [Int], in days: ClosedRange<Int>, index: InsightIndex, library: ReaderLibrary)
        -> [Book]
    {
        var finished: [LibraryEntry.ID: Int] = [:]
        for position in selected {
            let book = index.books[position]
            if let day = book.finishedDays.filter(days.contains).min() { finished[book.entryID] = day }
        }
        var out: [Book] = []
        out.reserveCapacity(finished.count)
        for at in library.entries.indices {
            let entry = library.entries[at]
            guard let day = finished[entry.id], let work = library.works[entry.workID] else { continue }
            out.append(
                Book(
                    entryID: entry.id, title: work.title, authors: library.authors(of: entry).map(\.name),
                    pages: entry.editionID.flatMap { library.editions[$0] }?.details.pageCount,
                    finishedOn: LocalDate(dayNumber: day), rating: entry.state.rating.map { Double($0.quarters) / 4 }))
        }
        return out.sorted { ($0.finishedOn, $0.title) < ($1.finishedOn, $1.title) }
    }

    /// A year's days as day numbers, `nil` outside the calendar.
    static func days(of year: Int) -> ClosedRange<Int>? {
        guard let first = LocalDate(year: year, month: 1, day: 1), let last = LocalDate(year: year, month: 12, day: 31)
        else { return nil }
        return first.dayNumber...last.dayNumber
    }

    /// A year's totals; `selected` and `diversity` are the year's books and their figures, when the
    /// caller has them already.
    private static func totals(
        _ days: ClosedRange<Int>, selected: [Int]? = nil, diversity: DiversityFigures? = nil, index: InsightIndex,
        board: GoalBoard
    ) -> Totals {
        let selected = selected ?? index.select(.read, in: days)
        let figures = board.figures(in: days)
        let diversity =
            diversity
            ?? DiversityFigures.compute(selected, index: index, unit: .books, underrepresented: index.underrepresented)
        let (countries, regions) = DiversityFigures.places(selected, index: index)
        var authors = Set<Int32>()
        for position in selected { authors.formUnion(index.books[position].authors) }
        return Totals(
            books: selected.count, pages: figures.pages, minutes: figures.minutes, authors: authors.count,
            countries: countries.count, regions: regions.count, languages: diversity.languages.count,
            longestStreak: figures.longestStreak, women: women(diversity).share)
    }

    private static func mostRead(_ books: [Book]) -> [AuthorCount] {
        var counts: [String: Int] = [:]
        for book in books { for name in Set(book.authors) { counts[name, default: 0] += 1 } }
        return counts.filter { $0.value > 1 }
            .map { AuthorCount(name: $0.key, books: $0.value) }
            .sorted { ($1.books, $0.name) < ($0.books, $1.name) }
            .prefix(5).map { $0 }
    }

    private static func women(_ figures: DiversityFigures) -> Share {
        let known = figures.genderCoverage.known
        return Share(
            count: figures.figure(for: .female)?.figure.count ?? 0, known: known, total: figures.books,
            share: figures.allowsShares(.gender) && known > 0 ? figures.figure(for: .female)?.figure.share ?? 0 : nil)
    }

    private static func marginalized(_ figures: DiversityFigures) -> Share {
        let known = figures.marginalizedCoverage.known
        return Share(
            count: figures.marginalized.count, known: known, total: figures.books,
            share: figures.allowsShares(.marginalized) && known > 0 ? figures.marginalized.share : nil)
    }

    private static func translated(_ selected: [Int], index: InsightIndex) -> Share {
        var (count, known) = (0, 0)
        for position in selected {
            guard let translated = index.books[position].translated else { continue }
            known += 1
            if translated { count += 1 }
        }
        let share: Double? =
            MinimumData.allowsShare(
                books: selected.count, coverage: selected.isEmpty ? 0 : Double(known) / Double(selected.count))
                && known > 0 ? Double(count) / Double(known) : nil
        return Share(count: Double(count), known: Double(known), total: selected.count, share: share)
    }

    /// The goals whose period meets the year, by the day they started, with how each ended.
    private static func goals(_ goals: [Goal], year: Int, board: GoalBoard, today: LocalDate) -> [GoalOutcome] {
        goals.filter { $0.startsOn.year <= year && $0.endsOn.year >= year }
            .sorted { ($0.startsOn, $0.title) < ($1.startsOn, $1.title) }
            .map { goal in
                let progress = board.progress(of: goal, today: today)
                let outcome: GoalOutcome.Outcome =
                    switch goal.status {
                    case .completed: .completed
                    case .abandoned: .abandoned
                    case .paused: .paused
                    case .active: progress.pace == .done ? .completed : goal.endsOn < today ? .missed : .running
                    }
                let unit = GoalDraft.unit(of: goal.kind)
                let text =
                    goal.kind == .share
                    ? "\(Int(saturating: progress.current.rounded()))% (target \(goal.target)%)"
                    : "\(InsightFormat.number(progress.current)) / \(InsightFormat.grouped(goal.target)) \(unit)"
                return GoalOutcome(
                    id: goal.id, title: goal.title, outcome: outcome, progress: text, fraction: progress.fraction)
            }
    }

    /// The year home offers on `today`: from December to the end of January, the year ending or
    /// just ended, when it has reading.
    public static func offered(today: LocalDate, years: [Int]) -> Int? {
        offered(today: today).flatMap { years.contains($0) ? $0 : nil }
    }

    /// The year home may offer on `today` (the year ending in December, just ended in January),
    /// before asking whether it has reading: the rest of the year home asks nothing.
    public static func offered(today: LocalDate) -> Int? {
        today.month == 12 ? today.year : today.month == 1 ? today.year - 1 : nil
    }

    /// Years with a finished book or a reading session, newest first: the years that have a
    /// year in books.
    /// From the insights index alone: the goal board is not built for it.
    public static func years(_ figures: LibraryFigures) -> [Int] { years(index: figures.index) }

    static func years(index: InsightIndex) -> [Int] {
        var days = Set<Int>()
        for book in index.books { days.formUnion(book.finishedDays) }
        for session in index.sessions { days.insert(session.day) }
        return Set(days.map { LocalDate(dayNumber: $0).year }).sorted(by: >)
    }
}
