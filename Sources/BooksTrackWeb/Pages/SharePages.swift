import BooksTrackApp
import BooksTrackCore
import Foundation
import Plot

/// The insights cards a reader may share (SPEC F9): each becomes a read-only snapshot.
enum SharedCard: String, CaseIterable, Sendable {
    case hero, score, radar, gender, regions, world, languages, eras, reading

    var title: String {
        switch self {
        case .hero: "At a glance"
        case .score: "Diversity score"
        case .radar: "Representation radar"
        case .gender: "Author gender"
        case .regions: "Cultural regions"
        case .world: "The world you have read"
        case .languages: "Original languages"
        case .eras: "Publication eras"
        case .reading: "Reading"
        }
    }
}

extension InsightsPage {
    /// "Share" beside a card's heading: makes a share link of this card as it is drawn now.
    static func shareButton(_ model: Model, _ card: SharedCard) -> Component? {
        guard !model.snapshot, let csrfToken = model.csrfToken else { return nil }
        return PostForm(action: "/shares", csrfToken: csrfToken, cls: "share-form") {
            Tag.void("input", .type("hidden"), .name("card"), .value(card.rawValue))
            for (name, value) in model.request.parameters {
                Tag.void("input", .type("hidden"), .name(name), .value(value))
            }
            Tag(
                "button", .type("submit"), .cls("secondary share-button"),
                .aria("label", "Share the \(card.title.lowercased()) card as a link"), text: "Share")
        }
    }

    /// One card drawn for a share link: the same figures, no links into the library, nothing
    /// to fill in, no forms.
    static func snapshot(_ card: SharedCard, model: Model) -> String {
        var model = model
        model.snapshot = true
        model.csrfToken = nil
        let component: Component =
            switch card {
            case .hero: hero(model)
            case .score: scoreCard(model)
            case .radar: radarCard(model)
            case .gender: genderCard(model)
            case .regions: regionsCard(model)
            case .world: worldCard(model)
            case .languages: languagesCard(model)
            case .eras: erasCard(model)
            case .reading: readingCard(model)
            }
        return HTMLWriter.render(component)
    }

    /// What a snapshot covers: "All time · Books read · counted by books".
    static func coverageLabel(_ model: Model) -> String {
        "\(model.report.period.label) · \(model.request.scope.displayName) · counted by \(model.request.unit.displayName.lowercased())"
    }
}

/// The page after "Share" (the address shown this once) and the public page a share link opens.
enum SharePages {
    /// The link just made, its preview, and where to revoke it.
    static func created(page: PageContext, link: ShareLink, url: String, content: String) -> String {
        Layout.document(title: "Share link", page: page) {
            Tag("nav", .cls("breadcrumbs"), .aria("label", "Share link")) {
                Tag("a", .href("/insights"), text: "Insights")
                Txt(" · ")
                Tag("span", Attr("aria-current", "page"), text: "Share link")
            }
            Tag("h1", text: "Share “\(link.title)”")
            Tag("div", .cls("secret"), Attr("role", "status")) {
                Tag("p", text: "Anyone with this link sees the card below, as it is now — nothing else of yours:")
                Tag("p", .cls("share-url")) {
                    Tag("code", .id("share-link"), text: url)
                    Tag(
                        "button", .type("button"), .cls("secondary"), Attr("data-copy", "share-link"), .aria("live", "polite"),
                        text: "Copy link")
                }
                Tag(
                    "p", .cls("muted"),
                    text:
                        "Copy it now: like a password, only a fingerprint of it is kept here, so it cannot be shown again. Revoke it on your account page whenever you like; it then stops working."
                )
            }
            Tag("p", .cls("actions")) {
                ButtonLink(label: "Back to insights", href: "/insights")
                ButtonLink(label: "Your share links", href: "/account#shares", secondary: true)
            }
            Tag("h2", text: "What it shows")
            preview(link: link, content: content)
        }
    }

