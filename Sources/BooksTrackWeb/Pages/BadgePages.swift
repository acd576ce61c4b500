import BooksTrackApp
import BooksTrackCore
import Foundation
import Plot

/// Identity badges (issue 20 item 5): the book page's card listing them with who states each and
/// where, and the form recording one.
enum BadgePages {
    /// The pill of a badge: the seed's colour and always its name (colour is never the only signal).
    static func pill(_ kind: IdentityBadgeKind) -> Component {
        Tag("span", .cls("badge badge-identity badge-\(kind.rawValue)"), text: kind.displayName)
    }

    /// The book page's card.
    static func card(_ detail: EntryDetail, badges: [IdentityBadgeRecord], csrfToken: String) -> Card {
        let entry = detail.entry.id.string
        return Card("Identity badges", id: "identity") {
            if badges.isEmpty {
                Tag(
                    "p", .cls("muted"),
                    text:
                        "No badges yet. Record one only where the author or a public source states it — never by guessing.")
            } else {
                Tag("ul", .cls("badge-records"), .aria("label", "Identity badges of this book and its authors")) {
                    for badge in badges {
                        Tag("li") {
                            Tag("p", .cls("badge-record-head")) {
                                pill(badge.kind)
                                Txt(" ")
                                Tag("span", text: about(badge.subject, in: detail))
                            }
                            Tag("p", .cls("muted badge-provenance")) {
                                Txt(statement(badge) + " ")
                                source(badge)
                                Txt(" · " + visibility(badge))
                            }
                            if badge.mine {
                                PostForm(
                                    action: "/books/\(entry)/badges/\(badge.id.string)/delete", csrfToken: csrfToken,
                                    cls: "inline-form"
                                ) {
                                    Tag(
                                        "button", .type("submit"), .cls("secondary"),
                                        .aria(
                                            "label",
                                            "Remove the \(badge.kind.displayName) badge \(about(badge.subject, in: detail))"),
                                        text: "Remove")
                                }
                            }
                        }
                    }
                }
            }
            Tag("p") {
                Tag("a", .cls("card-link"), .href("/books/\(entry)/badges/new"), text: "Record a badge")
            }
        }
    }

    static func about(_ subject: BadgeSubject, in detail: EntryDetail) -> String {
        switch subject {
        case .work: "this book"
        case .author(let id): detail.authors.first { $0.id == id }.map { "the author, \($0.name)" } ?? "an author"
        }
    }

    static func statement(_ badge: IdentityBadgeRecord) -> String {
        switch badge.statedBy {
        case .author: "Stated by the author:"
        case .publicSource: "Stated by a public source:"
        }
    }

    /// The source: a link when it is an address (shown by its host), else its words.
    static func source(_ badge: IdentityBadgeRecord) -> Component {
        if let url = badge.sourceURL {
            return Tag(
                "a", .href(url.absoluteString), Attr("rel", "noopener noreferrer nofollow"), text: url.host ?? badge.source)
        }
        return Tag("q", text: badge.source)
    }

    static func visibility(_ badge: IdentityBadgeRecord) -> String {
        if !badge.mine { return "shared by another reader here" }
        return badge.shared ? "shown to readers here who have this author" : "only you see it"
    }

