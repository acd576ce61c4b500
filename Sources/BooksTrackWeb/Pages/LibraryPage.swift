import BooksTrackApp
import BooksTrackCharts
import BooksTrackCore
import Plot

/// The library list: search, filters as URL parameters with removable badges, sort, pages.
enum LibraryListPage {
    /// What the library page shows: one page of the list, the shelves and the size of the library.
    struct Model {
        var result: LibraryPage
        var shelves: [ShelfCount]
        /// The genres of the reader's books, for the genre filter.
        var genres: [ShelfCount] = []
        /// The countries of the reader's authors, for the country filter.
        var countries: [CountryCode] = []
        var totalBooks: Int
        /// Each listed book's completion ring (0…1), as on its page.
        var completions: [LibraryEntry.ID: Double] = [:]
        /// The listed books that have a cover, with its id (the thumbnail's version).
        var covers: [LibraryEntry.ID: String] = [:]
        /// The running goals, shown above an unfiltered list.
        var goals: [GoalService.Standing] = []
    }

    static func render(page: PageContext, model: Model) -> String {
        let (result, shelves, totalBooks) = (model.result, model.shelves, model.totalBooks)
        let query = result.query
        return Layout.document(title: "Library", page: page) {
            Tag("div", .cls("page-head")) {
                Tag("h1", text: "Library")
                Tag("p", .cls("count"), Attr("role", "status"), .id("result-count")) {
                    Txt(query.isFiltered ? "\(result.total) of \(totalBooks) books match" : countText(result.total))
                }
                ButtonLink(label: "Add a book", href: "/books/new")
            }
            if totalBooks > 0 {
                // On a phone the whole panel folds (app.js), so the active filters' badges and the
                // books come first; wide screens show it open.
                Tag.with("details", [.cls("filters-panel"), .flag("open", true)]) {
                    Tag("summary", text: query.isFiltered ? "Search and filters (\(result.total) shown)" : "Search and filters")
                    controls(query, shelves: shelves, genres: model.genres, countries: model.countries)
                }
            }
            if !model.goals.isEmpty { goalStrip(model.goals) }
            if query.isFiltered { FilterBadges(query: query) }
            for problem in query.problems { Tag("p", .cls("notice warning"), Attr("role", "status"), text: problem) }
            if totalBooks == 0 {
                EmptyState(
                    title: "Your library is empty",
                    message: "Bring in the books you already track in Goodreads, StoryGraph or LibraryThing, or add one by hand.",
                    actions: [("Import a library", "/import"), ("Add a book", "/books/new")])
            } else if result.items.isEmpty {
                EmptyState(
                    title: "No books match",
                    message: result.total > 0
                        ? "There are no books on this page; go back to the first one."
                        : "Remove a filter above to see more of your library.",
                    actions: [
                        (
                            result.total > 0 ? "First page" : "Clear all filters",
                            result.total > 0 ? LibraryURL.of(query.page(1)) : "/library"
                        )
                    ])
            } else {
                Tag("ol", .cls("book-list"), .aria("labelledby", "result-count")) {
                    for item in result.items {
                        BookListItem(
                            item: item, completion: model.completions[item.entryID] ?? 0, cover: model.covers[item.entryID])
                    }
                }
                if result.pageCount > 1 {
                    Pagination(page: query.page, pageCount: result.pageCount) { LibraryURL.of(query.page($0)) }
                }
            }
        }
    }

    /// The running goals as a strip of rings, each a link to its goal (at most four, the first
    /// to end first).
    static func goalStrip(_ goals: [GoalService.Standing]) -> Component {
        Tag("section", .cls("goal-strip"), .aria("label", "Running goals")) {
            Tag("ul", .cls("plain-list")) {
                for standing in goals.sorted(by: { $0.goal.endsOn < $1.goal.endsOn }).prefix(4) {
                    Tag("li") {
                        Tag("a", .cls("goal-chip"), .href("/goals/\(standing.goal.id.string)")) {
                            // The link's words name it; the ring would say them again, so screen
                            // readers skip it (on a phone the summary is hidden from sight only).
                            Tag("span", .aria("hidden", "true")) {
                                Raw(CompletionRing.svg(GoalPages.ring(standing), label: standing.summary))
                            }
                            Tag("span") {
                                Tag("strong", text: standing.goal.title)
                                Tag("span", .cls("muted"), text: standing.summary)
                            }
                        }
                    }
                }
            }
        }
    }

    static func countText(_ count: Int) -> String { count == 1 ? "1 book" : "\(count) books" }

    /// The search form: the search and sort row, the other filters folded away, the filters an
    /// insights chart set, and the buttons.
    private static func controls(
        _ query: LibraryQuery, shelves: [ShelfCount], genres: [ShelfCount], countries: [CountryCode]
    ) -> Component {
        Tag(
            "form", .cls("library-controls"), Attr("method", "get"), Attr("action", "/library"), Attr("role", "search"),
            .aria("label", "Search and filter the library")
        ) {
            searchRow(query)
            moreFilters(query, shelves: shelves, genres: genres, countries: countries)
            // Filters that come from insights charts have no control; they stay until their badge
            // removes them.
            if let read = query.read { Tag.void("input", .type("hidden"), .name("read"), .value(read.parameter)) }
            if let added = query.added { Tag.void("input", .type("hidden"), .name("added"), .value(added.parameter)) }
            if query.upNext { Tag.void("input", .type("hidden"), .name("tbr"), .value("yes")) }
            Tag("div", .cls("actions")) {
                Tag("button", .type("submit"), text: "Apply")
                if query.isFiltered { Tag("a", .cls("button secondary"), .href("/library"), text: "Clear all") }
            }
        }
    }

