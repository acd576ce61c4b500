import BooksTrackCharts
import BooksTrackCore
import Foundation
import Plot

/// The insights page's chart cards (score, gender, regions, languages) and the pieces they share:
/// the coverage line and the table view.
extension InsightsPage {
    // MARK: Score

    /// The score's four parts: name, points, maximum and what they come from.
    static func scoreParts(_ d: DiversityFigures) -> [(String, Double, Double, String)] {
        let score = d.score
        return [
            ("Regions", score.region, DiversityScore.maxRegion, "\(d.regionsRepresented) of 11 regions"),
            ("Gender", score.gender, DiversityScore.maxGender, "balance of known genders"),
            (
                "Languages", score.language, DiversityScore.maxLanguage,
                d.languages.count >= 5
                    ? "\(d.languages.count) languages (5 or more score fully)" : "\(d.languages.count) of 5 languages"
            ),
            (
                "Marginalized", score.marginalized, DiversityScore.maxMarginalized,
                d.allowsShares(.marginalized)
                    ? d.marginalized.share.map(InsightFormat.percent) ?? "not known" : "too little known"
            ),
        ]
    }

    static func scoreBars(_ parts: [(String, Double, Double, String)]) -> [BarChart.Bar] {
        parts.map { name, value, maximum, note in
            BarChart.Bar(
                label: name, fraction: value / maximum,
                valueText: "\(InsightFormat.oneDecimal(value)) / \(InsightFormat.oneDecimal(maximum))",
                accessibleText: "\(name): \(InsightFormat.oneDecimal(value)) of \(InsightFormat.oneDecimal(maximum)) (\(note))")
        }
    }

    static func scoreCard(_ model: Model) -> Card {
        let d = model.report.diversity
        let score = d.score
        let parts = scoreParts(d)
        let bars = scoreBars(parts)
        // A provisional score is never compared: an arrow would speak louder than the data.
        let previous = model.compare && !score.isProvisional ? model.report.previous : nil
        return Card("Diversity score", id: "score", action: shareButton(model, .score)) {
            Tag("p", .cls(score.isProvisional ? "score-value provisional" : "score-value")) {
                Tag("strong", text: InsightFormat.oneDecimal(score.total))
                Txt(" / 10")
                if score.isProvisional { Txt(" · provisional") }
            }
            if !model.snapshot { Explained(term: "the diversity score", InsightTerms.score) }
            if score.isEmpty {
                Tag("p", .cls("muted"), text: "Add books to calculate diversity.")
            } else if score.isProvisional {
                Tag("p", .cls("muted")) {
                    Txt(
                        "Provisional: based on only \(InsightFormat.percent(score.coverage)) of your \(unitNoun(d)). It settles once a quarter of them have their authors’ region and gender and their language. "
                    )
                    if !model.snapshot {
                        Tag("a", .href(LibraryURL.of(LibraryQuery(missing: .any))), text: "Fill in what is missing")
                    }
                }
            } else {
                Tag(
                    "p", .cls("muted"),
                    text:
                        "Based on \(InsightFormat.percent(score.coverage)) of your \(unitNoun(d)) (the data each part could use, on average)."
                )
            }
            if let previous {
                Tag(
                    "p", .cls("comparison"),
                    text: InsightFormat.change(
                        score.total, previous.diversity.score.total, against: previous.period.label, decimals: true))
            }
            Raw(BarChart.svg(bars, id: "score-parts", label: "Diversity score parts", layout: .compact))
            table(
                caption: "Diversity score parts", headers: ["Part", "Points", "Out of", "From"],
                rows: parts.map { [$0.0, InsightFormat.oneDecimal($0.1), InsightFormat.oneDecimal($0.2), $0.3] })
            imageDownloads(model, .score)
        }
    }

    // MARK: Regions

    /// The regions chart's bars, each with the shorter value a phone shows.
    static func regionBars(_ model: Model) -> [(BarChart.Bar, String)] {
        let d = model.report.diversity
        let base = model.request.libraryQuery(today: model.report.today)
        let maximum = d.regions.map(\.figure.count).max() ?? 0
        let speaks = d.allowsShares(.region)
        return d.regions.map { figure -> (BarChart.Bar, String) in
            var query = base
            query.region = figure.region
            let count = InsightFormat.count(figure.figure.count, d.unit)
            let share = speaks ? figure.figure.share.map { " · " + InsightFormat.percent($0) } ?? "" : ""
            let bar = BarChart.Bar(
                label: figure.region.displayName, fraction: maximum > 0 ? figure.figure.count / maximum : 0,
                valueText: figure.figure.count == 0
                    ? "\(count) — \(figure.underrepresented ? "underrepresented, " : "")none yet" : count + share,
                accessibleText:
                    "\(figure.region.displayName): \(count)\(share)\(figure.underrepresented ? ", underrepresented region" : "")",
                href: model.link(LibraryURL.of(query)), highlighted: figure.underrepresented)
            return (bar, InsightFormat.number(figure.figure.count) + share)
        }
    }

