import BooksTrackApp
import BooksTrackCore
import Foundation
import Plot

/// A book's page in the bento layout of SPEC F11: header with quick facts and the cover's
/// completion ring; progress and habits; the book's representation radar with what is known, what
/// is missing and the next question; the DNA block and notes.
enum BookPage {
    struct Curation {
        var facts: BookFacts
        var underrepresented: Set<CulturalRegion>
        /// The next question about this book, if any (skipped ones are left out for 30 days).
        var prompt: ProfilingPrompt?
    }

    /// What the book page shows: the reader's book, its curation state and how to show dates and languages.
    struct Model {
        var detail: EntryDetail
        /// The key of the book's cover, when it has one (else the initials stand in).
        var cover: String? = nil
        /// The identity badges the reader sees on the book and its authors.
        var badges: [IdentityBadgeRecord] = []
        var curation: Curation
        var primaryLanguage: LanguageCode?
        var timeZone: TimeZone
        /// The active goals the book counts toward, with their progress ("13 / 30 books (43%)").
        var goals: [(goal: Goal, summary: String)] = []
        var sessions: SessionPages.CardModel
    }

    static func render(page: PageContext, model: Model) -> String {
        let (detail, curation, primaryLanguage, timeZone) = (model.detail, model.curation, model.primaryLanguage, model.timeZone)
        let entry = detail.entry
        let work = detail.work
        return Layout.document(title: work.title, page: page) {
            Tag("nav", .cls("breadcrumbs"), .aria("label", "Breadcrumb")) {
                Tag("a", .href("/library"), text: "Library")
            }
            Tag("article", .cls("book-page")) {
                header(detail, cover: model.cover, badges: model.badges, facts: curation.facts, primaryLanguage: primaryLanguage)
                Bento {
                    progress(detail, goals: model.goals, csrfToken: page.csrfToken, timeZone: timeZone)
                    SessionPages.card(detail, model: model.sessions, csrfToken: page.csrfToken, timeZone: timeZone)
                    Card("Representation", span: .full, id: "radar") {
                        representation(detail, curation: curation, csrfToken: page.csrfToken)
                    }
                    BadgePages.card(detail, badges: model.badges, csrfToken: page.csrfToken)
                    Card("Book DNA", id: "dna") { dna(detail, entryID: entry.id) }
                    annotations(entry)
                }
            }
        }
    }

    private static func header(
        _ detail: EntryDetail, cover: String?, badges: [IdentityBadgeRecord], facts: BookFacts, primaryLanguage: LanguageCode?
    ) -> Component {
        let work = detail.work
        let state = detail.entry.state
        let edition = detail.edition?.details
        let translators = detail.contributors.filter { $0.role == .translator }.map(\.author.name)
        // The cover's address names the cover, so the browser keeps it until it changes.
        let coverURL = cover.map { URLQuery.url("/books/\(detail.entry.id.string)/cover", [("v", $0)]) }
        return Tag("header", .cls(coverURL == nil ? "card card-full book-header" : "card card-full book-header has-cover")) {
            if let coverURL {
                // The blurred header: the cover again, drawn large behind the heading.
                Tag.void("img", .cls("book-backdrop"), Attr("src", coverURL), Attr("alt", ""), Attr("loading", "lazy"))
            }
            Tag("div", .cls("cover-wrap")) {
                if let coverURL {
                    Tag.void(
                        "img", .cls("cover cover-image"), Attr("src", coverURL), Attr("alt", "Cover of \(work.title)"),
                        Attr("width", "96"),
                        Attr("height", "144"))
                } else {
                    Tag("div", .cls("cover"), .aria("hidden", "true")) { Tag("span", text: initials(work.title)) }
                }
                CoverRing(facts: facts)
            }
            Tag("div", .cls("book-heading")) {
                Tag("h1", text: work.title)
                Tag("p", .cls("byline")) {
                    if detail.authors.isEmpty {
                        Txt("Author not known")
                    } else {
                        Txt("by ")
                        for (index, author) in detail.authors.enumerated() {
                            if index > 0 { Txt(", ") }
                            Tag("a", .href(URLQuery.url("/library", [("q", author.name)])), text: author.name)
                        }
                    }
                    if !translators.isEmpty { Txt(" · translated by " + translators.joined(separator: ", ")) }
                }
                Tag("ul", .cls("pills"), .aria("label", "Quick facts")) {
                    QuickFactPill(label: state.status.displayName, kind: "status-\(state.status.rawValue)")
                    if let pages = edition?.pageCount { QuickFactPill(label: InsightFormat.counted(pages, "page")) }
                    if let year = work.firstPublishedYear { QuickFactPill(label: "First published \(year)") }
                    if let language = work.originalLanguage { QuickFactPill(label: language.englishName) }
                    if let format = edition?.format { QuickFactPill(label: format.displayName) }
                    if let rating = state.rating { QuickFactPill(label: "★ \(rating.description) of 5", kind: "rating") }
                    if state.timesRead > 1 { QuickFactPill(label: "Read \(state.timesRead) times") }
                }
                Tag("p", .cls("badges")) {
                    if work.ownVoices == .yes { IdentityBadge(text: "Own voices", tone: .ownVoices) }
                    if let original = work.originalLanguage, let read = edition?.language ?? primaryLanguage, original != read {
                        IdentityBadge(text: "Translated from \(original.englishName)", tone: .language)
                    }
                    for region in Set(detail.authors.compactMap(\.region)).sorted() {
                        IdentityBadge(text: region.displayName, tone: .cultural)
                    }
                    // Recorded badges, once each (own voices is already there when the book's fact says so).
                    for kind in IdentityBadgeKind.allCases where badges.contains(where: { $0.kind == kind }) {
                        if kind != .ownVoices || work.ownVoices != .yes { BadgePages.pill(kind) }
                    }
                }
                Tag("p", .cls("actions")) {
                    ButtonLink(label: "Edit", href: "/books/\(detail.entry.id.string)/edit", secondary: true)
                    ButtonLink(label: "Delete", href: "/books/\(detail.entry.id.string)/delete", secondary: true)
                }
            }
        }
    }

