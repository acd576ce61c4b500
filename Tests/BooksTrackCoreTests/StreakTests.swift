import BooksTrackCore
import Foundation
import Testing

@Suite("Streaks: reading days in the reader's time zone (SPEC §4, the seeds' known bugs pinned)")
struct StreakTests {
    static func instant(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
    static func day(_ text: String) -> LocalDate { LocalDate(text)! }

    func streak(
        sessions: [(String, String?)] = [], progress: [String] = [], finished: [String] = [], zone: String, now: String
    ) -> Streak {
        ReadingDays(
            finished: finished.map(Self.day), progress: progress.map(Self.instant),
            sessions: sessions.map { (start: Self.instant($0.0), end: $0.1.map(Self.instant)) },
            timeZone: TimeZone(identifier: zone)!
        ).streak(at: Self.instant(now))
    }

    @Test("The first reading day counts: one day is a 1-day streak")
    func firstDay() {
        let streak = streak(progress: ["2026-03-15T09:00:00Z"], zone: "UTC", now: "2026-03-15T20:00:00Z")
        #expect(streak == Streak(current: 1, longest: 1, readToday: true))
        #expect(streak.message.hasPrefix("🔥 1-day streak"))
        #expect(self.streak(zone: "UTC", now: "2026-03-15T20:00:00Z").message == "Read today to start a streak")
    }

    @Test("Yesterday keeps the streak alive until today ends; a missed day ends it")
    func alive() {
        let progress = ["2026-03-12T09:00:00Z", "2026-03-13T09:00:00Z", "2026-03-14T09:00:00Z"]
        let alive = streak(progress: progress, zone: "UTC", now: "2026-03-15T20:00:00Z")
        #expect(alive == Streak(current: 3, longest: 3, readToday: false))
        #expect(alive.message == "Read today to keep your 3-day streak")
        #expect(streak(progress: progress, zone: "UTC", now: "2026-03-16T08:00:00Z").current == 0)
        let longer = streak(
            progress: progress + ["2026-03-01T09:00:00Z", "2026-03-15T21:00:00Z"], finished: ["2026-03-02", "2026-03-16"],
            zone: "UTC",
            now: "2026-03-16T10:00:00Z")
        #expect(longer == Streak(current: 5, longest: 5, readToday: true))
        #expect(longer.message == "🔥 5-day streak")
    }

    @Test("A session crossing midnight counts for both days")
    func crossingMidnight() {
        let streak = streak(
            sessions: [("2026-03-14T23:30:00Z", "2026-03-15T00:40:00Z")], zone: "UTC", now: "2026-03-15T12:00:00Z")
        #expect(streak == Streak(current: 2, longest: 2, readToday: true))
    }

    @Test("The same instants make different days in Tokyo, Los Angeles and Berlin")
    func threeTimeZones() {
        // 23:30 UTC on the 14th and 08:00 UTC on the 15th.
        let sessions: [(String, String?)] = [
            ("2026-03-14T23:30:00Z", "2026-03-14T23:50:00Z"), ("2026-03-15T08:00:00Z", "2026-03-15T08:30:00Z"),
        ]
        // Tokyo (UTC+9): both on the 15th → one day.
        #expect(
            streak(sessions: sessions, zone: "Asia/Tokyo", now: "2026-03-15T10:00:00Z")
                == Streak(current: 1, longest: 1, readToday: true))
        // Los Angeles (UTC−7 in March): the 14th 16:30 and the 15th 01:00 → two days.
        #expect(
            streak(sessions: sessions, zone: "America/Los_Angeles", now: "2026-03-15T10:00:00Z")
                == Streak(current: 2, longest: 2, readToday: true))
        // Berlin (UTC+1): the 15th 00:30 and 09:00 → one day; at 23:30 UTC on the 15th it is already the 16th there.
        #expect(
            streak(sessions: sessions, zone: "Europe/Berlin", now: "2026-03-15T10:00:00Z")
                == Streak(current: 1, longest: 1, readToday: true))
        #expect(
            streak(sessions: sessions, zone: "Europe/Berlin", now: "2026-03-15T23:30:00Z")
                == Streak(current: 1, longest: 1, readToday: false))
    }

    @Test("Daylight-saving days (23 and 25 hours long) are one day each")
    func daylightSaving() {
        // Europe/Berlin springs forward on 29 March 2026 and falls back on 25 October 2026.
        let spring = ["2026-03-28T21:00:00Z", "2026-03-29T21:00:00Z", "2026-03-30T21:00:00Z"]  // 22:00, 23:00, 23:00 local
        #expect(
            streak(progress: spring, zone: "Europe/Berlin", now: "2026-03-30T21:30:00Z")
                == Streak(current: 3, longest: 3, readToday: true))
        let autumn = ["2026-10-24T22:30:00Z", "2026-10-25T23:30:00Z"]  // 00:30 on the 25th, 00:30 on the 26th local
        #expect(
            streak(progress: autumn, zone: "Europe/Berlin", now: "2026-10-26T08:00:00Z")
                == Streak(current: 2, longest: 2, readToday: true))
    }

    @Test("A running session counts up to now; a wrong clock cannot make thousands of days")
    func running() {
        #expect(streak(sessions: [("2026-03-14T23:00:00Z", nil)], zone: "UTC", now: "2026-03-15T00:30:00Z").current == 2)
        // The days kept with the library count the running session's first day only; asked at
        // a later moment, they reach it.
        let days = ReadingDays(
            finished: [], progress: [], sessions: [(start: Self.instant("2026-03-14T23:00:00Z"), end: nil)],
            timeZone: TimeZone(identifier: "UTC")!)
        #expect(days.days.count == 1)
        #expect(days.days(at: Self.instant("2026-03-16T00:30:00Z")).count == 3)
        #expect(
            streak(sessions: [("2020-01-01T00:00:00Z", "2026-01-01T00:00:00Z")], zone: "UTC", now: "2026-03-15T00:30:00Z").longest
                == 4)
    }

    @Test("The end page rules: not past the book, not before the start unless corrected")
    func endPages() {
        #expect(SessionRules.check(end: 120, start: 100, pageCount: 300, correction: false) == nil)
        #expect(SessionRules.check(end: 301, start: 100, pageCount: 300, correction: false) == .beyondBook(pages: 300))
        #expect(SessionRules.check(end: 90, start: 100, pageCount: 300, correction: false) == .beforeStart(start: 100))
        #expect(SessionRules.check(end: 90, start: 100, pageCount: 300, correction: true) == nil)
        #expect(SessionRules.check(end: -1, start: 0, pageCount: nil, correction: true) == .negative)
        #expect(SessionRules.check(end: 5000, start: 0, pageCount: nil, correction: false) == nil)
    }
}

