import Foundation

/// The stretch of time an insight covers (SPEC §4): all time, this year, the last 30 days, a
/// given year, or a custom range of days. Ranges are inclusive calendar days in the reader's
/// time zone; `today` is always an argument, never read from a clock.
public enum InsightPeriod: Hashable, Sendable {
    case allTime
    case thisYear
    case last30Days
    case year(Int)
    case custom(from: LocalDate, to: LocalDate)

    /// The longest custom range accepted, in days (a century).
    public static let longestCustomRange = 36_525

    /// The days the period covers, or `nil` for all time. This year is the whole calendar year
    /// (January 1 to December 31); the last 30 days end today.
    public func range(today: LocalDate) -> ClosedRange<LocalDate>? {
        switch self {
        case .allTime: nil
        case .thisYear: Self.calendarYear(today.year)
        case .last30Days: today.adding(days: -29)...today
        case .year(let year): Self.calendarYear(year)
        case .custom(let from, let to): from...to
        }
    }

    /// The previous period of equal length: the year before for a year, the 30 days before for
    /// the last 30 days, the same number of days just before a custom range; none for all time.
    public func previousRange(today: LocalDate) -> ClosedRange<LocalDate>? {
        switch self {
        case .allTime: return nil
        case .thisYear: return Self.calendarYear(today.year - 1)
        case .year(let year): return Self.calendarYear(year - 1)
        case .last30Days, .custom:
            guard let range = range(today: today) else { return nil }
            let length = range.upperBound.dayNumber - range.lowerBound.dayNumber + 1
            let end = range.lowerBound.adding(days: -1)
            return end.adding(days: -(length - 1))...end
        }
    }

    /// The URL and API spelling: `all`, `this-year`, `last-30-days`, `2024`, `custom`.
    public var parameter: String {
        switch self {
        case .allTime: "all"
        case .thisYear: "this-year"
        case .last30Days: "last-30-days"
        case .year(let year): String(year)
        case .custom: "custom"
        }
    }

    /// What a reader sees: "All time", "This year (2026)", "Last 30 days", "2024",
    /// "2026-03-01 – 2026-05-31".
    public func label(today: LocalDate) -> String {
        switch self {
        case .allTime: "All time"
        case .thisYear: "This year (\(today.year))"
        case .last30Days: "Last 30 days"
        case .year(let year): String(year)
        case .custom(let from, let to): "\(from) – \(to)"
        }
    }

    /// What the previous period is called next to a comparison: "2025", "the 30 days before".
    public func previousLabel(today: LocalDate) -> String? {
        switch self {
        case .allTime: nil
        case .thisYear: String(today.year - 1)
        case .year(let year): String(year - 1)
        case .last30Days: "the 30 days before"
        case .custom:
            previousRange(today: today).map { "\($0.lowerBound) – \($0.upperBound)" }
        }
    }

    /// Parses `period` (with `from` and `to` for a custom range). A missing period is all time;
    /// anything else that cannot be understood is a message the reader can act on.
    public static func parse(_ period: String?, from: String?, to: String?) -> Result<InsightPeriod, InsightInputError> {
        let text = (period ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        switch text {
        case "", "all", "all-time": return .success(.allTime)
        case "this-year", "year": return .success(.thisYear)
        case "last-30-days", "30d", "last30days": return .success(.last30Days)
        case "custom":
            guard let fromText = from, let start = LocalDate(fromText) else {
                return .failure(InsightInputError("A custom period needs a start date (YYYY-MM-DD)."))
            }
            guard let toText = to, let end = LocalDate(toText) else {
                return .failure(InsightInputError("A custom period needs an end date (YYYY-MM-DD)."))
            }
            guard start <= end else {
                return .failure(InsightInputError("The start of the period (\(start)) is after its end (\(end))."))
            }
            guard end.dayNumber - start.dayNumber < longestCustomRange else {
                return .failure(InsightInputError("A custom period can be at most 100 years long."))
            }
            return .success(.custom(from: start, to: end))
        default:
            if text.count == 4, let year = Int(text), (1000...9999).contains(year) { return .success(.year(year)) }
            return .failure(
                InsightInputError(
                    "“\(period ?? "")” is not a period. Use all, this-year, last-30-days, a year such as 2024, or custom with from and to dates."
                ))
        }
    }

    private static func calendarYear(_ year: Int) -> ClosedRange<LocalDate> {
        let clamped = min(max(year, 1), 9999)
        return LocalDate(year: clamped, month: 1, day: 1)!...LocalDate(year: clamped, month: 12, day: 31)!
    }
}

/// A period, scope or unit a reader asked for that cannot be understood.
public struct InsightInputError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Which books the diversity figures are about (SPEC §4).
public enum InsightScope: String, Hashable, Sendable, Codable, CaseIterable {
    /// Books finished in the period (the default). For all time, also books marked read
    /// without a finish date.
    case read
    /// Every book in the library, by the day it was added.
    case library

