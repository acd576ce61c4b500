import BooksTrackCharts
import BooksTrackCore
import Foundation
import Plot

/// Each insights card as a picture (issue 20 item 11): the 1200 × 630 ``ShareImage`` of the card's
/// figure, what it rests on, and its chart — the same figures the page shows, withheld where the
/// page withholds them (SPEC §4).
extension InsightsPage {
    /// The picture of `card` for the page's model, as a standalone SVG.
    static func image(_ card: SharedCard, model: Model, date: String, palette: ChartPalette) -> String {
        var model = model
        model.snapshot = true  // no links into the reader's library in a picture
        return ShareImage.svg(imageContent(card, model: model, date: date), palette: palette)
    }

    /// What the picture of `card` says: its kicker, headline, lines and chart. Each card's picture
    /// is built by its own function below; the kicker names the card and the period.
    static func imageContent(_ card: SharedCard, model: Model, date: String) -> ShareImage.Content {
        let kicker = "\(card.title) · \(model.report.period.label)"
        switch card {
        case .world: return worldImage(model, kicker: kicker, date: date)
        case .radar: return radarImage(model, kicker: kicker, date: date)
        case .hero: return heroImage(model, kicker: kicker, date: date)
        case .score: return scoreImage(model, kicker: kicker, date: date)
        case .gender: return genderImage(model, kicker: kicker, date: date)
        case .regions: return regionsImage(model, kicker: kicker, date: date)
        case .languages: return languagesImage(model, kicker: kicker, date: date)
        case .eras: return erasImage(model, kicker: kicker, date: date)
        case .reading: return readingImage(model, kicker: kicker, date: date)
        }
    }

    /// The line under most pictures saying how many books the figures rest on.
    private static func fromLine(_ d: DiversityFigures) -> String {
        "From \(InsightFormat.books(d.books))\(d.unit == .authors ? ", counted by author" : "")."
    }

    /// The radar as a picture: the overall verdict (or why there is none) and how much is known.
    private static func radarImage(_ model: Model, kicker: String, date: String) -> ShareImage.Content {
        let radar = model.report.radar
        let title =
            if let overall = radar.overall, let band = radar.band {
                "Representation \(InsightFormat.percentValue(overall / 100))% — \(band.displayName)"
            } else {
                radar.withheldVerdict
            }
        let known = radar.axes.filter { !$0.isGhost }.count
        return .init(
            kicker: kicker, title: title,
            lines: [
                "From \(InsightFormat.books(radar.books)); \(known) of \(radar.axes.count) axes have data.",
                "Data known: \(InsightFormat.percent(radar.completion)).",
            ],
            chart: RadarChart.svg(radar, id: "image-radar", label: "Representation radar. " + radar.accessibleSummary),
            date: date)
    }

    /// "At a glance" as a picture: regions, women authors, marginalized voices and languages, as
    /// lines and as tiles.
    private static func heroImage(_ model: Model, kicker: String, date: String) -> ShareImage.Content {
        let d = model.report.diversity
        let women = d.figure(for: .female)?.figure.share
        return .init(
            kicker: kicker,
            title: d.regionsRepresented > 0 ? "\(d.regionsRepresented) of 11 regions" : InsightFormat.books(d.books),
            lines: [
                d.allowsShares(.gender)
                    ? "Women authors \(women.map(InsightFormat.percent) ?? "–") of \(d.authorsWithGender) with a known gender."
                    : "Women authors: \(tooLittle(d, .gender).lowercasedFirst).",
                d.allowsShares(.marginalized)
                    ? "Marginalized voices \(d.marginalized.share.map(InsightFormat.percent) ?? "–")."
                    : "Marginalized voices: \(tooLittle(d, .marginalized).lowercasedFirst).",
                d.languages.isEmpty
                    ? "No original languages known yet." : "\(d.languages.count) original languages.",
                fromLine(d),
            ],
            chart: heroTiles(d),
            date: date)
    }

