import BooksTrackApp
import BooksTrackCore
import Foundation
import Plot

/// The import area: upload and export, preview, progress, failure, and the per-row report.
enum ImportPages {
    /// What the import page shows.
    struct IndexModel {
        var runs: [ImportRunSummary]
        var error: String? = nil
        /// The server's upload limit, in bytes.
        var uploadLimit: Int = 50 * 1_048_576
    }

    static func index(page: PageContext, model: IndexModel) -> String {
        let (runs, error) = (model.runs, model.error)
        return Layout.document(title: "Import and export", page: page) {
            Tag("h1", text: "Import and export")
            Tag("div", .cls("bento")) {
                Card("Import a library", id: "upload") {
                    Tag(
                        "p",
                        text:
                            "Goodreads CSV, StoryGraph CSV, LibraryThing (TSV, CSV or JSON), BookWyrm, Openreads or Calibre CSV, or a BooksTrack backup. BooksTrack recognises the format itself; you will see what it found before anything changes."
                    )
                    if let error { Tag("p", .cls("form-error"), Attr("role", "alert"), .id("upload-error"), text: error) }
                    PostForm(action: "/import", csrfToken: page.csrfToken, multipart: true, cls: "stack") {
                        Field(
                            name: "file", label: "Export file",
                            control: .text(
                                type: "file", value: nil,
                                attributes: [
                                    Attr("accept", ".csv,.tsv,.txt,.json,.gz,text/csv,application/json,application/gzip"),
                                    Attr("data-upload-limit", String(model.uploadLimit)),
                                ]),
                            hint:
                                "Up to \(model.uploadLimit / 1_048_576) MB. A compressed file (.gz, such as a compressed backup) is read as it is decompressed; a bigger file is compressed in your browser before it is sent.",
                            error: nil, required: true)
                        Tag("button", .type("submit"), text: "Upload and preview")
                    }
                    Tag("details", .cls("help")) {
                        Tag("summary", text: "Where do I get my export?")
                        Tag("ul") {
                            Tag("li", text: "Goodreads: My Books → Import and export → Export library.")
                            Tag("li", text: "StoryGraph: Manage account → Export StoryGraph library.")
                            Tag("li", text: "LibraryThing: More → Import/Export → Export (TSV, CSV or JSON).")
                            Tag("li", text: "BookWyrm: Settings → Export BookWyrm CSV.")
                            Tag("li", text: "Openreads: Settings → Backup → Export CSV.")
                            Tag("li", text: "Calibre: Convert books → Create a catalog, as CSV.")
                        }
                    }
                }
                Card("Export", id: "export") {
                    Tag(
                        "p",
                        text:
                            "Take your library with you. The backup restores everything into BooksTrack (compressed, it is about a tenth of the size); the Goodreads CSV works with other trackers."
                    )
                    Tag("p", .cls("actions")) {
                        ButtonLink(label: "Download JSON backup", href: "/export?format=json")
                        ButtonLink(
                            label: "Download compressed backup (.json.gz)", href: "/export?format=json.gz", secondary: true)
                        ButtonLink(label: "Download Goodreads CSV", href: "/export?format=goodreads", secondary: true)
                    }
                }
                Card("Import history", span: .full, id: "history") { history(runs) }
            }
        }
    }

