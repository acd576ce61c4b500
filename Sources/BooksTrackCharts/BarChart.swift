import Foundation

/// A horizontal bar chart as inline SVG: one row per bar, the label on the left, the value on
/// the right, each row a link when it has one (SPEC F3: every bar links to the filtered
/// library). Highlighted bars are striped as well as coloured, so colour is never the only sign.
public enum BarChart {
    public struct Bar: Hashable, Sendable {
        public var label: String
        /// 0…1 of the full bar width.
        public var fraction: Double
        /// What the row says after the bar: "3 books · 25%".
        public var valueText: String
        /// What a screen reader says for the row: "Africa: 3 books, 25% — underrepresented".
        public var accessibleText: String
        public var href: String?
        public var highlighted: Bool

        public init(
            label: String, fraction: Double, valueText: String, accessibleText: String, href: String? = nil,
            highlighted: Bool = false
        ) {
            self.label = label
            self.fraction = fraction
            self.valueText = valueText
            self.accessibleText = accessibleText
            self.href = href
            self.highlighted = highlighted
        }
    }

    /// The widths of a chart's columns, in SVG units (pixels at natural size).
    public struct Layout: Hashable, Sendable {
        public var width: Double
        public var labelWidth: Double
        public var valueWidth: Double
        /// Each bar's row, which is its link's target.
        public var rowHeight: Double

        public init(width: Double, labelWidth: Double, valueWidth: Double, rowHeight: Double = 34) {
            self.width = width
            self.labelWidth = labelWidth
            self.valueWidth = valueWidth
            self.rowHeight = rowHeight
        }

        /// A full-width chart (regions).
        public static let wide = Layout(width: 640, labelWidth: 150, valueWidth: 150)
        /// A chart in a half-width card (score parts).
        public static let narrow = Layout(width: 420, labelWidth: 150, valueWidth: 80)
        /// A chart in a downloadable picture's right-hand box (room for "5 books · 19%").
        public static let picture = Layout(width: 460, labelWidth: 152, valueWidth: 120)
        /// A chart on a phone: rows 48 units tall, so each bar's link is a 44 px target on a
        /// 390 px phone (seed 002).
        public static let compact = Layout(width: 340, labelWidth: 112, valueWidth: 78, rowHeight: 48)
    }

    static let barHeight = 20.0

    /// The chart. `id` must be unique on the page (it names the stripe pattern); `label` is the
    /// chart's accessible name. The SVG has its natural size as its width, so text stays at
    /// 14 px unless the screen is narrower than the chart.
    public static func svg(_ bars: [Bar], id: String, label: String, layout: Layout = .wide, cssClass: String? = nil) -> String {
        let width = layout.width
        let rowHeight = layout.rowHeight
        let labelWidth = layout.labelWidth
        let height = max(rowHeight, Double(bars.count) * rowHeight)
        let track = width - labelWidth - layout.valueWidth
        var out = ""
        out.reserveCapacity(512 + bars.count * 420)
        out +=
            "<svg class=\"chart bar-chart\(cssClass.map { " " + SVG.escape($0) } ?? "")\" width=\"\(SVG.number(width))\" viewBox=\"0 0 \(SVG.number(width)) \(SVG.number(height))\" "
        out += "role=\"group\" aria-label=\"\(SVG.escape(label))\" preserveAspectRatio=\"xMinYMin meet\">"
        out += "<defs><pattern id=\"\(SVG.escape(id))-stripes\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
        out += "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" class=\"stripe-base\"/>"
        out += "<rect width=\"2.5\" height=\"6\" class=\"stripe-line\"/></pattern></defs>"
        for (index, bar) in bars.enumerated() {
            let y = Double(index) * rowHeight
            let barY = y + (rowHeight - barHeight) / 2
            let fraction = min(1, max(0, bar.fraction.isFinite ? bar.fraction : 0))
            // A bar with nothing is still drawn as a sliver so the row reads as a bar chart row.
            let barWidth = fraction > 0 ? max(3, fraction * track) : 2
            if let href = bar.href {
                out += "<a href=\"\(SVG.escape(href))\" aria-label=\"\(SVG.escape(bar.accessibleText))\">"
            } else {
                out += "<g role=\"img\" aria-label=\"\(SVG.escape(bar.accessibleText))\">"
            }
            out += "<title>\(SVG.escape(bar.accessibleText))</title>"
            out +=
                "<rect class=\"row-hit\" x=\"0\" y=\"\(SVG.number(y))\" width=\"\(SVG.number(width))\" height=\"\(SVG.number(rowHeight))\"/>"
            out += "<text class=\"chart-label\" x=\"0\" y=\"\(SVG.number(y + rowHeight / 2))\" dominant-baseline=\"middle\">"
            out += SVG.escape(bar.label) + "</text>"
            let classes = fraction == 0 ? "chart-bar empty" : (bar.highlighted ? "chart-bar highlight" : "chart-bar")
            out += "<rect class=\"\(classes)\" x=\"\(SVG.number(labelWidth))\" y=\"\(SVG.number(barY))\" "
            out += "width=\"\(SVG.number(barWidth))\" height=\"\(SVG.number(barHeight))\" rx=\"4\""
            if bar.highlighted, fraction > 0 { out += " fill=\"url(#\(SVG.escape(id))-stripes)\"" }
            out += "/>"
            out += "<text class=\"chart-value\(fraction == 0 ? " muted" : "")\" x=\"\(SVG.number(labelWidth + barWidth + 8))\" "
            out += "y=\"\(SVG.number(y + rowHeight / 2))\" dominant-baseline=\"middle\">\(SVG.escape(bar.valueText))</text>"
            out += bar.href == nil ? "</g>" : "</a>"
        }
        out += "</svg>"
        return out
    }
}
