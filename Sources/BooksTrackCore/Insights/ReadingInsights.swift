import Foundation

/// The stretch the reading insights cover (SPEC F7): this week (from Monday), this month, this
/// year, or all time, each compared with the one before.
public enum ReadingSpan: String, CaseIterable, Codable, Hashable, Sendable {
    case week, month, year, all

    var cadence: Goal.Cadence? {
        switch self {
        case .week: .week
        case .month: .month
        case .year: .year
        case .all: nil
        }
    }

    /// The days covered: the calendar week, month or year containing today; nil for all time.
    public func range(today: LocalDate) -> ClosedRange<LocalDate>? {
        cadence.flatMap { GoalDraft.period($0, containing: today) }
    }

    /// The days covered up to today as day numbers; nil for all time.
    func dayNumbers(today: LocalDate) -> ClosedRange<Int>? {
        range(today: today).map { $0.lowerBound.dayNumber...min($0.upperBound, today).dayNumber }
    }

    /// The week, month or year before.
    public func previousRange(today: LocalDate) -> ClosedRange<LocalDate>? {
        guard let cadence, let range = range(today: today) else { return nil }
        return GoalDraft.period(cadence, containing: range.lowerBound.adding(days: -1))
    }

    public var label: String {
        switch self {
        case .week: "This week"
        case .month: "This month"
        case .year: "This year"
        case .all: "All time"
        }
    }

    /// "last month", for a comparison.
    public var previousLabel: String? {
        switch self {
        case .week: "last week"
        case .month: "last month"
        case .year: "last year"
        case .all: nil
        }
    }
}

/// Reading insights (SPEC F7, seed 003): the hero, four cards and the timeline, worked out from
/// the reader's goal board (``GoalBoard``, kept with the library) and, for each month's
/// diversity score, the insights index — the same representation score as the insights page.
public struct ReadingInsights: Codable, Hashable, Sendable {
    /// What a stretch of time holds.
    public struct Figures: Codable, Hashable, Sendable {
        public var books: Int
        /// Pages of sessions, plus the page counts of finished books without sessions.
        public var pages: Int
        /// Minutes of timed sessions.
        public var minutes: Int
        /// Pages of timed sessions ÷ their hours (SPEC §4): never a book's page count over session
        /// time; nil under ``ReadingStats/minimumPaceMinutes`` of sessions.
        public var pagesPerHour: Double?
        /// Distinct cultural regions of the authors of the books finished.
        public var cultures: Int
        public var genres: Int
        public var ratedBooks: Int
        public var averageRating: Double?
        /// The longest run of reading days inside the stretch.
        public var longestStreak: Int
    }

    /// One of the four cards: its figure, what it is compared with, and the sentence.
    public struct Card: Codable, Hashable, Sendable {
        public var id: String
        public var title: String
        public var figure: String
        public var sentence: String
        /// ↑, ↓ or = against the stretch before; nil for all time.
        public var trend: Trend?
    }

    public enum Trend: String, Codable, Hashable, Sendable {
        case up, down, same

        public static func of(_ now: Double, _ before: Double) -> Trend { now > before ? .up : now < before ? .down : .same }
    }

    /// One month of the timeline: books finished and the representation score (0–100) of those
    /// books — nil when too little is known for a score (SPEC §4).
    public struct Month: Codable, Hashable, Sendable {
        public var month: String
        public var label: String
        public var books: Int
        /// Pages read in the month (sessions, and finished books without sessions), as the
        /// velocity card counts them.
        public var pages: Int
        /// Minutes read in the month's sessions.
        public var minutes: Int
        public var diversity: Double?
    }

    /// The hero's rings: the outer is the yearly book goal (or this year's books against last
    /// year's when there is no goal), the inner the regions explored of 11.
    public struct Rings: Codable, Hashable, Sendable {
        public var outer: Double
        public var outerLabel: String
        public var inner: Double
        public var innerLabel: String
    }

