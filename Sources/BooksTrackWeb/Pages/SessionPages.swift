import BooksTrackApp
import BooksTrackCore
import Foundation
import Plot

/// Reading sessions (SPEC F5): the card on a book's page with its live timer, the full history,
/// logging and editing a session, and what a reader sees after stopping one.
enum SessionPages {
    /// What the sessions card on a book's page needs.
    struct CardModel {
        /// The reader's running session, on this book or another.
        var active: ReadingSession?
        /// The title of the book the running session is on, when it is another.
        var activeTitle: String?
        /// Why the last stop, start, log or progress was refused.
        var problem: String?
        /// The running session has gone on for more than 12 hours: its real end is asked for.
        var needsEnd = false
        var now: Date
        /// What the refused form sent, shown again as typed.
        var typed: [String: String] = [:]
    }

    static func card(_ detail: EntryDetail, model: CardModel, csrfToken: String, timeZone: TimeZone) -> Card {
        let entry = detail.entry
        let pages = detail.edition?.details.pageCount
        let book = "/books/\(entry.id.string)"
        return Card("Reading sessions", id: "sessions") {
            if let problem = model.problem {
                // After a refused form the address is the book's again (app.js), not the form's target.
                Tag(
                    "p", .cls("form-error"), Attr("role", "alert"), .id("session-error"),
                    Attr("data-address", "\(book)#sessions"), text: problem)
            }
            if let active = model.active, active.entryID == entry.id {
                running(
                    active, pages: pages, currentPage: entry.state.currentPage, model: model, csrfToken: csrfToken,
                    timeZone: timeZone)
            } else if let active = model.active {
                Tag("p") {
                    Txt("A session is running on ")
                    Tag("a", .href("/books/\(active.entryID.string)#sessions"), text: model.activeTitle ?? "another book")
                    Txt(". Stop it there before starting one here: one session runs at a time.")
                }
            } else if entry.state.status == .reading {
                PostForm(action: "\(book)/sessions", csrfToken: csrfToken, cls: "inline-form") {
                    Field(
                        name: "start_page", label: "Starting on page",
                        control: .text(
                            type: "number", value: model.typed["start_page"] ?? String(entry.state.currentPage ?? 0),
                            attributes: [
                                Attr("min", "0"), Attr("max", String(pages ?? Limits.pages.upperBound)),
                                Attr("inputmode", "numeric"),
                            ]))
                    Tag("button", .type("submit"), text: "Start reading session")
                }
            } else if detail.sessions.isEmpty {
                Tag(
                    "p", .cls("muted"),
                    text: "Sessions are for books you are reading: “Start reading” above, then time your reading here.")
            }
            if entry.state.status == .reading && model.active?.entryID != entry.id && pages == nil {
                PostForm(action: "\(book)/progress", csrfToken: csrfToken, cls: "inline-form") {
                    Field(
                        name: "percent", label: "I’m this far through (%)",
                        control: .text(
                            type: "number", value: model.typed["percent"] ?? detail.percentRead.map(String.init),
                            attributes: [Attr("min", "0"), Attr("max", "100"), Attr("inputmode", "numeric")]),
                        hint: "This edition has no page count: add one on the edit page to track pages.", required: true)
                    Tag("button", .type("submit"), .cls("secondary"), text: "Save progress")
                }
            } else if entry.state.status == .reading && model.active?.entryID != entry.id {
                PostForm(action: "\(book)/progress", csrfToken: csrfToken, cls: "inline-form") {
                    Field(
                        name: "page", label: "I’m on page",
                        control: .text(
                            type: "number", value: model.typed["page"] ?? entry.state.currentPage.map(String.init),
                            attributes: [
                                Attr("min", "0"), Attr("max", String(pages ?? Limits.pages.upperBound)),
                                Attr("inputmode", "numeric"),
                            ]),
                        hint: pages.map { "of \($0)" }, required: true)
                    Tag("button", .type("submit"), .cls("secondary"), text: "Save progress")
                }
            }
            summary(detail.sessions, timeZone: timeZone, book: book)
            // Open, with what was typed, when it is the form that was refused.
            Tag.with("details", [.cls("help"), .flag("open", model.typed["minutes"] != nil)]) {
                Tag("summary", text: "Log a session afterwards")
                logForm(
                    action: "\(book)/sessions/logged", values: model.typed["minutes"] != nil ? model.typed : [:],
                    csrfToken: csrfToken, today: LocalDate(model.now, in: timeZone))
            }
        }
    }

