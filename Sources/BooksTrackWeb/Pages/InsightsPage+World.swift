import BooksTrackCharts
import BooksTrackCore
import Foundation
import Plot

/// "The world you have read" (issue 41): the map of the authors' countries with a table beside it.
extension InsightsPage {
    static func worldCard(_ model: Model) -> Card {
        let d = model.report.diversity
        return Card("The world you have read", span: .full, id: "world", action: shareButton(model, .world)) {
            Tag("p", .cls("world-headline"), text: worldHeadline(model.report))
            if d.countries.isEmpty {
                Tag("p", text: "No author of these books has a known country yet, so the map is blank.")
            } else {
                Tag("div", .cls("world-module")) {
                    Tag("div", .cls("world-map-box")) {
                        Raw(
                            WorldMap.svg(
                                mapCountries(model), outlined: outlinedCountries(model.report.underrepresentedRegions),
                                id: "world-map", label: "World map. " + worldSummary(d)))
                        worldLegend(model)
                    }
                    countryTable(model)
                }
            }
            let offMap = d.countries.filter { !WorldMap.drawn.contains($0.country.alpha2) }
            if !offMap.isEmpty {
                Tag(
                    "p", .cls("muted"),
                    text: "Too small to draw at this scale, listed in the table: \(InsightFormat.list(offMap.map(\.name))).")
            }
            coverage(d.countryCoverage, d: d, what: "an author’s country", missing: model.snapshot ? nil : .region, inBooks: true)
            imageDownloads(model, .world)
        }
    }

    /// "24 countries · 6 new this year".
    static func worldHeadline(_ report: InsightsReport) -> String {
        let count = report.diversity.countries.count
        var line = count == 1 ? "1 country" : "\(InsightFormat.grouped(count)) countries"
        if let new = report.newCountries, let since = report.newCountriesSince {
            let when =
                report.period.from == nil
                ? "this year" : since == report.period.from ? "in this period" : "since \(since.longDescription)"
            line += " · \(new.count) new \(when)"
        }
        return line
    }

    /// The map's spoken summary: the countries, most books first.
    static func worldSummary(_ d: DiversityFigures) -> String {
        let named = d.countries.prefix(12).map { "\($0.name) \($0.books)" }
        let more = d.countries.count > 12 ? ", and \(d.countries.count - 12) more (see the table)" : ""
        return "Books by authors from \(d.countries.count) countries: \(named.joined(separator: ", "))\(more)."
    }

    static func mapCountries(_ model: Model) -> [WorldMap.Country] {
        let base = model.request.libraryQuery(today: model.report.today)
        return model.report.diversity.countries.map { figure in
            var query = base
            query.country = figure.country
            return WorldMap.Country(
                code: figure.country.alpha2, name: figure.name, books: figure.books, href: model.link(LibraryURL.of(query)))
        }
    }

    /// The countries of the reader's underrepresented regions, which the map outlines.
    static func outlinedCountries(_ regions: [CulturalRegion]) -> Set<String> {
        let wanted = Set(regions)
        return Set(
            WorldMap.drawn.filter { code in
                CountryCode(lenient: code).flatMap(CountryRegions.region(for:)).map(wanted.contains) ?? false
            })
    }

    static func worldLegend(_ model: Model) -> Component {
        Tag("ul", .cls("world-legend"), .aria("label", "Map legend")) {
            for (step, label) in WorldMap.stepLabels.enumerated() {
                Tag("li") {
                    Tag("span", .cls("map-swatch map-\(step + 1)"), .aria("hidden", "true"), text: "")
                    Txt(label)
                }
            }
            Tag("li") {
                Tag("span", .cls("map-swatch map-none"), .aria("hidden", "true"), text: "")
                Txt("none read")
            }
            if !model.report.underrepresentedRegions.isEmpty {
                Tag("li") {
                    Tag("span", .cls("map-swatch map-outlined"), .aria("hidden", "true"), text: "")
                    Txt(model.snapshot ? "outlined: underrepresented regions" : "outlined: regions you count as underrepresented")
                }
            }
        }
    }

    /// Every country with its books, a link to them, its region and authors.
    static func countryTable(_ model: Model) -> Component {
        let countries = mapCountries(model)
        let figures = model.report.diversity.countries
        return ScrollingTable("Countries read") {
            Tag("table", .cls("world-table")) {
                Tag("caption", text: "Countries of your authors, most books first")
                Tag("thead") {
                    Tag("tr") {
                        for header in ["Country", "Region", "Books", "Authors"] { Tag("th", Attr("scope", "col"), text: header) }
                    }
                }
                Tag("tbody") {
                    for (country, figure) in zip(countries, figures) {
                        Tag("tr") {
                            Tag("th", Attr("scope", "row")) {
                                if let href = country.href { Tag("a", .href(href), text: figure.name) } else { Txt(figure.name) }
                            }
                            Tag("td", text: figure.region?.displayName ?? "–")
                            Tag("td", text: String(figure.books))
                            Tag("td", text: String(figure.authors))
                        }
                    }
                }
            }
        }
    }

    /// The map as a picture: the headline, the countries read most, and the map.
    static func worldImage(_ model: Model, kicker: String, date: String) -> ShareImage.Content {
        let d = model.report.diversity
        let top = d.countries.prefix(3).map { "\($0.name) (\($0.books))" }
        return .init(
            kicker: kicker, title: worldHeadline(model.report),
            lines: [
                top.isEmpty ? "No author’s country is known yet." : "Read most: \(InsightFormat.list(top)).",
                "From \(InsightFormat.books(d.books)); an author’s country known for \(InsightFormat.percent(d.countryCoverage.fraction)) of them.",
            ],
            chart: WorldMap.svg(
                mapCountries(model), outlined: outlinedCountries(model.report.underrepresentedRegions), id: "image-world",
                label: "World map. " + worldSummary(d)),
            date: date)
    }
}