    public var span: ReadingSpan
    /// What the velocity card and the timeline measure.
    public var metric: ReadingMetric
    public var from: LocalDate?
    public var to: LocalDate?
    public var current: Figures
    public var previous: Figures?
    /// Reading days in a row up to today (or yesterday, when today has no reading yet).
    public var currentStreak: Int
    /// "Exploring 7 cultures across 23 books".
    public var headline: String
    public var rings: Rings
    public var cards: [Card]
    /// Months (the last 6 or 12 for a week, month or year; for all time every month from the
    /// first book finished), or years when all time spans more than ``yearlyAfterMonths``.
    public var timeline: [Month]
    /// What one point of the timeline is.
    public var timelineBy: TimelineUnit

    public enum TimelineUnit: String, Codable, Hashable, Sendable {
        case month, year
    }

    /// All time by month up to this many months, by year beyond (SPEC F7: "by year past 3 years").
    public static let yearlyAfterMonths = 36

    /// Computes the insights of a stretch as of `now` (its day in the figures' time zone).
    /// `bookGoal` is the reader's active yearly book goal, when they have one (its progress fills
    /// the outer ring).
    public static func compute(
        _ span: ReadingSpan, figures: LibraryFigures, library: ReaderLibrary, now: Date,
        bookGoal: (title: String, progress: GoalProgress)? = nil, months: Int = 12, metric: ReadingMetric = .books
    ) -> ReadingInsights {
        let board = figures.board
        let today = LocalDate(now, in: figures.readingDays.timeZone)
        let range = span.range(today: today)
        let previousRange = span.previousRange(today: today)
        let current = Self.figures(span, board: board, today: today)
        let previous = previousRange.map { board.figures(in: $0.lowerBound.dayNumber...$0.upperBound.dayNumber) }
        let streak = figures.streak(at: now).current
        let regionCount = CulturalRegion.allCases.count

        let year = ReadingSpan.year.range(today: today)!
        let booksThisYear = board.figures(in: year.lowerBound.dayNumber...today.dayNumber).books
        let rings: Rings
        if let (title, progress) = bookGoal {
            rings = Rings(
                outer: progress.fraction,
                outerLabel: "\(InsightFormat.number(progress.current)) of \(progress.target) books — \(title)",
                inner: Double(current.cultures) / Double(regionCount),
                innerLabel: "\(current.cultures) of \(regionCount) regions")
        } else {
            let lastYear = ReadingSpan.year.previousRange(today: today)!
            let booksLastYear = board.figures(in: lastYear.lowerBound.dayNumber...lastYear.upperBound.dayNumber).books
            rings = Rings(
                outer: booksLastYear > 0 ? min(1, Double(booksThisYear) / Double(booksLastYear)) : (booksThisYear > 0 ? 1 : 0),
                outerLabel: booksLastYear > 0
                    ? "\(InsightFormat.books(booksThisYear)) this year, \(booksLastYear) in all of last year"
                    : "\(InsightFormat.books(booksThisYear)) this year",
                inner: Double(current.cultures) / Double(regionCount),
                innerLabel: "\(current.cultures) of \(regionCount) regions")
        }
        let line = timeline(figures, library: library, span: span, today: today, months: months)
        return ReadingInsights(
            span: span, metric: metric, from: range?.lowerBound, to: range?.upperBound, current: current, previous: previous,
            currentStreak: streak,
            headline:
                "Exploring \(current.cultures) \(current.cultures == 1 ? "culture" : "cultures") across \(current.books) \(current.books == 1 ? "book" : "books")",
            rings: rings,
            cards: cards(
                span, current: current, previous: previous, streak: streak, board: board, range: range, metric: metric),
            timeline: line.points, timelineBy: line.unit)
    }