    public var displayName: String {
        switch self {
        case .read: "Books read"
        case .library: "Whole library"
        }
    }
}

/// What a share is a share of (SPEC §4).
public enum CountingUnit: String, Hashable, Sendable, Codable, CaseIterable {
    /// Each book weighs 1, split equally between its authors.
    case books
    /// Each distinct author counts once.
    case authors

    public var displayName: String {
        switch self {
        case .books: "Books"
        case .authors: "Authors"
        }
    }
}

/// One question asked of the insights engine.
public struct InsightRequest: Hashable, Sendable {
    public var period: InsightPeriod
    public var scope: InsightScope
    public var unit: CountingUnit

    public init(period: InsightPeriod = .allTime, scope: InsightScope = .read, unit: CountingUnit = .books) {
        self.period = period
        self.scope = scope
        self.unit = unit
    }

    /// The scope home and insights open on (SPEC §4 "One headline"): books you have read, all
    /// time — so the same question never gets two answers on two pages.
    public static let headline = InsightRequest()

    /// The scope in words, for the line under a page's lead figure: "Books you have read, all
    /// time", "Books added to your library in 2025".
    public func scopeInWords(today: LocalDate? = nil) -> String {
        let books = scope == .read ? "Books you have read" : "Books added to your library"
        return switch period {
        case .allTime: scope == .read ? "\(books), all time" : "Your whole library, all time"
        case .thisYear: "\(books) this year" + (today.map { " (\($0.year))" } ?? "")
        case .last30Days: "\(books) in the last 30 days"
        case .year(let year): "\(books) in \(year)"
        case .custom(let from, let to): "\(books) from \(from.longDescription) to \(to.longDescription)"
        }
    }

    /// Parses URL or API parameters (`period`, `from`, `to`, `scope`, `unit`).
    /// Every parameter ``parse(_:)`` reads.
    public static let parameterNames: Set<String> = ["period", "from", "to", "scope", "unit"]

    public static func parse(_ parameters: [String: String]) -> Result<InsightRequest, InsightInputError> {
        let period: InsightPeriod
        switch InsightPeriod.parse(parameters["period"], from: parameters["from"], to: parameters["to"]) {
        case .success(let parsed): period = parsed
        case .failure(let error): return .failure(error)
        }
        var request = InsightRequest(period: period)
        if let text = parameters["scope"]?.lowercased(), !text.isEmpty {
            guard let scope = InsightScope(rawValue: text) else {
                return .failure(InsightInputError("“\(text)” is not a scope. Use read or library."))
            }
            request.scope = scope
        }
        if let text = parameters["unit"]?.lowercased(), !text.isEmpty {
            guard let unit = CountingUnit(rawValue: text) else {
                return .failure(InsightInputError("“\(text)” is not a counting unit. Use books or authors."))
            }
            request.unit = unit
        }
        return .success(request)
    }

    /// The canonical parameters (defaults left out), in a stable order: for links and cache keys.
    public var parameters: [(String, String)] {
        var out: [(String, String)] = []
        if period != .allTime { out.append(("period", period.parameter)) }
        if case .custom(let from, let to) = period {
            out.append(("from", from.description))
            out.append(("to", to.description))
        }
        if scope != .read { out.append(("scope", scope.rawValue)) }
        if unit != .books { out.append(("unit", unit.rawValue)) }
        return out
    }
}
