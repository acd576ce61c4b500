import BooksTrackApp
import BooksTrackCore
import Foundation
import Plot

/// The home dashboard: the library at a glance, what is being read, the whole library's
/// representation radar with its data completion, and the latest imports.
enum HomePage {
    struct Model {
        var counts: [ReadingStatus: Int]
        var reading: [LibraryListItem]
        var missingData: Int
        /// Books imported without a title, waiting for theirs.
        var untitled: Int = 0
        var imports: [ImportRunSummary]
        /// The representation radar of the books read (``InsightRequest/headline``), with its data known.
        var radar: RepresentationRadar
        var standing: CuratorStanding
        /// Unread notifications, newest first.
        var notifications: [AppNotification] = []
        /// How far the automatic look-ups of the reader's authors have got.
        var enrichment: EnrichmentProgress? = nil
        /// "Is this …?" questions waiting for the reader.
        var questions: Int = 0
        var streak: Streak? = nil
        /// Active goals with their progress.
        var goals: [GoalService.Standing] = []
        /// The year in books offered from December to the end of January (``YearInBooks/offered(today:years:)``).
        var yearInBooks: Int? = nil
    }

    /// The page: a greeting, then either the way to a first book or the library's cards.
    static func render(page: PageContext, model: Model) -> String {
        let total = model.counts.values.reduce(0, +)
        let name = page.user?.displayName ?? ""
        return Layout.document(title: "Home", page: page) {
            Tag("h1", text: "Hello, \(name)")
            if total == 0 {
                emptyLibrary(csrfToken: page.csrfToken)
            } else {
                Bento {
                    if !model.notifications.isEmpty {
                        news(model.notifications, csrfToken: page.csrfToken)
                    }
                    if let year = model.yearInBooks { yearInBooks(year) }
                    librarySummary(model.counts, total: total)
                    if model.untitled > 0 { untitledPrompt(model.untitled) }
                    readingNow(model.reading, csrfToken: page.csrfToken)
                    if let streak = model.streak { SessionPages.streakCard(streak) }
                    goals(model.goals)
                    recentImports(model.imports)
                    representation(model)
                }
            }
        }
    }

    /// How many books the library holds, and how many in each status, each a link to them.
    private static func librarySummary(_ counts: [ReadingStatus: Int], total: Int) -> Card {
        Card("Your library", id: "library-summary") {
            Tag("p", .cls("big-number"), text: LibraryListPage.countText(total))
            Tag("ul", .cls("status-counts")) {
                for status in ReadingStatus.allCases where (counts[status] ?? 0) > 0 {
                    Tag("li") {
                        Tag("a", .href("/library?status=\(status.rawValue)")) {
                            StatusPill(status: status)
                            Tag("span", .cls("count"), text: String(counts[status] ?? 0))
                        }
                    }
                }
            }
        }
    }

    /// The books in progress, each with a form to note the page the reader is on.
    private static func readingNow(_ reading: [LibraryListItem], csrfToken: String) -> Card {
        Card("Reading now", id: "reading-now") {
            if reading.isEmpty {
                Tag("p", .cls("muted")) {
                    Txt("Nothing in progress. ")
                    Tag("a", .href("/library?status=toRead"), text: "Pick something from your to-read list")
                }
            } else {
                Tag("ul", .cls("plain-list")) {
                    for (index, item) in reading.enumerated() {
                        Tag("li") {
                            Tag("a", .href("/books/\(item.entryID.string)"), text: item.title)
                            if !item.authors.isEmpty { Txt(" by " + item.authors.joined(separator: ", ")) }
                            quickProgress(item, index: index, csrfToken: csrfToken)
                        }
                    }
                }
            }
        }
    }

    /// "I'm on page …" for one book in progress, coming back to the home page when saved.
    private static func quickProgress(_ item: LibraryListItem, index: Int, csrfToken: String) -> Component {
        PostForm(
            action: "/books/\(item.entryID.string)/progress", csrfToken: csrfToken,
            cls: "inline-form quick-progress"
        ) {
            Tag.void("input", .type("hidden"), .name("return"), .value("home"))
            Tag("label", Attr("for", "progress-\(index)"), text: "I’m on page")
            Tag.void(
                "input", .type("number"), .id("progress-\(index)"), .name("page"),
                Attr("min", "0"), Attr("max", "100000"),
                Attr("inputmode", "numeric"), .flag("required"))
            Tag(
                "button", .type("submit"), .cls("secondary"),
                .aria("label", "Save the page of \(item.title)"), text: "Save")
        }
    }

