import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

@testable import BooksTrackApp

@Suite("Kept libraries under concurrent requests", .today("2026-11-21"))
struct LibrarySnapshotTests {
    static var today: LocalDate { TestClock.today }

    @Test("An application let go frees the libraries it kept (nothing holds it in a cycle)")
    func releasedWithItsLibraries() async throws {
        try await TestDatabase.sqlite.withStore { (store: Store) async throws in
            let alice = try await store.users.create(name: "alice", now: TestClock.now)
            let batch = try LibraryFileReader.read(fileAt: Fixtures.url(Fixtures.goodreadsFiles[2]).path, today: Self.today)
            _ = try await store.reader(alice.id).imports.import(batch, dryRun: false, now: TestClock.now)
            weak var released: KeptLibraries?
            do {
                let app = BooksTrack(store: store, clock: { TestClock.now })
                _ = try await app.insights.report(for: alice, InsightRequest(scope: .library), now: TestClock.now)
                #expect(app.libraries.keeps(alice.id))
                released = app.libraries
            }
            // A server runs one for its life; the command line and every test make many.
            #expect(released == nil)
        }
    }

    @Test(
        "Every request after a write sees it, however many arrive at once, and on another server too",
        arguments: TestDatabase.available)
    func readYourWrites(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.users.create(name: "alice", now: TestClock.now)
            let batch = try LibraryFileReader.read(fileAt: Fixtures.url(Fixtures.goodreadsFiles[2]).path, today: Self.today)
            _ = try await store.reader(alice.id).imports.import(batch, dryRun: false, now: TestClock.now)
            let one = BooksTrack(store: store, clock: { TestClock.now })
            let other = BooksTrack(store: store, clock: { TestClock.now })
            let request = InsightRequest(scope: .library)

            // Cold: sixteen requests at once on each server all get the whole library.
            let cold = try await Self.books(16, on: [one, other], for: alice, request)
            let before = try #require(cold.first)
            #expect(cold.allSatisfy { $0 == before })

            for round in 1...5 {
                let draft = try BookDraft.parse(
                    ["title": "Patched book \(round)", "authors": "Octavia E. Butler", "status": "read"], today: Self.today
                ).get()
                _ = try await store.reader(alice.id).books.add(draft, today: Self.today, now: TestClock.now)
                let after = try await Self.books(16, on: [one, other], for: alice, request)
                #expect(after.allSatisfy { $0 == before + round }, "round \(round): \(Set(after))")
            }
        }
    }

    /// The library's book count as `count` simultaneous requests spread over the servers see it.
    static func books(_ count: Int, on apps: [BooksTrack], for user: User, _ request: InsightRequest) async throws -> [Int] {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                group.addTask {
                    try await apps[index % apps.count].insights.report(for: user, request, now: TestClock.now).report
                        .libraryBooks
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }
}
