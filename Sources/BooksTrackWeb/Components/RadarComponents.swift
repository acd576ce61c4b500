import BooksTrackCharts
import BooksTrackCore
import Plot

/// Where a radar's "+" controls lead: the library's next book missing an axis, or one book.
enum PromptTarget {
    case library
    case book(LibraryEntry.ID)

    /// The prompt page for an axis (or, without one, the next missing fact).
    func url(axis: RadarAxis?, returnTo: String) -> String {
        var parameters: [(String, String)] = []
        if case .book(let id) = self { parameters.append(("book", id.string)) }
        if let axis { parameters.append(("axis", axis.rawValue)) }
        parameters.append(("return", returnTo))
        return URLQuery.url("/prompt", parameters)
    }
}

/// A representation radar with its score band, "+" controls on ghost and partial axes, a
/// legend and a table view (SPEC §4, F4, F11). The whole block is replaced in place after a
/// prompt is answered (`data-live`).
struct RadarView: Component {
    let radar: RepresentationRadar
    let id: String
    /// Where "+" leads; nil draws a read-only radar (a share link's), its badges only saying
    /// how much is known.
    let target: PromptTarget?
    let returnTo: String
    /// "your books", "this book".
    let subject: String

    /// Why there is no overall value yet, and what it takes (SPEC §4 "Enough data before a verdict").
    static func verdictRule(_ radar: RepresentationRadar) -> String {
        let qualifying = radar.counted.count
        if radar.axes.count == RadarAxis.book.count && radar.books == 1 {
            return
                "A band needs \(MinimumData.radarAxes) of the book’s \(radar.axes.count) axes known; \(qualifying) \(qualifying == 1 ? "is" : "are") so far."
        }
        return
            "An overall value needs \(MinimumData.radarAxes) axes known for at least a quarter of the books (and at least \(MinimumData.books) of them); \(qualifying) \(qualifying == 1 ? "is" : "are") so far."
    }

    var body: Component {
        let count = radar.axes.count
        return Tag("div", .cls("radar"), .id(id), Attr("data-live", "true")) {
            Tag("div", .cls("radar-head")) {
                if let overall = radar.overall, let band = radar.band {
                    Tag("p", .cls("radar-overall band-\(band.rawValue)")) {
                        Tag("span", .cls("visually-hidden"), text: "Representation ")
                        Tag("span", .cls("band-swatch"), .aria("hidden", "true")) { EmptyComponent() }
                        Tag("strong", text: "\(InsightFormat.percentValue(overall / 100))%")
                        Txt(" " + band.displayName)
                    }
                } else {
                    Tag("p", .cls("radar-overall band-none"), text: radar.withheldVerdict)
                }
                let withData = radar.axes.filter { !$0.isGhost }.count
                Tag("p", .cls("muted"), text: "\(withData) of \(count) axes have data for \(subject).")
                if radar.overall == nil && radar.hasData {
                    Tag("p", .cls("muted verdict-rule"), text: Self.verdictRule(radar))
                }
                if let basis = radar.overallBasis {
                    Tag("p", .cls("muted overall-basis"), text: basis)
                }
                if target != nil { Explained(term: "representation", InsightTerms.representation) }
            }
            Tag("div", .cls("radar-figure")) {
                Raw(
                    RadarChart.svg(
                        radar, id: id + "-svg", label: "Representation radar. " + radar.accessibleSummary,
                        describedBy: target == nil ? nil : id + "-hint"))
                if target != nil {
                    Tag(
                        "p", .id(id + "-hint"), .cls("visually-hidden"),
                        text: "Select an axis’s + or badge to add missing data; the table below has every axis’s details.")
                }
                // A read-only radar (a share link's) has no controls over it: nothing to press, and
                // nothing laid over a snapshot by a later release's stylesheet.
                if let target {
                    for (index, axis) in radar.axes.enumerated() where axis.isGhost || axis.isPartial {
                        Self.control(
                            axis, index: index, count: count, href: target.url(axis: axis.axis, returnTo: returnTo),
                            subject: subject)
                    }
                }
            }
            Tag("p", .cls("radar-legend")) {
                Tag("span", .cls("legend-solid"), .aria("hidden", "true")) { EmptyComponent() }
                Txt(target == nil ? " Data  " : " Your data  ")
                Tag("span", .cls("legend-ghost"), .aria("hidden", "true")) { EmptyComponent() }
                Txt(
                    target == nil
                        ? " No data yet. The dashed outline is 100%; the table says how much is known for each axis."
                        : " No data yet: press + to add it. The dashed outline is 100%; a “% known” badge (a dot on a small screen) says for how many of the books an axis is known; press it to add more."
                )
            }
            table
        }
    }