    /// The timer of a running session and the form that stops it.
    private static func running(
        _ session: ReadingSession, pages: Int?, currentPage: Int?, model: CardModel, csrfToken: String, timeZone: TimeZone
    ) -> Component {
        let elapsed = Int(model.now.timeIntervalSince(session.startedAt))
        return ComponentGroup {
            Tag("p", text: "Reading since \(time(session.startedAt, in: timeZone)), from page \(session.startPage).")
            Tag(
                "p", .cls("session-timer"), Attr("role", "timer"), .id("session-timer"),
                Attr("data-elapsed", String(elapsed)), .aria("label", "Time reading"),
                text: SessionService.clock(elapsed))
            PostForm(action: "/sessions/\(session.id.string)/finish", csrfToken: csrfToken, cls: "stack") {
                if model.needsEnd {
                    Field(
                        name: "ended_at", label: "When did you stop?",
                        control: .text(type: "datetime-local", value: model.typed["ended_at"], attributes: []),
                        hint:
                            "It has been running since \(day(session.startedAt, in: timeZone)) \(time(session.startedAt, in: timeZone)): say when you really stopped.",
                        required: true)
                }
                Field(
                    name: "end_page", label: "Stopped on page",
                    control: .text(
                        type: "number", value: model.typed["end_page"] ?? String(max(session.startPage, currentPage ?? 0)),
                        attributes: [
                            Attr("min", "0"), Attr("max", String(pages ?? Limits.pages.upperBound)), Attr("inputmode", "numeric"),
                        ]),
                    hint: pages.map { "The book has \($0) pages." }, required: true)
                Field(
                    name: "correction", label: "I went back: the end page is before page \(session.startPage)",
                    control: .checkbox(checked: model.typed["correction"] == "on"))
                Tag("button", .type("submit"), text: "Stop session")
            }
        }
    }

    /// Totals and the latest sessions, with the way to all of them.
    private static func summary(_ sessions: [ReadingSession], timeZone: TimeZone, book: String) -> Component {
        let done = sessions.filter { $0.endedAt != nil }
        return Tag("div", .cls("session-summary")) {
            if done.isEmpty {
                Tag("p", .cls("muted"), text: "No sessions for this book yet. Time one, or log one you forgot to time.")
            } else {
                let minutes = done.compactMap(\.minutes).reduce(0, +)
                let pages = done.compactMap(\.pagesRead).reduce(0, +)
                // The book's pace: pages over time, of the sessions that have both.
                let timed = done.filter { ($0.minutes ?? 0) > 0 && $0.pagesRead != nil }
                let timedMinutes = timed.compactMap(\.minutes).reduce(0, +)
                let timedPages = timed.compactMap(\.pagesRead).reduce(0, +)
                let pace =
                    timedMinutes > 0 && timedPages > 0
                    ? " · \(Int(saturating: (Double(timedPages) * 60 / Double(timedMinutes)).rounded())) pages an hour" : ""
                Tag("p", text: "\(count(done.count, "session")) · \(duration(minutes)) · \(count(pages, "page"))" + pace)
                Tag("ul", .cls("sessions")) {
                    for session in done.prefix(5) { Tag("li", text: line(session, timeZone: timeZone)) }
                }
                Tag("p") { Tag("a", .href("\(book)/sessions"), text: "All sessions and editing (\(done.count))") }
            }
        }
    }

    /// The full history of a book's sessions, newest first, 20 to a page.
    static func history(
        page: PageContext, detail: EntryDetail, sessions: [ReadingSession], total: Int, pageNumber: Int, timeZone: TimeZone
    ) -> String {
        let book = "/books/\(detail.entry.id.string)"
        let pageCount = max(1, (total + 19) / 20)
        return Layout.document(title: "Sessions: \(detail.work.title)", page: page) {
            Tag("nav", .cls("breadcrumbs"), .aria("label", "Breadcrumb")) {
                Tag("a", .href("/library"), text: "Library")
                Txt(" / ")
                Tag("a", .href(book), text: detail.work.title)
            }
            Tag("h1", text: "Reading sessions")
            Tag("p", .cls("muted"), text: "\(detail.work.title), newest first.")
            if sessions.isEmpty {
                EmptyState(
                    title: "No sessions yet",
                    message: "Time a session from the book’s page, or log one you forgot to time.",
                    actions: [(label: "Back to the book", href: "\(book)#sessions")])
            } else {
                sessionTable(sessions, title: detail.work.title, timeZone: timeZone)
                if pageCount > 1 { pagination(book: book, pageNumber: pageNumber, pageCount: pageCount) }
            }
        }
    }

