import BooksTrackCore
import BooksTrackImport
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackStore

/// On SQLite a whole library is read straight through SQLite's C interface (`SQLiteRowReader`,
/// `WholeLibraryRows`); what it gives must be exactly what the SQLKit read gives — every entry
/// with its shelves and readings, every work with its contributors in order and identifiers,
/// editions, authors with their facts' history — or the figures, the exports and the kept
/// libraries would differ from a fresh read.
@Suite("A whole library read through SQLite's C interface")
struct WholeLibraryReadTests {
    @Test("gives the same library as the SQLKit read, for each reader and only their books")
    func sameLibrary() async throws {
        try await TestDatabase.sqlite.withStore { (store: Store) async throws in
            let alice = try await BackupContractTests.populate(store)
            // Another reader sharing authors (and a work's facts) with alice, with books of their own.
            let bob = try await store.makeReader("bob")
            try await bob.importFixture(Fixtures.goodreadsFiles[0])
            try await bob.importFixture(Fixtures.goodreadsFiles[2])
            let rowReader = try #require(store.database.rowReader)
            for reader in [alice, bob] {
                let fast = try await reader.library.whole(rowReader: rowReader)
                let kit = try await reader.library.whole(rowReader: nil)
                #expect(!fast.entries.isEmpty)
                #expect(fast.entries.allSatisfy { $0.userID == reader.userID })
                #expect(fast.entries == kit.entries)
                #expect(fast.works == kit.works)
                #expect(fast.editions == kit.editions)
                #expect(fast.authors == kit.authors)
                #expect(fast.entries.contains { !$0.state.readings.isEmpty && !$0.state.shelves.isEmpty })
                #expect(fast.works.values.contains { $0.identifiers.count > 1 })
            }
            // Alice's library has a fact recorded by Wikidata and one by her, both read back.
            let london = try #require(try await alice.library.whole().authors.values.first { $0.name == "Jack London" })
            #expect(london.country?.value == CountryCode(lenient: "US") && london.gender?.value == .male)
        }
    }

    @Test("reads what was committed by the pool's connections, and says what failed in words")
    func seesCommittedWrites() async throws {
        try await TestDatabase.sqlite.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            try await alice.importFixture(Fixtures.goodreadsFiles[2])
            let before = try await alice.library.whole().entries.count
            let draft = try BookDraft.parse(
                ["title": "A book added just now", "authors": "Octavia E. Butler", "status": "read"],
                today: LocalDate(year: 2026, month: 11, day: 21)!
            ).get()
            _ = try await alice.books.add(draft, today: LocalDate(year: 2026, month: 11, day: 21)!, now: TestClock.now)
            let after = try await alice.library.whole()
            #expect(after.entries.count == before + 1)
            #expect(after.entries.contains { after.works[$0.workID]?.title == "A book added just now" })

            let rowReader = try #require(store.database.rowReader)
            let error = await #expect(throws: StoreError.self) {
                try await rowReader.read { try $0.execute("SELECT * FROM no_such_table") }
            }
            #expect(error.map { "\($0)" }?.contains("no such table") == true)
        }
    }

    @Test("orders entries by their ids' bits exactly as by their text")
    func idOrder() {
        let user = User.ID.random()
        let entries = (0..<2_000).map { _ in
            LibraryEntry(userID: user, workID: .random(), state: EntryState(status: .toRead), createdAt: TestClock.now)
        }
        let ordered = EntryRows.inIDOrder(entries.shuffled())
        #expect(ordered.map(\.id.string) == entries.map(\.id.string).sorted())
    }
}
