import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

@testable import BooksTrackApp

@Suite("A write invalidates the caches of the readers it reaches, and only theirs", .today("2026-11-21"))
struct CacheScopeTests {
    static var today: LocalDate { TestClock.today }

    /// Adds a book by hand and returns its first author.
    static func add(_ title: String, by author: String, for user: User, in store: Store) async throws -> Author.ID {
        let draft = try BookDraft.parse(["title": title, "authors": author, "status": "read"], today: today).get()
        guard case .added(let entryID) = try await store.reader(user.id).books.add(draft, today: today, now: TestClock.now),
            let id = try await store.reader(user.id).browse.detail(of: entryID)?.authors.first?.id
        else { throw CacheScopeError.notAdded }
        return id
    }

    @Test(
        "Changing one author's fact leaves the cached insights of a reader without that author warm",
        arguments: TestDatabase.available)
    func authorFactReachesOnlyItsReaders(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.users.create(name: "alice", now: TestClock.now)
            let bob = try await store.users.create(name: "bob", now: TestClock.now)
            let carol = try await store.users.create(name: "carol", now: TestClock.now)
            let adichie = try await Self.add("Americanah", by: "Chimamanda Ngozi Adichie", for: alice, in: store)
            _ = try await Self.add("Half of a Yellow Sun", by: "Chimamanda Ngozi Adichie", for: carol, in: store)
            _ = try await Self.add("The Remains of the Day", by: "Kazuo Ishiguro", for: bob, in: store)

            let app = BooksTrack(store: store, clock: { TestClock.now })
            let bobBefore = try await app.insights.report(for: bob, InsightRequest(), now: TestClock.now)
            let carolBefore = try await app.insights.report(for: carol, InsightRequest(), now: TestClock.now)
            #expect(carolBefore.report.diversity.regionsRepresented == 0)

            try await store.reader(alice.id).books.recordFacts([(.country, "NG")], about: adichie, now: TestClock.now)

            // Bob does not read Adichie: his version did not move and his cached report is served
            // from the shared table, as another server would find it.
            #expect(try await store.reader(bob.id).insightCache.versions() == bobBefore.versions)
            let key = InsightsService.cacheKey(InsightRequest(), today: bob.today(at: TestClock.now), timeZone: bob.timeZone)
            #expect(try await store.reader(bob.id).insightCache.payload(key: key, versions: bobBefore.versions) != nil)
            #expect(
                try await app.insights.report(for: bob, InsightRequest(), now: TestClock.now).validator == bobBefore.validator)
            // Carol reads Adichie too: her figures follow at once.
            #expect(try await store.reader(carol.id).insightCache.versions() != carolBefore.versions)
            let carolAfter = try await app.insights.report(for: carol, InsightRequest(), now: TestClock.now)
            #expect(carolAfter.report.diversity.regionsRepresented == 1)
            #expect(carolAfter.validator != carolBefore.validator)
        }
    }

    @Test("Editing a book reaches only its reader, even when another reader has the same book", arguments: TestDatabase.available)
    func workEditReachesOnlyItsReaders(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.users.create(name: "alice", now: TestClock.now)
            let bob = try await store.users.create(name: "bob", now: TestClock.now)
            let carol = try await store.users.create(name: "carol", now: TestClock.now)
            _ = try await Self.add("Kindred", by: "Octavia E. Butler", for: alice, in: store)
            _ = try await Self.add("Kindred", by: "Octavia E. Butler", for: carol, in: store)
            _ = try await Self.add("Beloved", by: "Toni Morrison", for: bob, in: store)
            let bobBefore = try await store.reader(bob.id).insightCache.versions()
            let carolBefore = try await store.reader(carol.id).insightCache.versions()
            let entry = try #require(try await store.reader(alice.id).library.whole().entries.first)
            let fields = ["title": "Kindred", "authors": "Octavia E. Butler", "status": "read", "year": "1979"]
            let draft = try BookDraft.parse(fields, today: Self.today).get()
            try await store.reader(alice.id).books.update(entry.id, with: draft, today: Self.today, now: TestClock.now)
            // Alice's edit is to her own copy (SPEC F9): neither Bob nor Carol, who has the same
            // book, is reached; only Alice's figures move.
            #expect(try await store.reader(bob.id).insightCache.versions() == bobBefore)
            #expect(try await store.reader(carol.id).insightCache.versions() == carolBefore)
        }
    }
}

enum CacheScopeError: Error { case notAdded }
