import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@Suite("Goals: stored goals, milestones recorded once, completion once")
struct GoalContractTests {
    static func goal(_ user: User.ID, kind: Goal.Kind = .books, target: Int = 4) -> Goal {
        Goal(
            userID: user, title: "\(target) \(kind)", kind: kind, target: target, cadence: .year,
            startsOn: LocalDate("2026-01-01")!, endsOn: LocalDate("2026-12-31")!,
            criteria: .init(regions: [.africa]), createdAt: TestClock.now)
    }

    @Test("Create, change, list and delete; another reader sees none of it", arguments: TestDatabase.available)
    func crud(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let dana = store.reader(try await store.users.create(name: "dana", now: TestClock.now).id)
            var goal = Self.goal(dana.userID)
            try await dana.goals.create(goal, now: TestClock.now)
            goal.title = "Four books"
            goal.status = .paused
            try await dana.goals.update(goal, now: TestClock.now)
            let stored = try #require(try await dana.goals.goal(goal.id)?.goal)
            #expect(stored.title == "Four books" && stored.status == .paused && stored.criteria.regions == [.africa])
            let erin = store.reader(try await store.users.create(name: "erin", now: TestClock.now).id)
            #expect(try await erin.goals.all().isEmpty)
            await #expect(throws: StoreError.notFound(.goal(goal.id))) { try await erin.goals.update(goal, now: TestClock.now) }
            await #expect(throws: StoreError.notFound(.goal(goal.id))) { try await erin.goals.delete(goal.id) }
            await #expect(throws: StoreError.notFound(.goal(goal.id))) {
                _ = try await erin.goals.record(milestones: [25], of: goal.id, at: TestClock.now)
            }
            try await dana.goals.delete(goal.id)
            #expect(try await dana.goals.all().isEmpty)
        }
    }

    @Test(
        "Twenty writers crossing the same milestones at once over three servers record each once",
        arguments: TestDatabase.available)
    func milestonesOnce(_ database: TestDatabase) async throws {
        try await RaceContractTests.withThreeServers(database) { stores in
            let user = try await stores[0].users.create(name: "dana", now: TestClock.now)
            let goal = Self.goal(user.id)
            try await stores[0].reader(user.id).goals.create(goal, now: TestClock.now)
            let results = try await withThrowingTaskGroup(of: ([Int], Bool).self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let reader = stores[index % 3].reader(user.id)
                        let new = try await reader.goals.record(milestones: [25, 50], of: goal.id, at: TestClock.now)
                        let completed = try await reader.goals.complete(
                            goal.id, snapshot: Goal.Snapshot(progress: 1, books: 4, pages: 900, countries: 2),
                            at: TestClock.now)
                        return (new, completed)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.flatMap(\.0).sorted() == [25, 50])
            #expect(results.filter(\.1).count == 1)
            let stored = try #require(try await stores[1].reader(user.id).goals.goal(goal.id))
            #expect(stored.milestones.map(\.percent).sorted() == [25, 50])
            #expect(stored.goal.status == .completed && stored.goal.snapshot?.pages == 900)
        }
    }
}
