import BooksTrackCharts
import BooksTrackCore
import Foundation
import Testing

@Suite("Radar chart and completion ring")
struct RadarChartTests {
    func count(_ needle: String, in haystack: String) -> Int { haystack.components(separatedBy: needle).count - 1 }

    func radar(_ values: [Double?]) -> RepresentationRadar {
        RepresentationRadar(
            axes: zip(RadarAxis.library, values).map { .init(axis: $0, value: $1, coverage: $1 == nil ? 0 : 0.5) },
            books: 10)
    }

    @Test("All axes with data: a polygon, seven solid axes, the dashed target, a label and value on each")
    func full() {
        let svg = RadarChart.svg(radar([1, 0.5, 0.4, 0.3, 0.2, 0.8, 0.6]), id: "r", label: "Radar")
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>"))
        #expect(count("<polygon class=\"radar-area", in: svg) == 1)
        #expect(count("class=\"radar-axis\"", in: svg) == 7)
        #expect(count("radar-axis ghost", in: svg) == 0)
        #expect(count("class=\"radar-target\"", in: svg) == 1)
        #expect(count("class=\"radar-dot", in: svg) == 7)
        #expect(svg.contains(">Cultural origin</tspan>") && svg.contains(">Culture</tspan>"))
        #expect(svg.contains(">100%</tspan>") && svg.contains(">40%</tspan>"))
        // The top axis at 100% reaches the target: x = centre, y = centre − radius.
        #expect(svg.contains("points=\"240,55 "))
    }

    @Test("One axis missing: a dashed ghost axis saying no data; the polygon skips it rather than drawing zero")
    func oneGhost() {
        let svg = RadarChart.svg(radar([1, nil, 0.4, 0.3, 0.2, 0.8, 0.6]), id: "r", label: "Radar")
        #expect(count("radar-axis ghost", in: svg) == 1)
        #expect(count("class=\"radar-dot", in: svg) == 6)
        #expect(svg.contains("class=\"radar-value ghost\""))
        #expect(svg.contains(">no data</tspan>"))
        #expect(!svg.contains("240,210 "))  // the centre is not a vertex
    }

    @Test("One axis with data is a line from the centre; two make a wedge; none draws no data shape")
    func sparse() {
        let one = RadarChart.svg(radar([0.5, nil, nil, nil, nil, nil, nil]), id: "r", label: "Radar")
        #expect(count("<line class=\"radar-line", in: one) == 1)
        #expect(count("<polygon class=\"radar-area", in: one) == 0)
        #expect(count("radar-axis ghost", in: one) == 6)
        let two = RadarChart.svg(radar([0.5, 0.5, nil, nil, nil, nil, nil]), id: "r", label: "Radar")
        // Two axes are too few for a band (SPEC §4): the wedge is drawn without one.
        #expect(two.contains("<polygon class=\"radar-area band-none\" points=\"240,210 "))
        let none = RadarChart.svg(radar([nil, nil, nil, nil, nil, nil, nil]), id: "r", label: "Radar")
        #expect(!none.contains("radar-area") && !none.contains("radar-line") && !none.contains("radar-dot"))
        #expect(count("radar-axis ghost", in: none) == 7)
        #expect(count("class=\"radar-target\"", in: none) == 1)
    }

    @Test("The polygon carries the band's class; the label is escaped")
    func bandAndEscaping() {
        let svg = RadarChart.svg(radar([1, 1, 1, 1, 1, 1, 0.9]), id: "r\"x", label: "<Radar> & co")
        #expect(svg.contains("radar-area band-highlyDiverse"))
        #expect(svg.contains("aria-label=\"&lt;Radar&gt; &amp; co\""))
        #expect(svg.contains("id=\"r&quot;x\""))
    }

    @Test("Anchors put the first axis at the top centre and go clockwise")
    func anchors() {
        #expect(RadarChart.anchor(of: 0, in: 7) == (50, 13.4))
        let right = RadarChart.anchor(of: 1, in: 5)
        #expect(right.left > 50 && right.top < 50)
        let left = RadarChart.anchor(of: 4, in: 5)
        #expect(left.left < 50 && left.top == right.top)
    }

    @Test("The completion ring fills its share in a colour from red to gold and says the percentage")
    func ring() {
        let empty = CompletionRing.svg(0, label: "0% complete")
        #expect(!empty.contains("ring-fill"))
        #expect(empty.contains(">0</text>"))
        let half = CompletionRing.svg(0.5, label: "Book data 50% complete")
        #expect(half.contains("stroke=\"hsl(24.5 80% 48%)\""))
        #expect(half.contains("stroke-dasharray=\"56.55 113.1\""))
        #expect(half.contains("aria-label=\"Book data 50% complete\""))
        #expect(CompletionRing.svg(1, label: "x").contains("stroke=\"hsl(45 80% 48%)\""))
        #expect(CompletionRing.svg(7, label: "x").contains(">100</text>"))
    }
}
