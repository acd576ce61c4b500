import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Reading insights and achievements in the browser and the API", .timeLimit(.minutes(5)))
struct ReadingWebTests {
    @Test("Years of imported history: the page opens on all time, saying why, and the timeline goes back to the first book")
    func importedHistory() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            for (title, day) in [("Kindred", "2019-05-01"), ("Dawn", "2022-08-10")] {
                try await InsightsWebTests.book(
                    title, by: "Octavia E. Butler", facts: [(.country, "US")], language: nil, finished: day, for: user, in: app)
            }
            let page = try await browser.get("/insights/reading")
            #expect(page.status == .ok)
            #expect(page.text.contains("Nothing read this year yet, so this opens on all time, from your first book."))
            #expect(page.text.contains("Exploring 1 culture across 2 books"))
            #expect(page.text.contains("Books finished per year since 2019: 2 books in all."), "\(page.text)")
            #expect(!page.text.contains("Months shown"))
            #expect(page.body.contains(">2019</text>") && page.body.contains(">2026</text>"), "years whole under the bars")
            // Asked for this year, it is this year.
            let year = try await browser.get("/insights/reading?period=year")
            #expect(!year.text.contains("Nothing read this year yet") && year.text.contains("across 0 books"))
        }
    }

    @Test("An empty library's reading page says how to start instead of showing zeros")
    func emptyLibrary() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("nell")
            let page = try await browser.get("/insights/reading")
            #expect(page.status == .ok)
            #expect(page.text.contains("No books yet: add books to see your reading"))
            #expect(page.body.contains(#"href="/books/new""#) && page.body.contains(#"href="/import""#))
            #expect(!page.text.contains("Exploring 0 cultures"))
            #expect(!page.body.contains("reading-selectors"))
            // The achievements to earn are still there.
            #expect(page.body.contains(#"id="achievement-firstSteps""#))
        }
    }

    @Test("The reading page: hero, cards against last month, the timeline with its table, achievements stored and announced once")
    func page() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await InsightsWebTests.seedLibrary(for: user, in: app)
            let year = try await browser.get("/insights/reading")
            #expect(year.status == .ok)
            #expect(year.text.contains("Exploring 3 cultures across 3 books"))
            #expect(year.body.contains(#"class="dual-ring""#) && year.body.contains("Outer ring: 3 books this year"))
            #expect(year.text.contains("Books finished, pages and time read, and representation per month"))
            #expect(year.body.contains(#"<th scope="row">Feb 2026</th><td>3</td>"#))
            // The books were stored without the after-write step: the page stores what they earn.
            #expect(year.body.contains(#"id="achievement-firstSteps""#))
            // Dated by the reading that earned them (issue 44 item 6): the first book was finished on
            // 1 February, the third region and language came with the book of 3 February.
            #expect(year.text.contains("First Steps Common Read your first book New · Unlocked 2026-02-01"))
            #expect(
                year.text.contains("Culture Explorer Uncommon Read authors from 3 cultural regions New · Unlocked 2026-02-03"))
            // New while its notice is unread, however old the reading; told, it is no longer new.
            #expect(year.body.contains(#"class="achievement rarity-common fresh""#), "not told yet: it celebrates")
            #expect(year.text.contains("Bookworm Common Read 10 books 30% Locked · 3 / 10 books"))
            #expect(year.body.contains(#"<progress max="100" value="30" aria-label="Bookworm: 3 / 10 books">30%</progress>"#))
            // Earned at once, the achievements are told by one notice naming them (issue 44, item 6);
            // each is in the centre too, already read.
            let unread = try await app.store.reader(user.id).notifications.recent(unreadOnly: true).map(\.title)
            #expect(unread.count == 1 && unread.first?.hasSuffix("achievements from your reading") == true)
            let centre = try await browser.get("/notifications")
            #expect(centre.text.contains("📖 Achievement unlocked: First Steps"))
            // Unread, the one notice celebrates in the notification centre as much as its rarest is rare.
            #expect(centre.body.contains(#"<li class="unread fresh rarity-uncommon">"#), "Culture Explorer")
            #expect(!centre.body.contains(#"<li class="unread fresh rarity-common">"#))
            _ = try await browser.get("/insights/reading")
            #expect(try await app.store.reader(user.id).notifications.recent(unreadOnly: true).count == unread.count, "once")
            // Told (the notices read), an unlock dated six weeks ago is no longer new.
            _ = try await browser.post("/notifications/read")
            #expect(!(try await browser.get("/insights/reading").body.contains(" fresh\"")))

            let month = try await browser.get("/insights/reading?period=month&months=6")
            #expect(month.text.contains("3 fewer books than last month."))
            #expect(month.body.contains(#"<a href="/insights/reading?period=month&amp;months=6" aria-current="page">Month</a>"#))
            #expect(
                month.body.contains(#"<th scope="row">Oct 2025</th>"#) && !month.body.contains(#"<th scope="row">Sep 2025</th>"#))
            let wrong = try await browser.get("/insights/reading?period=fortnight")
            #expect(wrong.status == .badRequest && wrong.text.contains("The period is week, month, year or all time"))
            #expect(wrong.text.contains("Exploring 3 cultures across 3 books"), "the year is shown instead")
        }
    }

    @Test("Books, pages or time: the velocity card and the timeline measure what the reader picks; the table has all three")
    func metric() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await InsightsWebTests.seedLibrary(for: user, in: app)
            let reader = app.store.reader(user.id)
            let entry = try #require(try await reader.library.whole().entries.first)
            // 40 pages in 30 minutes last month (February), 120 pages in 90 minutes this month.
            try await reader.sessions.log(
                on: entry.id, startedAt: TestClock.now.addingTimeInterval(-25 * 86_400), minutes: 30, startPage: 0, endPage: 40,
                now: TestClock.now)
            try await reader.sessions.log(
                on: entry.id, startedAt: TestClock.now.addingTimeInterval(-5 * 86_400), minutes: 90, startPage: 40,
                endPage: 160, now: TestClock.now)

            let pages = try await browser.get("/insights/reading?period=month&metric=pages")
            #expect(pages.status == .ok)
            #expect(pages.text.contains("Reading velocity 120 pages"))
            #expect(
                pages.text.contains(
                    "You read 80 more pages than last month. 0 books; 80 pages an hour over 1 h 30 min of timed sessions."))
            #expect(pages.text.contains("Longest run this month: 1 day (last month: 3 days)."))
            #expect(
                pages.body.contains(#"<a href="/insights/reading?period=month&amp;metric=pages" aria-current="page">Pages</a>"#))
            // The period and the months keep the measure.
            #expect(pages.body.contains(#"<a href="/insights/reading?period=year&amp;metric=pages">Year</a>"#))
            #expect(pages.body.contains(#"href="/insights/reading?period=month&amp;metric=pages&amp;months=6""#))
            #expect(pages.text.contains("Pages read per month over the last 12 months: 160 pages in all."))
            #expect(pages.body.contains(#"aria-label="Mar 2026: 120 pages, no diversity score (too little known)""#))
            #expect(
                pages.body.contains(#"<th scope="row">Mar 2026</th><td>0</td><td>120</td><td>1 h 30 min</td>"#),
                "the table gives books, pages and time whatever the measure")

            let time = try await browser.get("/insights/reading?period=month&metric=time")
            #expect(time.text.contains("Reading velocity 1 h 30 min"))
            #expect(
                time.text.contains(
                    "You read 1 h 0 min longer than last month. 0 books, 120 pages; 80 pages an hour over 1 h 30 min of timed sessions."
                ))
            #expect(time.text.contains("Time read, in hours (left scale)"))
            let books = try await browser.get("/insights/reading?period=month")
            #expect(books.text.contains("Reading velocity 0 books"))
            #expect(
                books.text.contains(
                    "3 fewer books than last month. 120 pages; 80 pages an hour over 1 h 30 min of timed sessions."))

            let wrong = try await browser.get("/insights/reading?metric=miles")
            #expect(wrong.status == .badRequest && wrong.text.contains("the measure books, pages or time"))

            let token = try await AccountTools.issueToken(named: "metric", for: user, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            let answer = try await api.request(.get, "/api/v1/insights/reading?period=month&metric=time").json()
            #expect(answer["metric"] as? String == "time")
            #expect(((answer["cards"] as? [[String: Any]])?.first)?["figure"] as? String == "1 h 30 min")
            let march = (answer["timeline"] as? [[String: Any]])?.first { $0["month"] as? String == "2026-03" }
            #expect(march?["pages"] as? Int == 120 && march?["minutes"] as? Int == 90)
            #expect(try await api.request(.get, "/api/v1/insights/reading?metric=miles").status == .badRequest)
        }
    }

    @Test("GET /api/v1/insights/reading and /api/v1/achievements")
    func api() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            _ = try await InsightsWebTests.seedLibrary(for: user, in: app)
            let month = try await api.request(.get, "/api/v1/insights/reading?period=month").json()
            #expect((month["current"] as? [String: Any])?["books"] as? Int == 0)
            #expect((month["previous"] as? [String: Any])?["books"] as? Int == 3)
            #expect((month["timeline"] as? [Any])?.count == 12)
            #expect(try await api.request(.get, "/api/v1/insights/reading?period=decade").status == .badRequest)
            #expect(try await api.request(.get, "/api/v1/insights/reading?months=7").status == .badRequest)
            let achievements = try await api.request(.get, "/api/v1/achievements").json()
            let items = try #require(achievements["items"] as? [[String: Any]])
            #expect(items.count == Achievements.all.count)
            let first = try #require(items.first { $0["id"] as? String == "firstSteps" })
            #expect(first["unlocked"] as? Bool == true && first["rarity"] as? String == "common")
            let bookworm = try #require(items.first { $0["id"] as? String == "bookworm" })
            #expect(bookworm["unlocked"] as? Bool == false && bookworm["progressText"] as? String == "3 / 10 books")
        }
    }
}