    static func regionsCard(_ model: Model) -> Card {
        let d = model.report.diversity
        let speaks = d.allowsShares(.region)
        let bars = regionBars(model)
        let label = "Cultural regions of your authors, \(d.regionsRepresented) of 11 represented"
        return Card("Cultural regions", span: .full, id: "regions", action: shareButton(model, .regions)) {
            // The same chart twice: the wide one for wider screens, a compact one for phones (CSS
            // shows one), so labels stay readable on both.
            wideAndCompact(bars, id: "regions", label: label)
            Tag("p", .cls("legend")) {
                Tag("span", .cls("swatch swatch-highlight"), .aria("hidden", "true"), text: "")
                Txt(" Striped: a region \(model.snapshot ? "the reader counts" : "you count") as underrepresented. ")
                if !model.snapshot { Tag("a", .href("/account#settings"), text: "Change which") }
            }
            if !speaks && d.regionCoverage.known > 0 {
                Tag("p", .cls("withheld"), text: tooLittle(d, .region) + ", so no shares are shown.")
            }
            coverage(d.regionCoverage, d: d, what: "an author’s region", missing: model.snapshot ? nil : .region)
            togetherLink(model)
            table(
                caption: "Cultural regions",
                headers: ["Region", d.unit == .books ? "Books" : "Authors", "Share", "Authors", "Underrepresented"],
                rows: d.regions.map {
                    [
                        $0.region.displayName, InsightFormat.number($0.figure.count),
                        speaks ? $0.figure.share.map(InsightFormat.percent) ?? "–" : "–", String($0.figure.authors),
                        $0.underrepresented ? "Yes" : "No",
                    ]
                })
            imageDownloads(model, .regions)
        }
    }

    // MARK: Gender

    /// A bar chart drawn twice: `wide` for wider screens (ids `<id>-chart`), compact for phones
    /// (`<id>-compact`, each bar's value the shorter text paired with it); CSS shows one, so
    /// labels stay readable on both.
    static func wideAndCompact(
        _ bars: [(BarChart.Bar, String)], id: String, label: String, wide: BarChart.Layout = .wide
    ) -> Component {
        ComponentGroup {
            Raw(BarChart.svg(bars.map(\.0), id: "\(id)-chart", label: label, layout: wide, cssClass: "chart-wide"))
            Raw(
                BarChart.svg(
                    bars.map { bar, compactValue in
                        var bar = bar
                        bar.valueText = compactValue
                        return bar
                    }, id: "\(id)-compact", label: label, layout: .compact, cssClass: "chart-compact"))
        }
    }

    /// The gender donut's segments and its spoken summary ("Female 59%, Male 37%").
    static func genderSegments(_ model: Model) -> (segments: [DonutChart.Segment], summary: [String]) {
        let d = model.report.diversity
        let segments = d.genders.map { figure in
            DonutChart.Segment(
                value: figure.figure.count, colorClass: "seg-\(figure.gender.rawValue)",
                accessibleText:
                    "\(figure.gender.displayName): \(figure.figure.share.map(InsightFormat.percent) ?? "0%"), \(InsightFormat.authors(figure.figure.authors))",
                href: genderLink(model, figure.gender))
        }
        let summary = d.genders.filter { $0.figure.count > 0 }.map {
            "\($0.gender.displayName) \($0.figure.share.map(InsightFormat.percent) ?? "0%")"
        }
        return (segments, summary)
    }

    static func genderLink(_ model: Model, _ gender: Gender) -> String? {
        var query = model.request.libraryQuery(today: model.report.today)
        query.gender = gender
        return model.link(LibraryURL.of(query))
    }

