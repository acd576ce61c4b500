import Foundation

/// A reader's reading figures beside the average of the readers of this instance who take part
/// (seed 003's "progress comparisons", issue 20 item 12). Only readers who opted in are counted
/// and only they see it; nothing is shown until ``minimumReaders`` take part, and then only the
/// average — never one reader's figures.
public struct InstanceComparison: Codable, Hashable, Sendable {
    /// Readers it takes before an average is shown. With n readers, n − 1 accounts that one
    /// person controls would learn the last reader's figures from an exact average: so it takes
    /// ten, and averages are rounded to a step (``Row``) that hides any one reader's exact figure.
    public static let minimumReaders = 10

    /// One measure: the reader's own figure and the participants' average.
    public struct Row: Codable, Hashable, Sendable {
        public var measure: String
        public var label: String
        public var you: Double
        public var average: Double
        public var youText: String
        public var averageText: String
    }

    public var span: ReadingSpan
    /// Whether this reader takes part.
    public var optedIn: Bool
    /// How many readers take part.
    public var participants: Int
    /// Empty until the reader takes part and ``minimumReaders`` do.
    public var rows: [Row]

    public init(span: ReadingSpan, optedIn: Bool, participants: Int, rows: [Row]) {
        self.span = span
        self.optedIn = optedIn
        self.participants = participants
        self.rows = rows
    }

    /// The comparison for a reader (`own`: their figures when they take part) among every
    /// participant's figures of the same stretch (`everyone`, the reader included).
    public static func compute(
        span: ReadingSpan, own: ReadingInsights.Figures?, everyone: [ReadingInsights.Figures]
    ) -> InstanceComparison {
        guard let own, everyone.count >= minimumReaders else {
            return InstanceComparison(span: span, optedIn: own != nil, participants: everyone.count, rows: [])
        }
        // Summed as Double: every figure is bounded where it enters, yet a sum must never trap.
        func mean(_ value: (ReadingInsights.Figures) -> Int, step: Double) -> Double {
            let exact = everyone.reduce(0.0) { $0 + Double(value($1)) } / Double(everyone.count)
            return (exact / step).rounded() * step
        }
        func one(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? InsightFormat.grouped(Int(rounded)) : String(format: "%.1f", rounded)
        }
        func row(
            _ measure: String, _ label: String, _ value: (ReadingInsights.Figures) -> Int, step: Double = 1,
            _ text: (Double) -> String
        ) -> Row {
            let average = mean(value, step: step)
            return Row(
                measure: measure, label: label, you: Double(value(own)), average: average, youText: text(Double(value(own))),
                averageText: "about " + text(average))
        }
        let rows = [
            row("books", "Books finished", \.books) { "\(one($0)) \($0 == 1 ? "book" : "books")" },
            row("pages", "Pages read", \.pages, step: 100) { "\(InsightFormat.grouped(Int(saturating: $0.rounded()))) pages" },
            row("minutes", "Time read", \.minutes, step: 60) { InsightFormat.duration(Int(saturating: $0.rounded())) },
            row("cultures", "Cultural regions", \.cultures) { "\(one($0)) of \(CulturalRegion.allCases.count)" },
            row("longestStreak", "Longest run of reading days", \.longestStreak) {
                "\(one($0)) \($0 == 1 ? "day" : "days")"
            },
            row("genres", "Genres", \.genres) { "\(one($0)) \($0 == 1 ? "genre" : "genres")" },
        ]
        return InstanceComparison(span: span, optedIn: true, participants: everyone.count, rows: rows)
    }
}
