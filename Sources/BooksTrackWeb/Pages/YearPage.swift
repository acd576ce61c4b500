import BooksTrackCharts
import BooksTrackCore
import Foundation
import Plot

/// The year in books (issue 41): `/insights/year/{year}`, one card per part of the year's story,
/// every share with what it is of, the year's books listed; shared as a link, a picture and a
/// printed page.
enum YearPage {
    struct Model {
        var year: YearInBooks
        var today: LocalDate
        /// Nil in a share link's snapshot (no forms, no links into the library).
        var csrfToken: String?
        var snapshot: Bool { csrfToken == nil }
    }

    static func render(page: PageContext, model: Model) -> String {
        let year = model.year
        return Layout.document(title: "\(year.year) in books", page: page) {
            InsightsTabs(current: .year)
            Tag("h1", text: "\(year.year) in books")
            Tag("p", .cls("muted"), text: subtitle(model))
            years(year)
            actions(model)
            Tag("div", .cls("bento year-in-books")) { cards(model) }
        }
    }

    /// Every card, in the order the story is told (also the share link's snapshot).
    static func cards(_ model: Model) -> Component {
        ComponentGroup {
            hero(model)
            firstAndLast(model)
            lengths(model)
            months(model)
            world(model)
            voices(model)
            authors(model)
            languages(model)
            goals(model)
            books(model)
        }
    }

    static func subtitle(_ model: Model) -> String {
        let year = model.year
        let books = InsightFormat.books(year.totals.books) + " finished"
        guard !year.complete else { return "The whole year: \(books)." }
        return "So far, to \(model.today.longDescription): \(books). The year is not over yet."
    }

    /// Links to the other years with reading.
    static func years(_ year: YearInBooks) -> Component {
        guard year.years.count > 1 else { return EmptyComponent() }
        return ReadingPage.links(
            "Years", shown: true, year.years.map { ("/insights/year/\($0)", String($0), $0 == year.year) })
    }

    /// Share, download the picture, print.
    static func actions(_ model: Model) -> Component {
        guard let csrfToken = model.csrfToken else { return EmptyComponent() }
        let image = "/insights/year/\(model.year.year)/image.svg"
        return Tag("div", .cls("insight-exports year-actions")) {
            PostForm(action: "/shares", csrfToken: csrfToken, cls: "share-form", attributes: [Attr("data-image", image)]) {
                Tag.void("input", .type("hidden"), .name("card"), .value("year"))
                Tag.void("input", .type("hidden"), .name("year"), .value(String(model.year.year)))
                Tag(
                    "button", .type("submit"), .cls("secondary share-button"),
                    .aria("label", "Share your \(model.year.year) in books as a link"), text: "Share")
            }
            ImageDownloads(
                svg: image, fileName: "bookstrack-\(model.year.year)-in-books", what: "your \(model.year.year) in books")
            Tag("button", .type("button"), .cls("link-button"), Attr("data-print", ""), .flag("hidden", true), text: "Print")
        }
    }

    static func hero(_ model: Model) -> Component {
        let year = model.year
        let totals = year.totals
        return Card("The year at a glance", span: .full, id: "year-hero") {
            Tag("dl", .cls("year-figures")) {
                figure(InsightFormat.grouped(totals.books), totals.books == 1 ? "book finished" : "books finished")
                // Nothing known is said so, never a bare 0 (no page count, no author's country).
                if totals.pages == 0 && totals.books > 0 {
                    figure("–", "pages read: page counts not known")
                } else {
                    figure(InsightFormat.grouped(totals.pages), totals.pages == 1 ? "page read" : "pages read")
                }
                if totals.minutes > 0 { figure(InsightFormat.duration(totals.minutes), "in timed sessions") }
                figure(InsightFormat.grouped(totals.authors), totals.authors == 1 ? "author" : "authors")
                if totals.countries == 0 && totals.books > 0 {
                    figure("–", "countries: not known yet")
                } else {
                    figure(InsightFormat.grouped(totals.countries), totals.countries == 1 ? "country" : "countries")
                }
                figure(InsightFormat.grouped(totals.longestStreak), "longest streak (days)")
            }
            Tag("p", text: comparison(year))
        }
    }

    private static func figure(_ value: String, _ label: String) -> Component {
        Tag("div", .cls("year-figure")) {
            Tag("dt", text: label)
            Tag("dd", text: value)
        }
    }

