import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp

@Suite("Recurring goals start their next period once; the ended one stays frozen")
struct RecurringGoalTests {
    /// TestClock.now is Sunday 2026-03-15: the week from Monday 2026-03-09.
    static func weekly(_ user: User.ID, status: Goal.Status = .active, recurring: Bool = true) -> Goal {
        Goal(
            userID: user, title: "Two a week", kind: .books, target: 2, cadence: .week, recurring: recurring,
            startsOn: LocalDate("2026-02-23")!, endsOn: LocalDate("2026-03-01")!, status: status,
            createdAt: TestClock.now.addingTimeInterval(-20 * 86_400))
    }

    @Test(
        "An ended weekly goal carries into today's week once, even with twenty requests at once",
        arguments: TestDatabase.available)
    func rollsOverOnce(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let app = BooksTrack(store: store, clock: { TestClock.now })
            let dana = try await store.users.create(name: "dana", now: TestClock.now)
            let reader = store.reader(dana.id)
            let ended = Self.weekly(dana.id)
            let paused = Self.weekly(dana.id, status: .paused)
            let abandoned = Self.weekly(dana.id, status: .abandoned)
            let once = Self.weekly(dana.id, recurring: false)
            for goal in [ended, paused, abandoned, once] { try await reader.goals.create(goal, now: TestClock.now) }
            // A book finished in the ended week counts there, and only there.
            let draft = try BookDraft.parse(
                ["title": "Kindred", "authors": "Octavia E. Butler", "status": "read", "finished": "2026-02-25"],
                today: LocalDate("2026-03-15")!
            ).get()
            _ = try await app.library.add(draft, for: dana, now: TestClock.now)

            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 { group.addTask { _ = try await app.goals.goals(for: dana, now: TestClock.now) } }
                try await group.waitForAll()
            }
            let goals = try await app.goals.goals(for: dana, now: TestClock.now)
            #expect(goals.count == 6, "one new goal for each recurring goal not abandoned")
            let new = goals.filter { $0.goal.startsOn == LocalDate("2026-03-09") }
            #expect(new.count == 2)
            #expect(
                new.allSatisfy { $0.goal.endsOn == LocalDate("2026-03-15") && $0.goal.recurring && $0.goal.title == "Two a week" }
            )
            #expect(Set(new.map(\.goal.status)) == [.active, .paused])
            #expect(new.allSatisfy { $0.progress.current == 0 }, "the book of an earlier week does not count in this one")
            let old = try #require(goals.first { $0.goal.id == ended.id })
            #expect(!old.goal.recurring && old.progress.current == 1 && old.progress.pace == .ended)
            #expect(goals.first { $0.goal.id == abandoned.id }?.goal.recurring == true, "an abandoned goal does not start again")

            // The next week's goal starts again once that week has ended too.
            let later = TestClock.now.addingTimeInterval(9 * 86_400)
            let next = try await app.goals.goals(for: dana, now: later)
            #expect(next.filter { $0.goal.startsOn == LocalDate("2026-03-23") }.count == 2)
        }
    }

    @Test("A completion story says what is not known instead of counting 0 pages or 0 countries")
    func storySaysWhatIsUnknown() {
        #expect(
            Goal.Snapshot(progress: 1, books: 30, pages: 9_450, countries: 12).summary
                == "30 books · 9,450 pages · 12 countries")
        #expect(
            Goal.Snapshot(progress: 1, books: 3, pages: 0, countries: 0).summary
                == "3 books · page counts not known · authors’ countries not known")
        #expect(
            Goal.Snapshot(progress: 1, books: 1, pages: 320, countries: 1).summary == "1 book · 320 pages · 1 country")
        #expect(
            Goal.Snapshot(progress: 1, books: 6, pages: 1_800, countries: 5, regions: [.africa, .asia, .oceania]).summary
                == "6 books · 1,800 pages · 5 countries · regions reached: Africa, Asia and Oceania")
    }
}