    static func genderCard(_ model: Model) -> Card {
        let d = model.report.diversity
        let (segments, summary) = genderSegments(model)
        let link = { (gender: Gender) in genderLink(model, gender) }
        let speaks = d.allowsShares(.gender)
        return Card("Author gender", id: "gender", action: shareButton(model, .gender)) {
            if speaks {
                genderDonut(d, segments: segments, summary: summary, link: link)
            } else if d.genderCoverage.known > 0 {
                Tag("p", .cls("withheld")) {
                    Txt(tooLittle(d, .gender) + ", so the chart waits: a share of so few would say more than is known. ")
                    if !model.snapshot {
                        Tag("a", .href(LibraryURL.of(LibraryQuery(missing: .gender))), text: "Add author genders")
                    }
                }
            }
            if d.genderCoverage.known == 0 && d.books > 0 {
                Tag(
                    "p",
                    text: "No author genders are known yet, so there is nothing to draw."
                        + (model.snapshot ? "" : " Add author gender metadata from your books’ pages.")
                )
            }
            coverage(d.genderCoverage, d: d, what: "an author’s gender", missing: model.snapshot ? nil : .gender)
            togetherLink(model)
            if speaks {
                table(
                    caption: "Author gender", headers: ["Gender", d.unit == .books ? "Books" : "Authors", "Share", "Authors"],
                    rows: d.genders.map {
                        [
                            $0.gender.displayName, InsightFormat.number($0.figure.count),
                            $0.figure.share.map(InsightFormat.percent) ?? "–", String($0.figure.authors),
                        ]
                    })
            }
            imageDownloads(model, .gender)
        }
    }

    /// The gender and region cards' way to the two together (none in a snapshot).
    private static func togetherLink(_ model: Model) -> Component {
        guard let href = model.link("#intersections") else { return EmptyComponent() }
        return Tag("p") { Tag("a", .cls("card-link"), .href(href), text: "See gender and region together") }
    }

    private static func genderDonut(
        _ d: DiversityFigures, segments: [DonutChart.Segment], summary: [String], link: (Gender) -> String?
    ) -> Component {
        Tag("div", .cls("donut-layout")) {
            Raw(
                DonutChart.svg(
                    segments, centerValue: String(d.authors), centerLabel: d.authors == 1 ? "author" : "authors",
                    label: "Author gender, \(InsightFormat.authors(d.authors)), gender known for \(d.authorsWithGender): "
                        + (summary.isEmpty ? "no genders known" : summary.joined(separator: ", "))))
            Tag("ul", .cls("legend-list")) {
                // The centre counts every author; the shares below only those whose gender is known.
                Tag(
                    "li", .cls("muted gender-known"),
                    text: "\(InsightFormat.authors(d.authors)) · gender known for \(d.authorsWithGender)")
                for figure in d.genders {
                    Tag("li") {
                        Tag(link(figure.gender) == nil ? "span" : "a", .href(link(figure.gender))) {
                            Tag("span", .cls("swatch seg-\(figure.gender.rawValue)"), .aria("hidden", "true"), text: "")
                            Txt(" \(figure.gender.displayName) ")
                            Tag("strong", text: figure.figure.share.map(InsightFormat.percent) ?? "–")
                            Tag("span", .cls("muted"), text: " · \(InsightFormat.authors(figure.figure.authors))")
                        }
                    }
                }
            }
        }
    }

    // MARK: Languages

    static func languagesCard(_ model: Model) -> Card {
        let d = model.report.diversity
        let base = model.request.libraryQuery(today: model.report.today)
        return Card("Original languages", id: "languages", action: shareButton(model, .languages)) {
            if d.languages.isEmpty {
                Tag("p", text: "No original languages are known for these books yet.")
            } else {
                Tag("ul", .cls("tag-cloud"), .aria("label", "Original languages, most books first")) {
                    for figure in d.languages {
                        Tag("li") {
                            let href = model.link(
                                LibraryURL.of(
                                    {
                                        var q = base
                                        q.language = figure.language
                                        return q
                                    }()))
                            Tag(
                                href == nil ? "span" : "a", .cls("language-pill"), .href(href),
                                .aria("label", "\(figure.language.englishName): \(InsightFormat.books(figure.books))")
                            ) {
                                // The language's name, never its ISO code (issue 44: "EN", "VI" say nothing).
                                Txt("\(figure.language.englishName) ")
                                Tag("span", .cls("count"), text: String(figure.books))
                            }
                        }
                    }
                }
            }
            coverage(
                d.languageCoverage, d: d, what: "the original language", missing: model.snapshot ? nil : .language,
                inBooks: true)
            imageDownloads(model, .languages)
        }
    }

