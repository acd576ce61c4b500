import BooksTrackApp
import BooksTrackCore
import Foundation
import Plot

/// The diversity insights page (SPEC F3): pickers, the hero card, the score and its parts, the
/// regions chart, the gender donut, the language cloud, reading stats and what to read next.
/// Every chart has an accessible name, a table view and links into the filtered library.
enum InsightsPage {
    struct Model {
        var report: InsightsReport
        var request: InsightRequest
        var compare: Bool
        var problem: String?
        /// The form token for "Share" buttons; nil draws none.
        var csrfToken: String?
        /// Drawn for a share link: no links into the library, no forms, nothing to fill in.
        var snapshot = false
        /// Regions no book on the shelves is known to come from, with writers to try.
        var gaps: [Discovery.Gap] = []
        /// Whether each writer links to their books on Open Library (look-ups are on).
        var openLibraryLinks = false
        /// How many of the page's books carry each identity badge; nil leaves the card out (a snapshot).
        var badges: [IdentityBadgeKind: Int]? = nil
        /// Asks once for the primary reading language, proposing this one (the browser's), while
        /// the reader has none and has not said "Not now"; nil asks nothing.
        var languageQuestion: LanguageCode?? = nil

        /// A link's address, or nil in a snapshot: nothing in it leads into the reader's data.
        func link(_ href: String) -> String? { snapshot ? nil : href }
    }

    /// The diversity insights: the scope in words, the controls and exports, then the cards, or
    /// what to do when there is nothing to show yet.
    static func render(page: PageContext, model: Model) -> String {
        var model = model
        model.csrfToken = page.csrfToken
        let report = model.report
        let d = report.diversity
        return Layout.document(title: "Insights", page: page) {
            InsightsTabs(current: .diversity)
            Tag("h1", text: "Insights")
            if d.books > 0 {
                // The scope in words (SPEC §4 "One headline"): what every figure below is about.
                Tag(
                    "p", .cls("scope-line"),
                    text: "\(model.request.scopeInWords(today: report.today)): \(InsightFormat.books(d.books))"
                        + (d.unit == .authors ? ", \(d.authors) \(d.authors == 1 ? "author" : "authors")" : ""))
            }
            if let proposed = model.languageQuestion, let token = model.csrfToken, !model.snapshot {
                languageQuestion(proposed, csrfToken: token)
            }
            controls(model)
            if report.libraryBooks > 0 && !model.snapshot { exports(model) }
            if let problem = model.problem {
                Tag("div", .cls("notice warning"), Attr("role", "alert")) { Tag("p", text: problem) }
            }
            if report.libraryBooks == 0 {
                emptyLibrary()
            } else if d.books == 0 {
                emptyPeriod(model)
                readingCard(model)
            } else {
                if d.regionCoverage.known == 0 && d.genderCoverage.known == 0 { noAuthorDataNotice() }
                cards(model)
            }
        }
    }

    /// A library with no books: the score's place says what it will be, never a blank card (seed 001).
    private static func emptyLibrary() -> Component {
        EmptyState(
            title: "No books yet: add books to see your diversity",
            message:
                "Your insights are drawn from your library. Add a book by hand, import your library from Goodreads, StoryGraph or LibraryThing, or load the demo library from the home page to see every chart.",
            actions: [("Add a book", "/books/new"), ("Import a library", "/import")],
            figure: Tag("p", .cls("score-value")) {
                Tag("strong", text: "0.0")
                Txt(" / 10")
                Tag("span", .cls("visually-hidden"), text: " diversity score")
            })
    }

