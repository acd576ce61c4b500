import Foundation

/// Books finished per month as bars, with each month's diversity score (0–100) as a line with
/// points (seed 003's timeline), as inline SVG. Bars are read against the left scale (books),
/// the line against the right (score); a month without a score breaks the line and has no
/// point, so nothing is drawn that is not known. Each month is one group with its own
/// accessible text; the page gives the same figures as a table.
public enum TimelineChart {
    public struct Month: Hashable, Sendable {
        public var label: String
        public var books: Int
        public var score: Double?

        public init(label: String, books: Int, score: Double?) {
            self.label = label
            self.books = books
            self.score = score
        }
    }

    static let width = 640.0
    static let height = 240.0
    static let left = 36.0
    static let right = 40.0
    static let top = 14.0
    static let bottom = 34.0

    public static func svg(_ months: [Month], id: String, label: String) -> String {
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let most = max(1, months.map(\.books).max() ?? 1)
        // An even top for the books scale, so the middle line is a whole number of books.
        let scale = most <= 2 ? 2 : (most + 1) / 2 * 2
        let slot = months.isEmpty ? plotWidth : plotWidth / Double(months.count)
        let barWidth = min(36, slot * 0.6)
        func x(_ index: Int) -> Double { left + slot * (Double(index) + 0.5) }
        func yBooks(_ books: Int) -> Double { top + plotHeight * (1 - Double(books) / Double(scale)) }
        func yScore(_ score: Double) -> Double { top + plotHeight * (1 - min(100, max(0, score)) / 100) }

        var out = "<svg class=\"chart timeline-chart\" width=\"\(SVG.number(width))\" "
        out += "viewBox=\"0 0 \(SVG.number(width)) \(SVG.number(height))\" role=\"group\" "
        out += "aria-label=\"\(SVG.escape(label))\" id=\"\(SVG.escape(id))\" preserveAspectRatio=\"xMinYMin meet\">"
        // Grid and scales: books on the left, score on the right.
        for step in 0...2 {
            let fraction = Double(step) / 2
            let y = top + plotHeight * (1 - fraction)
            out += "<line class=\"grid\" x1=\"\(SVG.number(left))\" x2=\"\(SVG.number(width - right))\" "
            out += "y1=\"\(SVG.number(y))\" y2=\"\(SVG.number(y))\"/>"
            out += "<text class=\"axis\" x=\"\(SVG.number(left - 6))\" y=\"\(SVG.number(y + 4))\" text-anchor=\"end\" "
            out += "aria-hidden=\"true\">\(SVG.number((Double(scale) * fraction).rounded()))</text>"
            out += "<text class=\"axis\" x=\"\(SVG.number(width - right + 6))\" y=\"\(SVG.number(y + 4))\" "
            out += "aria-hidden=\"true\">\(Int(100 * fraction))%</text>"
        }
        for (index, month) in months.enumerated() {
            let score = month.score.map { "diversity score \(Int($0.rounded()))%" } ?? "no diversity score (too little known)"
            let books = month.books == 1 ? "1 book" : "\(month.books) books"
            out += "<g role=\"img\" aria-label=\"\(SVG.escape("\(month.label): \(books), \(score)"))\">"
            let top = yBooks(month.books)
            let barHeight = max(month.books > 0 ? 2 : 0, yBooks(0) - top)
            out += "<rect class=\"bar\" x=\"\(SVG.number(x(index) - barWidth / 2))\" y=\"\(SVG.number(yBooks(0) - barHeight))\" "
            out += "width=\"\(SVG.number(barWidth))\" height=\"\(SVG.number(barHeight))\" rx=\"3\"/>"
            out += "<text class=\"axis\" x=\"\(SVG.number(x(index)))\" y=\"\(SVG.number(height - bottom + 16))\" "
            out += "text-anchor=\"middle\" aria-hidden=\"true\">\(SVG.escape(String(month.label.prefix(3))))</text>"
            out += "</g>"
        }
        // The score line, broken where a month has no score.
        var segment: [String] = []
        func flush() {
            if segment.count > 1 { out += "<polyline class=\"score-line\" points=\"\(segment.joined(separator: " "))\"/>" }
            segment = []
        }
        for (index, month) in months.enumerated() {
            guard let score = month.score else {
                flush()
                continue
            }
            segment.append("\(SVG.number(x(index))),\(SVG.number(yScore(score)))")
        }
        flush()
        for (index, month) in months.enumerated() {
            guard let score = month.score else { continue }
            out += "<circle class=\"score-point\" cx=\"\(SVG.number(x(index)))\" cy=\"\(SVG.number(yScore(score)))\" "
            out += "r=\"4.5\" aria-hidden=\"true\"/>"
        }
        out += "</svg>"
        return out
    }
}