    /// What a stretch holds up to today (the rest of the week, month or year has not happened).
    public static func figures(_ span: ReadingSpan, board: GoalBoard, today: LocalDate) -> Figures {
        board.figures(in: span.dayNumbers(today: today))
    }

    static func cards(
        _ span: ReadingSpan, current: Figures, previous: Figures?, streak: Int, board: GoalBoard,
        range: ClosedRange<LocalDate>?, metric: ReadingMetric = .books
    ) -> [Card] {
        let before = span.previousLabel ?? ""
        return [
            velocityCard(current: current, previous: previous, metric: metric, before: before),
            cultureCard(current: current, previous: previous, board: board, range: range, before: before),
            streakCard(span, current: current, previous: previous, streak: streak, before: before),
            genresCard(current: current, previous: previous, before: before),
        ]
    }

    /// The chosen measure, compared with the stretch before; its sentence gives the others. Time
    /// is only that of timed sessions, so it is said with their pace, never beside every page
    /// read ("36,188 pages in 5 min" joined book page counts to five minutes of sessions).
    private static func velocityCard(current: Figures, previous: Figures?, metric: ReadingMetric, before: String) -> Card {
        func compare(_ now: Int, _ then: Int) -> String {
            let difference = now - then
            let amount = abs(difference)
            switch metric {
            case .time:
                if difference == 0 { return "As long as \(before)." }
                let time = InsightFormat.duration(amount)
                return difference > 0 ? "You read \(time) longer than \(before)." : "\(time) less than \(before)."
            case .books, .pages:
                let unit = metric.rawValue
                if difference == 0 { return "As many \(unit) as \(before)." }
                let noun = amount == 1 ? String(unit.dropLast()) : unit
                let count = InsightFormat.grouped(amount)
                return difference > 0
                    ? "You read \(count) more \(noun) than \(before)." : "\(count) fewer \(noun) than \(before)."
            }
        }
        let pace =
            current.pagesPerHour.map {
                "; \(InsightFormat.grouped(Int(saturating: $0.rounded()))) pages an hour over \(InsightFormat.duration(current.minutes)) of timed sessions"
            } ?? ""
        let velocity =
            switch metric {
            case .books: ReadingMetric.pages.text(current.pages) + pace
            case .pages: ReadingMetric.books.text(current.books) + pace
            case .time: "\(ReadingMetric.books.text(current.books)), \(ReadingMetric.pages.text(current.pages))" + pace
            }
        return Card(
            id: "velocity", title: "Reading velocity", figure: metric.text(metric.amount(current)),
            sentence: previous.map { compare(metric.amount(current), metric.amount($0)) + " \(velocity)." } ?? "\(velocity).",
            trend: previous.map { Trend.of(Double(metric.amount(current)), Double(metric.amount($0))) })
    }

    /// The regions read, with those read for the first time in the stretch.
    private static func cultureCard(
        current: Figures, previous: Figures?, board: GoalBoard, range: ClosedRange<LocalDate>?, before: String
    ) -> Card {
        let regionsLeft = CulturalRegion.allCases.count - current.cultures
        let newRegions = range.map { board.newRegions(from: $0.lowerBound.dayNumber) } ?? 0
        let sentence: String
        if let previous {
            sentence =
                newRegions > 0
                ? "\(newRegions) \(newRegions == 1 ? "region" : "regions") read for the first time."
                : (current.cultures == previous.cultures
                    ? "As many regions as \(before)." : "\(previous.cultures) regions \(before).")
        } else {
            sentence =
                regionsLeft == 0 ? "Every region of the world is on your shelves." : "\(regionsLeft) regions still to explore."
        }
        return Card(
            id: "culture", title: "Cultural exploration",
            figure: "\(current.cultures) of \(CulturalRegion.allCases.count) regions", sentence: sentence,
            trend: previous.map { Trend.of(Double(current.cultures), Double($0.cultures)) })
    }