    /// The table of a page of sessions, one row each.
    private static func sessionTable(_ sessions: [ReadingSession], title: String, timeZone: TimeZone) -> Component {
        ScrollingTable("Reading sessions of \(title)") {
            Tag("table") {
                Tag("caption", .cls("visually-hidden"), text: "Reading sessions of \(title)")
                Tag("thead") {
                    Tag("tr") {
                        for heading in ["Date", "Started", "Duration", "Pages", "Pace", "Actions"] {
                            Tag("th", Attr("scope", "col"), text: heading)
                        }
                    }
                }
                Tag("tbody") {
                    for session in sessions { sessionRow(session, timeZone: timeZone) }
                }
            }
        }
    }

    /// One session: its day and start, how long, its pages and pace, and the links to edit it
    /// (once ended) and delete it.
    private static func sessionRow(_ session: ReadingSession, timeZone: TimeZone) -> Component {
        Tag("tr") {
            Tag("td", text: day(session.startedAt, in: timeZone))
            Tag(
                "td",
                text: time(session.startedAt, in: timeZone)
                    + (session.loggedAfterwards ? " (logged)" : ""))
            Tag("td", text: session.minutes.map(duration) ?? "running")
            Tag(
                "td",
                text: session.endPage.map { "\(session.startPage)–\($0) (\(session.pagesRead ?? 0))" }
                    ?? "from \(session.startPage)")
            Tag("td", text: session.pace.map { "\(Int(saturating: $0.rounded())) pages/hour" } ?? "—")
            Tag("td") {
                if session.endedAt != nil {
                    Tag(
                        "a", .href("/sessions/\(session.id.string)/edit"),
                        .aria("label", "Edit the session of \(day(session.startedAt, in: timeZone))"),
                        text: "Edit")
                    Txt(" · ")
                }
                Tag(
                    "a", .href("/sessions/\(session.id.string)/delete"),
                    .aria("label", "Delete the session of \(day(session.startedAt, in: timeZone))"),
                    text: "Delete")
            }
        }
    }

    /// Newer and older pages of sessions, around "Page n of m".
    private static func pagination(book: String, pageNumber: Int, pageCount: Int) -> Component {
        Tag("nav", .cls("pagination"), .aria("label", "Pages of sessions")) {
            if pageNumber > 1 {
                Tag("a", .href("\(book)/sessions?page=\(pageNumber - 1)"), Attr("rel", "prev"), text: "Newer")
            }
            Tag("span", text: " Page \(pageNumber) of \(pageCount) ")
            if pageNumber < pageCount {
                Tag("a", .href("\(book)/sessions?page=\(pageNumber + 1)"), Attr("rel", "next"), text: "Older")
            }
        }
    }

    /// The date, time, minutes and pages of a session (logging one, or editing it).
    static func logForm(
        action: String, values: [String: String], csrfToken: String, today: LocalDate, errors: String? = nil,
        submit: String = "Log session"
    ) -> Component {
        PostForm(action: action, csrfToken: csrfToken, cls: "stack") {
            if let errors { Tag("p", .cls("form-error"), Attr("role", "alert"), text: errors) }
            Field(
                name: "date", label: "Day",
                control: .text(
                    type: "date", value: values["date"] ?? today.description, attributes: [Attr("max", today.description)]),
                required: true)
            Field(
                name: "time", label: "Started at", control: .text(type: "time", value: values["time"] ?? "12:00", attributes: []))
            Field(
                name: "minutes", label: "Minutes",
                control: .text(
                    type: "number", value: values["minutes"],
                    attributes: [Attr("min", "1"), Attr("max", "1440"), Attr("inputmode", "numeric")]),
                required: true)
            Field(
                name: "from_page", label: "From page",
                control: .text(
                    type: "number", value: values["from_page"],
                    attributes: [Attr("min", "0"), Attr("max", "100000"), Attr("inputmode", "numeric")]),
                required: true)
            Field(
                name: "to_page", label: "To page",
                control: .text(
                    type: "number", value: values["to_page"],
                    attributes: [Attr("min", "0"), Attr("max", "100000"), Attr("inputmode", "numeric")]),
                required: true)
            Tag("button", .type("submit"), text: submit)
        }
    }

    /// Editing one session.
    static func edit(
        page: PageContext, session: ReadingSession, title: String, timeZone: TimeZone, now: Date, values: [String: String]? = nil,
        problem: String? = nil
    ) -> String {
        let filled =
            values ?? [
                "date": day(session.startedAt, in: timeZone), "time": time(session.startedAt, in: timeZone),
                "minutes": session.minutes.map(String.init) ?? "", "from_page": String(session.startPage),
                "to_page": session.endPage.map(String.init) ?? "",
            ]
        return Layout.document(title: "Edit session", page: page) {
            Tag("nav", .cls("breadcrumbs"), .aria("label", "Breadcrumb")) {
                Tag("a", .href("/books/\(session.entryID.string)/sessions"), text: "Sessions of \(title)")
            }
            Tag("h1", text: "Edit the session")
            logForm(
                action: "/sessions/\(session.id.string)", values: filled, csrfToken: page.csrfToken,
                today: LocalDate(now, in: timeZone), errors: problem, submit: "Save session")
        }
    }