    /// Nothing in the chosen period and scope: why, and the longer period or wider scope that
    /// would show something.
    private static func emptyPeriod(_ model: Model) -> Component {
        let report = model.report
        let allTime = InsightRequest(scope: report.scope, unit: report.unit)
        let wholeLibrary = InsightRequest(scope: .library, unit: report.unit)
        return EmptyState(
            title: report.scope == .read ? "Nothing read in this period" : "Nothing added in this period",
            message: model.request.period == .allTime
                ? "None of your books is marked read yet. Look at your whole library, or mark the books you have finished."
                : "\(report.period.label) has no \(report.scope == .read ? "finished books" : "books added"). Choose a longer period, or look at your whole library.",
            // "Show all time" only where it would show something other than this page.
            actions: (model.request.period == .allTime
                ? [] : [("Show all time", URLQuery.url("/insights", allTime.parameters))])
                + (report.scope == .library
                    ? [] : [("Show the whole library", URLQuery.url("/insights", wholeLibrary.parameters))]))
    }

    /// Books whose authors have neither a region nor a gender yet: most charts are empty, and
    /// this is where to fill them in.
    private static func noAuthorDataNotice() -> Component {
        Tag("div", .cls("notice"), Attr("role", "status")) {
            Tag("p") {
                Txt("None of these books has its authors’ region or gender yet, so most charts are empty. ")
                Tag("a", .href(LibraryURL.of(LibraryQuery(missing: .any))), text: "Fill in the missing author data")
                Txt(" — one author at a time, from any book page.")
            }
        }
    }

    /// Every insights card, in the page's order (badges and discoveries not in a snapshot).
    private static func cards(_ model: Model) -> Component {
        Bento(cls: "bento insights") {
            hero(model)
            scoreCard(model)
            genderCard(model)
            radarCard(model)
            regionsCard(model)
            worldCard(model)
            intersectionsCard(model)
            languagesCard(model)
            erasCard(model)
            if let badges = model.badges, !model.snapshot { badgesCard(model, counts: badges) }
            nextCard(model)
            if !model.gaps.isEmpty && !model.snapshot { discoverCard(model) }
            readingCard(model)
        }
    }

    // MARK: Radar

    static func radarCard(_ model: Model) -> Card {
        let radar = model.report.radar
        let here = URLQuery.url("/insights", model.request.parameters)
        return Card("Representation", span: .full, id: "radar", action: shareButton(model, .radar)) {
            Tag("div", .cls("radar-module")) {
                RadarView(
                    radar: radar, id: "insights-radar", target: model.snapshot ? nil : .library, returnTo: here,
                    subject: radar.books == 1 ? "this book" : "these \(InsightFormat.books(radar.books))")
                if !model.snapshot {
                    CompletionWidget(radar: radar, id: "insights-completion", standing: nil, returnTo: here)
                }
            }
            if !model.snapshot {
                ImageDownloads(
                    svg: URLQuery.url("/insights/radar.svg", model.request.parameters), fileName: "bookstrack-radar",
                    what: "the representation radar")
            }
        }
    }

    // MARK: Controls

    private static func controls(_ model: Model) -> Component {
        let request = model.request
        var periods: [(String, String)] = [("all", "All time"), ("this-year", "This year"), ("last-30-days", "Last 30 days")]
        let thisYear = model.report.today.year
        var years = Array(model.report.activeYears.prefix(15))
        if case .year(let asked) = request.period, !years.contains(asked) { years.append(asked) }
        for year in years.sorted(by: >) where year != thisYear || request.period == .year(year) {
            periods.append((String(year), String(year)))
        }
        periods.append(("custom", "Custom range…"))
        let (from, to): (String?, String?) =
            if case .custom(let from, let to) = request.period { (from.description, to.description) } else { (nil, nil) }
        return Tag("form", .cls("insight-controls"), Attr("method", "get"), Attr("action", "/insights")) {
            Field(
                name: "period", label: "Period",
                control: .select(options: periods.map { ($0.0, $0.1) }, selected: request.period.parameter))
            Tag("div", .cls("custom-range")) {
                Field(name: "from", label: "From", control: .text(type: "date", value: from))
                Field(name: "to", label: "To", control: .text(type: "date", value: to))
            }
            segmented(
                "Books", name: "scope", InsightScope.allCases.map { ($0.rawValue, $0.displayName) },
                selected: request.scope.rawValue)
            segmented(
                "Count", name: "unit", CountingUnit.allCases.map { ($0.rawValue, $0.displayName) },
                selected: request.unit.rawValue)
            if !model.compare { Tag.void("input", .type("hidden"), .name("compare"), .value("no")) }
            Tag("button", .type("submit"), .cls("button"), text: "Show")
        }
    }