    /// The run of reading days now, with the longest of the stretch.
    private static func streakCard(_ span: ReadingSpan, current: Figures, previous: Figures?, streak: Int, before: String)
        -> Card
    {
        let days = { (count: Int) in count == 1 ? "1 day" : "\(count) days" }
        let longest = "Longest run \(span == .all ? "ever" : span.label.lowercased()): \(days(current.longestStreak))"
        return Card(
            id: "streak", title: "Streaks", figure: streak == 1 ? "1 day in a row" : "\(streak) days in a row",
            sentence: previous.map { "\(longest) (\(before): \(days($0.longestStreak)))." } ?? "\(longest).",
            trend: previous.map { Trend.of(Double(current.longestStreak), Double($0.longestStreak)) })
    }

    /// The genres of the books finished, compared with the stretch before.
    private static func genresCard(current: Figures, previous: Figures?, before: String) -> Card {
        Card(
            id: "genres", title: "Genre diversity",
            figure: "\(current.genres) \(current.genres == 1 ? "genre" : "genres")",
            sentence: previous.map { previous in
                let difference = current.genres - previous.genres
                return difference == 0
                    ? "As many genres as \(before)."
                    : "\(abs(difference)) \(difference > 0 ? "more" : "fewer") \(abs(difference) == 1 ? "genre" : "genres") than \(before)."
            }
                ?? (current.genres == 0
                    ? "No genres known yet for the books you finished." : "Across everything you finished."),
            trend: previous.map { Trend.of(Double(current.genres), Double($0.genres)) })
    }

    /// The timeline's points: the last `months` calendar months up to this one; for all time,
    /// every month from the first book finished (or session), by year past
    /// ``yearlyAfterMonths`` — so years of imported history show. Each with the books finished
    /// and the representation score of those books.
    static func timeline(
        _ figures: LibraryFigures, library: ReaderLibrary, span: ReadingSpan, today: LocalDate, months: Int
    ) -> (points: [Month], unit: TimelineUnit) {
        let thisMonth = LocalDate(year: today.year, month: today.month, day: 1)!
        var first = thisMonth
        for _ in 1..<months { first = first.adding(days: -1).firstOfMonth }
        if span == .all {
            let index = figures.index
            let finishes = index.books.lazy.compactMap { $0.finishedDays.min() }.min()
            let sessions = index.sessions.lazy.map(\.day).min()
            if let day = [finishes, sessions].compactMap({ $0 }).min() {
                first = min(first, LocalDate(dayNumber: day).firstOfMonth)
            }
        }
        let monthCount = (thisMonth.year - first.year) * 12 + thisMonth.month - first.month + 1
        var ranges: [ClosedRange<LocalDate>] = []
        let unit: TimelineUnit = monthCount > yearlyAfterMonths ? .year : .month
        var start = unit == .year ? LocalDate(year: first.year, month: 1, day: 1)! : first
        while start <= today {
            let range = GoalDraft.period(unit == .year ? .year : .month, containing: start)!
            ranges.append(range)
            start = range.upperBound.adding(days: 1)
        }
        return (points(ranges, unit: unit, figures: figures, library: library), unit)
    }

