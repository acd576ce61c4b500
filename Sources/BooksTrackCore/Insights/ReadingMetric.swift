import Foundation

/// What the velocity card and the timeline measure (seed 003's metric filters): books finished,
/// pages read or time read. The other cards count what they count (regions, days, genres).
public enum ReadingMetric: String, CaseIterable, Codable, Hashable, Sendable {
    case books, pages, time

    public var displayName: String {
        switch self {
        case .books: "Books"
        case .pages: "Pages"
        case .time: "Time"
        }
    }

    /// The amount of a stretch: books, pages, or minutes.
    public func amount(_ figures: ReadingInsights.Figures) -> Int {
        switch self {
        case .books: figures.books
        case .pages: figures.pages
        case .time: figures.minutes
        }
    }

    /// The amount of a timeline month.
    public func amount(_ month: ReadingInsights.Month) -> Int {
        switch self {
        case .books: month.books
        case .pages: month.pages
        case .time: month.minutes
        }
    }

    /// "3 books", "1,204 pages", "2 h 5 min".
    public func text(_ amount: Int) -> String {
        switch self {
        case .books: InsightFormat.books(amount)
        case .pages: amount == 1 ? "1 page" : "\(InsightFormat.grouped(amount)) pages"
        case .time: InsightFormat.duration(amount)
        }
    }

    /// What the timeline's bars are, as a legend says it.
    public var perMonth: String {
        switch self {
        case .books: "Books finished"
        case .pages: "Pages read"
        case .time: "Time read"
        }
    }
}
