import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp

@Suite(
    "Sessions in the browser: a forgotten timer, the saved page, logging, progress, editing, deleting", .timeLimit(.minutes(5)))
struct SessionWebTests {
    /// A reader with a 300-page book being read.
    static func reader(_ app: WebHarness) async throws -> (User, Browser, LibraryEntry.ID) {
        let (user, browser) = try await app.signedInReader("dana")
        let draft = try BookDraft.parse(
            ["title": "Kindred", "authors": "Octavia E. Butler", "pages": "300", "status": "reading"], today: WebHarness.today
        ).get()
        guard
            case .added(let id) = try await app.store.reader(user.id).books.add(
                draft, today: WebHarness.today, now: TestClock.now)
        else { throw HarnessError.unexpected("the book is added") }
        return (user, browser, id)
    }

    @Test("A session running for 13 hours asks when it really ended instead of recording 13 hours")
    func forgotten() async throws {
        try await WebHarness.run { app in
            let (user, browser, entry) = try await Self.reader(app)
            guard
                case .started(let session) = try await app.store.reader(user.id).sessions.start(
                    on: entry, startPage: 10, now: TestClock.now.addingTimeInterval(-13 * 3600))
            else { throw HarnessError.unexpected("started") }
            let page = try await browser.get("/books/\(entry.string)")
            #expect(page.text.contains("When did you stop?"))
            #expect(page.body.contains(#"role="timer""#))
            let refused = try await browser.post("/sessions/\(session.id.string)/finish", ["end_page": "40"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("running for more than 12 hours"))
            // 13 hours ago was 23:00 UTC the day before; the reader stopped at 23:45.
            let stopped = try await browser.post(
                "/sessions/\(session.id.string)/finish", ["end_page": "40", "ended_at": "2026-03-14T23:45"])
            #expect(stopped.location == "/sessions/\(session.id.string)/done")
            let saved = try #require(try await app.store.reader(user.id).sessions.session(session.id))
            #expect(saved.minutes == 45 && saved.pagesRead == 30)
        }
    }

    @Test("A refused form keeps what was typed, says why in words, and gives the book's address back")
    func refusedKeepsTyped() async throws {
        try await WebHarness.run { app in
            let (user, browser, entry) = try await Self.reader(app)
            guard
                case .started(let session) = try await app.store.reader(user.id).sessions.start(
                    on: entry, startPage: 10, now: TestClock.now)
            else { throw HarnessError.unexpected("started") }
            try await browser.get("/books/\(entry.string)")
            // An end page past the book's 300 pages: refused, and the typed 3000 stays (not the start page).
            let refused = try await browser.post("/sessions/\(session.id.string)/finish", ["end_page": "3000"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.body.contains(#"value="3000" id="field-end_page""#))
            #expect(refused.body.contains(#"data-address="/books/\#(entry.string)#sessions""#))
            // "−5 minutes", with a typographic minus, is negative, not "not a whole number".
            _ = try await browser.post("/sessions/\(session.id.string)/finish", ["end_page": "40"])
            let negative = try await browser.post(
                "/books/\(entry.string)/sessions/logged",
                ["date": "2026-03-14", "time": "20:00", "minutes": "\u{2212}5", "from_page": "40", "to_page": "60"])
            #expect(negative.status == .unprocessableContent)
            #expect(negative.text.contains("Minutes cannot be negative."))
            // The log form is open again with everything typed.
            #expect(negative.body.contains(#"<details class="help" open>"#))
            #expect(negative.body.contains(#"value="60" id="field-to_page""#))
            #expect(negative.body.contains(#"value="2026-03-14" id="field-date""#))
        }
    }

    @Test("After five minutes or more, the saved page asks one question about the book; at the last page it offers Mark as read")
    func savedPage() async throws {
        try await WebHarness.run { app in
            let (user, browser, entry) = try await Self.reader(app)
            guard
                case .started(let session) = try await app.store.reader(user.id).sessions.start(
                    on: entry, startPage: 280, now: TestClock.now.addingTimeInterval(-20 * 60))
            else { throw HarnessError.unexpected("started") }
            try await browser.get("/books/\(entry.string)")
            let stopped = try await browser.post("/sessions/\(session.id.string)/finish", ["end_page": "300"])
            let done = try await browser.follow(stopped)
            #expect(done.text.contains("Session saved"))
            #expect(done.text.contains("20 min"))
            #expect(done.text.contains("pages 280–300, 20 pages, 60 pages an hour"))
            #expect(done.text.contains("That was the last page."))
            #expect(done.body.contains(#"value="read""#))
            #expect(done.text.contains("While it is fresh"), "a question about the book after 20 minutes")
            #expect(try await app.store.reader(user.id).browse.entry(entry)?.state.currentPage == 300)
        }
    }

    @Test("Logging, saving a page, editing and deleting through the forms")
    func forms() async throws {
        try await WebHarness.run { app in
            let (user, browser, entry) = try await Self.reader(app)
            let reader = app.store.reader(user.id)
            try await browser.get("/books/\(entry.string)")
            let logged = try await browser.post(
                "/books/\(entry.string)/sessions/logged",
                ["date": "2026-03-14", "time": "20:30", "minutes": "40", "from_page": "0", "to_page": "35"])
            #expect(logged.location == "/books/\(entry.string)#sessions")
            let session = try #require(try await reader.sessions.list(of: entry).sessions.first)
            #expect(session.minutes == 40 && session.loggedAfterwards)
            #expect(try await reader.browse.entry(entry)?.state.currentPage == 35)
            // The book's page sums its sessions up, with its pace (35 pages in 40 minutes).
            #expect(
                try await browser.get("/books/\(entry.string)").text.contains("1 session · 40 min · 35 pages · 53 pages an hour"))

            let beyond = try await browser.post(
                "/books/\(entry.string)/sessions/logged",
                ["date": "2026-03-14", "time": "21:30", "minutes": "10", "from_page": "35", "to_page": "400"])
            #expect(beyond.status == .unprocessableContent && beyond.text.contains("This edition has 300 pages"))
            let future = try await browser.post(
                "/books/\(entry.string)/sessions/logged",
                ["date": "2026-03-16", "minutes": "10", "from_page": "35", "to_page": "40"])
            #expect(future.status == .unprocessableContent && future.text.contains("cannot end in the future"))

            try await browser.get("/")
            let progress = try await browser.post("/books/\(entry.string)/progress", ["page": "50", "return": "home"])
            #expect(progress.location == "/")
            #expect(try await reader.browse.entry(entry)?.state.currentPage == 50)
            #expect(try await browser.get("/").text.contains("Reading streak"))

            let history = try await browser.get("/books/\(entry.string)/sessions")
            #expect(history.text.contains("0–35 (35)"))
            try await browser.get("/sessions/\(session.id.string)/edit")
            let edited = try await browser.post(
                "/sessions/\(session.id.string)",
                ["date": "2026-03-14", "time": "20:30", "minutes": "70", "from_page": "0", "to_page": "35"])
            #expect(edited.location == "/books/\(entry.string)/sessions")
            #expect(try await reader.sessions.session(session.id)?.minutes == 70)
            try await browser.get("/sessions/\(session.id.string)/delete")
            let deleted = try await browser.post("/sessions/\(session.id.string)/delete")
            #expect(deleted.location == "/books/\(entry.string)/sessions")
            #expect(try await reader.sessions.list(of: entry).total == 0)
            #expect(try await browser.get("/books/\(entry.string)/sessions").text.contains("No sessions yet"))

            // A book without a page count takes a percentage.
            let draft = try BookDraft.parse(
                ["title": "Beloved", "authors": "Toni Morrison", "status": "reading"], today: WebHarness.today
            )
            .get()
            guard case .added(let unpaged) = try await reader.books.add(draft, today: WebHarness.today, now: TestClock.now) else {
                return
            }
            let before = try await browser.get("/books/\(unpaged.string)")
            #expect(before.text.contains("I’m this far through (%)"))
            let saved = try await browser.post("/books/\(unpaged.string)/progress", ["percent": "30"])
            #expect(saved.location == "/books/\(unpaged.string)#sessions")
            #expect(try await browser.get("/books/\(unpaged.string)").text.contains("About 30% read"))
        }
    }

    @Test(
        "A running session is in every page's header with its timer and Stop; noted pages count; the last page offers Mark as read"
    )
    func everywhere() async throws {
        try await WebHarness.run { app in
            let (user, browser, entry) = try await Self.reader(app)
            let reader = app.store.reader(user.id)
            #expect(try await browser.get("/library").body.contains("running-session") == false)
            guard
                case .started(let session) = try await reader.sessions.start(
                    on: entry, startPage: 10, now: TestClock.now.addingTimeInterval(-15 * 60))
            else { throw HarnessError.unexpected("started") }
            for path in ["/", "/library", "/insights", "/goals", "/account"] {
                let page = try await browser.get(path)
                #expect(page.text.contains("Reading Kindred"), "\(path) names the book being read")
                #expect(page.body.contains(#"data-elapsed="900""#) && page.text.contains("15:00"), "\(path) shows the timer")
                #expect(page.body.contains(#"action="/sessions/\#(session.id.string)/finish""#), "\(path) can stop it")
            }
            // The book's own page shows the timer once: in its sessions card, not in the header too.
            let own = try await browser.get("/books/\(entry.string)")
            #expect(own.body.components(separatedBy: #"role="timer""#).count == 2 && !own.body.contains("running-session"))
            // Stopped from the header of the goals page: the session ends at the page given.
            _ = try await browser.post("/goals", ["kind": "pages", "target": "1000", "cadence": "year"])
            let stopped = try await browser.post("/sessions/\(session.id.string)/finish", ["end_page": "40"])
            #expect(stopped.location == "/sessions/\(session.id.string)/done")
            #expect(try await browser.get("/goals").body.contains("running-session") == false)
            #expect(try await browser.get("/goals").text.contains("30 / 1,000 pages"))
            // "I'm on page 76" counts the 36 pages since the session's end, like a session's pages.
            _ = try await browser.post("/books/\(entry.string)/progress", ["page": "76", "return": "home"])
            #expect(try await browser.get("/goals").text.contains("66 / 1,000 pages"))
            // The last page, noted from home, leads to the book's page offering Mark as read.
            let last = try await browser.post("/books/\(entry.string)/progress", ["page": "300", "return": "home"])
            #expect(last.location?.hasPrefix("/books/\(entry.string)#progress") == true)
            let book = try await browser.get("/books/\(entry.string)")
            #expect(book.text.contains("You are on the last page.") && book.text.contains("Mark as read"))
            #expect(try await browser.get("/goals").text.contains("290 / 1,000 pages"))
            _ = try await browser.post("/books/\(entry.string)/status", ["status": "read"])
            #expect(try await reader.browse.entry(entry)?.state.status == .read)
            #expect(try await browser.get("/books/\(entry.string)").text.contains("You are on the last page.") == false)
        }
    }

    @Test("A book read with sessions but no read-through open says it is being read since its first session")
    func historyFromSessions() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("ines")
            var record = try BookDraft.parse(
                ["title": "Kindred", "authors": "Octavia E. Butler", "pages": "300", "status": "reading"], today: WebHarness.today
            ).get().draft.record(today: WebHarness.today)
            record.entry.readings = []  // as a Goodreads "currently-reading" row arrives: no start date
            let reader = app.store.reader(user.id)
            _ = try await reader.imports.import(
                ImportBatch(format: .goodreads, records: [record]), fileName: "goodreads.csv", dryRun: false, now: TestClock.now)
            let entry = try #require(try await reader.library.whole().entries.first?.id)
            #expect(try await browser.get("/books/\(entry.string)").text.contains("No readings recorded yet"))
            _ = try await reader.sessions.log(
                on: entry, startedAt: TestClock.now.addingTimeInterval(-86400), minutes: 30, startPage: 0, endPage: 25,
                now: TestClock.now)
            let page = try await browser.get("/books/\(entry.string)")
            #expect(page.text.contains("Reading now, first session 14 March 2026"))
            #expect(page.text.contains("No readings recorded yet") == false)
        }
    }
}
