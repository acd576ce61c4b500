import BooksTrackCore
import Foundation

/// The representation radar as inline SVG (SPEC §4, F4): a dashed 100% target outline and
/// grid, solid axes where there is data and dashed grey ghost axes where there is none, the
/// data polygon in the score band's colour, and each axis labelled with its name and value so
/// colour never carries the meaning alone.
///
/// The "+" controls are HTML laid over the chart (real links, 44 px whatever the chart's size):
/// ``anchor(of:in:)`` says where each axis ends, in percent of the chart's box.
public enum RadarChart {
    // The polygon takes most of the box (seed 002: at least 200 pt across on a phone), the labels
    // the margin around it; the stylesheet shortens them on narrow charts.
    static let width = 480.0
    static let height = 410.0
    static let centerX = 240.0
    static let centerY = 210.0
    static let radius = 155.0
    static let labelRadius = 176.0

    /// The chart. `id` keeps pattern ids unique on a page.
    public static func svg(_ radar: RepresentationRadar, id: String, label: String, describedBy: String? = nil) -> String {
        let count = radar.axes.count
        var out = "<svg class=\"chart radar-chart\" viewBox=\"0 0 \(SVG.number(width)) \(SVG.number(height))\" "
        out += "role=\"img\" aria-label=\"\(SVG.escape(label))\" id=\"\(SVG.escape(id))\""
        if let describedBy { out += " aria-describedby=\"\(SVG.escape(describedBy))\"" }
        out += ">"
        guard count >= 3 else { return out + "</svg>" }
        // Grid rings at 25, 50 and 75%; the 100% target dashed.
        for level in [0.25, 0.5, 0.75] {
            out += "<polygon class=\"radar-grid\" points=\"\(ring(level, count: count))\"/>"
        }
        out += "<polygon class=\"radar-target\" points=\"\(ring(1, count: count))\"/>"
        for (index, axis) in radar.axes.enumerated() {
            let end = point(index, of: count, at: 1)
            out += "<line class=\"\(axis.isGhost ? "radar-axis ghost" : "radar-axis")\" x1=\"\(SVG.number(centerX))\" "
            out += "y1=\"\(SVG.number(centerY))\" x2=\"\(SVG.number(end.x))\" y2=\"\(SVG.number(end.y))\"/>"
        }
        out += dataShape(radar)
        for (index, axis) in radar.axes.enumerated() {
            out += axisLabel(axis, index: index, of: count)
        }
        return out + "</svg>"
    }

    /// Where an axis's outer end is, as percentages of the chart's width and height.
    public static func anchor(of index: Int, in count: Int) -> (left: Double, top: Double) {
        let end = point(index, of: count, at: 1)
        return ((end.x / width * 1000).rounded() / 10, (end.y / height * 1000).rounded() / 10)
    }

    static func point(_ index: Int, of count: Int, at fraction: Double) -> (x: Double, y: Double) {
        let angle = 2 * Double.pi * Double(index) / Double(count)
        return (centerX + sin(angle) * radius * fraction, centerY - cos(angle) * radius * fraction)
    }

    static func ring(_ fraction: Double, count: Int) -> String {
        (0..<count).map { index in
            let p = point(index, of: count, at: fraction)
            return SVG.number(p.x) + "," + SVG.number(p.y)
        }.joined(separator: " ")
    }

    /// The data: a polygon through the axes with a value (ghosts are left out, never drawn as
    /// zero); with two axes a wedge from the centre, with one a line; a dot on each value.
    static func dataShape(_ radar: RepresentationRadar) -> String {
        let count = radar.axes.count
        let present = radar.axes.enumerated().compactMap { index, axis in
            axis.value.map { point(index, of: count, at: $0) }
        }
        guard !present.isEmpty else { return "" }
        let bandClass = "band-" + (radar.band?.rawValue ?? "none")
        let centre = (x: centerX, y: centerY)
        let shape = present.count >= 3 ? present : [centre] + present
        var out = ""
        if shape.count >= 3 {
            let points = shape.map { SVG.number($0.x) + "," + SVG.number($0.y) }.joined(separator: " ")
            out += "<polygon class=\"radar-area \(bandClass)\" points=\"\(points)\"/>"
        } else if let only = present.first {
            out += "<line class=\"radar-line \(bandClass)\" x1=\"\(SVG.number(centerX))\" y1=\"\(SVG.number(centerY))\" "
            out += "x2=\"\(SVG.number(only.x))\" y2=\"\(SVG.number(only.y))\"/>"
        }
        for p in present {
            out += "<circle class=\"radar-dot \(bandClass)\" cx=\"\(SVG.number(p.x))\" cy=\"\(SVG.number(p.y))\" r=\"6\"/>"
        }
        return out
    }

