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
                        try await stores[index % 3].reader(user.id).achievements.record(
                            [
                                AchievementUnlock(
                                    achievement: "bookworm", unlockedAt: TestClock.now.addingTimeInterval(Double(index))),
                                AchievementUnlock(achievement: "firstSteps", unlockedAt: TestClock.now),
                            ], now: TestClock.now)
                    }
                }
                try await group.waitForAll()
            }
            let stored = try await stores[1].reader(user.id).achievements.standing().achievements
            #expect(stored.map(\.achievement).sorted() == ["bookworm", "firstSteps"])
            #expect(try await stores[2].reader(other.id).achievements.standing().achievements.isEmpty)
            // Each unlock was stored with its notification, once: one notification per badge.
            let notices = try await stores[0].reader(user.id).notifications.recent(unreadOnly: true)
            #expect(
                notices.map(\.title).sorted()
                    == ["🐛 Achievement unlocked: Bookworm", "📖 Achievement unlocked: First Steps"].sorted())
            #expect(try await stores[1].reader(other.id).notifications.recent(unreadOnly: true).isEmpty)
        }
    }

    @Test(
        "Many achievements at once (an import of years of reading) are one unread notice; each is kept, already read",
        arguments: TestDatabase.available)
    func manyAtOnce(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let user = try await store.users.create(name: "dana", now: TestClock.now)
            let reader = store.reader(user.id)
            let four = ["firstSteps", "bookworm", "avidReader", "libraryMaster"].map {
                AchievementUnlock(achievement: $0, unlockedAt: TestClock.now)
            }
            #expect(try await reader.achievements.record(four, now: TestClock.now) == 1)
            let unread = try await reader.notifications.recent(unreadOnly: true)
            #expect(unread.map(\.title) == ["🏅 4 achievements from your reading"])
            #expect(unread.first?.body.contains("Bookworm") == true)
            let all = try await reader.notifications.recent(unreadOnly: false)
            #expect(all.count == 5)
            #expect(all.filter { $0.readAt != nil }.count == 4)
            // The folded ones are not owed to a webhook either: only the one that tells them.
            try await reader.webhook.set("https://ntfy.example/topic", now: TestClock.now.addingTimeInterval(-60))
            #expect(
                try await reader.webhook.undelivered(now: TestClock.now).map(\.notification.title) == [
                    "🏅 4 achievements from your reading"
                ])
            // Asked again: nothing new.
            #expect(try await reader.achievements.record(four, now: TestClock.now) == 0)
            // Two at once are told one by one, as before.
            let other = try await store.users.create(name: "erin", now: TestClock.now)
            let two = Array(four.prefix(2))
            #expect(try await store.reader(other.id).achievements.record(two, now: TestClock.now) == 2)
        }
    }
}