    /// The year beside the one before: "Against 2025, in brackets: 24 books (3), 7,046 pages read
    /// (1,185), 14 countries (3)." — a running year against the whole of the one before, said so.
    static func comparison(_ year: YearInBooks) -> String {
        let before = year.year - 1
        guard let then = year.previous else { return "Nothing was read in \(before) to compare with." }
        let now = year.totals
        let figures =
            "\(InsightFormat.books(now.books)) (\(InsightFormat.grouped(then.books))), "
            + "\(InsightFormat.grouped(now.pages)) pages read (\(InsightFormat.grouped(then.pages))), "
            + "\(InsightFormat.counted(now.countries, "country", "countries")) (\(InsightFormat.grouped(then.countries)))."
        return year.complete
            ? "Against \(before), in brackets: \(figures)" : "So far, against all of \(before) in brackets: \(figures)"
    }

    static func firstAndLast(_ model: Model) -> Component {
        let year = model.year
        return Card("First and last", id: "year-first-last") {
            if let first = year.first, let last = year.last {
                Tag("dl", .cls("year-books")) {
                    bookTerm("The first of the year", first, model)
                    if last != first { bookTerm(year.complete ? "The last" : "The latest so far", last, model) }
                }
            } else {
                Tag("p", text: "No book was finished in \(year.year); the figures come from reading sessions.")
            }
        }
    }

    static func lengths(_ model: Model) -> Component {
        let year = model.year
        return Card("Longest and shortest", id: "year-lengths") {
            if let longest = year.longest, let shortest = year.shortest {
                Tag("dl", .cls("year-books")) {
                    bookTerm("The longest", longest, model)
                    if shortest != longest { bookTerm("The shortest", shortest, model) }
                }
                let unknown = year.books.filter { $0.pages == nil }.count
                if unknown > 0 {
                    Tag("p", .cls("muted"), text: "Page counts are not known for \(InsightFormat.books(unknown)).")
                }
            } else {
                Tag("p", text: "No page count is known for the books of \(year.year).")
            }
        }
    }

    private static func bookTerm(_ term: String, _ book: YearInBooks.Book, _ model: Model) -> Component {
        ComponentGroup {
            Tag("dt", text: term)
            Tag("dd") {
                bookTitle(book, model)
                Txt(bookDetails(book))
            }
        }
    }

    static func bookTitle(_ book: YearInBooks.Book, _ model: Model) -> Component {
        model.snapshot
            ? Tag("cite", text: book.title) : Tag("a", .href("/books/\(book.entryID.string)"), text: book.title)
    }

    /// " by Chimamanda Ngozi Adichie · 588 pages · finished 14 February".
    static func bookDetails(_ book: YearInBooks.Book) -> String {
        var parts: [String] = []
        if !book.authors.isEmpty { parts.append(" by " + InsightFormat.list(book.authors)) }
        if let pages = book.pages { parts.append("\(InsightFormat.grouped(pages)) pages") }
        parts.append("finished \(book.finishedOn.day) \(YearInBooks.monthNames[book.finishedOn.month - 1])")
        return parts.joined(separator: " · ")
    }

    static func months(_ model: Model) -> Component {
        let year = model.year
        let most = max(1, year.months.map(\.books).max() ?? 1)
        // The months of a running year still to come have nothing yet, not nothing read.
        let future = { (month: YearInBooks.Month) in
            !year.complete && model.today.year == year.year && month.month > model.today.month
        }
        let bars = year.months.map { month -> (BarChart.Bar, String) in
            let text =
                future(month)
                ? "not yet" : "\(InsightFormat.books(month.books)) · \(InsightFormat.grouped(month.pages)) pages read"
            return (
                BarChart.Bar(
                    label: month.label, fraction: Double(month.books) / Double(most), valueText: text,
                    accessibleText: "\(month.label): \(text)"),
                future(month) ? "not yet" : InsightFormat.books(month.books)
            )
        }
        return Card("Month by month", span: .full, id: "year-months") {
            Tag("p", text: busiestText(year))
            InsightsPage.wideAndCompact(
                bars, id: "year-months", label: "Books finished each month of \(year.year). " + busiestText(year))
        }
    }

    /// "October was the busiest month: 4 books finished.", or the months tied for the most.
    static func busiestText(_ year: YearInBooks) -> String {
        if let busiest = year.busiestMonth {
            return "\(busiest.label) was the busiest month: \(InsightFormat.books(busiest.books)) finished."
        }
        let most = year.months.map(\.books).max() ?? 0
        guard most > 0 else { return "No book was finished in any month of \(year.year)." }
        let tied = year.months.filter { $0.books == most }.map(\.label)
        return "No month stands out: \(InsightFormat.list(tied)) each had \(InsightFormat.books(most))."
    }
}