@Suite("Reminders: due in the reader's evening, Sunday's check-in, opt-in")
struct ReminderRuleTests {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let on = NotificationPreferences([.streakReminder: true, .weeklyCheckIn: true])
    let goal = Reminders.RunningGoal(title: "30 books in 2026", summary: "24 / 30 books (80%)", outlook: "6 books to go")
    /// Sunday 15 March 2026 at `hour`:00 in Tokyo.
    func sunday(_ hour: Int) -> Date { Date(timeIntervalSince1970: 1_773_576_000 + Double(hour - 21) * 3600) }

    @Test("The streak reminder comes from 19:00 local, only with a run of two days or more and nothing read today")
    func streak() {
        #expect(Reminders.due(now: sunday(18), timeZone: tokyo, preferences: on, streak: 12, readToday: false, goals: []).isEmpty)
        let due = Reminders.due(now: sunday(19), timeZone: tokyo, preferences: on, streak: 12, readToday: false, goals: [])
        #expect(due.map(\.title) == ["🔥 Read today to keep your 12-day streak"])
        #expect(due.first?.key == "reminder:streak:2026-03-15")
        #expect(Reminders.due(now: sunday(20), timeZone: tokyo, preferences: on, streak: 12, readToday: true, goals: []).isEmpty)
        #expect(Reminders.due(now: sunday(20), timeZone: tokyo, preferences: on, streak: 1, readToday: false, goals: []).isEmpty)
        // 19:00 in Tokyo is 10:00 in UTC: not the evening there.
        let utc = TimeZone(identifier: "UTC")!
        #expect(Reminders.due(now: sunday(19), timeZone: utc, preferences: on, streak: 12, readToday: false, goals: []).isEmpty)
        // Off by default.
        #expect(
            Reminders.due(
                now: sunday(20), timeZone: tokyo, preferences: NotificationPreferences(), streak: 12, readToday: false,
                goals: [goal]
            ).isEmpty)
    }

    @Test("The check-in comes on Sunday from 18:00 local with each running goal, and not without one")
    func checkIn() {
        let due = Reminders.due(now: sunday(18), timeZone: tokyo, preferences: on, streak: 0, readToday: false, goals: [goal])
        #expect(due.map(\.title) == ["📅 Weekly check-in: your goal"])
        #expect(due.first?.body == "30 books in 2026: 24 / 30 books (80%) — 6 books to go.")
        #expect(due.first?.key == "reminder:weekly:2026-03-15")
        #expect(
            Reminders.due(now: sunday(17), timeZone: tokyo, preferences: on, streak: 0, readToday: false, goals: [goal]).isEmpty)
        #expect(Reminders.due(now: sunday(18), timeZone: tokyo, preferences: on, streak: 0, readToday: false, goals: []).isEmpty)
        // Saturday evening.
        let saturday = sunday(20).addingTimeInterval(-86_400)
        #expect(
            Reminders.due(now: saturday, timeZone: tokyo, preferences: on, streak: 0, readToday: false, goals: [goal]).isEmpty)
        #expect(NotificationPreferences().allows(kind: "test"), "a webhook test cannot be turned off")
    }
}
