import BooksTrackCore
import Foundation

/// Books finished (or pages or hours read) per month as bars, with each month's diversity score
/// (0–100) as a line with points (seed 003's timeline), as inline SVG. Bars are read against the
/// left scale (books, pages or hours),
/// the line against the right (score); a month without a score breaks the line and has no
/// point, so nothing is drawn that is not known. Each month is one group with its own
/// accessible text; the page gives the same figures as a table.
public enum TimelineChart {
    public struct Month: Hashable, Sendable {
        public var label: String
        /// The bar's height on the left scale.
        public var value: Double
        /// The bar as a reader reads it: "3 books", "1,204 pages", "2 h 5 min".
        public var valueText: String
        public var score: Double?

        public init(label: String, value: Double, valueText: String, score: Double?) {
            self.label = label
            self.value = value
            self.valueText = valueText
            self.score = score
        }

        public init(label: String, books: Int, score: Double?) {
            self.init(label: label, value: Double(books), valueText: books == 1 ? "1 book" : "\(books) books", score: score)
        }
    }

    static let width = 640.0
    static let height = 240.0
    static let left = 36.0
    static let right = 40.0
    static let top = 14.0
    static let bottom = 34.0

    /// The left scale's top: even up to 10 (so the middle line is a whole number), above that a
    /// round number — a multiple of two fifths of the value's power of ten (1,344 → 1,600, 37 → 40).
    static func scaleTop(_ most: Double) -> Int {
        let most = max(1, Int(saturating: most.rounded(.up)))
        if most <= 10 { return most <= 2 ? 2 : (most + 1) / 2 * 2 }
        var power = 1
        while power * 10 <= most { power *= 10 }
        let step = max(2, power * 2 / 5)
        return (most + step - 1) / step * step
    }

    /// A point's label under its bar: a month's first three letters ("Jun"); a year whole
    /// ("2014"), or as "’14" when there are too many to fit.
    static func axisLabel(_ label: String, of count: Int) -> String {
        guard !label.isEmpty, label.allSatisfy(\.isNumber) else { return String(label.prefix(3)) }
        return count > 16 ? "’" + label.suffix(2) : label
    }

    public static func svg(_ months: [Month], id: String, label: String) -> String {
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let scale = scaleTop(months.map(\.value).max() ?? 0)
        let slot = months.isEmpty ? plotWidth : plotWidth / Double(months.count)
        let barWidth = min(36, slot * 0.6)
        func x(_ index: Int) -> Double { left + slot * (Double(index) + 0.5) }
        func yBooks(_ value: Double) -> Double { top + plotHeight * (1 - value / Double(scale)) }
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
            out += "aria-hidden=\"true\">\(InsightFormat.grouped(Int(saturating: (Double(scale) * fraction).rounded())))</text>"
            out += "<text class=\"axis\" x=\"\(SVG.number(width - right + 6))\" y=\"\(SVG.number(y + 4))\" "
            out += "aria-hidden=\"true\">\(Int(100 * fraction))%</text>"
        }
        for (index, month) in months.enumerated() {
            let score =
                month.score.map { "diversity score \(Int(saturating: $0.rounded()))%" } ?? "no diversity score (too little known)"
            out += "<g role=\"img\" aria-label=\"\(SVG.escape("\(month.label): \(month.valueText), \(score)"))\">"
            let top = yBooks(month.value)
            let barHeight = max(month.value > 0 ? 2 : 0, yBooks(0) - top)
            out += "<rect class=\"bar\" x=\"\(SVG.number(x(index) - barWidth / 2))\" y=\"\(SVG.number(yBooks(0) - barHeight))\" "
            out += "width=\"\(SVG.number(barWidth))\" height=\"\(SVG.number(barHeight))\" rx=\"3\"/>"
            out += "<text class=\"axis\" x=\"\(SVG.number(x(index)))\" y=\"\(SVG.number(height - bottom + 16))\" "
            out +=
                "text-anchor=\"middle\" aria-hidden=\"true\">\(SVG.escape(Self.axisLabel(month.label, of: months.count)))</text>"
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