    /// Name and value outside the axis end, both long (wide charts) and short (narrow ones);
    /// the stylesheet shows one of them (a hidden tspan takes no place in the line layout).
    static func axisLabel(_ axis: RepresentationRadar.Axis, index: Int, of count: Int) -> String {
        let angle = 2 * Double.pi * Double(index) / Double(count)
        let p = point(index, of: count, at: labelRadius / radius)
        let horizontal = sin(angle)
        let vertical = -cos(angle)
        let anchor = abs(horizontal) < 0.2 ? "middle" : horizontal > 0 ? "start" : "end"
        // Two lines: above the point for labels at the top, below it at the bottom, centred
        // on it at the sides.
        let firstLine = vertical < -0.3 ? "-1.1em" : vertical > 0.3 ? "0.35em" : "-0.35em"
        let value = axis.value.map(InsightFormat.percent) ?? "no data"
        let valueClass = axis.isGhost ? "radar-value ghost" : "radar-value"
        var out = "<text class=\"radar-label\" x=\"\(SVG.number(p.x))\" y=\"\(SVG.number(p.y))\" text-anchor=\"\(anchor)\">"
        out += "<tspan class=\"long\" x=\"\(SVG.number(p.x))\" dy=\"\(firstLine)\">\(SVG.escape(axis.axis.displayName))</tspan>"
        out += "<tspan class=\"short\" x=\"\(SVG.number(p.x))\" dy=\"\(firstLine)\">\(SVG.escape(axis.axis.shortName))</tspan>"
        out += "<tspan class=\"\(valueClass)\" x=\"\(SVG.number(p.x))\" dy=\"1.15em\">\(SVG.escape(value))</tspan>"
        return out + "</text>"
    }
}

/// The 44 px completion ring on a book cover (seed 002): red when little is known, gold when
/// everything is, the percentage in the middle.
public enum CompletionRing {
    public static func svg(_ fraction: Double, label: String) -> String {
        let clamped = min(1, max(0, fraction))
        let radius = 18.0
        let circumference = 2 * Double.pi * radius
        // Hue from red (4°) to gold (45°); lightness keeps the ring visible on both themes.
        let hue = 4 + 41 * clamped
        var out = "<svg class=\"completion-ring\" viewBox=\"0 0 44 44\" width=\"44\" height=\"44\" role=\"img\" "
        out += "aria-label=\"\(SVG.escape(label))\">"
        out += "<circle class=\"ring-track\" cx=\"22\" cy=\"22\" r=\"\(SVG.number(radius))\" fill=\"none\" stroke-width=\"5\"/>"
        if clamped > 0 {
            out += "<circle class=\"ring-fill\" cx=\"22\" cy=\"22\" r=\"\(SVG.number(radius))\" fill=\"none\" stroke-width=\"5\" "
            out += "stroke=\"hsl(\(SVG.number(hue)) 80% 48%)\" stroke-linecap=\"round\" "
            out += "stroke-dasharray=\"\(SVG.number(clamped * circumference)) \(SVG.number(circumference))\" "
            out += "transform=\"rotate(-90 22 22)\"/>"
        }
        out += "<text class=\"ring-text\" x=\"22\" y=\"26\" text-anchor=\"middle\">"
        out += "\(InsightFormat.percentValue(clamped))</text></svg>"
        return out
    }
}

/// Two rings in one (seed 003's hero): the outer one (reading: the yearly goal) around the
/// inner one (cultures explored), each with its own accessible text in the label.
public enum DualRing {
    public static func svg(outer: Double, inner: Double, label: String) -> String {
        func ring(_ fraction: Double, radius: Double, cssClass: String) -> String {
            let clamped = min(1, max(0, fraction.isFinite ? fraction : 0))
            let circumference = 2 * Double.pi * radius
            var out =
                "<circle class=\"ring-track\" cx=\"60\" cy=\"60\" r=\"\(SVG.number(radius))\" fill=\"none\" stroke-width=\"10\"/>"
            if clamped > 0 {
                out += "<circle class=\"\(cssClass)\" cx=\"60\" cy=\"60\" r=\"\(SVG.number(radius))\" fill=\"none\" "
                out += "stroke-width=\"10\" stroke-linecap=\"round\" "
                out += "stroke-dasharray=\"\(SVG.number(clamped * circumference)) \(SVG.number(circumference))\" "
                out += "transform=\"rotate(-90 60 60)\"/>"
            }
            return out
        }
        var out = "<svg class=\"dual-ring\" viewBox=\"0 0 120 120\" width=\"120\" height=\"120\" role=\"img\" "
        out += "aria-label=\"\(SVG.escape(label))\">"
        out += ring(outer, radius: 52, cssClass: "ring-outer")
        out += ring(inner, radius: 36, cssClass: "ring-inner")
        out += "</svg>"
        return out
    }
}
