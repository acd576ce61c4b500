import BooksTrackCore
import Foundation

/// A figure as a picture to download and post (issue 20 item 11): a 1200 × 630 SVG card in the
/// product's look — what it is, the figure, a few lines of what it rests on, an optional chart on
/// the right, and the product's name at the foot. It stands alone: its colours and type are
/// written into it (the stylesheet of the pages does not reach a downloaded file), in the reader's
/// chart palette.
public enum ShareImage {
    public static let width = 1200.0
    public static let height = 630.0

    public struct Content: Sendable {
        /// What the picture is about: "Representation radar", "Achievement unlocked".
        public var kicker: String
        /// The figure: "Representation score 7.2 / 10".
        public var title: String
        /// What it rests on, at most four lines.
        public var lines: [String]
        /// A chart drawn on the right (an `<svg>` of this module), if any.
        public var chart: String?
        /// An accent colour for the band down the left (a rarity's, say); the palette's primary when nil.
        public var accent: String?
        /// "25 November 2026".
        public var date: String
        /// A symbol drawn large on the right in a ring of the accent colour, when there is no chart
        /// (an achievement's 🏆).
        public var badge: String?

        public init(
            kicker: String, title: String, lines: [String], chart: String? = nil, accent: String? = nil, date: String,
            badge: String? = nil
        ) {
            self.badge = badge
            self.kicker = kicker
            self.title = title
            self.lines = lines
            self.chart = chart
            self.accent = accent
            self.date = date
        }
    }

    public static func svg(_ content: Content, palette: ChartPalette = .standard) -> String {
        let textWidth = content.chart == nil && content.badge == nil ? 1000.0 : 560.0
        let titleLines = wrap(content.title, atMost: Int(textWidth / 31), lines: 3)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
        out += "viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
        out += "aria-label=\"\(SVG.escape(sentences([content.kicker, content.title] + content.lines)))\">"
        out += "<style>\(style(palette))</style>"
        out += "<rect class=\"page\" width=\"\(Int(width))\" height=\"\(Int(height))\"/>"
        out += "<rect class=\"card\" x=\"32\" y=\"32\" width=\"\(Int(width - 64))\" height=\"\(Int(height - 64))\" rx=\"28\"/>"
        out += "<rect x=\"32\" y=\"32\" width=\"14\" height=\"\(Int(height - 64))\" rx=\"7\" "
        out += "fill=\"\(SVG.escape(content.accent ?? primary(palette)))\"/>"
        var y = 112.0
        out += "<text class=\"kicker\" x=\"84\" y=\"\(Int(y))\">\(SVG.escape(content.kicker))</text>"
        y += 30
        for line in titleLines {
            y += 56
            out += "<text class=\"title\" x=\"84\" y=\"\(Int(y))\">\(SVG.escape(line))</text>"
        }
        y += 24
        for line in content.lines.prefix(4) {
            for part in wrap(line, atMost: Int(textWidth / 14.5), lines: 2) {
                y += 36
                out += "<text class=\"line\" x=\"84\" y=\"\(Int(y))\">\(SVG.escape(part))</text>"
            }
        }
        if let chart = content.chart { out += placed(chart) }
        if content.chart == nil, let badge = content.badge {
            let colour = SVG.escape(content.accent ?? primary(palette))
            out += "<circle cx=\"900\" cy=\"290\" r=\"170\" fill=\"\(colour)\" fill-opacity=\"0.12\" "
            out += "stroke=\"\(colour)\" stroke-width=\"10\"/>"
            out += "<text x=\"900\" y=\"340\" text-anchor=\"middle\" font-size=\"150\">\(SVG.escape(badge))</text>"
        }
        // The product's mark and name, and the day.
        out += "<rect x=\"84\" y=\"534\" width=\"30\" height=\"30\" rx=\"8\" fill=\"\(primary(palette))\"/>"
        out += "<text class=\"brand\" x=\"126\" y=\"557\">BooksTrack</text>"
        out += "<text class=\"date\" x=\"\(Int(width - 84))\" y=\"557\" text-anchor=\"end\">\(SVG.escape(content.date))</text>"
        return out + "</svg>"
    }

    /// The chart in the right-hand box, scaled to fit: it keeps its own viewBox, and its own width
    /// and height give way to the box's (an attribute written twice is not XML, and the picture
    /// would not draw at all).
    static func placed(_ chart: String) -> String {
        guard let open = chart.range(of: "<svg "), let close = chart[open.upperBound...].firstIndex(of: ">") else { return "" }
        let attributes = String(chart[open.upperBound..<close]).replacing(/(^| )(width|height|x|y)="[^"]*"/, with: "")
            .replacingOccurrences(of: "preserveAspectRatio=\"xMinYMin meet\"", with: "preserveAspectRatio=\"xMinYMid meet\"")
        return "<svg x=\"660\" y=\"70\" width=\"480\" height=\"440\" " + attributes + String(chart[close...])
    }

    /// Up to four figures as tiles in a 2 × 2 grid, for a picture whose card has figures rather than
    /// a chart ("11 of 11" regions, "59%" women authors…); it goes where a chart would.
    public static func tiles(_ figures: [(value: String, label: String)]) -> String {
        var out = "<svg class=\"figure-tiles\" viewBox=\"0 0 480 440\" role=\"group\" "
        out += "aria-label=\"\(SVG.escape(figures.map { "\($0.label): \($0.value)" }.joined(separator: ", ")))\">"
        for (index, figure) in figures.prefix(4).enumerated() {
            let x = Double(index % 2) * 245
            let y = Double(index / 2) * 225
            out += "<g role=\"img\" aria-label=\"\(SVG.escape("\(figure.label): \(figure.value)"))\">"
            out += "<rect class=\"tile\" x=\"\(SVG.number(x))\" y=\"\(SVG.number(y))\" width=\"235\" height=\"215\" rx=\"18\"/>"
            out +=
                "<text class=\"tile-value\" x=\"\(SVG.number(x + 24))\" y=\"\(SVG.number(y + 110))\">\(SVG.escape(figure.value))</text>"
            for (line, part) in wrap(figure.label, atMost: 16, lines: 2).enumerated() {
                out += "<text class=\"tile-label\" x=\"\(SVG.number(x + 24))\" y=\"\(SVG.number(y + 150 + Double(line) * 28))\">"
                out += SVG.escape(part) + "</text>"
            }
            out += "</g>"
        }
        return out + "</svg>"
    }

