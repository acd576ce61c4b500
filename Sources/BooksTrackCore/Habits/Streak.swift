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

/// A reader's reading days (SPEC §4), the one definition behind every streak the product shows
/// — home, the widget, the reading page, the API, the command line, the streak reminder and the
/// reading insights: a day with a reading session (every day it covers, so one that crosses
/// midnight counts for both), a progress update, or a finished book, in the reader's time zone.
///
/// The days are worked out once with the library (``LibraryFigures``) and are the same whenever
/// they are read; a session still running is kept apart and counts every day from its start up
/// to the moment the streak is asked for, so reading past midnight keeps the streak alive.
public struct ReadingDays: Sendable, Equatable {
    /// Sorted day numbers: sessions (a running one its first day), progress updates, finishes.
    public let days: [Int]
    /// The starts of sessions still running.
    public let running: [Date]
    public let timeZone: TimeZone

    public init(_ library: ReaderLibrary, timeZone: TimeZone) {
        var finished: [LocalDate] = []
        // By index: a `for entry in` would copy (and retain) every entry of the library.
        for at in library.entries.indices where !library.entries[at].state.readings.isEmpty {
            for reading in library.entries[at].state.readings where reading.outcome == .finished {
                if let day = reading.finishedOn { finished.append(day) }
            }
        }
        self.init(
            finished: finished, progress: library.progress.map(\.recordedAt),
            sessions: library.sessions.map { (start: $0.startedAt, end: $0.endedAt) }, timeZone: timeZone)
    }

    /// The reading days of finishes, progress updates and sessions (`end` nil: still running).
    public init(finished: [LocalDate], progress: [Date], sessions: [(start: Date, end: Date?)], timeZone: TimeZone) {
        self.init(finishedDays: finished.map(\.dayNumber), progress: progress, sessions: sessions, timeZone: timeZone)
    }

    /// The reading days of finishes (as day numbers), progress updates and sessions.
    init(finishedDays: some Sequence<Int>, progress: [Date], sessions: [(start: Date, end: Date?)], timeZone: TimeZone) {
        var days = Set(finishedDays)
        for instant in progress { days.insert(InsightIndex.dayNumber(instant, in: timeZone)) }
        var running: [Date] = []
        for session in sessions {
            if session.end == nil { running.append(session.start) }
            Self.insert(from: session.start, to: session.end ?? session.start, into: &days, in: timeZone)
        }
        self.days = days.sorted()
        self.running = running.sorted()
        self.timeZone = timeZone
    }

    /// The days a session covers, at most four (a wrong clock must not make thousands of days).
    private static func insert(from start: Date, to end: Date, into days: inout Set<Int>, in timeZone: TimeZone) {
        let first = InsightIndex.dayNumber(start, in: timeZone)
        let last = InsightIndex.dayNumber(max(start, end), in: timeZone)
        for day in first...min(last, first + 3) { days.insert(day) }
    }

    /// The sorted reading days as of `now`: with running sessions counted up to it.
    public func days(at now: Date) -> [Int] {
        guard !running.isEmpty else { return days }
        var all = Set(days)
        for start in running { Self.insert(from: start, to: now, into: &all, in: timeZone) }
        return all.sorted()
    }

    /// The streak as of `now`.
    public func streak(at now: Date) -> Streak {
        let days = days(at: now)
        let set = Set(days)
        let today = InsightIndex.dayNumber(now, in: timeZone)
        let readToday = set.contains(today)
        // Until the day is over, a streak that reached yesterday is still alive.
        var end = readToday ? today : today - 1
        var current = 0
        while set.contains(end) {
            current += 1
            end -= 1
        }
        return Streak(current: current, longest: Self.longestRun(days), readToday: readToday)
    }

    /// The longest run of consecutive days in sorted day numbers.
    public static func longestRun(_ days: some Sequence<Int>) -> Int {
        var longest = 0
        runs(days) { run, _ in longest = max(longest, run) }
        return longest
    }

    /// The first day on which a run of consecutive days reached `length`, in sorted day numbers.
    static func firstDay(reachingRun length: Int, in days: some Sequence<Int>) -> Int? {
        var reached: Int?
        runs(days) { run, day in if reached == nil, run >= length { reached = day } }
        return reached
    }

    /// Each day with the length of the run it ends, in sorted day numbers.
    private static func runs(_ days: some Sequence<Int>, _ body: (_ run: Int, _ day: Int) -> Void) {
        var (run, previous) = (0, Int.min)
        for day in days {
            run = day == previous + 1 ? run + 1 : 1
            previous = day
            body(run, day)
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
        /// A percentage read outside 0…100.
        case percent
        case endsBeforeStart
        case endsInFuture

        public var description: String {
            switch self {
            case .percent: "A percentage is from 0 to 100."
            case .endsBeforeStart: "A session cannot end before it starts."
            case .endsInFuture: "A session cannot end in the future."
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