    private static func history(_ runs: [ImportRunSummary]) -> Component {
        ComponentGroup {
            if runs.isEmpty {
                Tag("p", .cls("muted"), text: "Nothing imported yet. Each import you make is listed here with its report.")
            } else {
                ScrollingTable("Past imports, newest first") {
                    Tag("table") {
                        Tag("caption", .cls("visually-hidden"), text: "Past imports, newest first")
                        Tag("thead") {
                            Tag("tr") {
                                for heading in ["When", "File", "Format", "Rows", "New", "Updated", "Unchanged", "Skipped"] {
                                    Tag("th", Attr("scope", "col"), text: heading)
                                }
                            }
                        }
                        Tag("tbody") {
                            for run in runs {
                                Tag("tr") {
                                    Tag("td") { Tag("a", .href("/imports/\(run.id.string)"), text: timestamp(run.startedAt)) }
                                    Tag("td", text: run.fileName ?? "—")
                                    Tag("td", text: run.format.displayName)
                                    Tag("td", .cls("number"), text: String(run.rows))
                                    Tag("td", .cls("number"), text: String(run.imported))
                                    Tag("td", .cls("number"), text: String(run.updated))
                                    Tag("td", .cls("number"), text: String(run.unchanged))
                                    Tag("td", .cls("number"), text: String(run.skipped))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// What the preview of an upload shows.
    struct PreviewModel {
        var upload: ImportUpload
        var report: ImportReport
    }

    static func preview(page: PageContext, model: PreviewModel) -> String {
        let (upload, report) = (model.upload, model.report)
        let existing = report.updated + report.unchanged
        return Layout.document(title: "Preview import", page: page) {
            Tag("h1", text: "Import “\(upload.fileName)”?")
            Tag(
                "p",
                text:
                    "BooksTrack read this file as \(report.format.withArticle) with \(report.rows) rows. Nothing has changed yet."
            )
            Tag("div", .cls("bento")) {
                Card("What will happen", id: "preview-summary") {
                    Tag("dl", .cls("metadata")) {
                        MetadataRow("New books", String(report.imported))
                        MetadataRow("Already in your library", "\(existing) (\(report.updated) with changes)")
                        MetadataRow("Skipped", String(report.skipped))
                        if let sessions = report.sessionsInFile {
                            MetadataRow(
                                "Reading sessions", "\(sessions) in the file (those already in your library are not added again)")
                        }
                    }
                }
                Card("By status", id: "preview-status") {
                    Tag("dl", .cls("metadata")) {
                        for status in ReadingStatus.allCases where (report.byStatus[status] ?? 0) > 0 {
                            MetadataRow(status.displayName, String(report.byStatus[status] ?? 0))
                        }
                    }
                }
                if let shelves = report.shelves, !shelves.isEmpty {
                    Card("Your shelves", span: .full, id: "preview-shelves") {
                        shelfReading(shelves, upload: upload, csrfToken: page.csrfToken)
                    }
                }
                Card("Warnings", span: .full, id: "preview-warnings") { warnings(report) }
            }
            if report.changedNothing && report.rows > report.skipped {
                // The same file again (or one the library already matches): nothing to confirm.
                Tag("div", .cls("empty-state"), .id("nothing-new")) {
                    Tag("p", .cls("empty-title"), text: "Nothing new in this file")
                    Tag(
                        "p",
                        text:
                            "Every book in it is already in your library as it is, so importing it would change nothing."
                    )
                    Tag("p", .cls("actions")) { Tag("a", .cls("button"), .href("/library"), text: "Go to your library") }
                }
                PostForm(action: "/import/uploads/\(upload.id.string)/cancel", csrfToken: page.csrfToken, cls: "actions") {
                    Tag("button", .type("submit"), .cls("secondary"), text: "Forget this file")
                }
            } else {
                PostForm(action: "/import/uploads/\(upload.id.string)", csrfToken: page.csrfToken, cls: "actions confirm-import")
                {
                    Tag(
                        "button", .type("submit"), Attr("data-busy-label", "Importing…"),
                        text: "Import \(InsightFormat.books(report.rows - report.skipped))")
                }
                PostForm(action: "/import/uploads/\(upload.id.string)/cancel", csrfToken: page.csrfToken, cls: "actions") {
                    Tag("button", .type("submit"), .cls("secondary"), text: "Cancel")
                }
            }
        }
    }

    /// How many shelves the preview lets a reader change; the rest are read by the defaults.
    static let shelvesShown = 60

    /// What the file's shelves were read as, and a form to read them otherwise (SPEC §3).
    private static func shelfReading(_ shelves: [ShelfUse], upload: ImportUpload, csrfToken: String) -> Component {
        let shown = Array(shelves.prefix(shelvesShown))
        return ComponentGroup {
            Tag("p", .id("shelves-summary")) {
                if shelves.ownershipSummary == nil && shelves.genreSummary == nil {
                    Txt("None of your shelves was read as ownership or as a genre: each stays a shelf. ")
                }
                if let owned = shelves.ownershipSummary { Txt("Read as books you own: \(owned). ") }
                if let genres = shelves.genreSummary { Txt("Read as genres: \(genres). ") }
                Txt("Every shelf is kept as a shelf too. Change what a shelf means below, then update the preview.")
            }
            PostForm(action: "/import/uploads/\(upload.id.string)/shelves", csrfToken: csrfToken, cls: "shelf-reading") {
                ScrollingTable("Your shelves and what each is read as") {
                    Tag("table") {
                        Tag("caption", .cls("visually-hidden"), text: "Your shelves and what each is read as")
                        Tag("thead") {
                            Tag("tr") {
                                Tag("th", Attr("scope", "col"), text: "Shelf")
                                Tag("th", Attr("scope", "col"), text: "Read as")
                            }
                        }
                        Tag("tbody") {
                            for (index, use) in shown.enumerated() {
                                Tag("tr") {
                                    Tag("th", Attr("scope", "row")) {
                                        Tag("label", Attr("for", "meaning-\(index)"), text: use.shelf)
                                        Tag(
                                            "span", .cls("muted shelf-books"),
                                            text: use.books == 1 ? "1 book" : "\(use.books) books")
                                        Tag.void("input", [.type("hidden"), .name("shelf.\(index)"), .value(use.shelf)])
                                    }
                                    Tag("td") { meaningPicker(use, index: index) }
                                }
                            }
                        }
                    }
                }
                if shelves.count > shown.count {
                    Tag(
                        "p", .cls("muted"),
                        text:
                            "\(shelves.count - shown.count) more shelves, on fewer books, are read as listed in the import guide."
                    )
                }
                Tag("button", .type("submit"), .cls("secondary"), text: "Update the preview")
            }
        }
    }

    private static func meaningPicker(_ use: ShelfUse, index: Int) -> Component {
        let genre = ShelfReading.suggestedGenre(for: use.shelf)
        let options: [(String, String, Bool)] = [
            ("shelf", "Only a shelf", use.meaning == .shelf),
            ("owned", "Books I own", use.meaning == .owned),
            (
                "genre", "Genre: \(genreName(use.meaning, otherwise: genre))",
                { if case .genre = use.meaning { true } else { false } }()
            ),
        ]
        return Tag("select", .name("meaning.\(index)"), .id("meaning-\(index)")) {
            for (value, label, selected) in options {
                Tag.with("option", [.value(value), .flag("selected", selected)]) { Txt(label) }
            }
        }
    }

    private static func genreName(_ meaning: ShelfReading.Meaning, otherwise: String = "") -> String {
        if case .genre(let genre) = meaning { return genre }
        return otherwise
    }

    private static func warnings(_ report: ImportReport) -> Component {
        let skipped = report.outcomes.filter { $0.kind == .skipped }
        let warned = report.outcomes.filter { !$0.warnings.isEmpty }
        return ComponentGroup {
            if report.fileWarnings.isEmpty, skipped.isEmpty, warned.isEmpty {
                Tag("p", text: "No warnings: every row can be read.")
            } else {
                Tag("ul", .cls("warnings")) {
                    for warning in report.fileWarnings { Tag("li", text: warning) }
                    for outcome in skipped.prefix(50) {
                        Tag(
                            "li",
                            text: "Row \(outcome.row) will be skipped: " + Self.sentence(outcome.reason ?? "it could not be read")
                        )
                    }
                    for outcome in warned.prefix(50) {
                        Tag("li", text: "Row \(outcome.row) (“\(outcome.title)”): " + outcome.warnings.joined(separator: " "))
                    }
                }
                if skipped.count > 50 || warned.count > 50 {
                    Tag("p", .cls("muted"), text: "The first 50 of each are listed; the report after the import lists every row.")
                }
            }
        }
    }

    /// What an import in progress shows.
    struct RunningModel {
        var upload: ImportUpload
        var progress: ImportProgress?
    }

    /// An import in progress. One whose server stopped is not shown here: the job runner gives
    /// it up (at once after a restart on the same host) and the upload shows as failed, with why.
    static func running(page: PageContext, model: RunningModel) -> String {
        let (upload, progress) = (model.upload, model.progress)
        return Layout.document(title: "Importing", page: page) {
            Tag("h1", text: "Importing “\(upload.fileName)”")
            Tag("div", .cls("import-progress"), Attr("data-poll", "/import/uploads/\(upload.id.string)/progress")) {
                Tag("p", .id("import-status"), Attr("role", "status"), text: progressText(progress))
                progressBar(progress)
                Tag("p") {
                    Txt("This page updates by itself. Without JavaScript, ")
                    Tag("a", .href("/import/uploads/\(upload.id.string)"), text: "check again")
                    Txt(".")
                }
            }
        }
    }

    private static func progressBar(_ progress: ImportProgress?) -> Component {
        if case .writing(let done, let total)? = progress, total > 0 {
            return Tag(
                "progress", .id("import-bar"), Attr("max", String(total)), Attr("value", String(done)),
                .aria("labelledby", "import-status"),
                text: "\(done * 100 / total)%")
        }
        return Tag("progress", .id("import-bar"), .aria("labelledby", "import-status")) { EmptyComponent() }
    }

    static func progressText(_ progress: ImportProgress?) -> String {
        switch progress {
        case .writing(let done, let total)?: "Saved \(done) of \(total) books…"
        case .matching?: "Matching the rows with your library…"
        case nil: "Importing…"
        }
    }

    static func failed(page: PageContext, upload: ImportUpload) -> String {
        Layout.document(title: "Import failed", page: page) {
            Tag("h1", text: "The import of “\(upload.fileName)” failed")
            Tag("p", text: upload.error ?? "Something went wrong.")
            Tag("p", text: "Nothing in your library was changed.")
            ButtonLink(label: "Back to import", href: "/import")
        }
    }

    static let reportPageSize = 200

    /// What an import's report shows.
    struct ReportModel {
        var summary: ImportRunSummary
        var report: ImportReport
        var filter: ImportOutcome.Kind?
        var pageNumber: Int
        /// How far the look-ups of the reader's authors have got (they start after an import).
        var enrichment: EnrichmentProgress? = nil
        /// Authors whose name belongs to several people, waiting for the reader.
        var questions: Int = 0
    }

    static func report(page: PageContext, model: ReportModel) -> String {
        let (summary, report, filter) = (model.summary, model.report, model.filter)
        let outcomes = report.outcomes.filter { filter == nil || $0.kind == filter }
        let pageCount = max(1, (outcomes.count + reportPageSize - 1) / reportPageSize)
        let pageNumber = min(model.pageNumber, pageCount)
        let shown = outcomes.dropFirst((pageNumber - 1) * reportPageSize).prefix(reportPageSize)
        let base = "/imports/\(summary.id.string)"
        return Layout.document(title: "Import report", page: page) {
            Tag("h1", text: "Import report: \(summary.fileName ?? summary.format.displayName)")
            Tag(
                "p",
                text:
                    "\(summary.format.displayName) · \(timestamp(summary.startedAt)) · \(summary.rows) rows, every one listed below."
            )
            Tag("ul", .cls("outcome-filter"), .aria("label", "Show rows")) {
                outcomeLink("All \(report.rows)", href: base, current: filter == nil)
                outcomeLink("New \(report.imported)", href: base + "?outcome=imported", current: filter == .imported)
                outcomeLink("Updated \(report.updated)", href: base + "?outcome=updated", current: filter == .updated)
                outcomeLink("Unchanged \(report.unchanged)", href: base + "?outcome=unchanged", current: filter == .unchanged)
                outcomeLink("Skipped \(report.skipped)", href: base + "?outcome=skipped", current: filter == .skipped)
            }
            if !report.fileWarnings.isEmpty {
                Tag("ul", .cls("warnings")) { for warning in report.fileWarnings { Tag("li", text: warning) } }
            }
            if let sessions = report.sessionsInFile {
                Tag(
                    "p",
                    text:
                        "The file carried \(sessions) reading \(sessions == 1 ? "session" : "sessions"); those your library already had were not added again."
                )
            }
            EnrichmentPages.status(model.enrichment, questions: model.questions, sayingOff: true)
            Tag("p", .cls("actions")) {
                Tag("a", .cls("button"), .href("/insights"), text: "See who you read")
                Tag("a", .cls("button secondary"), .href("/library"), text: "Open your library")
            }
            ScrollingTable("The outcome of each row") {
                Tag("table", .cls("report")) {
                    Tag("caption", .cls("visually-hidden"), text: "The outcome of each row")
                    Tag("thead") {
                        Tag("tr") {
                            for heading in ["Row", "Book", "Outcome", "Details"] {
                                Tag("th", Attr("scope", "col"), text: heading)
                            }
                        }
                    }
                    Tag("tbody") {
                        for outcome in shown { row(outcome) }
                    }
                }
            }
            if pageCount > 1 {
                Pagination(page: pageNumber, pageCount: pageCount) {
                    URLQuery.url(base, (filter.map { [("outcome", $0.rawValue)] } ?? []) + [("page", String($0))])
                }
            }
        }
    }

    private static func outcomeLink(_ label: String, href: String, current: Bool) -> Component {
        Tag("li") { Tag("a", .href(href), .aria("current", current ? "true" : nil), text: label) }
    }

    private static func row(_ outcome: ImportOutcome) -> Component {
        Tag("tr", .cls("outcome-\(outcome.kind.rawValue)")) {
            Tag("td", .cls("number"), Attr("data-label", "Row"), text: String(outcome.row))
            Tag("td", Attr("data-label", "Book")) {
                if let entryID = outcome.entryID, outcome.kind != .skipped {
                    Tag("a", .href("/books/\(entryID.string)"), text: outcome.title.isEmpty ? "(untitled)" : outcome.title)
                } else {
                    Txt(outcome.title.isEmpty ? "(untitled)" : outcome.title)
                }
                if !outcome.authors.isEmpty { Tag("span", .cls("muted"), text: " by " + outcome.authors.joined(separator: ", ")) }
            }
            Tag("td", Attr("data-label", "Outcome"), text: label(outcome.kind))
            let details = ([outcome.reason].compactMap { $0 } + outcome.changes + outcome.warnings).joined(separator: " ")
            Tag("td", Attr("data-label", "Details"), Attr("class", details.isEmpty ? "empty" : nil), text: details)
        }
    }

    static func label(_ kind: ImportOutcome.Kind) -> String {
        switch kind {
        case .imported: "New"
        case .updated: "Updated"
        case .unchanged: "Unchanged"
        case .skipped: "Skipped"
        }
    }

    /// A date and time in the server's time zone, to the minute ("2026-03-15 14:05").
    static func timestamp(_ date: Date, in timeZone: TimeZone = .current) -> String {
        let local = Int(date.timeIntervalSince1970) + timeZone.secondsFromGMT(for: date)
        let minutes = ((local % 86_400) + 86_400) % 86_400 / 60
        return "\(LocalDate(date, in: timeZone)) \(String(format: "%02d:%02d", minutes / 60, minutes % 60))"
    }

    static func day(_ date: Date, in timeZone: TimeZone = .current) -> String { LocalDate(date, in: timeZone).description }

    /// A reason as the end of a sentence: one full stop, whether the reason has one or not.
    static func sentence(_ text: String) -> String { text.hasSuffix(".") ? text : text + "." }
}