    /// Asking before a session is deleted.
    static func confirmDelete(page: PageContext, session: ReadingSession, title: String, timeZone: TimeZone) -> String {
        Layout.document(title: "Delete session", page: page) {
            Tag("h1", text: "Delete this session?")
            Tag("p", text: "\(title): \(line(session, timeZone: timeZone)). Its minutes and pages leave your stats and streak.")
            PostForm(action: "/sessions/\(session.id.string)/delete", csrfToken: page.csrfToken, cls: "actions") {
                Tag("button", .type("submit"), .cls("danger"), text: "Delete session")
                Tag("a", .cls("button secondary"), .href("/books/\(session.entryID.string)/sessions"), text: "Keep it")
            }
        }
    }

    /// After stopping: what the session did, "Mark as read" at the last page, and one question
    /// about the book after five minutes or more (seed 000, Story 6) — skippable.
    static func done(
        page: PageContext, session: ReadingSession, detail: EntryDetail, streak: Streak, prompt: ProfilingPrompt?
    ) -> String {
        let book = "/books/\(detail.entry.id.string)"
        let pages = detail.edition?.details.pageCount
        return Layout.document(title: "Session saved", page: page) {
            Tag("h1", text: "Session saved")
            Tag("div", .cls("bento")) {
                Card("This session", id: "session-summary") {
                    Tag("p", .cls("big-number"), text: duration(session.minutes ?? 0))
                    Tag(
                        "p",
                        text: "\(detail.work.title): pages \(session.startPage)–\(session.endPage ?? session.startPage), "
                            + count(session.pagesRead ?? 0, "page")
                            + (session.pace.map { ", \(Int(saturating: $0.rounded())) pages an hour" } ?? "") + ".")
                    Tag("p", text: streak.message)
                    if let pages, let end = session.endPage, end >= pages, detail.entry.state.status == .reading {
                        PostForm(action: "\(book)/status", csrfToken: page.csrfToken, cls: "actions") {
                            Tag("p", text: "That was the last page.")
                            Tag(
                                "button", .type("submit"), .name("status"), .value(ReadingStatus.read.rawValue),
                                text: "Mark as read")
                        }
                    }
                    Tag("p", .cls("actions")) { ButtonLink(label: "Back to the book", href: "\(book)#sessions", secondary: true) }
                }
                if let prompt, (session.minutes ?? 0) >= SessionService.promptAfterMinutes {
                    Card("While it is fresh", id: "session-prompt") {
                        Tag("div", .cls("inline-prompt")) {
                            PromptPage.question(
                                prompt,
                                context: PromptPage.Context(
                                    csrfToken: page.csrfToken, returnTo: book, origin: .book, axis: nil, ids: .inline))
                        }
                    }
                }
            }
        }
    }

    /// The streak card of the home page (seed 004).
    static func streakCard(_ streak: Streak) -> Card {
        Card("Reading streak", id: "streak") {
            Tag("p", .cls("big-number"), text: streak.current == 1 ? "1 day" : "\(streak.current) days")
            Tag("p", text: streak.message)
            Tag(
                "p", .cls("muted"),
                text:
                    "Longest: \(streak.longest == 1 ? "1 day" : "\(streak.longest) days"). A day counts when you time or log a session, note your page, or finish a book."
            )
        }
    }

    static func line(_ session: ReadingSession, timeZone: TimeZone) -> String {
        var parts = [day(session.startedAt, in: timeZone)]
        if let minutes = session.minutes { parts.append(duration(minutes)) } else { parts.append("running") }
        if let pages = session.pagesRead { parts.append(count(pages, "page")) }
        if let pace = session.pace { parts.append("\(Int(saturating: pace.rounded())) pages/hour") }
        return parts.joined(separator: " · ")
    }

    static func duration(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }

    static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    static func day(_ date: Date, in timeZone: TimeZone) -> String { LocalDate(date, in: timeZone).description }

    static func time(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// A day and a time of day in a time zone ("2026-03-15", "21:05"), or nil.
    static func instant(day: String?, time: String?, in timeZone: TimeZone) -> Date? {
        guard let day = day.flatMap(LocalDate.init) else { return nil }
        let clock = (time?.isEmpty ?? true) ? "12:00" : time!
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        guard parts.count >= 2, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(
            from: DateComponents(year: day.year, month: day.month, day: day.day, hour: parts[0], minute: parts[1]))
    }
}
