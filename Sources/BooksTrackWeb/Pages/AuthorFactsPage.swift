import BooksTrackApp
import BooksTrackCore
import Foundation
import Plot

/// Editing what is known about an author, with where each fact came from (SPEC F1, F4).
enum AuthorFactsPage {
    /// The facts a reader edits here, in form order.
    static func label(_ kind: AuthorFactKind) -> String { AuthorFactInput.label(kind) }

    /// What the author facts form shows: the author, the book it was reached from, the history, and what was sent.
    struct Model {
        var author: Author
        var entryID: LibraryEntry.ID
        var bookTitle: String
        var history: [AuthorFactAssertion]
        var values: [String: String]? = nil
        var errors: FieldErrors = FieldErrors()
    }

    static func render(page: PageContext, model: Model) -> String {
        let (author, entryID, bookTitle, history, errors) = (
            model.author, model.entryID, model.bookTitle, model.history, model.errors
        )
        let values = model.values ?? AuthorFactInput.currentValues(author)
        return Layout.document(title: author.name, page: page) {
            Tag("nav", .cls("breadcrumbs"), .aria("label", "Breadcrumb")) {
                Tag("a", .href("/library"), text: "Library")
                Txt(" › ")
                Tag("a", .href("/books/\(entryID.string)"), text: bookTitle)
            }
            Tag("h1", text: author.name)
            Tag(
                "p",
                text:
                    "What you enter here describes the author for every reader of BooksTrack, and is recorded with you as its source. Gender is never guessed from a name: leave it unknown if you are not sure."
            )
            if !errors.isEmpty {
                ErrorSummary(
                    errors: errors, order: AuthorFactInput.kinds.map(\.rawValue),
                    labels: Dictionary(uniqueKeysWithValues: AuthorFactInput.kinds.map { ($0.rawValue, label($0)) }))
            }
            PostForm(action: "/books/\(entryID.string)/authors/\(author.id.string)", csrfToken: page.csrfToken, cls: "book-form")
            {
                Tag("fieldset") {
                    Tag("legend", text: "What is known about \(author.name)")
                    Tag("div", .cls("field-grid")) {
                        Field(
                            name: "gender", label: label(.gender),
                            control: .select(options: Choices.genders(any: "Not known"), selected: values["gender"]),
                            error: errors["gender"])
                        Field(
                            name: "country", label: label(.country),
                            control: .text(
                                value: values["country"], attributes: [Attr("list", "countries"), Attr("autocomplete", "off")]),
                            hint: "The country the author is from, by name or ISO code.", error: errors["country"])
                        Field(
                            name: "region", label: label(.region),
                            control: .select(options: Choices.regions(any: "As the country says"), selected: values["region"]),
                            hint: "Choose only when the country does not say it, e.g. Indigenous or diaspora writers.",
                            error: errors["region"])
                        Field(
                            name: "marginalized", label: label(.marginalized),
                            control: .select(
                                options: Choices.yesNo(any: "Not known", yes: "Yes", no: "No"), selected: values["marginalized"]),
                            error: errors["marginalized"])
                        Field(
                            name: "birthYear", label: label(.birthYear),
                            control: .text(type: "number", value: values["birthYear"]),
                            error: errors["birthYear"])
                        Field(
                            name: "deathYear", label: label(.deathYear),
                            control: .text(type: "number", value: values["deathYear"]),
                            error: errors["deathYear"])
                    }
                }
                Tag("datalist", .id("countries")) {
                    for country in CountryCode.all { Tag.void("option", .value(country.name)) }
                }
                Tag("div", .cls("actions")) {
                    Tag("button", .type("submit"), text: "Save")
                    ButtonLink(label: "Cancel", href: "/books/\(entryID.string)", secondary: true)
                }
            }
            provenance(history, author: author, me: page.user?.id, timeZone: page.user?.timeZone ?? .gmt)
        }
    }

    /// The form's values from the author's current facts.
    private static func provenance(_ history: [AuthorFactAssertion], author: Author, me: User.ID?, timeZone: TimeZone)
        -> Component
    {
        let current = Set(author.currentAssertions)
        return Card("Where these facts come from", span: .full, id: "provenance") {
            if history.isEmpty {
                Tag("p", .cls("muted"), text: "Nothing is recorded about this author yet.")
            } else {
                ScrollingTable("Every statement about \(author.name), newest first") {
                    Tag("table") {
                        Tag("caption", .cls("visually-hidden"), text: "Every statement about \(author.name), newest first")
                        Tag("thead") {
                            Tag("tr") {
                                for heading in ["Fact", "Value", "Source", "Recorded", "In use"] {
                                    Tag("th", Attr("scope", "col"), text: heading)
                                }
                            }
                        }
                        Tag("tbody") {
                            for assertion in history.reversed() {
                                Tag("tr") {
                                    Tag("td", text: label(assertion.kind))
                                    Tag("td") {
                                        if assertion.kind == .wikidataID, let id = assertion.value,
                                            AuthorFactKind.wikidataID.canonical(id) == id
                                        {
                                            Tag("a", .href("https://www.wikidata.org/wiki/\(id)"), text: id)
                                        } else {
                                            Txt(display(assertion))
                                        }
                                    }
                                    Tag("td") { sourceCell(assertion.provenance, me: me) }
                                    Tag("td", text: LocalDate(assertion.provenance.recordedAt, in: timeZone).description)
                                    Tag("td", text: current.contains(assertion) ? "Yes" : "")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    static func display(_ assertion: AuthorFactAssertion) -> String {
        guard let value = assertion.value else { return "(cleared)" }
        switch assertion.kind {
        case .gender: return Gender(rawValue: value)?.displayName ?? value
        case .country: return CountryCode(lenient: value)?.name ?? value
        case .region: return CulturalRegion(rawValue: value)?.displayName ?? value
        case .marginalized: return value == YesNo.yes.rawValue ? "Yes" : "No"
        default: return value
        }
    }

    /// The source, linked to where it can be checked: the Wikidata item, the Open Library
    /// record, or the bundled table's dataset on the attribution page.
    static func sourceCell(_ provenance: Provenance, me: User.ID?) -> Component {
        let name = source(provenance, me: me)
        guard let link = FactLinks.link(provenance) else { return Txt(name) }
        return ComponentGroup {
            Txt(name + " · ")
            Tag("a", .href(link.url), text: link.label)
        }
    }

    static func source(_ provenance: Provenance, me: User.ID?) -> String {
        provenance.source == .user && me != nil && provenance.userID == me ? "You" : provenance.source.displayName
    }
}
