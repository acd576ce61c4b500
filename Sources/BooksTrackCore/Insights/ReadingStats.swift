import Foundation

/// Reading activity in a period (SPEC §4): books finished, pages, pace and time.
public struct ReadingStats: Codable, Hashable, Sendable {
    /// The first and last day counted; `nil` for all time with no activity at all.
    public var from: LocalDate?
    public var to: LocalDate?
    /// Days from ``from`` up to today or the end of the period, whichever is first (what the
    /// per-day and per-month figures divide by).
    public var days: Int
    public var booksFinished: Int
    /// Session pages in the period, plus the page count of books finished in the period that
    /// have no sessions.
    public var pagesRead: Int
    /// Finished books without sessions whose page count is unknown (their pages are missing
    /// from ``pagesRead``).
    public var booksWithoutPageCount: Int
    public var pagesPerDay: Double
    public var booksPerMonth: Double
    /// Minutes of finished reading sessions in the period.
    public var readingMinutes: Int
    /// Session pages ÷ session hours (weighted, not a mean of paces); `nil` under
    /// ``minimumPaceMinutes`` of timed reading.
    public var pagesPerHour: Double?

    /// Less timed reading than this says nothing about a pace (SPEC §4): two pages in one
    /// minute is not "120 pages an hour".
    public static let minimumPaceMinutes = 10

    /// Pages of timed sessions ÷ their hours; nil under ``minimumPaceMinutes``.
    public static func pace(pages: Int, minutes: Int) -> Double? {
        minutes >= minimumPaceMinutes ? Double(pages) / (Double(minutes) / 60) : nil
    }
    public var sessions: Int

    /// Days in an average Gregorian month.
    public static let daysPerMonth = 365.2425 / 12

    /// Computes the stats of a range (`nil` is all time, from the first day with any reading
    /// activity) as of `today`, given the books finished in it (`InsightIndex.select(.read, in:)`);
    /// session days are already in the reader's time zone in `index`.
    static func compute(index: InsightIndex, finished: [Int], range: ClosedRange<LocalDate>?, today: LocalDate)
        -> ReadingStats
    {
        let days = range?.dayNumbers
        var sessionPages = 0
        var sessionMinutes = 0
        var timedPages = 0
        var sessionCount = 0
        var firstActivity: Int?
        for session in index.sessions {
            if let days, !days.contains(session.day) { continue }
            firstActivity = min(firstActivity ?? session.day, session.day)
            if !session.noted { sessionCount += 1 }
            sessionPages += session.pages
            sessionMinutes += session.minutes
            if session.minutes > 0 { timedPages += session.pages }
        }
        var finishedPages = 0
        var withoutPageCount = 0
        for bookIndex in finished {
            let book = index.books[bookIndex]
            if days == nil, let first = book.finishedDays.min() { firstActivity = min(firstActivity ?? first, first) }
            guard !book.hasSessions else { continue }
            if let pages = book.pageCount, pages > 0 {
                finishedPages += pages
            } else {
                withoutPageCount += 1
            }
        }
        let from = range?.lowerBound ?? firstActivity.map(LocalDate.init(dayNumber:))
        let end = range.map { min($0.upperBound, today) } ?? today
        let elapsed = from.map { max(0, end.dayNumber - $0.dayNumber + 1) } ?? 0
        let pages = sessionPages + finishedPages
        return ReadingStats(
            from: from, to: range?.upperBound ?? (from == nil ? nil : today), days: elapsed, booksFinished: finished.count,
            pagesRead: pages, booksWithoutPageCount: withoutPageCount,
            pagesPerDay: elapsed > 0 ? Double(pages) / Double(elapsed) : 0,
            booksPerMonth: elapsed > 0 ? Double(finished.count) / (Double(elapsed) / daysPerMonth) : 0,
            readingMinutes: sessionMinutes,
            pagesPerHour: Self.pace(pages: timedPages, minutes: sessionMinutes),
            sessions: sessionCount)
    }
}