    private static func progress(
        _ detail: EntryDetail, goals: [(goal: Goal, summary: String)], csrfToken: String, timeZone: TimeZone
    ) -> Card {
        let state = detail.entry.state
        let pages = detail.edition?.details.pageCount
        return Card("Progress", id: "progress") {
            Tag("p") {
                Txt("Status: ")
                StatusPill(status: state.status)
            }
            if !goals.isEmpty {
                Tag("ul", .cls("goal-counts"), .aria("label", "Goals this book counts toward")) {
                    for (goal, summary) in goals {
                        Tag("li") {
                            Txt("Goal progress: ")
                            Tag("strong", text: summary)
                            Txt(" — ")
                            Tag("a", .href("/goals/\(goal.id.string)"), text: goal.title)
                            if state.status == .read { Tag("span", .aria("hidden", "true"), text: " 🎉") }
                        }
                    }
                }
            }
            if state.status == .reading, pages == nil || pages == 0, let percent = detail.percentRead {
                Tag("label", Attr("for", "reading-progress"), text: "About \(percent)% read")
                Tag("progress", .id("reading-progress"), Attr("max", "100"), Attr("value", String(percent)), text: "\(percent)%")
            }
            if state.status == .reading, let current = state.currentPage, let pages, pages > 0 {
                let percent = min(100, current * 100 / pages)
                Tag("label", Attr("for", "reading-progress"), text: "Page \(current) of \(pages) (\(percent)%)")
                Tag(
                    "progress", .id("reading-progress"), Attr("max", String(pages)), Attr("value", String(min(current, pages))),
                    text: "\(percent)%")
            }
            if state.status == .reading, atLastPage(detail) {
                // Reaching the last page offers to mark the book read (SPEC F5), however it was
                // reached: a session's end, "I'm on page" or "100%".
                PostForm(action: "/books/\(detail.entry.id.string)/status", csrfToken: csrfToken, cls: "actions last-page") {
                    Tag("p", text: "You are on the last page.")
                    Tag("button", .type("submit"), .name("status"), .value(ReadingStatus.read.rawValue), text: "Mark as read")
                }
            }
            PostForm(action: "/books/\(detail.entry.id.string)/status", csrfToken: csrfToken, cls: "status-actions") {
                Tag("fieldset") {
                    Tag("legend", text: "Move to")
                    for (status, label) in moves(from: state.status) {
                        Tag("button", .type("submit"), .name("status"), .value(status.rawValue), .cls("secondary"), text: label)
                    }
                }
            }
            readings(state.readings, reading: state.status == .reading, detail: detail, timeZone: timeZone)
        }
    }