    /// The four tiles of the "At a glance" picture, a dash wherever a share is withheld.
    private static func heroTiles(_ d: DiversityFigures) -> String {
        let women = d.figure(for: .female)?.figure.share
        return ShareImage.tiles([
            (d.regionsRepresented > 0 ? "\(d.regionsRepresented)/11" : "–", "regions"),
            (d.allowsShares(.gender) ? women.map(InsightFormat.percent) ?? "–" : "–", "women authors"),
            (
                d.allowsShares(.marginalized) ? d.marginalized.share.map(InsightFormat.percent) ?? "–" : "–",
                "marginalized voices"
            ),
            (
                d.languages.isEmpty ? "–" : String(d.languages.count),
                d.languages.count == 1 ? "original language" : "original languages"
            ),
        ])
    }

    /// The diversity score as a picture: the score out of ten, what it is based on, and its parts.
    private static func scoreImage(_ model: Model, kicker: String, date: String) -> ShareImage.Content {
        let d = model.report.diversity
        let score = d.score
        return .init(
            kicker: kicker,
            title:
                "Diversity score \(InsightFormat.oneDecimal(score.total)) / 10\(score.isProvisional ? " · provisional" : "")",
            lines: [
                score.isEmpty
                    ? "No books to score yet."
                    : "Based on \(InsightFormat.percent(score.coverage)) of the \(unitNoun(d)) (the data each part could use).",
                fromLine(d),
            ],
            chart: BarChart.svg(
                scoreBars(scoreParts(d)), id: "image-score", label: "Diversity score parts", layout: .picture),
            date: date)
    }

    /// Author gender as a picture: the share of women and the donut, or why the share is withheld.
    private static func genderImage(_ model: Model, kicker: String, date: String) -> ShareImage.Content {
        let d = model.report.diversity
        let from = fromLine(d)
        guard d.allowsShares(.gender) else {
            return .init(
                kicker: kicker, title: "Too little known yet",
                lines: [tooLittle(d, .gender) + ": a share of so few would say more than is known.", from], date: date)
        }
        let (segments, summary) = genderSegments(model)
        let women = d.figure(for: .female)?.figure.share
        return .init(
            kicker: kicker, title: "\(women.map(InsightFormat.percent) ?? "0%") women authors",
            lines: [
                summary.joined(separator: " · ") + ".",
                "Gender known for \(d.authorsWithGender) of \(InsightFormat.authors(d.authors)).", from,
            ],
            chart: DonutChart.svg(
                segments, centerValue: String(d.authors), centerLabel: d.authors == 1 ? "author" : "authors",
                label: "Author gender: " + summary.joined(separator: ", ")),
            date: date)
    }

    /// Cultural regions as a picture: how many regions are represented and the region bars.
    private static func regionsImage(_ model: Model, kicker: String, date: String) -> ShareImage.Content {
        let d = model.report.diversity
        return .init(
            kicker: kicker, title: "\(d.regionsRepresented) of 11 regions",
            lines: [
                d.regionCoverage.known > 0
                    ? "Region known for \(InsightFormat.percent(d.regionCoverage.fraction)) of the \(unitNoun(d))."
                    : "No regions known yet.",
                d.allowsShares(.region)
                    ? "Striped: a region the reader counts as underrepresented." : tooLittle(d, .region) + ".",
                fromLine(d),
            ],
            chart: BarChart.svg(
                regionBars(model).map(\.0), id: "image-regions", label: "Cultural regions", layout: .picture),
            date: date)
    }

