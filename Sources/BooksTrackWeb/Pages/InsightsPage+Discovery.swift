import BooksTrackCore
import Foundation
import Plot

extension InsightsPage {
    /// "Regions not on your shelves yet": for each, writers from the bundled author table with
    /// "Add to wishlist" (the add-book form, filled in) and, when look-ups are on, their books on
    /// Open Library (issue 20 item 6).
    static func discoverCard(_ model: Model) -> Card {
        let withWriters = model.gaps.filter { !$0.writers.isEmpty }
        let without = model.gaps.filter(\.writers.isEmpty)
        return Card("Beyond your shelves", span: .full, id: "discover") {
            Tag(
                "p", .cls("muted"),
                text:
                    "No book on your shelves is known to come from \(InsightFormat.list(model.gaps.map(\.region.displayName))). Writers to try, from the author table that ships with BooksTrack\(model.openLibraryLinks ? "" : " (look-ups are off on this BooksTrack, so no book lists are fetched)"); a new choice each week."
            )
            Tag("div", .cls("discover-regions")) {
                // The first three regions open; the rest fold, so a phone is not one long list.
                for (index, gap) in withWriters.enumerated() {
                    Tag.with("details", [.cls("discover-region"), .flag("open", index < 3)]) {
                        Tag("summary") { Tag("h3", .id("discover-\(gap.region.rawValue)"), text: gap.region.displayName) }
                        Tag("ul", .cls("plain-list discover-writers"), .aria("labelledby", "discover-\(gap.region.rawValue)")) {
                            for writer in gap.writers { writerItem(writer, links: model.openLibraryLinks) }
                        }
                    }
                }
            }
            if !without.isEmpty {
                Tag(
                    "p", .cls("muted"),
                    text:
                        "\(InsightFormat.list(without.map(\.region.displayName))): the author table cannot tell who belongs here (it knows countries, not communities), so no writers are suggested."
                )
            }
        }
    }

    private static func writerItem(_ writer: Discovery.Writer, links: Bool) -> Component {
        Tag("li") {
            Tag("p") {
                Tag("strong", text: writer.name)
                if !writer.summary.isEmpty { Txt(" — \(writer.summary)") }
            }
            Tag("p", .cls("discover-actions")) {
                Tag(
                    "a", .cls("card-link"),
                    .href(URLQuery.url("/books/new", [("authors", writer.name), ("status", "wishlist")])),
                    .aria("label", "Add a book by \(writer.name) to Want to read"), text: "Add to Want to read")
                if links {
                    Tag(
                        "a", .cls("card-link"),
                        .href(URLQuery.url("https://openlibrary.org/search", [("author", writer.name)])),
                        Attr("rel", "noopener noreferrer"),
                        .aria("label", "\(writer.name)’s books on Open Library (another site)"), text: "Books on Open Library ↗")
                }
            }
        }
    }
}
