import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Reminders: opt-in, in the reader's evening, once, to the notification centre and the webhook", .timeLimit(.minutes(5)))
struct ReminderWebTests {
    @Test("A reader turns the reminders on; in their evening the streak reminder and the Sunday check-in arrive once")
    func reminders() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await WebHarness.run { app in
            let (_, owner) = try await app.signedInReader("olive")
            _ = try await owner.get("/account")
            try await owner.post("/account/webhook/policy", ["allow_private": "on"])
            let (dana, browser) = try await app.signedInReader("dana")
            // TestClock.now is Sunday 15 March 2026, 12:00 UTC: 21:00 in Tokyo.
            try await app.store.users.update(settings: ReaderSettings(timeZone: "Asia/Tokyo"), for: dana.id, now: TestClock.now)
            let (entry, _) = try await InsightsWebTests.book(
                "Kindred", by: "Octavia E. Butler", facts: [], language: nil, finished: nil, status: "reading", for: dana,
                in: app)
            // Read on Friday and Saturday, not yet today: a 2-day streak to keep.
            for (days, pages) in [(2, 0...20), (1, 20...40)] {
                _ = try await app.store.reader(dana.id).sessions.log(
                    on: entry, startedAt: TestClock.now.addingTimeInterval(-Double(days) * 86_400), minutes: 30,
                    startPage: pages.lowerBound, endPage: pages.upperBound, now: TestClock.now)
            }
            try await browser.post("/goals", ["template": "read-women"])
            _ = try await browser.get("/account")
            try await browser.post("/account/webhook", ["webhook_url": receiver.url()])

            let account = try await browser.get("/account")
            #expect(account.text.contains("Notifications and reminders"))
            #expect(account.body.contains(#"name="kind_achievement" value="on" checked"#))
            #expect(!account.body.contains(#"name="kind_streakReminder" value="on" checked"#), "reminders are opt-in")
            #expect(account.text.contains("Reminders follow your time zone, Asia/Tokyo."))
            #expect(await app.app.reminders.sendDue(now: TestClock.now) == 0, "nobody asked for reminders")

            let saved = try await browser.post(
                "/account/notifications",
                ["kind_achievement": "on", "kind_goal": "on", "kind_streakReminder": "on", "kind_weeklyCheckIn": "on"])
            #expect(saved.location == "/account#notifications")
            #expect(try await browser.follow(saved).text.contains("Your choice of notifications is saved."))
            #expect(try await app.store.jobs.jobs(kind: ReminderService.jobKind).count == 1, "the looks have started")

            // The job looks at once (the runner's clock says 21:00 on Sunday in Tokyo) and again
            // every 15 minutes; a second look finds nothing new to say today.
            var centre = try await browser.get("/notifications")
            for _ in 0..<100 where !(centre.text.contains("🔥") && centre.text.contains("📅")) {
                try await Task.sleep(for: .milliseconds(50))
                centre = try await browser.get("/notifications")
            }
            #expect(await app.app.reminders.sendDue(now: TestClock.now.addingTimeInterval(600)) == 0, "once a day")
            let next = try #require(try await app.store.jobs.jobs(kind: ReminderService.jobKind).first)
            #expect(next.status == .queued && next.lastError == nil, "the next look is queued")
            #expect(centre.text.contains("🔥 Read today to keep your 2-day streak"))
            #expect(centre.text.contains("📅 Weekly check-in: your goal"))
            #expect(centre.text.contains("Read women: 50%: No book with a known gender yet (target 50%)"))

            var delivered: [String] = []
            for _ in 0..<100 where delivered.count < 2 {
                delivered = try await receiver.received().map(\.body)
                if delivered.count < 2 { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(delivered.count == 2)
            #expect(delivered.contains { $0.hasPrefix("A few pages before midnight keep it going.") })
            #expect(delivered.contains { $0.hasPrefix("Read women: 50%: ") })

            // Reading today: no streak reminder tomorrow evening is owed for today.
            _ = try await app.store.reader(dana.id).sessions.log(
                on: entry, startedAt: TestClock.now.addingTimeInterval(86_400 - 3600), minutes: 20, startPage: 40, endPage: 50,
                now: TestClock.now.addingTimeInterval(86_400))
            #expect(await app.app.reminders.sendDue(now: TestClock.now.addingTimeInterval(86_400)) == 0)

            // Achievements turned off: an unlock is stored, but not announced.
            try await browser.post("/account/notifications", ["kind_goal": "on"])
            let reading = try await browser.get("/insights/reading")
            #expect(reading.body.contains(#"id="achievement-firstSteps""#))
            let kinds = try await app.store.reader(dana.id).notifications.recent(unreadOnly: false).map(\.kind)
            #expect(!kinds.contains("achievement"))
        }
    }

    @Test("The API reads and changes the choice of notifications; kinds not sent keep theirs")
    func api() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let defaults = try await api.request(.get, "/api/v1/me/notification-settings").json()
            #expect(defaults["achievement"] as? Bool == true && defaults["streakReminder"] as? Bool == false)
            let saved = try await api.request(.put, "/api/v1/me/notification-settings", json: ["weeklyCheckIn": true])
            #expect(saved.status == .ok)
            let now = try saved.json()
            #expect(now["weeklyCheckIn"] as? Bool == true && now["achievement"] as? Bool == true)
            #expect(try await app.store.jobs.jobs(kind: ReminderService.jobKind).count == 1)
            let wrong = try await api.request(.put, "/api/v1/me/notification-settings", json: ["weeklyCheckIn": "yes"])
            #expect(wrong.status == .unprocessableContent)
            let unknown = try await api.request(.put, "/api/v1/me/notification-settings", json: ["sms": true])
            #expect(unknown.status == .unprocessableContent)
        }
    }
}
