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

    /// One measure: the reader's own figure and the participants' average. A diversity measure
    /// may be unknown for the reader (`you` nil: too little known), and has no average until
    /// ``minimumReaders`` participants have it known.
    public struct Row: Codable, Hashable, Sendable {
        public var measure: String
        public var label: String
        public var you: Double?
        public var average: Double?
        public var youText: String
        public var averageText: String
    }

    /// A participant's diversity figures of the stretch (``LibraryFigures/diversity(_:today:)``):
    /// the 0–10 score, the shares of books by women and by marginalized voices (0…1), each nil
    /// when too little is known to tell, and the distinct original languages.
    public struct Diversity: Codable, Hashable, Sendable {
        public var score: Double?
        public var women: Double?
        public var marginalized: Double?
        public var languages: Int

        /// ``languages`` as the rows average it.
        var languageCount: Double? { Double(languages) }

        public init(score: Double?, women: Double?, marginalized: Double?, languages: Int) {
            self.score = score
            self.women = women
            self.marginalized = marginalized
            self.languages = languages
        }
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
        span: ReadingSpan, own: (ReadingInsights.Figures, Diversity)?, everyone: [(ReadingInsights.Figures, Diversity)]
    ) -> InstanceComparison {
        guard let (own, ownDiversity) = own, everyone.count >= minimumReaders else {
            return InstanceComparison(span: span, optedIn: own != nil, participants: everyone.count, rows: [])
        }
        // Summed as Double: every figure is bounded where it enters, yet a sum must never trap.
        func mean(_ values: [Double], step: Double) -> Double {
            let exact = values.reduce(0.0, +) / Double(values.count)
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
            let average = mean(everyone.map { Double(value($0.0)) }, step: step)
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
        // The diversity figures (issue 44 item 8): averaged over the participants for whom each is
        // known, and shown only when that is still at least the minimum of readers.
        func diversityRow(
            _ measure: String, _ label: String, _ value: (Diversity) -> Double?, step: Double, _ text: (Double) -> String
        ) -> Row {
            let known = everyone.compactMap { value($0.1) }
            let average = known.count >= minimumReaders ? mean(known, step: step) : nil
            return Row(
                measure: measure, label: label, you: value(ownDiversity), average: average,
                youText: value(ownDiversity).map(text) ?? "too little known yet",
                averageText: average.map { "about " + text($0) }
                    ?? "known for \(known.count) of \(everyone.count) readers: too few to average")
        }
        func percent(_ share: Double) -> String { "\(Int(saturating: (share * 100).rounded()))%" }
        let diversity = [
            diversityRow("score", "Diversity score", \.score, step: 0.5) { "\(one($0)) / 10" },
            diversityRow("women", "Books by women", \.women, step: 0.05, percent),
            diversityRow("marginalized", "Marginalized voices", \.marginalized, step: 0.05, percent),
            diversityRow("languages", "Original languages", \.languageCount, step: 1) {
                "\(one($0)) \($0 == 1 ? "language" : "languages")"
            },
        ]
        return InstanceComparison(span: span, optedIn: true, participants: everyone.count, rows: rows + diversity)
    }
}