    /// Original languages as a picture: how many, and bars for the ten with the most books.
    private static func languagesImage(_ model: Model, kicker: String, date: String) -> ShareImage.Content {
        let d = model.report.diversity
        let bars = languageImageBars(d)
        return .init(
            kicker: kicker,
            title: d.languages.isEmpty
                ? "No original languages known yet"
                : "\(d.languages.count) original \(d.languages.count == 1 ? "language" : "languages")",
            lines: [
                "Original language known for \(InsightFormat.percent(d.languageCoverage.fraction)) of the books.",
                d.languages.count > 10 ? "The ten with the most books." : fromLine(d),
            ],
            chart: bars.isEmpty
                ? nil : BarChart.svg(bars, id: "image-languages", label: "Original languages", layout: .picture),
            date: date)
    }

    /// A bar for each of the ten languages with the most books, scaled to the longest.
    private static func languageImageBars(_ d: DiversityFigures) -> [BarChart.Bar] {
        let top = Array(d.languages.prefix(10))
        let most = top.map(\.books).max() ?? 0
        return top.map {
            BarChart.Bar(
                label: $0.language.englishName, fraction: most > 0 ? Double($0.books) / Double(most) : 0,
                valueText: InsightFormat.books($0.books),
                accessibleText: "\($0.language.englishName): \(InsightFormat.books($0.books))")
        }
    }

    /// Publication eras as a picture: the span from the earliest era read to the latest, and the
    /// era bars.
    private static func erasImage(_ model: Model, kicker: String, date: String) -> ShareImage.Content {
        let d = model.report.diversity
        let known = d.eras.filter { $0.books > 0 }
        return .init(
            kicker: kicker,
            title: known.isEmpty
                ? "No publication years known yet"
                : known.count == 1
                    ? "All from \(known[0].era.displayName.lowercasedFirst)"
                    : "From \(known[0].era.displayName.lowercasedFirst) to \(known[known.count - 1].era.displayName.lowercasedFirst)",
            lines: [
                "First publication year known for \(InsightFormat.percent(d.eraCoverage.fraction)) of the books.",
                d.allowsShares(.era) ? fromLine(d) : tooLittle(d, .era) + ".",
            ],
            chart: known.isEmpty
                ? nil
                : BarChart.svg(eraBars(model).map(\.0), id: "image-eras", label: "Publication eras", layout: .picture),
            date: date)
    }

    /// Reading as a picture: books finished, pages, pace and timed sessions.
    private static func readingImage(_ model: Model, kicker: String, date: String) -> ShareImage.Content {
        let stats = model.report.reading
        return .init(
            kicker: kicker, title: "\(InsightFormat.books(stats.booksFinished)) finished",
            lines: [
                "\(InsightFormat.grouped(stats.pagesRead)) pages read, \(InsightFormat.oneDecimal(stats.pagesPerDay)) a day.",
                "\(InsightFormat.oneDecimal(stats.booksPerMonth)) books a month.",
                stats.readingMinutes > 0
                    ? "Timed sessions \(InsightFormat.duration(stats.readingMinutes))"
                        + (stats.pagesPerHour.map { ", \(Int(saturating: $0.rounded())) pages an hour." } ?? ".")
                    : "No reading sessions timed.",
            ],
            chart: ShareImage.tiles([
                (InsightFormat.grouped(stats.booksFinished), "books finished"),
                (InsightFormat.grouped(stats.pagesRead), "pages read"),
                (InsightFormat.oneDecimal(stats.booksPerMonth), "books a month"),
                (stats.pagesPerHour.map { String(Int(saturating: $0.rounded())) } ?? "–", "pages an hour"),
            ]),
            date: date)
    }

    /// "Download image" under a card (none in a snapshot).
    static func imageDownloads(_ model: Model, _ card: SharedCard) -> Component {
        guard !model.snapshot else { return EmptyComponent() }
        return ImageDownloads(
            svg: URLQuery.url("/insights/\(card.rawValue)/image.svg", model.request.parameters),
            fileName: "bookstrack-\(card.rawValue)", what: "the \(card.title.lowercased()) card")
    }
}

extension String {
    /// "Before 1900" → "before 1900"; "Too few books…" → "too few books…".
    fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