    /// The row always in view: the search, the status, and the sort and its order.
    private static func searchRow(_ query: LibraryQuery) -> Component {
        Tag("div", .cls("control-row")) {
            Field(name: "q", label: "Search titles and authors", control: .text(type: "search", value: query.search))
            Field(
                name: "status", label: "Status",
                control: .select(options: Choices.statuses(any: "Any status"), selected: query.status?.rawValue))
            Field(
                name: "sort", label: "Sort by",
                control: .select(
                    options: LibraryQuery.Sort.allCases.map { ($0.rawValue, $0.displayName) }, selected: query.sort.rawValue))
            Field(
                name: "order", label: "Order",
                control: .select(
                    options: [("desc", "Newest or highest first"), ("asc", "Oldest, lowest or A first")],
                    selected: query.descending ? "desc" : "asc"))
        }
    }

    /// "More filters": shelf, genre, the author's traits and the book's, folded away unless one of
    /// them is set.
    private static func moreFilters(
        _ query: LibraryQuery, shelves: [ShelfCount], genres: [ShelfCount], countries: [CountryCode]
    ) -> Component {
        let advanced =
            query.shelf != nil || query.genre != nil || query.region != nil || query.country != nil || query.gender != nil
            || query.language != nil
            || query.era != nil
            || query.translated != nil || query.ownVoices != nil || query.missing != nil
        return Tag.with("details", [.cls("more-filters"), .flag("open", advanced)]) {
            Tag("summary", text: "More filters")
            Tag("div", .cls("control-row")) {
                Field(
                    name: "shelf", label: "Shelf",
                    control: .select(
                        options: [("", "Any shelf")] + shelves.map { ($0.name, "\($0.name) (\($0.count))") },
                        selected: query.shelf))
                genreField(query, genres: genres)
                Field(
                    name: "region", label: "Author’s region",
                    control: .select(options: Choices.regions(any: "Any region"), selected: query.region?.rawValue))
                if !countries.isEmpty || query.country != nil { countryField(query, countries: countries) }
                Field(
                    name: "gender", label: "Author’s gender",
                    control: .select(options: Choices.genders(any: "Any gender"), selected: query.gender?.rawValue))
                bookFilters(query)
            }
        }
    }

    /// The genre filter over the reader's genres, keeping a genre filtered by that no book has any
    /// more, and matching the one filtered by without case.
    private static func genreField(_ query: LibraryQuery, genres: [ShelfCount]) -> Field {
        Field(
            name: "genre", label: "Genre",
            control: .select(
                options: [("", genres.isEmpty ? "No genres yet" : "Any genre")]
                    + genres.map { ($0.name, "\($0.name) (\($0.count))") }
                    + (query.genre.map { genre in
                        genres.contains { $0.name.lowercased() == genre.lowercased() } ? [] : [(genre, genre)]
                    } ?? []),
                selected: genres.first { $0.name.lowercased() == query.genre?.lowercased() }?.name ?? query.genre))
    }

    /// The countries of the reader's authors (and the one filtered by, even if none is left).
    private static func countryField(_ query: LibraryQuery, countries: [CountryCode]) -> Field {
        let choices = countries + (query.country.map { countries.contains($0) ? [] : [$0] } ?? [])
        return Field(
            name: "country", label: "Author’s country",
            control: .select(
                options: [("", "Any country")] + choices.map { ($0.alpha2, $0.name) },
                selected: query.country?.alpha2))
    }

    /// The filters on the book itself: original language, era, translation, own voices, identity
    /// badge and missing data.
    private static func bookFilters(_ query: LibraryQuery) -> Component {
        ComponentGroup {
            Field(
                name: "language", label: "Original language",
                control: .select(options: Choices.languages(any: "Any language"), selected: query.language?.code))
            Field(
                name: "era", label: "First published",
                control: .select(options: Choices.eras(any: "Any time"), selected: query.era?.rawValue))
            Field(
                name: "translated", label: "Translation",
                control: .select(
                    options: Choices.yesNo(any: "Either", yes: "Read in translation", no: "Read in the original"),
                    selected: query.translated?.rawValue))
            Field(
                name: "ownvoices", label: "Own voices",
                control: .select(
                    options: Choices.yesNo(any: "Either", yes: "Own voices", no: "Not own voices"),
                    selected: query.ownVoices?.rawValue))
            Field(
                name: "badge", label: "Identity badge",
                control: .select(
                    options: [("", "Any")] + IdentityBadgeKind.allCases.map { ($0.rawValue, $0.displayName) },
                    selected: query.badge?.rawValue))
            Field(
                name: "missing", label: "Missing data",
                control: .select(
                    options: [("", "Show all")]
                        + LibraryQuery.Missing.allCases.map { ($0.rawValue, "Missing \($0.displayName)") },
                    selected: query.missing?.rawValue))
        }
    }
}

extension LibraryQuery {
    /// The same query on another page.
    func page(_ number: Int) -> LibraryQuery {
        var copy = self
        copy.page = number
        return copy
    }
}