    /// A "+" on an axis without data, or a "+%" badge on one partly known: both open a prompt.
    private static func control(_ axis: RepresentationRadar.Axis, index: Int, count: Int, href: String, subject: String)
        -> Component
    {
        if axis.isGhost {
            return Tag(
                "a", .cls("radar-plus n\(count)-i\(index)"), .href(href), Attr("data-prompt", "true"),
                .aria("label", "Add \(axis.axis.displayName.lowercased()) data"), text: "+")
        }
        return Tag(
            "a", .cls("radar-badge n\(count)-i\(index)"), .href(href), Attr("data-prompt", "true"),
            .aria("label", "\(axis.axis.displayName): known for \(InsightFormat.percent(axis.coverage)) of \(subject). Add more"),
            text: "\(InsightFormat.percent(axis.coverage)) known")
    }

    /// The radar as a table.
    private var table: Component {
        Tag("details", .cls("chart-table")) {
            Tag("summary", text: "Show the radar as a table")
            ScrollingTable("Representation radar for \(subject)") {
                Tag("table") {
                    Tag("caption", .cls("visually-hidden"), text: "Representation radar for \(subject)")
                    Tag("thead") {
                        Tag("tr") {
                            for heading in ["Axis", "Value", "Data known", "A full axis means"] {
                                Tag("th", Attr("scope", "col"), text: heading)
                            }
                        }
                    }
                    Tag("tbody") {
                        for axis in radar.axes {
                            Tag("tr") {
                                Tag("th", Attr("scope", "row"), text: axis.axis.displayName)
                                Tag("td", text: axis.value.map(InsightFormat.percent) ?? "No data")
                                Tag("td", text: InsightFormat.percent(axis.coverage))
                                Tag("td", text: axis.axis.libraryMeaning)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// "Data known: 75%" with a ring, the per-dimension breakdown, the reader's curator
/// points and "Fill missing data" (seed 000, Task 5).
struct CompletionWidget: Component {
    let radar: RepresentationRadar
    let id: String
    let standing: CuratorStanding?
    let returnTo: String

    var body: Component {
        let percent = InsightFormat.percent(radar.completion)
        return Tag("div", .cls("completion"), .id(id), Attr("data-live", "true")) {
            Tag("div", .cls("completion-head")) {
                Tag("div", .cls("completion-ring-large")) {
                    Raw(CompletionRing.svg(radar.completion, label: "Data known: \(percent)"))
                }
                Tag("p", .cls("completion-title")) {
                    Txt("Data known: ")
                    Tag("strong", .cls("completion-value"), text: percent)
                }
            }
            Explained(term: "data known", InsightTerms.dataKnown)
            Tag("ul", .cls("completion-dims")) {
                for axis in radar.axes {
                    let value = InsightFormat.percentValue(axis.coverage)
                    Tag("li") {
                        Tag("span", .cls("dim-label"), text: axis.axis.displayName)
                        Tag(
                            "progress", Attr("max", "100"), Attr("value", String(value)),
                            .aria("label", "\(axis.axis.displayName) data"), text: "\(value)%")
                        Tag("span", .cls("dim-value"), text: "\(value)%")
                    }
                }
            }
            if let standing {
                Tag("p", .cls("curator-line")) {
                    Tag("a", .href("/contributions"), text: "\(InsightFormat.grouped(standing.points)) curator points")
                    if let level = standing.level { Txt(" · " + level.name) }
                }
            }
            if radar.books > 0, InsightFormat.percentValue(radar.completion) < 100 {
                Tag("p", .cls("actions")) {
                    Tag(
                        "a", .cls("button"), .href(PromptTarget.library.url(axis: nil, returnTo: returnTo)),
                        Attr("data-prompt", "true"), text: "Fill missing data")
                }
            } else if radar.books > 0 {
                Tag("p", .cls("muted"), text: "Every dimension is known for these books. Thank you for curating!")
            }
        }
    }
}

/// The 44 px completion ring on a book's cover; it opens the list of what is missing.
struct CoverRing: Component {
    let facts: BookFacts

    var body: Component {
        let missing = facts.missing
        let percent = InsightFormat.percent(facts.completion)
        let label =
            missing.isEmpty
            ? "Book data \(percent) complete" : "Book data \(percent) complete, \(missing.count) missing: show what"
        return Tag(
            "a", .cls("cover-ring"), .href("#book-facts"), .aria("label", label), Attr("data-live", "true"), .id("cover-ring")
        ) {
            Raw(CompletionRing.svg(facts.completion, label: label))
        }
    }
}
