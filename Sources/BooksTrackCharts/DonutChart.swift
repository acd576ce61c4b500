import Foundation

/// A donut chart as inline SVG (golden-ratio hole), a total in its centre, each segment a
/// link. Segments are drawn as stroked circle arcs, so a single segment of 100% is a full ring.
public enum DonutChart {
    public struct Segment: Hashable, Sendable {
        public var value: Double
        /// A CSS class giving the segment its colour (`seg-female`).
        public var colorClass: String
        public var accessibleText: String
        public var href: String?

        public init(value: Double, colorClass: String, accessibleText: String, href: String? = nil) {
            self.value = value
            self.colorClass = colorClass
            self.accessibleText = accessibleText
            self.href = href
        }
    }

    static let size = 200.0
    static let outer = 92.0
    static let inner = outer * 0.618

    /// The chart; with no value at all, an empty grey ring.
    public static func svg(_ segments: [Segment], centerValue: String, centerLabel: String, label: String) -> String {
        let radius = (outer + inner) / 2
        let stroke = outer - inner
        let circumference = 2 * Double.pi * radius
        let total = segments.reduce(0) { $0 + max(0, $1.value) }
        let c = SVG.number(size / 2)
        var out = "<svg class=\"chart donut-chart\" viewBox=\"0 0 \(SVG.number(size)) \(SVG.number(size))\" "
        out += "role=\"group\" aria-label=\"\(SVG.escape(label))\">"
        out += "<circle class=\"donut-track\" cx=\"\(c)\" cy=\"\(c)\" r=\"\(SVG.number(radius))\" "
        out += "fill=\"none\" stroke-width=\"\(SVG.number(stroke))\"/>"
        var start = 0.0
        if total > 0 {
            for segment in segments where segment.value > 0 {
                let length = segment.value / total * circumference
                // A hairline gap between segments, unless the segment is the whole ring.
                let drawn = length >= circumference - 0.01 ? circumference : max(0.5, length - 1.5)
                if let href = segment.href {
                    out += "<a href=\"\(SVG.escape(href))\" aria-label=\"\(SVG.escape(segment.accessibleText))\">"
                } else {
                    out += "<g role=\"img\" aria-label=\"\(SVG.escape(segment.accessibleText))\">"
                }
                out += "<title>\(SVG.escape(segment.accessibleText))</title>"
                out += "<circle class=\"segment \(SVG.escape(segment.colorClass))\" cx=\"\(c)\" cy=\"\(c)\" "
                out += "r=\"\(SVG.number(radius))\" fill=\"none\" stroke-width=\"\(SVG.number(stroke))\" "
                out += "stroke-dasharray=\"\(SVG.number(drawn)) \(SVG.number(circumference))\" "
                out += "stroke-dashoffset=\"\(SVG.number(-start))\" transform=\"rotate(-90 \(c) \(c))\"/>"
                out += segment.href == nil ? "</g>" : "</a>"
                start += length
            }
        }
        out += "<text class=\"donut-value\" x=\"\(c)\" y=\"\(SVG.number(size / 2 - 4))\" text-anchor=\"middle\">"
        out += SVG.escape(centerValue) + "</text>"
        out += "<text class=\"donut-label\" x=\"\(c)\" y=\"\(SVG.number(size / 2 + 20))\" text-anchor=\"middle\">"
        out += SVG.escape(centerLabel) + "</text></svg>"
        return out
    }
}