    private static func points(
        _ ranges: [ClosedRange<LocalDate>], unit: TimelineUnit, figures: LibraryFigures, library: ReaderLibrary
    ) -> [Month] {
        let (index, board) = (figures.index, figures.board)
        let underrepresented = library.user.settings.underrepresentedRegions
        let months = ranges.count
        // One pass over the read books puts each in the months it was finished in (once per
        // month, as ``InsightIndex/select(_:in:)`` would for each month).
        let starts = ranges.map(\.lowerBound.dayNumber)
        let end = ranges.last!.upperBound.dayNumber
        var buckets = [[Int]](repeating: [], count: months)
        for (position, book) in index.books.enumerated() where !book.finishedDays.isEmpty {
            for day in book.finishedDays where day >= starts[0] && day <= end {
                let bucket = GoalBoard.first(starts, atLeast: day + 1) - 1
                if buckets[bucket].last != position { buckets[bucket].append(position) }
            }
        }
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return ranges.enumerated().map { number, range in
            let finished = buckets[number]
            let diversity = DiversityFigures.compute(finished, index: index, unit: .books, underrepresented: underrepresented)
            let radar = RepresentationRadar.library(finished, index: index, figures: diversity)
            let figures = board.figures(in: range.lowerBound.dayNumber...range.upperBound.dayNumber)
            return Month(
                month: String(range.lowerBound.description.prefix(unit == .year ? 4 : 7)),
                label: unit == .year
                    ? String(range.lowerBound.year) : "\(names[range.lowerBound.month - 1]) \(range.lowerBound.year)",
                books: figures.books, pages: figures.pages, minutes: figures.minutes,
                diversity: radar.overall.map { ($0 * 10).rounded() / 10 })
        }
    }
}

extension GoalBoard {
    /// The distinct books finished in a range of day numbers (nil: every book read, with a
    /// date or not).
    func finishedBooks(in days: ClosedRange<Int>?) -> [Int32] {
        guard let days else { return Array(0..<Int32(books.count)) }
        let slice = Self.first(finishDays, atLeast: days.lowerBound)..<Self.first(finishDays, atLeast: days.upperBound + 1)
        guard rereads else { return Array(finishBooks[slice]) }
        var seen = [Bool](repeating: false, count: books.count)
        var distinct: [Int32] = []
        for index in finishBooks[slice] where !seen[Int(index)] {
            seen[Int(index)] = true
            distinct.append(index)
        }
        return distinct
    }

    /// What a range of day numbers (nil: all time) holds.
    func figures(in days: ClosedRange<Int>?) -> ReadingInsights.Figures {
        let finished = finishedBooks(in: days)
        var regions: UInt16 = 0
        var rated = 0
        var quarters = 0
        var untimedPages = 0
        for index in finished {
            let book = books[Int(index)]
            regions |= book.regionMask
            if book.rating >= 0 {
                rated += 1
                quarters += Int(book.rating)
            }
            if !book.timed { untimedPages += max(0, Int(book.pageCount)) }
        }
        let sessions =
            days.map { Self.first(sessionDays, atLeast: $0.lowerBound)..<Self.first(sessionDays, atLeast: $0.upperBound + 1) }
            ?? 0..<sessionDays.count
        let streakDays = days ?? (readingDays.isEmpty ? 0...0 : readingDays.first!...readingDays.last!)
        let sessionPages = pagesBefore[sessions.upperBound] - pagesBefore[sessions.lowerBound]
        let minutes = minutesBefore[sessions.upperBound] - minutesBefore[sessions.lowerBound]
        return ReadingInsights.Figures(
            books: finished.count, pages: sessionPages + untimedPages, minutes: minutes,
            pagesPerHour: ReadingStats.pace(
                pages: timedPagesBefore[sessions.upperBound] - timedPagesBefore[sessions.lowerBound], minutes: minutes),
            cultures: regions.nonzeroBitCount,
            genres: distinct(\.genres, in: flatGenres, of: genreIndex.count, among: finished), ratedBooks: rated,
            averageRating: rated > 0 ? Double(quarters) / Double(rated) / 4 : nil,
            longestStreak: readingDays.isEmpty ? 0 : longestRun(in: streakDays))
    }

    /// Regions first read on or after `day`: among the books finished from then, regions no book
    /// finished before had.
    func newRegions(from day: Int) -> Int {
        let split = Self.first(finishDays, atLeast: day)
        var before: UInt16 = 0
        for index in finishBooks[..<split] { before |= books[Int(index)].regionMask }
        var after: UInt16 = 0
        for index in finishBooks[split...] { after |= books[Int(index)].regionMask }
        return (after & ~before).nonzeroBitCount
    }
}
