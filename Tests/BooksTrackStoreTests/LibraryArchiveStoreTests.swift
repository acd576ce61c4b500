import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import SQLKit
import Testing

@testable import BooksTrackStore

/// The table of library archives (issue 42): a cache of a reader's books, so whatever is in it
/// must read back as the tables give the library, an older archive must never replace a newer
/// one, and bytes that do not read back must be passed over, not shown.
@Suite("Library archives in the store")
struct LibraryArchiveStoreTests {
    @Test("read back as the tables give the library, with the version written", arguments: TestDatabase.available)
    func readBack(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await BackupContractTests.populate(store)
            #expect(try await alice.library.archived() == nil)
            let (version, library) = try await alice.library.versioned()
            try await alice.library.archive(library, at: version, now: TestClock.now)
            let (archivedAt, archived) = try #require(try await alice.library.archived())
            #expect(archivedAt == version)
            #expect(!archived.entries.isEmpty)
            #expect(archived.entries == library.entries)
            #expect(archived.works == library.works)
            #expect(archived.editions == library.editions)
            #expect(archived.authors == library.authors)
            #expect(archived.sessions == library.sessions && archived.goals == library.goals)
            // Another reader has none.
            #expect(try await store.makeReader("bob").library.archived() == nil)
        }
    }

    @Test("an older archive does not replace a newer one", arguments: TestDatabase.available)
    func newerKept(_ database: TestDatabase) async throws {
        try await withReader(on: database) { store, alice in
            let (version, library) = try await alice.library.versioned()
            try await alice.library.archive(library, at: version + 5, now: TestClock.now)
            var fewer = library
            fewer.entries.removeLast()
            try await alice.library.archive(fewer, at: version + 4, now: TestClock.now)
            let (archivedAt, archived) = try #require(try await alice.library.archived())
            #expect(archivedAt == version + 5 && archived.entries.count == library.entries.count)
        }
    }

    @Test("bytes that do not read back are passed over (the library is then read whole)", arguments: TestDatabase.available)
    func damagedPassedOver(_ database: TestDatabase) async throws {
        try await withReader(on: database) { store, alice in
            let (version, library) = try await alice.library.versioned()
            try await alice.library.archive(library, at: version, now: TestClock.now)
            try await store.database.write { db in
                try await db.raw("UPDATE library_archives SET body = \(bind: Data("BTLA not really".utf8))").run()
            }
            #expect(try await alice.library.archived() == nil)
        }
    }

    private func withReader(on database: TestDatabase, _ body: @escaping @Sendable (Store, ReaderStore) async throws -> Void)
        async throws
    {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            try await alice.importFixture(Fixtures.goodreadsFiles[2])
            try await body(store, alice)
        }
    }
}
