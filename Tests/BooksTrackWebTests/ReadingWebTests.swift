import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackWeb

@Suite("Reading insights and achievements in the browser and the API")
struct ReadingWebTests {
    @Test("The reading page: hero, cards against last month, the timeline with its table, achievements stored and announced once")
    func page() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await InsightsWebTests.seedLibrary(for: user, in: app)
            let year = try await browser.get("/insights/reading")
            #expect(year.status == .ok)
            #expect(year.text.contains("Exploring 3 cultures across 3 books"))
            #expect(year.body.contains(#"class="dual-ring""#) && year.body.contains("Outer ring: 3 books this year"))
            #expect(year.text.contains("Books finished and diversity score per month"))
            #expect(year.body.contains(#"<th scope="row">Feb 2026</th><td>3</td>"#))
            // The books were stored without the after-write step: the page stores what they earn.
            #expect(year.body.contains(#"id="achievement-firstSteps""#))
            #expect(year.text.contains("First Steps Common Read your first book Unlocked 2026-03-15"))
            #expect(year.text.contains("Bookworm Common Read 10 books 30% Locked · 3 / 10 books"))
            #expect(year.body.contains(#"<progress max="100" value="30" aria-label="Bookworm: 3 / 10 books">30%</progress>"#))
            let unread = try await app.store.reader(user.id).notifications(unreadOnly: true).map(\.title)
            #expect(unread.contains("📖 Achievement unlocked: First Steps"))
            _ = try await browser.get("/insights/reading")
            #expect(try await app.store.reader(user.id).notifications(unreadOnly: true).count == unread.count, "once")

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
