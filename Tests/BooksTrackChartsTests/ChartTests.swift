import BooksTrackCharts
import Foundation
import Testing

@Suite("SVG charts")
struct ChartTests {
    func count(_ needle: String, in haystack: String) -> Int { haystack.components(separatedBy: needle).count - 1 }

    @Test("The timeline's left scale tops out at a round number, written with separators; each month says its amount")
    func timelineScale() {
        let svg = TimelineChart.svg(
            [
                .init(label: "Oct 2026", value: 1_344, valueText: "1,344 pages", score: 61),
                .init(label: "Nov 2026", value: 10, valueText: "10 pages", score: nil),
            ], id: "timeline", label: "Pages read per month")
        // 1,344 pages: a scale of 0, 800 and 1,600, never "1344".
        #expect(svg.contains(">1,600</text>") && svg.contains(">800</text>"))
        #expect(!svg.contains("1344"))
        #expect(svg.contains(#"aria-label="Oct 2026: 1,344 pages, diversity score 61%""#))
        #expect(svg.contains(#"aria-label="Nov 2026: 10 pages, no diversity score (too little known)""#))
        // Small counts keep an even top, so the middle line is a whole number of books.
        let books = TimelineChart.svg([.init(label: "Jan 2026", books: 3, score: nil)], id: "t", label: "Books")
        #expect(books.contains(">4</text>") && books.contains(">2</text>"))
        #expect(books.contains(#"aria-label="Jan 2026: 3 books, no diversity score (too little known)""#))
        let thirteen = TimelineChart.svg([.init(label: "Jan 2026", books: 13, score: nil)], id: "t", label: "Books")
        #expect(thirteen.contains(">16</text>") && thirteen.contains(">8</text>"))
    }

    @Test("Every bar is a labelled link; a bar with nothing is a sliver with its note; highlighted bars are striped")
    func bars() {
        let svg = BarChart.svg(
            [
                .init(
                    label: "Africa", fraction: 0, valueText: "0 books", accessibleText: "Africa: 0 books",
                    href: "/library?region=africa"),
                .init(
                    label: "Europe", fraction: 1, valueText: "3 books · 75%", accessibleText: "Europe: 3 books",
                    href: "/library?region=europe"),
                .init(label: "Asia", fraction: 0.25, valueText: "1 book", accessibleText: "Asia: 1 book", highlighted: true),
            ], id: "regions", label: "Cultural regions")
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>"))
        #expect(count("<a href=", in: svg) == 2)
        #expect(svg.contains("aria-label=\"Africa: 0 books\""))
        #expect(svg.contains("class=\"chart-bar empty\" x=\"150\" y=\"7\" width=\"2\""))
        #expect(svg.contains("width=\"340\""))  // the full track
        #expect(svg.contains("fill=\"url(#regions-stripes)\""))
        #expect(svg.contains(">0 books</text>"))
    }

    @Test("Reader text is escaped in labels, links and titles")
    func escaping() {
        let svg = BarChart.svg(
            [
                .init(
                    label: "<script>x</script>", fraction: 0.5, valueText: "\"1\" & 2", accessibleText: "a'b", href: "/l?a=1&b=\""
                )
            ],
            id: "x", label: "<b>")
        #expect(!svg.contains("<script>") && !svg.contains("<b>"))
        #expect(svg.contains("&lt;script&gt;") && svg.contains("&quot;1&quot; &amp; 2") && svg.contains("a&#39;b"))
        #expect(svg.contains("href=\"/l?a=1&amp;b=&quot;\""))
    }

    @Test("Donut segments share the ring in proportion; one segment of 100% is a whole ring; none is an empty ring")
    func donut() {
        let two = DonutChart.svg(
            [
                .init(value: 3, colorClass: "seg-female", accessibleText: "Female 75%", href: "/f"),
                .init(value: 1, colorClass: "seg-male", accessibleText: "Male 25%", href: "/m"),
                .init(value: 0, colorClass: "seg-other", accessibleText: "Other 0%"),
            ], centerValue: "4", centerLabel: "authors", label: "Gender")
        #expect(count("class=\"segment", in: two) == 2)
        let circumference = 2 * Double.pi * (92 + 92 * 0.618) / 2
        #expect(two.contains("stroke-dasharray=\"\(Self.format(circumference * 0.75 - 1.5))"))
        #expect(two.contains(">4</text>") && two.contains(">authors</text>"))
        let whole = DonutChart.svg(
            [.init(value: 2, colorClass: "seg-female", accessibleText: "Female 100%")], centerValue: "2", centerLabel: "authors",
            label: "Gender")
        #expect(whole.contains("stroke-dasharray=\"\(Self.format(circumference)) "))
        let empty = DonutChart.svg([], centerValue: "0", centerLabel: "authors", label: "Gender")
        #expect(count("class=\"segment", in: empty) == 0 && empty.contains("donut-track"))
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