    // MARK: Eras

    /// Books by the era they were first published in (SPEC §3), each bar opening the library
    /// filtered the same way; shares only where enough years are known (SPEC §4).
    /// The eras chart's bars, each with the shorter value a phone shows ("17 · 50%").
    static func eraBars(_ model: Model) -> [(BarChart.Bar, String)] {
        let d = model.report.diversity
        let base = model.request.libraryQuery(today: model.report.today)
        let maximum = d.eras.map(\.books).max() ?? 0
        let speaks = d.allowsShares(.era)
        return d.eras.map { figure -> (BarChart.Bar, String) in
            var query = base
            query.era = figure.era
            let share = speaks ? figure.share.map { " · " + InsightFormat.percent($0) } ?? "" : ""
            let bar = BarChart.Bar(
                label: figure.era.displayName, fraction: maximum > 0 ? Double(figure.books) / Double(maximum) : 0,
                valueText: InsightFormat.books(figure.books) + share,
                accessibleText: "\(figure.era.displayName): \(InsightFormat.books(figure.books))\(share)",
                href: model.link(LibraryURL.of(query)))
            return (bar, String(figure.books) + share)
        }
    }

    static func erasCard(_ model: Model) -> Card {
        let d = model.report.diversity
        let speaks = d.allowsShares(.era)
        let bars = eraBars(model)
        let oldest = d.eras.first { $0.books > 0 }
        let label =
            d.eraCoverage.known > 0
            ? "Publication eras of these books, the oldest from \(oldest?.era.displayName.lowercased() ?? "")"
            : "Publication eras: no first publication year known yet"
        return Card("Publication eras", id: "eras", action: shareButton(model, .eras)) {
            if d.eraCoverage.known == 0 {
                Tag("p", text: "No first publication years are known for these books yet.")
            } else {
                // Wide and compact, as the regions chart: on a phone the value says "17 · 50%".
                wideAndCompact(bars, id: "eras", label: label, wide: .compact)
                // Why no shares, as the other charts say it: too few books, or too few years known.
                if !speaks { Tag("p", .cls("withheld"), text: tooLittle(d, .era) + ", so no shares are shown.") }
            }
            coverage(
                d.eraCoverage, d: d, what: "a first publication year", missing: model.snapshot ? nil : .year, inBooks: true)
            if d.eraCoverage.known > 0 {
                table(
                    caption: "Publication eras", headers: ["Era", "Books", "Share"],
                    rows: d.eras.map {
                        [$0.era.displayName, String($0.books), speaks ? $0.share.map(InsightFormat.percent) ?? "–" : "–"]
                    })
            }
            imageDownloads(model, .eras)
        }
    }

    // MARK: Pieces

    static func coverage(
        _ coverage: DiversityFigures.Coverage, d: DiversityFigures, what: String, missing: LibraryQuery.Missing?,
        inBooks: Bool = false
    ) -> Component {
        let noun = inBooks ? (d.books == 1 ? "book" : "books") : unitNoun(d)
        let unknown = coverage.unknown
        return Tag("p", .cls("coverage")) {
            if coverage.total == 0 {
                Txt("Nothing to cover yet.")
            } else if unknown < 0.001 {
                Txt(
                    coverage.total == 1
                        ? "Known for the one \(String(noun.dropLast(noun.hasSuffix("s") ? 1 : 0)))." : "Known for all \(noun).")
            } else {
                Txt(
                    "Known for \(InsightFormat.percent(coverage.fraction)) of \(noun); \(InsightFormat.number(unknown)) without \(what) \(unknown <= 1 ? "is" : "are") left out, never counted as diversity. "
                )
                if let missing { Tag("a", .href(LibraryURL.of(LibraryQuery(missing: missing))), text: "Fill them in") }
            }
        }
    }

    static func table(caption: String, headers: [String], rows: [[String]]) -> Component {
        Tag("details", .cls("chart-table")) {
            Tag("summary", text: "Show as a table")
            ScrollingTable(caption) {
                Tag("table") {
                    Tag("caption", text: caption)
                    Tag("thead") { Tag("tr") { for header in headers { Tag("th", Attr("scope", "col"), text: header) } } }
                    Tag("tbody") {
                        for row in rows {
                            Tag("tr") {
                                for (index, cell) in row.enumerated() {
                                    if index == 0 { Tag("th", Attr("scope", "row"), text: cell) } else { Tag("td", text: cell) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