    /// The public, read-only page at `/s/{token}`: the frozen card and what it is.
    static func shared(snapshot: ShareSnapshot, address: String) -> String {
        let link = snapshot.link
        let description = "A reader’s BooksTrack insights: \(link.covers)."
        // Link previews: the title, what it covers and — when the sharer's browser drew one — the
        // PNG of the same picture (previews do not read SVG).
        var meta: [(String, String)] = [
            ("og:type", "website"), ("og:site_name", "BooksTrack"), ("og:title", link.title),
            ("og:description", description), ("og:url", address),
        ]
        if snapshot.hasPNG {
            meta += [
                ("og:image", address + "/image.png"), ("og:image:width", "1200"), ("og:image:height", "630"),
                ("og:image:alt", "\(link.title): \(link.covers)"), ("twitter:card", "summary_large_image"),
            ]
        }
        let html = Tag("html", Attr("lang", "en")) {
            Layout.head(title: link.title, script: false, robots: "noindex, nofollow", properties: meta)
            Tag("body", .cls("shared")) {
                Tag("header", .cls("site-header")) {
                    Tag("div", .cls("bar")) {
                        Tag("span", .cls("brand")) {
                            Tag.void(
                                "img", Attr("src", "/assets/icon.svg"), Attr("alt", ""), Attr("width", "28"),
                                Attr("height", "28"))
                            Tag("span", text: "BooksTrack")
                        }
                    }
                }
                Tag("main", .id("main")) {
                    Tag("h1", text: link.title)
                    preview(link: link, content: snapshot.content)
                    if !snapshot.image.isEmpty {
                        picture(link: link, address: address, hasPNG: snapshot.hasPNG)
                    }
                }
                Tag("footer", .cls("site-footer")) {
                    Tag("p", text: "BooksTrack — know who you read.")
                }
            }
        }
        return "<!DOCTYPE html>" + HTMLWriter.render(html)
    }

    private static func preview(link: ShareLink, content: String) -> Component {
        ComponentGroup {
            Tag(
                "p", .cls("muted share-caption"),
                text:
                    "A reader’s BooksTrack insights, shared read-only: \(link.covers). Snapshot taken \(ImportPages.day(link.createdAt)); it does not change."
            )
            Tag("div", .cls("bento shared-card")) { Raw(content) }
        }
    }

    /// The same card as a picture — the one a link preview shows — with its downloads. Its text
    /// alternative points to the card above, which says the same in text and tables.
    private static func picture(link: ShareLink, address: String, hasPNG: Bool) -> Component {
        let path = URL(string: address)?.path ?? ""
        return Tag("figure", .cls("card share-picture")) {
            Tag.void(
                "img", Attr("src", path + "/image.svg"), Attr("width", "1200"), Attr("height", "630"),
                Attr("alt", "The \(link.title.lowercased()) card as a picture: the same figures as above."),
                Attr("loading", "lazy"))
            Tag("figcaption") {
                Tag(
                    "a", .cls("card-link"), .href(path + "/image.svg"), Attr("download", "bookstrack-\(link.card).svg"),
                    text: "Download image (SVG)")
                if hasPNG {
                    Txt(" ")
                    Tag(
                        "a", .cls("card-link"), .href(path + "/image.png"), Attr("download", "bookstrack-\(link.card).png"),
                        text: "PNG")
                }
            }
        }
    }

    /// The account page's list of links, each revocable.
    static func list(_ links: [ShareLink], csrfToken: String) -> Component {
        ComponentGroup {
            Tag(
                "p",
                text:
                    "Each link shows one insights card as it was when you shared it. Make one with “Share” on any card of your insights; revoke it here and it stops working."
            )
            if links.isEmpty {
                Tag("p", .cls("muted"), text: "You have not shared anything.")
            } else {
                Tag("ul", .cls("token-list share-list")) {
                    for link in links {
                        Tag("li") {
                            Tag("span") {
                                Tag("strong", text: link.title)
                                Txt(" · \(link.covers) · shared \(ImportPages.day(link.createdAt))")
                            }
                            PostForm(action: "/account/shares/\(link.id.string)/delete", csrfToken: csrfToken) {
                                Tag(
                                    "button", .type("submit"), .cls("secondary"),
                                    .aria(
                                        "label",
                                        "Revoke the share link for \(link.title), shared \(ImportPages.day(link.createdAt))"),
                                    text: "Revoke")
                            }
                        }
                    }
                }
            }
        }
    }
}