    /// Whether the reader's current page (or percent, for an edition without a page count) is
    /// the book's end.
    static func atLastPage(_ detail: EntryDetail) -> Bool {
        if let pages = detail.edition?.details.pageCount, pages > 0 {
            return (detail.entry.state.currentPage ?? 0) >= pages
        }
        return detail.percentRead == 100
    }

    /// The status buttons offered from a status, with verbs a reader would use.
    static func moves(from status: ReadingStatus) -> [(ReadingStatus, String)] {
        let all: [(ReadingStatus, String)] = [
            (.reading, status == .read || status == .dnf ? "Read it again" : "Start reading"), (.read, "Mark as finished"),
            (.dnf, "Did not finish"), (.onHold, "Put on hold"), (.toRead, ReadingStatus.toRead.displayName),
            (.wishlist, ReadingStatus.wishlist.displayName),
        ]
        return all.filter { $0.0 != status }
    }

    /// The read-throughs, newest first. A book being read with sessions but no read-through
    /// open (imported as currently reading, say) is said to be read now since its first session,
    /// rather than "No readings recorded yet" beside its sessions.
    private static func readings(_ readings: [Reading], reading: Bool, detail: EntryDetail, timeZone: TimeZone)
        -> Component
    {
        let firstSession = detail.sessions.map(\.startedAt).min()
        let unrecorded = reading && !readings.contains { $0.outcome == .inProgress } ? firstSession : nil
        return Tag("div", .cls("readings")) {
            Tag("h3", text: "Reading history")
            if readings.isEmpty && unrecorded == nil {
                Tag("p", .cls("muted"), text: "No readings recorded yet. Starting or finishing the book records one.")
            } else {
                Tag("ol") {
                    if let unrecorded {
                        Tag("li", text: "Reading now, first session \(LocalDate(unrecorded, in: timeZone).longDescription)")
                    }
                    for reading in readings.reversed() {
                        Tag("li", text: describe(reading))
                    }
                }
            }
        }
    }

    static func describe(_ reading: Reading) -> String {
        let started = reading.startedOn.map { "started \($0.description)" }
        switch reading.outcome {
        case .finished:
            return ["Finished \(reading.finishedOn?.description ?? "(date not known)")", started].compactMap { $0 }.joined(
                separator: ", ")
        case .abandoned:
            return ["Stopped \(reading.finishedOn?.description ?? "(date not known)")", started].compactMap { $0 }.joined(
                separator: ", ")
        case .inProgress:
            return "Reading now" + (started.map { ", \($0)" } ?? "")
        }
    }

    private static func representation(_ detail: EntryDetail, curation: Curation, csrfToken: String) -> Component {
        let entryID = detail.entry.id
        let here = "/books/\(entryID.string)"
        let facts = curation.facts
        return ComponentGroup {
            Tag("div", .cls("radar-module")) {
                RadarView(
                    radar: .book(facts, underrepresented: curation.underrepresented), id: "book-radar",
                    target: .book(entryID), returnTo: here, subject: "this book")
                Tag("div", .cls("book-facts"), .id("book-facts"), Attr("data-live", "true"), Attr("tabindex", "-1")) {
                    Tag("h3", text: "What is known")
                    Tag(
                        "p", .cls("muted"),
                        text:
                            "\(BookFact.diversity.count - facts.missing.count) of \(BookFact.diversity.count) diversity facts known (\(InsightFormat.percent(facts.completion)) complete)."
                    )
                    Tag("ul", .cls("checklist")) {
                        for fact in BookFact.allCases {
                            let value = facts.display(fact)
                            Tag("li", .cls(value == nil ? "missing" : "known")) {
                                Tag("span", .cls("check"), .aria("hidden", "true"), text: value == nil ? "+" : "✓")
                                Txt("\(fact.displayName): ")
                                if let value {
                                    Tag("strong", text: value)
                                } else {
                                    Tag(
                                        "a",
                                        .href(
                                            URLQuery.url(
                                                "/prompt",
                                                [("book", entryID.string), ("fact", fact.rawValue), ("return", here)])),
                                        Attr("data-prompt", "true"), .aria("label", "Add: \(fact.displayName)"), text: "Add")
                                }
                            }
                        }
                    }
                }
            }
            if let prompt = curation.prompt {
                Tag("div", .cls("inline-prompt")) {
                    PromptPage.question(
                        prompt,
                        context: PromptPage.Context(
                            csrfToken: csrfToken, returnTo: here, origin: .book, axis: nil, ids: .inline))
                }
            }
        }
    }