    /// The first three active goals with their progress and pace, or a way to set one.
    private static func goals(_ goals: [GoalService.Standing]) -> Card {
        Card("Goals", id: "goals") {
            let active = goals.filter { $0.goal.status == .active }
            if active.isEmpty {
                Tag("p", .cls("muted")) {
                    Txt("No goal yet. ")
                    Tag("a", .href("/goals/new"), text: "Set one from a template")
                }
            } else {
                Tag("ul", .cls("plain-list")) {
                    for standing in active.prefix(3) {
                        Tag("li") {
                            Tag("a", .href("/goals/\(standing.goal.id.string)"), text: standing.goal.title)
                            Txt(": " + standing.summary + ". " + GoalPages.paceText(standing))
                        }
                    }
                }
            }
        }
    }

    /// The three latest imports with what each added, or a way to make the first.
    private static func recentImports(_ imports: [ImportRunSummary]) -> Card {
        Card("Recent imports", id: "recent-imports") {
            if imports.isEmpty {
                Tag("p", .cls("muted")) {
                    Txt("No imports yet. ")
                    Tag("a", .href("/import"), text: "Import from Goodreads, StoryGraph or LibraryThing")
                }
            } else {
                Tag("ul", .cls("plain-list")) {
                    for run in imports.prefix(3) {
                        Tag("li") {
                            Tag("a", .href("/imports/\(run.id.string)"), text: run.fileName ?? run.format.displayName)
                            Txt(" — \(run.imported) new, \(run.updated) updated")
                        }
                    }
                }
            }
        }
    }

    /// The radar of the books read with its data completion, how far the look-ups have got, and
    /// the way to the books missing data and to the insights.
    private static func representation(_ model: Model) -> Card {
        Card("Representation", span: .full, id: "radar") {
            // The scope insights opens on too: one answer to one question on both pages.
            Tag("p", .cls("scope-line"), text: InsightRequest.headline.scopeInWords())
            Tag("div", .cls("radar-module")) {
                RadarView(
                    radar: model.radar, id: "library-radar", target: .library, returnTo: "/",
                    subject: "the \(InsightFormat.books(model.radar.books)) you have read")
                CompletionWidget(
                    radar: model.radar, id: "library-completion", standing: model.standing, returnTo: "/")
            }
            EnrichmentPages.status(model.enrichment, questions: model.questions)
            Tag("p") {
                if model.missingData > 0 {
                    Tag(
                        "a", .href("/library?missing=any"),
                        text:
                            "\(InsightFormat.books(model.missingData)) in your library \(model.missingData == 1 ? "is" : "are") missing data: see which"
                    )
                    Txt(" · ")
                }
                Tag("a", .cls("card-link"), .href("/insights"), text: "Open your diversity insights")
            }
        }
    }

    /// Books an import kept without a title ask for theirs (a look-up by ISBN may find it first).
    private static func untitledPrompt(_ count: Int) -> Card {
        Card("Books without a title", id: "untitled") {
            Tag(
                "p",
                text: count == 1
                    ? "One book came from a row with no title." : "\(count) books came from rows with no title.")
            Tag("p") {
                Tag(
                    "a", .cls("card-link"), .href("/library?missing=title"),
                    text: count == 1 ? "Give it its title" : "Give them their titles")
            }
        }
    }

    /// December and January: the year's story, one link away.
    private static func yearInBooks(_ year: Int) -> Card {
        Card("Your \(year) in books", span: .full, id: "year-in-books") {
            Tag("p") {
                Txt("The books, the authors you read most, the countries you met for the first time and how your goals ended. ")
                Tag("a", .cls("card-link"), .href("/insights/year/\(year)"), text: "See your \(year) in books")
            }
        }
    }