    /// "Download CSV" of the figures shown (the same parameters), and "Print" where scripts run
    /// (the page prints cleanly from the browser's own menu too: app.css's print rules).
    private static func exports(_ model: Model) -> Component {
        Tag("p", .cls("insight-exports")) {
            Tag("a", .href(URLQuery.url("/insights.csv", model.request.parameters)), Attr("download", ""), text: "Download CSV")
            Tag("button", .type("button"), .cls("link-button"), Attr("data-print", ""), .flag("hidden", true), text: "Print")
        }
    }

    /// A set of radio buttons drawn as one segmented control.
    private static func segmented(
        _ legend: String, name: String, _ options: [(value: String, label: String)], selected: String
    ) -> Component {
        Tag("fieldset", .cls("segmented")) {
            Tag("legend", text: legend)
            for option in options {
                Tag("label") {
                    Tag.void(
                        "input", [.type("radio"), .name(name), .value(option.value), .flag("checked", option.value == selected)])
                    Txt(" " + option.label)
                }
            }
        }
    }

    // MARK: Hero

    static func hero(_ model: Model) -> Card {
        let d = model.report.diversity
        let women = d.figure(for: .female)?.figure.share
        let fills = !model.snapshot
        return Card("At a glance", span: .full, id: "hero", action: shareButton(model, .hero)) {
            Tag("dl", .cls("hero-grid")) {
                heroItem(
                    "Regions", chart: model.link("#regions"), d.regionsRepresented > 0 ? "\(d.regionsRepresented) of 11" : "--",
                    d.regionCoverage.known > 0
                        ? "region known for \(InsightFormat.percent(d.regionCoverage.fraction)) of \(unitNoun(d))"
                        : "no regions known yet")
                if d.allowsShares(.gender) {
                    heroItem(
                        "Women authors", chart: model.link("#gender"), women.map(InsightFormat.percent) ?? "--",
                        "of \(d.authorsWithGender) authors with a known gender")
                } else {
                    heroItem(
                        "Women authors", chart: model.link("#gender"), "--", tooLittle(d, .gender),
                        fill: fills ? ("Add author genders", LibraryURL.of(LibraryQuery(missing: .gender))) : nil)
                }
                if d.allowsShares(.marginalized) {
                    heroItem(
                        "Marginalized voices", chart: model.link("#score"),
                        d.marginalized.share.map(InsightFormat.percent) ?? "--",
                        "gender and region known for \(InsightFormat.percent(d.marginalizedCoverage.fraction)) of \(unitNoun(d))")
                } else {
                    heroItem(
                        "Marginalized voices", chart: model.link("#score"), "--", tooLittle(d, .marginalized),
                        fill: fills ? ("Add authors’ regions and genders", LibraryURL.of(LibraryQuery(missing: .any))) : nil)
                }
                heroItem(
                    "Languages", chart: model.link("#languages"), d.languages.isEmpty ? "--" : String(d.languages.count),
                    d.languages.isEmpty
                        ? "no original languages known yet"
                        : d.languages.count == 1 ? "original language" : "original languages")
            }
            imageDownloads(model, .hero)
        }
    }

    /// One of the hero's four figures; its name links to its chart further down (`chart`, none in
    /// a snapshot).
    private static func heroItem(
        _ label: String, chart: String?, _ value: String, _ note: String, fill: (String, String)? = nil
    ) -> Component {
        Tag("div", .cls("hero-item")) {
            if let chart {
                Tag("dt") { Tag("a", .href(chart), .aria("label", "\(label): see the chart"), text: label) }
            } else {
                Tag("dt", text: label)
            }
            Tag("dd", .cls(value == "--" ? "hero-value withheld" : "hero-value"), text: value)
            Tag("dd", .cls("hero-note"), text: note)
            if let (text, href) = fill { Tag("dd", .cls("hero-note")) { Tag("a", .cls("card-link"), .href(href), text: text) } }
        }
    }

