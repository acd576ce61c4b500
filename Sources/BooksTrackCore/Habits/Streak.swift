import Foundation

/// A reading streak (SPEC §4): consecutive reading days in the reader's time zone. A reading day
/// is a day with a reading session (every day a session covers, so one that crosses midnight
/// counts for both), a progress update, or a finished book.
public struct Streak: Sendable, Equatable, Codable {
    /// Days in the run ending today, or yesterday when today has no reading yet (the streak is
    /// still alive until the day is over).
    public var current: Int
    /// The longest run ever.
    public var longest: Int
    /// Whether today is already a reading day.
    public var readToday: Bool

    public init(current: Int, longest: Int, readToday: Bool) {
        self.current = current
        self.longest = longest
        self.readToday = readToday
    }

    /// The streak of a set of reading days, as of `today`.
    public init(days: Set<LocalDate>, today: LocalDate) {
        let numbers = Set(days.map(\.dayNumber))
        let todayNumber = today.dayNumber
        readToday = numbers.contains(todayNumber)
        var end = readToday ? todayNumber : todayNumber - 1
        var current = 0
        while numbers.contains(end) {
            current += 1
            end -= 1
        }
        self.current = current
        var longest = 0
        for day in numbers where !numbers.contains(day - 1) {
            var length = 1
            while numbers.contains(day + length) { length += 1 }
            longest = max(longest, length)
        }
        self.longest = longest
    }

    /// The reading days of sessions, progress updates and finished books, in a time zone.
    /// A running session counts from its start to `now`.
    public static func days(
        sessions: [(start: Date, end: Date?)], progress: [Date], finished: [LocalDate], in timeZone: TimeZone, now: Date
    ) -> Set<LocalDate> {
        Set(
            dayNumbers(sessions: sessions, progress: progress, finished: finished.map(\.dayNumber), in: timeZone, now: now)
                .map(LocalDate.init(dayNumber:)))
    }

    /// The same reading days as day numbers (finished books given as day numbers too).
    static func dayNumbers(
        sessions: [(start: Date, end: Date?)], progress: [Date], finished: [Int], in timeZone: TimeZone, now: Date
    ) -> Set<Int> {
        var days = Set(finished)
        for instant in progress { days.insert(InsightIndex.dayNumber(instant, in: timeZone)) }
        for session in sessions {
            let first = InsightIndex.dayNumber(session.start, in: timeZone)
            let last = InsightIndex.dayNumber(max(session.start, session.end ?? now), in: timeZone)
            // A session is at most a few days long; a wrong clock must not make thousands of days.
            for day in first...min(last, first + 3) { days.insert(day) }
        }
        return days
    }

    /// What the home card says (seed 004).
    public var message: String {
        switch (current, readToday) {
        case (0, _): "Read today to start a streak"
        case (_, false): "Read today to keep your \(current)-day streak"
        case (1, true): "🔥 1-day streak — come back tomorrow to make it two"
        default: "🔥 \(current)-day streak"
        }
    }
}

/// The rules of a session's end page (SPEC F5).
public enum SessionRules {
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case negative
        case pastLimit
        case beforeStart(start: Int)
        case beyondBook(pages: Int)
        case minutes

        public var description: String {
            switch self {
            case .negative: "A page number is 0 or more."
            case .pastLimit: "A page number is at most 100,000."
            case .minutes: "A session lasts from 1 minute to 24 hours (1440 minutes)."
            case .beforeStart(let start):
                "The end page is before the page you started on (\(start)). If you went back, confirm the correction."
            case .beyondBook(let pages): "This edition has \(pages) pages; the end page cannot be past the last one."
            }
        }
    }

    /// Checks one page number on its own: from 0 to ``Limits/pages``'s end.
    public static func check(page: Int) -> Problem? {
        if page < Limits.pages.lowerBound { return .negative }
        if page > Limits.pages.upperBound { return .pastLimit }
        return nil
    }

    /// Checks a session's minutes: ``Limits/sessionMinutes``.
    public static func check(minutes: Int) -> Problem? {
        Limits.sessionMinutes.contains(minutes) ? nil : .minutes
    }

    /// Checks an end page against the start page and the edition's page count.
    public static func check(end: Int, start: Int, pageCount: Int?, correction: Bool) -> Problem? {
        if let problem = check(page: start) ?? check(page: end) { return problem }
        if let pageCount, pageCount > 0, max(end, start) > pageCount { return .beyondBook(pages: pageCount) }
        if end < start && !correction { return .beforeStart(start: start) }
        return nil
    }

    /// How long a session may run before its end is asked for instead of recorded.
    public static let longestUnattended: TimeInterval = 12 * 3600
}
