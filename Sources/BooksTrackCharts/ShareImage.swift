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
        out += "aria-label=\"\(SVG.escape(([content.kicker, content.title] + content.lines).joined(separator: ". ")))\">"
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
        if let chart = content.chart, let open = chart.range(of: "<svg ") {
            // The chart keeps its own viewBox; placed in the right-hand box, scaled to fit.
            var placed = chart
            placed.replaceSubrange(open, with: "<svg x=\"660\" y=\"70\" width=\"480\" height=\"440\" ")
            out += placed
        }
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

    /// The pages' light theme, written out: the card, the type, and the chart rules a radar needs.
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
        for (band, fill, stroke) in bands {
            css += ".radar-area.band-\(band){fill:\(fill);stroke:\(stroke)}"
            css += ".radar-line.band-\(band),.radar-dot.band-\(band){stroke:\(stroke);fill:\(stroke)}"
        }
        return css
    }
}