    /// What is known when a breakdown is too thin for a share (SPEC §4 "Enough data before a
    /// verdict"): "Too little known yet: gender known for 1 of 18 authors".
    static func tooLittle(_ d: DiversityFigures, _ breakdown: DiversityFigures.Breakdown) -> String {
        if d.books < MinimumData.books {
            return "Too few books yet for a share: \(d.books) of the \(MinimumData.books) it takes"
        }
        switch breakdown {
        case .gender:
            return "Too little known yet: gender known for \(d.authorsWithGender) of \(InsightFormat.authors(d.authors))"
        case .region:
            return "Too little known yet: region known for \(d.authorsWithRegion) of \(InsightFormat.authors(d.authors))"
        case .marginalized:
            return
                "Too little known yet: gender and region both known for \(InsightFormat.percent(d.marginalizedCoverage.fraction)) of \(unitNoun(d))"
        case .era:
            return
                "Too little known yet: the first publication year known for \(InsightFormat.percent(d.eraCoverage.fraction)) of books"
        case .intersection:
            return
                "Too little known yet: gender and region both known for \(InsightFormat.percent(d.intersectionCoverage.fraction)) of \(unitNoun(d))"
        }
    }

    // MARK: Reading

    /// One figure of the reading card: its label and value, the numbers a comparison is made of,
    /// and the words said instead when it is not known.
    private typealias ReadingRow = (
        label: String, value: String, current: Double, before: Double?, decimals: Bool, format: ((Double) -> String)?,
        missing: String?
    )

    /// Books, pages, pace and reading time over the period, each compared with the previous period
    /// when the reader asks.
    static func readingCard(_ model: Model) -> Card {
        let stats = model.report.reading
        let previous = model.compare ? model.report.previous : nil
        let rows = readingRows(stats, previous: previous)
        return Card("Reading", span: .full, id: "reading", action: shareButton(model, .reading)) {
            Tag("p", .cls("muted")) {
                Txt(model.report.period.label)
                if let from = stats.from, model.request.period == .allTime { Txt(", since \(from)") }
                if let previous { Txt(" · compared with \(previous.period.label)") }
            }
            Tag("dl", .cls("stat-grid")) {
                for row in rows { readingStat(row, previous: previous) }
            }
            if stats.booksWithoutPageCount > 0 {
                Tag(
                    "p", .cls("muted"),
                    text:
                        "\(InsightFormat.books(stats.booksWithoutPageCount)) finished without sessions \(stats.booksWithoutPageCount == 1 ? "has" : "have") no page count, so \(stats.booksWithoutPageCount == 1 ? "its" : "their") pages are not counted."
                )
            }
            if model.report.previous != nil, !model.snapshot { comparisonToggle(model) }
            imageDownloads(model, .reading)
        }
    }

    /// The reading card's figures in the order shown, with the previous period's beside them when
    /// there is one to compare with.
    private static func readingRows(_ stats: ReadingStats, previous: InsightsReport.Previous?) -> [ReadingRow] {
        let pace = { (value: Double) in "\(Int(saturating: value.rounded())) pages an hour" }
        return [
            (
                "Books finished", String(stats.booksFinished), Double(stats.booksFinished),
                previous.map { Double($0.reading.booksFinished) }, false, nil, nil
            ),
            (
                "Pages read", InsightFormat.grouped(stats.pagesRead), Double(stats.pagesRead),
                previous.map { Double($0.reading.pagesRead) }, false, nil, nil
            ),
            (
                "Pages a day", InsightFormat.oneDecimal(stats.pagesPerDay), stats.pagesPerDay,
                previous.map(\.reading.pagesPerDay), true, nil, nil
            ),
            (
                "Books a month", InsightFormat.oneDecimal(stats.booksPerMonth), stats.booksPerMonth,
                previous.map(\.reading.booksPerMonth), true, nil, nil
            ),
            (
                "Reading time (timed sessions)", InsightFormat.duration(stats.readingMinutes), Double(stats.readingMinutes),
                previous.map { Double($0.reading.readingMinutes) }, false, { InsightFormat.duration(Int(saturating: $0)) },
                stats.readingMinutes == 0 ? "No sessions timed" : nil
            ),
            (
                "Pace", stats.pagesPerHour.map(pace) ?? "", stats.pagesPerHour ?? 0, previous?.reading.pagesPerHour, false,
                pace, stats.pagesPerHour == nil ? "Needs \(ReadingStats.minimumPaceMinutes) min of timed sessions" : nil
            ),
        ]
    }