    /// Unread notifications, each with its link and a button that marks it read.
    private static func news(_ notifications: [AppNotification], csrfToken: String) -> Card {
        Card("New for you", span: .full, id: "notifications") {
            Tag("ul", .cls("notice-list")) {
                for notification in notifications.prefix(5) {
                    Tag("li") {
                        Tag("p", .cls("notice-title")) {
                            if let destination = notification.destination {
                                Tag("a", .href(destination.path), text: notification.title)
                            } else {
                                Tag("strong", text: notification.title)
                            }
                        }
                        Tag("p", text: notification.body)
                        PostForm(action: "/notifications/\(notification.id.string)/read", csrfToken: csrfToken) {
                            Tag(
                                "button", .type("submit"), .cls("link-button"),
                                .aria("label", "Mark “\(notification.title)” as read"), text: "Mark as read")
                        }
                    }
                }
            }
            if notifications.count > 5 {
                Tag("p", .cls("muted")) {
                    Txt("\(notifications.count - 5) more after these: ")
                    Tag("a", .href("/notifications"), text: "see them all")
                    Txt(".")
                }
            }
            if notifications.count > 1 {
                Self.markAllRead(count: notifications.count, returnTo: "/", csrfToken: csrfToken)
            }
        }
    }

    /// One button for every unread notification (an import can bring many at once).
    static func markAllRead(count: Int, returnTo: String, csrfToken: String) -> Component {
        PostForm(action: "/notifications/read", csrfToken: csrfToken, cls: "mark-all") {
            Tag.void("input", .type("hidden"), .name("return"), .value(returnTo))
            Tag(
                "button", .type("submit"), .cls("secondary"), .aria("label", "Mark all \(count) unread notifications as read"),
                text: "Mark all as read")
        }
    }

    /// Every recent notification, newest first: milestones, completed goals, achievements.
    static func notificationCentre(page: PageContext, notifications: [AppNotification], timeZone: TimeZone) -> String {
        Layout.document(title: "Notifications", page: page) {
            Tag("h1", text: "Notifications")
            if notifications.isEmpty {
                EmptyState(
                    title: "Nothing yet",
                    message: "Goal milestones, completed goals and achievements show here when you reach them.",
                    actions: [("Set a goal", "/goals/new")])
            } else {
                let unread = notifications.filter { $0.readAt == nil }.count
                if unread > 0 {
                    Self.markAllRead(count: unread, returnTo: "/notifications", csrfToken: page.csrfToken)
                }
                Tag("ul", .cls("notice-list")) {
                    for notification in notifications {
                        Tag("li", .cls(Self.noticeClasses(notification))) {
                            Tag("p", .cls("notice-title")) {
                                if let destination = notification.destination {
                                    Tag("a", .href(destination.path), text: notification.title)
                                } else {
                                    Tag("strong", text: notification.title)
                                }
                                Tag(
                                    "span", .cls("muted"),
                                    text: " · " + LocalDate(notification.createdAt, in: timeZone).description)
                            }
                            Tag("p", text: notification.body)
                            if notification.readAt == nil {
                                PostForm(action: "/notifications/\(notification.id.string)/read", csrfToken: page.csrfToken) {
                                    Tag.void("input", .type("hidden"), .name("return"), .value("/notifications"))
                                    Tag(
                                        "button", .type("submit"), .cls("link-button"),
                                        .aria("label", "Mark “\(notification.title)” as read"), text: "Mark as read")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// "unread", and for an achievement not read yet its rarity, so its unlock celebrates as
    /// much as it is rare (app.css "Celebrations").
    static func noticeClasses(_ notification: AppNotification) -> String {
        guard notification.readAt == nil else { return "read" }
        // Several achievements told as one celebrate as their rarest.
        guard notification.kind == "achievement", let key = notification.key else { return "unread" }
        let ids = Notices.achievements(inKey: key)
        guard !ids.isEmpty else { return "unread" }
        let rarity = ids.map { Achievements.achievement($0)?.rarity ?? .uncommon }.max() ?? .uncommon
        return "unread fresh rarity-\(rarity.rawValue)"
    }

    private static func emptyLibrary(csrfToken: String) -> Component {
        Tag("div", .cls("empty-state welcome")) {
            Tag("p", .cls("empty-title"), text: "Your library is empty")
            Tag(
                "p",
                text:
                    "Start with the books you already track: export your library from Goodreads, StoryGraph or LibraryThing and import the file here. Or add a book by hand."
            )
            Tag("p", .cls("actions")) {
                ButtonLink(label: "Import a library", href: "/import")
                ButtonLink(label: "Add a book", href: "/books/new", secondary: true)
            }
            PostForm(action: "/demo", csrfToken: csrfToken, cls: "demo-form") {
                Tag("p") {
                    Txt("Just looking around? ")
                    Tag("button", .type("submit"), .cls("link-button"), text: "Load a demo library of 34 real books")
                    Txt(" — you can delete them later.")
                }
            }
        }
    }
}
