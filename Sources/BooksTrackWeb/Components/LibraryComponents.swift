import BooksTrackApp
import BooksTrackCharts
import BooksTrackCore
import Plot

/// A reading status as a labelled pill.
struct StatusPill: Component {
    let status: ReadingStatus

    var body: Component { Tag("span", .cls("status status-\(status.rawValue)"), text: status.displayName) }
}

/// A rating as text a screen reader reads well ("4.5 of 5 stars").
struct RatingText: Component {
    let rating: Rating

    var body: Component {
        Tag("span", .cls("rating")) {
            Tag("span", .cls("visually-hidden"), text: "Rated ")
            Tag("span", .aria("hidden", "true"), text: "★ ")
            Txt(rating.description)
            Tag("span", .cls("visually-hidden"), text: " of 5")
        }
    }
}

/// One book in a library list.
struct BookListItem: Component {
    let item: LibraryListItem
    /// How much of the book's diversity data is known (its ring, 0…1).
    let completion: Double
    /// The book's cover id, when it has one: shown as a thumbnail.
    var cover: String?

    var body: Component {
        Tag("li", .cls("book-row")) {
            // The book's completion ring, as on its page (seed 002): how much of its data is known.
            // It says so under it, and opens the book's facts, where the rest is filled in.
            let label = "Book data \(InsightFormat.percent(completion)) complete"
            Tag(
                "a", .cls("list-ring"), .href("/books/\(item.entryID.string)#book-facts"),
                // Named in the context of its row (the title beside it), so the title's own link is
                // the one that answers to the book's name.
                .aria("label", "\(label): fill in the rest"),
                Attr("title", "How much of this book’s data is known: open it to fill in the rest")
            ) {
                Raw(CompletionRing.svg(completion, label: label))
                Tag("span", .cls("ring-caption"), .aria("hidden", "true"), text: "known")
            }
            if let cover {
                // Decorative: the title beside it names the book.
                Tag.void(
                    "img",
                    [
                        .cls("list-cover"), Attr("src", URLQuery.url("/books/\(item.entryID.string)/cover", [("v", cover)])),
                        Attr("alt", ""),
                        Attr("width", "40"), Attr("height", "60"), Attr("loading", "lazy"),
                    ])
            }
            Tag("div", .cls("book-main")) {
                Tag("a", .cls("book-title"), .href("/books/\(item.entryID.string)"), text: item.title)
                Tag(
                    "span", .cls("book-authors"),
                    text: item.authors.isEmpty ? "Author not known" : "by " + item.authors.joined(separator: ", "))
            }
            Tag("div", .cls("book-meta")) {
                StatusPill(status: item.status)
                if let rating = item.rating { RatingText(rating: rating) }
                if let finished = item.finishedOn {
                    Tag("span", .cls("meta"), text: "Finished \(finished.description)")
                } else if let year = item.firstPublishedYear {
                    Tag("span", .cls("meta"), text: "Published \(year)")
                }
            }
        }
    }
}

/// The active filters as badges, each a link that removes it (SPEC F1).
struct FilterBadges: Component {
    let query: LibraryQuery

    var body: Component {
        Tag("div", .cls("filter-badges")) {
            Tag("h2", .cls("visually-hidden"), text: "Active filters")
            Tag("ul") {
                for filter in query.filters {
                    Tag("li") {
                        Tag(
                            "a", .cls("filter-badge"), .href(LibraryURL.of(query.removing(filter.parameter))),
                            .aria("label", "Remove filter: \(filter.label)")
                        ) {
                            Tag("span", text: filter.label)
                            Tag("span", .cls("remove"), .aria("hidden", "true"), text: "✕")
                        }
                    }
                }
                Tag("li") { Tag("a", .cls("clear-filters"), .href("/library"), text: "Clear all") }
            }
        }
    }
}

/// Previous / next links and where the reader is.
struct Pagination: Component {
    let page: Int
    let pageCount: Int
    let url: (Int) -> String

    var body: Component {
        Tag("nav", .cls("pagination"), .aria("label", "Pages")) {
            if page > 1 {
                Tag("a", .href(url(page - 1)), Attr("rel", "prev"), text: "← Previous")
            }
            Tag("span", .aria("current", "page"), text: "Page \(page) of \(pageCount)")
            if page < pageCount {
                Tag("a", .href(url(page + 1)), Attr("rel", "next"), text: "Next →")
            }
        }
    }
}

/// Addresses of library lists.
enum LibraryURL {
    static func of(_ query: LibraryQuery) -> String { URLQuery.url("/library", query.parameters) }
}

/// The choices of the library's and the book form's select boxes.
enum Choices {
    static func statuses(any: String? = nil) -> [(value: String, label: String)] {
        (any.map { [("", $0)] } ?? []) + ReadingStatus.allCases.map { ($0.rawValue, $0.displayName) }
    }

    static func regions(any: String) -> [(value: String, label: String)] {
        [("", any)] + CulturalRegion.allCases.sorted().map { ($0.rawValue, $0.displayName) }
    }

    static func genders(any: String) -> [(value: String, label: String)] {
        [("", any)] + Gender.allCases.map { ($0.rawValue, $0.displayName) }
    }

    static func languages(any: String) -> [(value: String, label: String)] {
        [("", any)] + LanguageCode.all.map { ($0.code, $0.englishName) }
    }

    static func eras(any: String) -> [(value: String, label: String)] {
        [("", any)] + PublicationEra.allCases.sorted().map { ($0.rawValue, $0.displayName) }
    }

    static func formats(any: String) -> [(value: String, label: String)] {
        [("", any)] + BookFormat.allCases.map { ($0.rawValue, $0.displayName) }
    }

    static func yesNo(any: String, yes: String, no: String) -> [(value: String, label: String)] {
        [("", any), (YesNo.yes.rawValue, yes), (YesNo.no.rawValue, no)]
    }
}
