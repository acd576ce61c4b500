import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("One streak: every face that shows it gives the same answer", .timeLimit(.minutes(5)))
struct StreakWebTests {
    @Test("Reading past midnight: home, the widget, the API, the reading insights and the reminder agree")
    func runningSessionAcrossMidnight() async throws {
        try await WebHarness.run { app in
            let (dana, browser) = try await app.signedInReader("dana")
            // TestClock.now is Sunday 15 March 2026, 12:00 UTC: 01:00 on Monday in Auckland.
            try await app.store.users.update(
                settings: ReaderSettings(timeZone: "Pacific/Auckland"), for: dana.id, now: TestClock.now)
            let dana2 = try #require(try await app.store.users.user(id: dana.id))
            let (entry, _) = try await InsightsWebTests.book(
                "Kindred", by: "Octavia E. Butler", facts: [], language: nil, finished: nil, status: "reading", for: dana,
                in: app)
            // Friday and Saturday read; on Sunday at 23:30 a session starts, still running at 01:00.
            let reader = app.store.reader(dana.id)
            for (days, pages) in [(2, 0...20), (1, 20...40)] {
                _ = try await reader.sessions.log(
                    on: entry, startedAt: TestClock.now.addingTimeInterval(-Double(days) * 86_400 - 5_400), minutes: 30,
                    startPage: pages.lowerBound, endPage: pages.upperBound, now: TestClock.now)
            }
            _ = try await reader.sessions.start(on: entry, startPage: 40, now: TestClock.now.addingTimeInterval(-5_400))

            // Four days: Friday, Saturday, Sunday and today — the running session counts up to now.
            let streak = try await app.app.sessions.streak(for: dana2, now: TestClock.now)
            #expect(streak == Streak(current: 4, longest: 4, readToday: true))

            let home = try await browser.get("/")
            #expect(home.text.contains("🔥 4-day streak"), "\(home.text)")
            let widget = try await browser.get("/widget")
            #expect(widget.text.contains("4 days") && widget.text.contains("🔥 4-day streak"))

            let token = try await AccountTools.issueToken(named: "tests", for: dana2, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            let answer = try await api.request(.get, "/api/v1/me/streak").json()
            #expect(answer["current"] as? Int == 4 && answer["readToday"] as? Bool == true)
            let insights = try await api.request(.get, "/api/v1/insights/reading").json()
            #expect(insights["currentStreak"] as? Int == 4)

            // Today is a reading day, so the evening's streak reminder is not owed.
            let board = try await app.app.libraries.figures(of: dana2).figures.streak(at: TestClock.now)
            #expect(board == streak)
        }
    }
}