extension YearPage {
    /// The countries and regions of the year's authors, the new ones marked.
    static func world(_ model: Model) -> Component {
        let year = model.year
        // "New" means something only when books were finished before the year.
        let new = year.readBefore ? Set(year.newCountries) : []
        return Card("The world you read", id: "year-world") {
            if year.countries.isEmpty {
                Tag("p", text: "No author of these books has a known country yet.")
                fillIn(.region, model)
            } else {
                Tag("p", text: worldSummary(year))
                Tag("ul", .cls("country-list")) {
                    for country in year.countries.sorted(by: { $0.name < $1.name }) {
                        Tag("li") {
                            Txt(country.name)
                            if new.contains(country) { Tag("span", .cls("pill pill-new"), text: "new") }
                        }
                    }
                }
                if !year.newRegions.isEmpty && !new.isEmpty {
                    Tag("p", text: "Regions met for the first time: \(InsightFormat.list(year.newRegions.map(\.displayName))).")
                }
            }
        }
    }

    /// "14 countries, 12 new this year; all 11 regions, 8 new." — no "new" in a first year.
    static func worldSummary(_ year: YearInBooks) -> String {
        let all = CulturalRegion.allCases.count
        let regions = year.regions.count == all ? "all \(all) regions" : "\(year.regions.count) of \(all) regions"
        let countries = InsightFormat.counted(year.countries.count, "country", "countries")
        guard year.readBefore else {
            return "\(countries) and \(regions): no book was finished before \(year.year), so every one is a first."
        }
        return "\(countries), \(year.newCountries.count) new this year; \(regions), \(year.newRegions.count) new."
    }

    /// Who wrote the books: each share with what it is of, or why none is stated.
    static func voices(_ model: Model) -> Component {
        let year = model.year
        return Card("Who wrote them", id: "year-voices") {
            Tag("dl", .cls("year-shares")) {
                share("Books by women", year.women, fact: "Authors’ gender is known", missing: .gender, model)
                share(
                    "Books by marginalized voices", year.marginalized, fact: "Authors’ gender and region are known",
                    missing: .any,
                    model)
            }
        }
    }

    private static func share(
        _ term: String, _ share: YearInBooks.Share, fact: String, missing: LibraryQuery.Missing, _ model: Model
    ) -> Component {
        ComponentGroup {
            Tag("dt", text: term)
            Tag("dd") {
                Tag("p", text: shareText(share, fact: fact))
                if share.known < Double(share.total) { fillIn(missing, model) }
            }
        }
    }

    /// "58%: 14 of 24 books. Authors’ gender is known for all 24.", or why no share is stated —
    /// too few books, or too little known. `fact` begins the sentence of what is known ("Authors’
    /// gender is known").
    static func shareText(_ share: YearInBooks.Share, fact: String) -> String {
        let known =
            share.known >= Double(share.total)
            ? "\(fact) for all \(share.total)."
            : "\(fact) for \(InsightFormat.number(share.known)) of \(InsightFormat.books(share.total)) (\(InsightFormat.percent(share.coverage)))."
        guard let value = share.share else {
            if share.total == 0 { return "No books to count." }
            if share.total < MinimumData.books {
                return "Too few books (\(share.total)) to state a share: it takes at least \(MinimumData.books)."
            }
            return "Too little is known to state a share. " + known
        }
        return
            "\(InsightFormat.percent(value)): \(InsightFormat.number(share.count)) of \(InsightFormat.number(share.known)) books. "
            + known
    }

    /// A link to the year's books that lack a fact, to fill it in (not in a snapshot).
    private static func fillIn(_ missing: LibraryQuery.Missing, _ model: Model) -> Component {
        guard !model.snapshot else { return EmptyComponent() }
        var query = InsightRequest(period: .year(model.year.year)).libraryQuery(today: model.today)
        query.missing = missing
        return Tag("p") {
            Tag("a", .cls("card-link"), .href(URLQuery.url("/library", query.parameters)), text: "Fill in \(missing.displayName)")
        }
    }

    static func languages(_ model: Model) -> Component {
        let year = model.year
        return Card("Languages", id: "year-languages") {
            if year.languages.isEmpty {
                Tag("p", text: "No original language is known for the books of \(year.year).")
            } else {
                Tag(
                    "p",
                    text: "\(InsightFormat.counted(year.languages.count, "original language", "original languages")): "
                        + InsightFormat.list(year.languages.map { "\($0.name) (\($0.books))" }) + ".")
            }
            Tag(
                "p",
                text: "Read in translation: "
                    + shareText(year.translated, fact: "Both languages are known"))
        }
    }