    /// One figure of the reading card with its change since the previous period.
    private static func readingStat(_ row: ReadingRow, previous: InsightsReport.Previous?) -> Component {
        Tag("div", .cls("stat")) {
            Tag("dt", text: row.label)
            // What is not known is said in words, not drawn as a figure, and compared with nothing.
            if let words = row.missing {
                Tag("dd", .cls("stat-missing"), text: words)
            } else {
                Tag("dd", .cls("stat-value"), text: row.value)
            }
            if let before = row.before, let previous, row.missing == nil {
                Tag(
                    "dd", .cls("comparison"),
                    text: InsightFormat.change(
                        row.current, before, against: previous.period.label, decimals: row.decimals,
                        format: row.format))
            }
        }
    }

    /// The link that shows or hides the comparison with the previous period.
    private static func comparisonToggle(_ model: Model) -> Component {
        Tag("p") {
            Tag(
                "a",
                .href(URLQuery.url("/insights", model.request.parameters + (model.compare ? [("compare", "no")] : []))),
                text: model.compare
                    ? "Hide the comparison"
                    : "Compare with \(model.report.previous?.period.label ?? "the previous period")")
        }
    }

    // MARK: What to read next

    private static func nextCard(_ model: Model) -> Card {
        let suggestions = model.report.suggestions
        return Card("What to read next", id: "next") {
            if suggestions.isEmpty {
                Tag("p") {
                    Txt("Nothing on your Want to read or To read (owned) shelves fills a gap in these figures right now. ")
                    Tag("a", .href(LibraryURL.of(LibraryQuery(upNext: true))), text: "See your to-read list")
                }
            } else {
                Tag("ul", .cls("suggestions")) {
                    for suggestion in suggestions {
                        Tag("li") {
                            if suggestion.books == 0 {
                                // A gap nothing on the shelves fills: what would, and where to add it.
                                Txt(suggestion.message + " ")
                                Tag("a", .href("/books/new"), text: "Add a book")
                            } else {
                                Tag("a", .href(LibraryURL.of(query(for: suggestion))), text: suggestion.message)
                            }
                        }
                    }
                }
            }
        }
    }

    static func query(for suggestion: ReadingSuggestion) -> LibraryQuery {
        var query = LibraryQuery(upNext: true)
        switch suggestion.gap {
        case .region(let region): query.region = region
        case .gender(let gender): query.gender = gender
        case .language(let language): query.language = language
        }
        return query
    }

    static func unitNoun(_ d: DiversityFigures) -> String { d.unit == .books ? "books" : "authors" }

    /// "Which language do you read in most?" — once, while no primary language is set: without it
    /// the translation figures have nothing to compare a book's language with (issue 40 item 4).
    static func languageQuestion(_ proposed: LanguageCode?, csrfToken: String) -> Component {
        Tag("section", .cls("notice language-question"), .aria("labelledby", "language-question")) {
            Tag("h2", .id("language-question"), text: "Which language do you read in most?")
            Tag(
                "p",
                text:
                    "Books in another language count as read in translation when their original differs; a book whose edition language is unknown is taken as read in this one."
            )
            PostForm(action: "/insights/language", csrfToken: csrfToken, cls: "inline-form") {
                Field(
                    name: "primary_language", label: "Language",
                    control: .select(options: Choices.languages(any: "Not set"), selected: proposed?.code))
                Tag("button", .type("submit"), text: "Save")
                Tag("button", .type("submit"), .name("skip"), .value("1"), .cls("secondary"), text: "Not now")
            }
        }
    }

}
