import BooksTrackCore
import Foundation
import Plot

/// Gender × region (issue 20 item 4): the two axes together, so what a one-axis split hides —
/// the women of one region, say — is counted. Only complete cases (an author whose gender and
/// region are both known); the table is the chart, so it is shown open, with counts always and
/// shares only under SPEC §4's minimum data.
extension InsightsPage {
    static func intersectionsCard(_ model: Model) -> Card {
        let d = model.report.diversity
        let coverage = d.intersectionCoverage
        let speaks = d.allowsShares(.intersection)
        return Card("Gender and region together", span: .full, id: "intersections") {
            Tag(
                "p", .cls("muted"),
                text:
                    "Each \(d.unit == .books ? "book" : "author") is counted here only when its author’s gender and region are both known, so the totals are smaller than in the charts above."
            )
            if coverage.known == 0 {
                Tag("p") {
                    Txt("No author here has both a known gender and a known region yet, so there is nothing to cross. ")
                    if !model.snapshot {
                        Tag("a", .href(LibraryURL.of(LibraryQuery(missing: .any))), text: "Fill in authors’ regions and genders")
                    }
                }
            } else {
                if !speaks {
                    Tag("p", .cls("withheld"), text: tooLittle(d, .intersection) + ", so only counts are shown.")
                }
                intersectionTable(model, speaks: speaks)
            }
            self.coverage(
                coverage, d: d, what: "both an author’s gender and region", missing: model.snapshot ? nil : .any)
        }
    }

    private static func intersectionTable(_ model: Model, speaks: Bool) -> Component {
        let d = model.report.diversity
        let base = model.request.libraryQuery(today: model.report.today)
        let largest = d.intersections.map(\.count).max() ?? 0
        let caption =
            "\(d.unit == .books ? "Books" : "Authors") by author gender and cultural region (both known)"
            + (speaks ? ", with each one’s share of those" : "")
        // "0" alone for an empty pair, so the pairs that have books stand out.
        func cell(_ count: Double, share: Double?) -> String {
            count == 0
                ? "0" : InsightFormat.number(count) + (speaks ? share.map { " · " + InsightFormat.percent($0) } ?? "" : "")
        }
        func total(_ figures: [DiversityFigures.IntersectionFigure]) -> Double { figures.reduce(0) { $0 + $1.count } }
        func share(_ count: Double) -> Double? { d.intersectionCoverage.known > 0 ? count / d.intersectionCoverage.known : nil }
        // The caption is written above the table, where it wraps on a phone (inside, it would
        // scroll sideways with the table); the table keeps it for screen readers.
        return ComponentGroup {
            Tag("p", .cls("crosstab-caption"), .aria("hidden", "true"), text: caption)
            ScrollingTable(caption) {
                Tag("table", .cls("crosstab")) {
                    Tag("caption", .cls("visually-hidden"), text: caption)
                    Tag("thead") {
                        Tag("tr") {
                            Tag("th", Attr("scope", "col"), text: "Region")
                            for gender in Gender.allCases { Tag("th", Attr("scope", "col"), text: gender.displayName) }
                            Tag("th", Attr("scope", "col"), text: "All")
                        }
                    }
                    Tag("tbody") {
                        for region in CulturalRegion.allCases {
                            let row = d.intersections.filter { $0.region == region }
                            Tag("tr") {
                                Tag("th", Attr("scope", "row"), text: region.displayName)
                                for figure in row {
                                    // Shaded by size, in five steps; the number is always written, so
                                    // the shade is never the only signal.
                                    let level =
                                        largest > 0 && figure.count > 0
                                        ? 1 + Int((figure.count / largest * 3.99).rounded(.down)) : 0
                                    Tag("td", .cls(figure.count == 0 ? "heat-0 muted" : "heat-\(level)")) {
                                        var query = base
                                        let href: String? =
                                            figure.count > 0
                                            ? {
                                                query.region = region
                                                query.gender = figure.gender
                                                return model.link(LibraryURL.of(query))
                                            }() : nil
                                        if let href {
                                            Tag("a", .href(href), text: cell(figure.count, share: figure.share))
                                        } else {
                                            Txt(cell(figure.count, share: figure.share))
                                        }
                                    }
                                }
                                let sum = total(row)
                                Tag("td", .cls("crosstab-total"), text: cell(sum, share: share(sum)))
                            }
                        }
                    }
                    Tag("tfoot") {
                        Tag("tr") {
                            Tag("th", Attr("scope", "row"), text: "All regions")
                            for gender in Gender.allCases {
                                let sum = total(d.intersections.filter { $0.gender == gender })
                                Tag("td", .cls("crosstab-total"), text: cell(sum, share: share(sum)))
                            }
                            Tag("td", .cls("crosstab-total"), text: cell(d.intersectionCoverage.known, share: speaks ? 1 : nil))
                        }
                    }
                }
            }
        }
    }
}
