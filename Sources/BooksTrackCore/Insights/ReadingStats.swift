import Foundation

/// Which of a reader's books an insight is about (SPEC §4).
public enum InsightSelection {
    /// The entries in a scope for a range of days (`nil` is all time).
    ///
    /// - Read: books with a finished read-through in the range. A book being re-read still
    ///   counts for the period it was finished in. For all time, also books marked read without
    ///   a finish date.
    /// - Library: books added in the range; for all time, every book. A book without a date
    ///   added belongs to all time only.
    public static func entries(
        of library: ReaderLibrary, scope: InsightScope, range: ClosedRange<LocalDate>?
    ) -> [LibraryEntry] {
        switch scope {
        case .read:
            guard let range else {
                return library.entries.filter {
                    $0.state.status == .read || $0.state.readings.contains { $0.outcome == .finished }
                }
            }
            return library.entries.filter { finished(in: range, $0) }
        case .library:
            guard let range else { return library.entries }
            return library.entries.filter { $0.state.addedOn.map(range.contains) ?? false }
        }
    }

    /// Whether an entry has a read-through finished within the range.
    public static func finished(in range: ClosedRange<LocalDate>, _ entry: LibraryEntry) -> Bool {
        entry.state.readings.contains { reading in
            reading.outcome == .finished && reading.finishedOn.map(range.contains) == true
        }
    }
}

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
    /// Session pages ÷ session hours (weighted, not a mean of paces); `nil` without timed reading.
    public var pagesPerHour: Double?
    public var sessions: Int

    /// Days in an average Gregorian month.
    public static let daysPerMonth = 365.2425 / 12

    /// Computes the stats of a range (`nil` is all time, from the first day with any reading
    /// activity) as of `today`, with session days in `timeZone`.
    public static func compute(
        library: ReaderLibrary, range: ClosedRange<LocalDate>?, today: LocalDate, timeZone: TimeZone
    ) -> ReadingStats {
        let finished = InsightSelection.entries(of: library, scope: .read, range: range)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func day(_ instant: Date) -> LocalDate {
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!
        }
        var sessionPages = 0
        var sessionMinutes = 0
        var timedPages = 0
        var sessionCount = 0
        var firstActivity: LocalDate?
        var entriesWithSessions = Set<LibraryEntry.ID>()
        for session in library.sessions {
            entriesWithSessions.insert(session.entryID)
            guard let pages = session.pagesRead, let minutes = session.minutes else { continue }
            let sessionDay = day(session.startedAt)
            if let range, !range.contains(sessionDay) { continue }
            firstActivity = min(firstActivity ?? sessionDay, sessionDay)
            sessionCount += 1
            sessionPages += pages
            sessionMinutes += minutes
            if minutes > 0 { timedPages += pages }
        }
        var finishedPages = 0
        var withoutPageCount = 0
        for entry in finished {
            if range == nil {
                for reading in entry.state.readings where reading.outcome == .finished {
                    if let on = reading.finishedOn { firstActivity = min(firstActivity ?? on, on) }
                }
            }
            guard !entriesWithSessions.contains(entry.id) else { continue }
            if let pages = entry.editionID.flatMap({ library.editions[$0] })?.details.pageCount, pages > 0 {
                finishedPages += pages
            } else {
                withoutPageCount += 1
            }
        }
        let from = range?.lowerBound ?? firstActivity
        let to = range.map { min($0.upperBound, today) } ?? today
        let days = from.map { max(0, to.dayNumber - $0.dayNumber + 1) } ?? 0
        let pages = sessionPages + finishedPages
        return ReadingStats(
            from: from, to: range?.upperBound ?? (from == nil ? nil : today), days: days, booksFinished: finished.count,
            pagesRead: pages, booksWithoutPageCount: withoutPageCount,
            pagesPerDay: days > 0 ? Double(pages) / Double(days) : 0,
            booksPerMonth: days > 0 ? Double(finished.count) / (Double(days) / daysPerMonth) : 0,
            readingMinutes: sessionMinutes,
            pagesPerHour: sessionMinutes > 0 ? Double(timedPages) / (Double(sessionMinutes) / 60) : nil,
            sessions: sessionCount)
    }
}