    private static func dna(_ detail: EntryDetail, entryID: LibraryEntry.ID) -> Component {
        let work = detail.work
        let state = detail.entry.state
        let edition = detail.edition?.details
        return Tag("dl", .cls("metadata")) {
            for author in detail.authors {
                MetadataRow("Author") {
                    Tag("span", .cls("person")) {
                        Tag("strong", text: author.name)
                        Txt(" — " + AuthorSummary.text(author))
                        Txt(" ")
                        Tag(
                            "a", .href("/books/\(entryID.string)/authors/\(author.id.string)"),
                            .aria("label", "Edit details of \(author.name)"),
                            text: "Edit details")
                    }
                }
            }
            for (person, role) in detail.contributors {
                MetadataRow(role.rawValue.capitalized, person.name)
            }
            MetadataRow("Original language", work.originalLanguage?.englishName)
            MetadataRow("First published", work.firstPublishedYear.map { "\($0) (\(PublicationEra(year: $0).displayName))" })
            MetadataRow("Own voices", work.ownVoices.map { $0 == .yes ? "Yes" : "No" })
            if !work.genres.isEmpty {
                MetadataRow("Genres") {
                    for (index, genre) in work.genres.enumerated() {
                        if index > 0 { Txt(", ") }
                        Tag(
                            "a", .cls("genre-link"), .href(URLQuery.url("/library", [("genre", genre)])),
                            .aria("label", "Books in \(genre) in your library"), text: genre)
                    }
                }
            }
            MetadataRow("Edition language", edition?.language?.englishName)
            MetadataRow("Format", edition?.format?.displayName ?? edition?.binding)
            MetadataRow("Publisher", edition?.publisher)
            MetadataRow("Pages", edition?.pageCount.map(String.init))
            MetadataRow("ISBN", edition?.isbn13 ?? edition?.isbn10)
            MetadataRow("Shelves", state.shelves.isEmpty ? "None" : state.shelves.joined(separator: ", "))
            MetadataRow("Owned", state.owned ? "Yes" : "No")
            MetadataRow("Added", state.addedOn?.description)
        }
    }

    private static func annotations(_ entry: LibraryEntry) -> Card {
        Card("Review and notes", id: "annotations") {
            if entry.state.review == nil, entry.state.notes == nil {
                Tag("p", .cls("muted")) {
                    Txt("No review or notes yet. ")
                    Tag("a", .href("/books/\(entry.id.string)/edit#field-review"), text: "Write one")
                }
            }
            if let review = entry.state.review {
                Tag("h3", text: "Review")
                Tag("p", .cls("prose"), text: review)
            }
            if let notes = entry.state.notes {
                Tag("h3", text: "Notes")
                Tag("p", .cls("prose"), text: notes)
            }
        }
    }

    static func initials(_ title: String) -> String {
        String(title.split(separator: " ").prefix(2).compactMap(\.first).map { Character($0.uppercased()) })
    }
}

/// One line about an author: gender, country, region, with what is not known said plainly.
enum AuthorSummary {
    /// "Male · United Kingdom · region Europe (from Wikidata)": the facts and where they came from.
    static func text(_ author: Author) -> String {
        let facts = [
            author.gender?.value.displayName ?? "gender not known",
            author.country?.value.name ?? "country not known",
            author.region.map { "region \($0.displayName)" } ?? "region not known",
        ].joined(separator: " · ")
        var sources: [String] = []
        for provenance in [author.gender?.provenance, author.country?.provenance, author.chosenRegion?.provenance] {
            guard let provenance else { continue }
            let name =
                provenance.source == .user || provenance.source == .import
                ? provenance.source.displayName.lowercased() : provenance.source.displayName
            if !sources.contains(name) { sources.append(name) }
        }
        return sources.isEmpty ? facts : facts + " (from " + sources.joined(separator: " and ") + ")"
    }
}