    static func authors(_ model: Model) -> Component {
        let year = model.year
        return Card("Authors read most", id: "year-authors") {
            if year.mostRead.isEmpty {
                Tag("p", text: "No author twice: \(InsightFormat.counted(year.totals.authors, "author", "different authors")).")
            } else {
                Tag("ol", .cls("plain-list")) {
                    for author in year.mostRead { Tag("li", text: "\(author.name) — \(InsightFormat.books(author.books))") }
                }
            }
        }
    }

    static func goals(_ model: Model) -> Component {
        let year = model.year
        return Card("Goals", id: "year-goals") {
            if year.goals.isEmpty {
                Tag("p", text: "No goal ran in \(year.year).")
            } else {
                Tag("ul", .cls("plain-list")) {
                    for goal in year.goals {
                        Tag("li") {
                            if model.snapshot {
                                Tag("strong", text: goal.title)
                            } else {
                                Tag("a", .href("/goals/\(goal.id.string)"), text: goal.title)
                            }
                            Txt(" — \(goal.outcome.displayName), \(goal.progress)")
                        }
                    }
                }
            }
        }
    }

    /// Every book of the year, in the order finished.
    static func books(_ model: Model) -> Component {
        let year = model.year
        return Card("Every book of \(year.year)", span: .full, id: "year-books") {
            if year.books.isEmpty {
                Tag("p", text: "No book was finished in \(year.year).")
            } else {
                Tag("ol", .cls("year-book-list")) {
                    for book in year.books {
                        Tag("li") {
                            bookTitle(book, model)
                            Txt(bookDetails(book))
                        }
                    }
                }
            }
        }
    }

    /// A year with nothing read: the years that have something.
    static func nothing(page: PageContext, year: Int, years: [Int]) -> String {
        Layout.document(title: "\(year) in books", page: page) {
            InsightsTabs(current: .year)
            Tag("h1", text: "\(year) in books")
            EmptyState(
                title: "Nothing read in \(year)",
                message: years.isEmpty
                    ? "No book was finished and no reading session recorded in any year yet. Finish a book, or import your library, and your year in books is told here."
                    : "No book was finished and no reading session recorded in \(year). Years with reading: \(years.map(String.init).joined(separator: ", ")).",
                actions: years.prefix(3).map { ("\($0) in books", "/insights/year/\($0)") } + [("Insights", "/insights")])
        }
    }
}

extension YearPage {
    /// The year as a picture (1200 × 630): the figures, the world, who wrote the books, and the
    /// books per month.
    static func image(_ year: YearInBooks, date: String, palette: ChartPalette) -> String {
        ShareImage.svg(imageContent(year, date: date), palette: palette)
    }

    static func imageContent(_ year: YearInBooks, date: String) -> ShareImage.Content {
        let totals = year.totals
        let most = max(1, year.months.map(\.books).max() ?? 1)
        let bars = year.months.map { month in
            BarChart.Bar(
                label: String(month.label.prefix(3)), fraction: Double(month.books) / Double(most),
                valueText: InsightFormat.books(month.books),
                accessibleText: "\(month.label): \(InsightFormat.books(month.books))")
        }
        let women = year.women.share.map {
            "Books by women: \(InsightFormat.percent($0)) (authors’ gender known for \(InsightFormat.percent(year.women.coverage)))."
        }
        return ShareImage.Content(
            kicker: "Year in books · \(year.year)\(year.complete ? "" : " so far")",
            title: "\(InsightFormat.books(totals.books)) read",
            lines: [
                "\(InsightFormat.grouped(totals.pages)) pages, \(InsightFormat.counted(totals.authors, "author", "authors")), \(InsightFormat.counted(totals.countries, "country", "countries")).",
                women ?? "Too little known to say how many are by women.",
                year.first.map { "First: \($0.title)." },
                "Longest streak: \(InsightFormat.counted(totals.longestStreak, "day", "days")).",
            ].compactMap { $0 },
            chart: BarChart.svg(
                bars, id: "image-year-months", label: "Books finished each month of \(year.year)",
                layout: BarChart.Layout(width: 460, labelWidth: 60, valueWidth: 110, rowHeight: 26)),
            date: date)
    }

    /// The share link's snapshot: the cards without forms or links into the library.
    static func snapshot(_ year: YearInBooks, today: LocalDate) -> String {
        HTMLWriter.render(cards(Model(year: year, today: today, csrfToken: nil)))
    }
}