    /// "A. B. C" for the picture's text alternative, without doubling a line's own full stop.
    static func sentences(_ parts: [String]) -> String {
        parts.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }.joined(separator: ". ") + "."
    }

    /// Words into lines of at most `atMost` characters, at most `lines` lines (the last ends in
    /// "…" when cut).
    static func wrap(_ text: String, atMost: Int, lines limit: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= atMost {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > limit else { return lines }
        var kept = Array(lines.prefix(limit))
        kept[limit - 1] += "…"
        return kept
    }

    static func primary(_ palette: ChartPalette) -> String { palette == .blueOrange ? "#0a58ca" : "#0b5cd5" }

    /// The pages' light theme, written out: the card, the type, and the chart rules a radar, a bar
    /// chart and the gender donut need.
    static func style(_ palette: ChartPalette) -> String {
        let blue = palette == .blueOrange
        let bands: [(String, String, String)] = [
            ("highlyDiverse", blue ? "#0072b2" : "#2ecc71", blue ? "#005a8c" : "#17693a"),
            ("diverse", blue ? "#56b4e9" : "#52de97", blue ? "#1f6a9a" : "#2f7a45"),
            ("moderate", blue ? "#bdbdbd" : "#f39c12", blue ? "#5b5f66" : "#8a5300"),
            ("limited", blue ? "#f5a442" : "#e67e22", blue ? "#8a4b00" : "#9a4a00"),
            ("notDiverse", blue ? "#d55e00" : "#e74c3c", blue ? "#8f3b00" : "#b42318"),
        ]
        var css = """
            text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;fill:#1b1f24}\
            .page{fill:#eef1f5}.card{fill:#ffffff;stroke:#d5dae1;stroke-width:2}\
            .kicker{font-size:26px;fill:#50565e;font-weight:600;letter-spacing:.5px}\
            .title{font-size:48px;font-weight:800}.line{font-size:26px;fill:#2b3036}\
            .brand{font-size:26px;font-weight:800}.date{font-size:22px;fill:#50565e}\
            .radar-chart{overflow:visible}.radar-grid{fill:none;stroke:#d5dae1;stroke-width:1}\
            .radar-target{fill:none;stroke:#8a929c;stroke-width:1.5;stroke-dasharray:6 5}\
            .radar-axis{stroke:#8a929c;stroke-width:1.5}.radar-axis.ghost{stroke:#b8bec6;stroke-dasharray:5 5}\
            .radar-area{fill-opacity:.3;stroke-width:3;stroke-linejoin:round}.radar-line{stroke-width:4;stroke-linecap:round}\
            .radar-label{font-size:13px}.radar-label .short{display:none}.radar-value{font-weight:700}\
            .radar-value.ghost{fill:#50565e;font-weight:400;font-style:italic}\
            .radar-area.band-none{fill:#8a929c;stroke:#50565e}.radar-line.band-none,.radar-dot.band-none{stroke:#50565e;fill:#50565e}
            """
        // Bar charts and the gender donut, in the pages' light colours of the palette.
        let bar = blue ? "#005a9c" : "#0a58ca"
        let highlight = blue ? "#b35900" : "#b45309"
        let segments =
            blue
            ? ["#b35900", "#005a9c", "#3d9ad1", "#6b6b6b"] : ["#c2185b", "#1565c0", "#7b1fa2", "#c25e00"]
        css += ".bar-chart text,.donut-chart text{font-size:17px}.chart-label{font-weight:600}.bar-chart{overflow:visible}"
        css += ".tile{fill:#eef1f5}.tile-value{font-size:60px;font-weight:800}.tile-label{font-size:22px;fill:#2b3036}"
        css += ".chart-bar{fill:\(bar)}.chart-bar.empty{fill:#7b838d}.chart-bar.highlight{stroke:\(highlight);stroke-width:1.5}"
        css += ".stripe-base{fill:\(highlight)}.stripe-line{fill:#ffffff;opacity:.45}.row-hit{fill:transparent}"
        css += ".chart-value.muted,.donut-label{fill:#50565e}.donut-value{font-size:34px;font-weight:700}"
        css += ".donut-track{stroke:#e6e9ee}"
        css +=
            ".map-country{stroke:#ffffff;stroke-width:.6}.map-none{fill:#e6e9ee}.map-outlined{stroke:\(highlight);stroke-width:1.4}"
        for (step, opacity) in zip(1...4, [".35", ".55", ".78", "1"]) {
            css += ".map-\(step){fill:\(bar);fill-opacity:\(opacity)}"
        }
        for (name, colour) in zip(["female", "male", "nonBinary", "other"], segments) {
            css += ".seg-\(name){stroke:\(colour)}"
        }
        for (band, fill, stroke) in bands {
            css += ".radar-area.band-\(band){fill:\(fill);stroke:\(stroke)}"
            css += ".radar-line.band-\(band),.radar-dot.band-\(band){stroke:\(stroke);fill:\(stroke)}"
        }
        return css
    }
}