    /// The form recording a badge.
    static func form(
        page: PageContext, detail: EntryDetail, values: [String: String] = [:], errors: FieldErrors = FieldErrors()
    ) -> String {
        let entry = detail.entry.id.string
        let title = "Record an identity badge"
        let labels = ["badge": "Badge", "about": "About", "stated_by": "Who states it", "source": "Where", "share": "Share"]
        return Layout.document(title: title, page: page) {
            Tag("nav", .cls("breadcrumbs"), .aria("label", "Breadcrumb")) {
                Tag("a", .href("/library"), text: "Library")
                Txt(" › ")
                Tag("a", .href("/books/\(entry)"), text: detail.work.title)
            }
            Tag("h1", text: title)
            Tag(
                "p",
                text:
                    "Badges are counted only where the author or a public source states them — never inferred from a name, a photo or a book’s subject. They stay yours unless you share an author’s badge with a public source’s address."
            )
            if !errors.isEmpty {
                ErrorSummary(errors: errors, order: ["badge", "about", "stated_by", "source", "share"], labels: labels)
            }
            PostForm(action: "/books/\(entry)/badges", csrfToken: page.csrfToken, cls: "book-form") {
                choices(
                    "badge", legend: "Badge", error: errors["badge"], selected: values["badge"],
                    options: IdentityBadgeKind.allCases.map { ($0.rawValue, $0.displayName, $0.meaning) })
                choices(
                    "about", legend: "About", error: errors["about"], selected: values["about"] ?? "book",
                    options: [("book", "This book", "\(detail.work.title)")]
                        + detail.authors.map { ("author:\($0.id.string)", $0.name, "The author") })
                choices(
                    "stated_by", legend: "Who states it", error: errors["stated_by"], selected: values["stated_by"],
                    options: [
                        (
                            BadgeStatement.author.rawValue, BadgeStatement.author.displayName,
                            "An interview, their own site, a foreword."
                        ),
                        (
                            BadgeStatement.publicSource.rawValue, BadgeStatement.publicSource.displayName,
                            "The publisher, an encyclopaedia, a news article."
                        ),
                    ])
                Field(
                    name: "source", label: "Where it is stated",
                    control: .text(value: values["source"], attributes: [Attr("maxlength", "500")]),
                    hint: "An address (https://…), or the interview, book or page.", error: errors["source"], required: true)
                Field(
                    name: "share", label: "Show an author’s badge to other readers here who have this author",
                    control: .checkbox(checked: values["share"] == "on"),
                    hint: "Only with a public source’s address. A book’s badges are always yours alone.",
                    error: errors["share"])
                Tag("div", .cls("actions")) {
                    Tag("button", .type("submit"), text: "Record the badge")
                    ButtonLink(label: "Cancel", href: "/books/\(entry)#identity", secondary: true)
                }
            }
        }
    }

    /// A group of radio buttons with a legend, each with a line saying what it means.
    private static func choices(
        _ name: String, legend: String, error: String?, selected: String?,
        options: [(value: String, label: String, hint: String)]
    ) -> Component {
        Tag(
            "fieldset", .cls("choice-group"), .id("field-\(name)"),
            .aria("describedby", error == nil ? nil : "field-\(name)-error")
        ) {
            Tag("legend", text: legend)
            if let error { Tag("p", .cls("field-error"), .id("field-\(name)-error"), text: error) }
            for (index, option) in options.enumerated() {
                let id = "field-\(name)-\(index)"
                Tag("div", .cls("choice")) {
                    Tag.void(
                        "input", .type("radio"), .id(id), .name(name), .value(option.value),
                        .flag("checked", option.value == selected), .aria("describedby", "\(id)-hint"))
                    Tag("label", Attr("for", id)) {
                        if let kind = IdentityBadgeKind(rawValue: option.value) { pill(kind) } else { Txt(option.label) }
                    }
                    Tag("p", .cls("hint"), .id("\(id)-hint"), text: option.hint)
                }
            }
        }
    }
}

extension InsightsPage {
    /// "Identity badges": how many of the page's books carry each badge (on the book or one of its
    /// authors), each linking to those books. Counts only: a book without a badge is not a "no"
    /// (badges are recorded only where stated), so no share of the books is ever given (SPEC §4).
    static func badgesCard(_ model: Model, counts: [IdentityBadgeKind: Int]) -> Card {
        let base = model.request.libraryQuery(today: model.report.today)
        return Card("Identity badges", id: "badges") {
            if counts.isEmpty {
                Tag(
                    "p", .cls("muted"),
                    text:
                        "None of these books has a badge yet. Record own voices, cultural, queer or neurodivergent on a book’s page — only where the author or a public source states it."
                )
            } else {
                Tag("ul", .cls("badge-counts"), .aria("label", "Books with each identity badge")) {
                    for kind in IdentityBadgeKind.allCases {
                        let count = counts[kind] ?? 0
                        Tag("li") {
                            BadgePages.pill(kind)
                            Txt(" ")
                            if count > 0, let href = model.link(LibraryURL.of(with(base) { $0.badge = kind })) {
                                Tag("a", .cls("card-link"), .href(href), text: InsightFormat.books(count))
                            } else {
                                Tag("span", text: InsightFormat.books(count))
                            }
                        }
                    }
                }
                Tag(
                    "p", .cls("muted"),
                    text:
                        "Counted only where the author or a public source states it. A book without a badge is not counted as “no”, so there is no share of your books here."
                )
            }
        }
    }

    private static func with(_ query: LibraryQuery, _ change: (inout LibraryQuery) -> Void) -> LibraryQuery {
        var query = query
        change(&query)
        return query
    }
}
