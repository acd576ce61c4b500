import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

@testable import BooksTrackApp

@Suite("Achievements counted by the database equal those worked out from the kept library", .today("2026-11-21"))
struct AchievementCountsTests {
    static var today: LocalDate { TestClock.today }

    @Test(
        "A real library with answers, sessions and progress: the database's counts and the library's agree",
        arguments: TestDatabase.available)
    func countsAgree(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let app = BooksTrack(store: store, clock: { TestClock.now })
            var alice = try await store.users.create(name: "alice", now: TestClock.now)
            // Tokyo: a session late in the evening UTC is the next day there.
            var settings = alice.settings
            settings.timeZone = "Asia/Tokyo"
            try await store.users.update(settings: settings, for: alice.id, now: TestClock.now)
            alice = try #require(try await store.users.user(id: alice.id))
            let batch = try LibraryFileReader.read(fileAt: Fixtures.url(Fixtures.goodreadsFiles[2]).path, today: Self.today)
            _ = try await app.imports.importNow(batch, for: alice, fileName: "goodreads.csv", dryRun: false)

            // Answers give regions, languages and contributions; sessions and progress reading days.
            let library = try await store.reader(alice.id).library.whole()
            let read = library.entries.filter { $0.state.status == .read }.prefix(6).map(\.id)
            #expect(read.count == 6)
            for (index, book) in read.enumerated() {
                let (fact, value): (BookFact, String) =
                    switch index % 3 {
                    case 0: (.region, ["africa", "asia", "europe"][index / 3 % 3])
                    case 1: (.originalLanguage, ["fr", "ja"][index / 3 % 2])
                    default: (.gender, "female")
                    }
                _ = try await app.profiling.answer(
                    for: alice, book: book, fact: fact, author: nil, value: value, note: nil, now: TestClock.now)
            }
            let toRead = try #require(library.entries.first { $0.state.status != .read }?.id)
            for day in 0..<3 {
                _ = try await app.sessions.log(
                    on: toRead, startedAt: TestClock.now.addingTimeInterval(Double(day - 5) * 86_400 + 14 * 3_600), minutes: 30,
                    startPage: day * 10, endPage: day * 10 + 10, for: alice, now: TestClock.now)
            }

            let counted = try await store.reader(alice.id).achievements.counts(timeZone: alice.timeZone)
            let kept = try await store.reader(alice.id).library.whole()
            let figures = LibraryFigures(kept, timeZone: alice.timeZone)
            #expect(counted.facts == figures.achievementFacts(contributions: kept.contributions.count))
            #expect(counted.unlocked == Set(kept.achievements.map(\.achievement)))
            // Something to compare: a library where every count is 0 would agree trivially.
            #expect(counted.facts.books > 20)
            #expect(counted.facts.regions >= 2)
            #expect(counted.facts.languages >= 1)
            #expect(counted.facts.ratedBooks > 0)
            #expect(counted.facts.longestStreak >= 3)
            #expect(counted.facts.contributions == 6)
        }
    }

    @Test(
        "An import in a process that keeps no library unlocks what the library earns, as a kept one would",
        arguments: TestDatabase.available)
    func coldImportUnlocks(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.users.create(name: "alice", now: TestClock.now)
            let bob = try await store.users.create(name: "bob", now: TestClock.now)
            // Read once per reader: a parsed file's read-throughs carry their new ids.
            let file = Fixtures.url(Fixtures.goodreadsFiles[2]).path
            // Alice's import as the command line runs it: nothing kept, the database counts.
            let cold = BooksTrack(store: store, clock: { TestClock.now })
            _ = try await cold.imports.importNow(
                try LibraryFileReader.read(fileAt: file, today: Self.today), for: alice, fileName: "goodreads.csv", dryRun: false)
            // Bob's with his library kept first, as a server that showed him a page.
            let warm = BooksTrack(store: store, clock: { TestClock.now })
            _ = try await warm.libraries.library(of: bob.id)
            _ = try await warm.imports.importNow(
                try LibraryFileReader.read(fileAt: file, today: Self.today), for: bob, fileName: "goodreads.csv", dryRun: false)

            let alices = try await store.reader(alice.id).library.whole().achievements.map(\.achievement)
            let bobs = try await store.reader(bob.id).library.whole().achievements.map(\.achievement)
            #expect(!alices.isEmpty)
            #expect(alices == bobs)
            // One notice tells them (more than two at once), and each is in the centre, read.
            #expect(alices.count > Notices.achievementsTold)
            #expect(
                try await cold.notifications.unread(of: alice).map(\.title) == [
                    "🏅 \(alices.count) achievements from your reading"
                ])
            #expect(try await cold.notifications.recent(of: alice).count == alices.count + 1)
        }
    }
}
