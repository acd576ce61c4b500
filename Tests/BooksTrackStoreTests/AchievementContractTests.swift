import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@Suite("Achievements: an unlock is stored once, however many writers store it")
struct AchievementContractTests {
    @Test(
        "Twenty writers over three servers unlocking the same achievement store it once", arguments: TestDatabase.available)
    func unlockOnce(_ database: TestDatabase) async throws {
        try await RaceContractTests.withThreeServers(database) { stores in
            let user = try await stores[0].users.create(name: "dana", now: TestClock.now)
            let other = try await stores[0].users.create(name: "erin", now: TestClock.now)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await stores[index % 3].reader(user.id).record(
                            achievements: [
                                AchievementUnlock(
                                    achievement: "bookworm", unlockedAt: TestClock.now.addingTimeInterval(Double(index))),
                                AchievementUnlock(achievement: "firstSteps", unlockedAt: TestClock.now),
                            ], now: TestClock.now)
                    }
                }
                try await group.waitForAll()
            }
            let stored = try await stores[1].reader(user.id).noticeStanding().achievements
            #expect(stored.map(\.achievement).sorted() == ["bookworm", "firstSteps"])
            #expect(try await stores[2].reader(other.id).noticeStanding().achievements.isEmpty)
            // Each unlock was stored with its notification, once: one notification per badge.
            let notices = try await stores[0].reader(user.id).notifications(unreadOnly: true)
            #expect(
                notices.map(\.title).sorted()
                    == ["🐛 Achievement unlocked: Bookworm", "📖 Achievement unlocked: First Steps"].sorted())
            #expect(try await stores[1].reader(other.id).notifications(unreadOnly: true).isEmpty)
        }
    }
}
