import BooksTrackApp
import BooksTrackCore
import Foundation
import Plot

/// The pages of automatic look-ups (SPEC F8): the "Is this …?" questions about namesakes, the
/// look-up status line, and the attribution of the bundled author table.
enum EnrichmentPages {
    /// One status line that the browser keeps current while look-ups run (`data-enrichment`),
    /// and a link to the questions (`questions`: authors whose name belongs to several people).
    /// With `sayingOff`, also that look-ups are off on this server (said where it matters, after
    /// an import, not on every visit home).
    static func status(_ progress: EnrichmentProgress?, questions: Int, sayingOff: Bool = false) -> Component {
        ComponentGroup {
            if let progress, let line = progress.line, sayingOff || progress.pausedReason == nil {
                Tag(
                    "p", .id("enrichment-status"), .cls("enrichment-status"), Attr("role", "status"),
                    Attr("data-enrichment", progress.running ? "/api/v1/enrichment" : ""), text: line)
            }
            if questions > 0 {
                Tag("p", .id("author-questions-link")) {
                    Tag(
                        "a", .href("/prompts/authors"),
                        text: questions == 1
                            ? "1 author’s name belongs to several people: say who wrote your book"
                            : "\(questions) authors’ names belong to several people: say who wrote your books")
                }
            }
        }
    }

    /// The questions about namesakes, each with Yes and No.
    static func questions(page: PageContext, questions: [CandidateQuestion]) -> String {
        Layout.document(title: "Who wrote your books?", page: page) {
            Tag("h1", text: "Who wrote your books?")
            Tag(
                "p",
                text:
                    "These names belong to more than one person, so BooksTrack does not guess. Say which one wrote your book: a yes records that person’s facts (gender, country, birth year) for the author, with where they came from; a no rules that person out."
            )
            if questions.isEmpty {
                EmptyState(
                    title: "No questions waiting",
                    message: "Every author BooksTrack could look up is either known or unknown to the sources it asks.",
                    actions: [("Back home", "/")])
            } else {
                Tag("ul", .cls("question-list")) {
                    for question in questions {
                        Tag("li", .cls("card")) { item(question, csrfToken: page.csrfToken) }
                    }
                }
            }
        }
    }

    private static func item(_ question: CandidateQuestion, csrfToken: String) -> Component {
        let candidate = question.candidate
        return ComponentGroup {
            Tag("h2", .cls("question-title"), text: candidate.question)
            Tag("p", .cls("muted")) {
                if let title = question.bookTitle {
                    Txt("\(question.authorName) wrote “\(title)”")
                    if question.books > 1 { Txt(" and \(question.books - 1) more of your books") }
                    Txt(". ")
                }
                Txt("Found in \(candidate.source.displayName)")
                if candidate.source == .bundled,
                    let dataset = candidate.facts.lazy.compactMap({ AuthorTableSource.title(of: $0.provenance.detail) }).first
                {
                    Txt(", from \(dataset)")
                }
                if let link = candidate.link {
                    Txt(" (")
                    Tag("a", .href(link.absoluteString), text: candidate.reference)
                    Txt(")")
                }
                Txt(".")
            }
            PostForm(action: "/prompts/authors/\(candidate.id.string)", csrfToken: csrfToken, cls: "yes-no") {
                Tag(
                    "button", .type("submit"), Attr("name", "answer"), .value("yes"),
                    .aria("label", "Yes: \(candidate.question)"), text: "Yes, this is them")
                Tag(
                    "button", .type("submit"), Attr("name", "answer"), .value("no"), .cls("secondary"),
                    .aria("label", "No: \(candidate.question)"), text: "No")
            }
        }
    }

    /// Credits for the bundled author table and the services looked up.
    static func attribution(page: PageContext) -> String {
        Layout.document(title: "Sources and credits", page: page) {
            Tag("h1", text: "Sources and credits")
            Tag(
                "p",
                text:
                    "BooksTrack fills in facts about authors so that you do not have to. Each fact shows where it came from, and your own answer always wins over any of these sources."
            )
            Tag("h2", text: "The author table that ships with BooksTrack")
            Tag(
                "p",
                text:
                    "Facts about some 9,000 writers (gender, country, birth year, Wikidata id), used with no network at all. It is a head start, never the final word: coverage leans towards famous and American writers, and a look-up or your answer replaces it."
            )
            Tag("ul") {
                for dataset in AuthorTableSource.datasets {
                    Tag("li", .id(dataset.id)) {
                        Tag("a", .href(dataset.url), text: dataset.title)
                        Txt(" — \(dataset.publisher), licensed \(dataset.licence).")
                    }
                }
            }
            Tag("h2", text: "Looked up while you use BooksTrack")
            Tag("ul") {
                Tag("li") {
                    Tag("a", .href("https://www.wikidata.org/"), text: "Wikidata")
                    Txt(" — authors’ gender, citizenship, place and dates of birth; structured data under CC0 1.0.")
                }
                Tag("li") {
                    Tag("a", .href("https://openlibrary.org/developers/licensing"), text: "Open Library")
                    Txt(
                        " — books’ first publication and their authors’ Wikidata ids, from the Internet Archive’s open catalogue."
                    )
                }
            }
            Tag(
                "p", .cls("muted"),
                text:
                    "Gender is never guessed from a name. A name that belongs to several people is asked about, never decided for you."
            )
            Tag("h2", text: "The world map")
            Tag("p") {
                Txt("Country boundaries from ")
                Tag("a", .href("https://www.naturalearthdata.com/about/terms-of-use/"), text: "Natural Earth")
                Txt(
                    " (1:110m admin-0 countries, public domain), as packaged in GeoPandas 0.14 (BSD-3-Clause), drawn with the Equal Earth projection. Boundaries are drawn as Natural Earth draws them; they are not a statement about any dispute."
                )
            }
        }
    }
}
