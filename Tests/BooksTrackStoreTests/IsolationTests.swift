import BooksTrackCore
import BooksTrackImport
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import SQLKit
import Testing

@testable import BooksTrackStore

@Suite("One reader's library is invisible to another", .today("2026-11-21"))
struct IsolationTests {
    @Test("Reader B cannot read A's entries, imports or library by id", arguments: TestDatabase.available)
    func scoping(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            try await alice.importFixture(Fixtures.goodreadsFiles[2])
            let aliceEntry = try #require(try await alice.library.whole().entries.first)
            let aliceRun = try #require(try await alice.imports.runs().first)
            #expect(try await alice.browse.entry(aliceEntry.id) != nil)
            #expect(try await bob.browse.entry(aliceEntry.id) == nil)
            #expect(try await bob.imports.run(aliceRun.id) == nil)
            #expect(try await bob.imports.runs().isEmpty)
            #expect(try await bob.library.whole().entries.isEmpty)
            #expect(try await bob.browse.statusCounts().isEmpty)
            await #expect(throws: StoreError.notFound(.entry(aliceEntry.id))) {
                try await bob.sessions.record(
                    ReadingSession(userID: bob.userID, entryID: aliceEntry.id, startedAt: TestClock.now, startPage: 1),
                    now: TestClock.now)
            }
            #expect(try await store.count("reading_sessions") == 0)
        }
    }

    @Test("Another reader's import never changes this reader's figures", arguments: TestDatabase.available)
    func independence(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            try await alice.importFixture(Fixtures.goodreadsFiles[2])
            let before = try await alice.library.whole().entries.sorted { $0.id < $1.id }
            let version = try await alice.dataVersion()
            try await bob.importFixture(Fixtures.goodreadsFiles[2])
            try await bob.importText(
                "Book Id,Title,Author,Exclusive Shelf,My Rating\n257233,Raintree County,Ross Lockridge Jr.,to-read,1\n")
            #expect(try await alice.library.whole().entries.sorted { $0.id < $1.id } == before)
            #expect(try await alice.dataVersion() == version)
        }
    }

    static var today: LocalDate { TestClock.today }

    static func draft(_ fields: [String: String]) throws -> BookDraft.Checked {
        try BookDraft.parse(fields, today: today).get()
    }

    static func added(_ outcome: BookStore.AddOutcome) throws -> LibraryEntry.ID {
        guard case .added(let id) = outcome else { throw StoreError.invalid(.untitledBook) }
        return id
    }

    @Test("Leak 1: B editing the same book (title, year, language) never changes A's entry", arguments: TestDatabase.available)
    func editStaysPrivate(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            let fields = ["title": "Kindred", "authors": "Octavia E. Butler", "status": "read", "year": "1979", "language": "en"]
            let aliceEntry = try Self.added(
                try await alice.books.add(try Self.draft(fields), today: Self.today, now: TestClock.now))
            let bobEntry = try Self.added(try await bob.books.add(try Self.draft(fields), today: Self.today, now: TestClock.now))
            let aliceBefore = try #require(try await alice.browse.detail(of: aliceEntry))
            let aliceVersion = try await alice.dataVersion()
            var changed = fields
            changed["title"] = "Kindred (my annotated copy)"
            changed["year"] = "1980"
            changed["language"] = "fr"
            try await bob.books.update(bobEntry, with: try Self.draft(changed), today: Self.today, now: TestClock.now)
            _ = try await bob.curation.answer(.ownVoices(.yes), for: bobEntry, note: nil, now: TestClock.now)
            let aliceAfter = try #require(try await alice.browse.detail(of: aliceEntry))
            #expect(aliceAfter.work.title == "Kindred")
            #expect(aliceAfter.work.firstPublishedYear == 1979)
            #expect(aliceAfter.work.originalLanguage?.code == "en")
            #expect(aliceAfter.work.ownVoices == nil)
            #expect(aliceAfter.work == aliceBefore.work)
            #expect(try await alice.dataVersion() == aliceVersion)
            let bobAfter = try #require(try await bob.browse.detail(of: bobEntry))
            #expect(bobAfter.work.title == "Kindred (my annotated copy)" && bobAfter.work.ownVoices == .yes)
            // The people stay shared: both books are by the same author.
            #expect(bobAfter.authors.map(\.id) == aliceAfter.authors.map(\.id))
        }
    }

    @Test("Leak 2: B's Goodreads row with A's Book Id shows B's title, not A's", arguments: TestDatabase.available)
    func importStaysPrivate(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            try await alice.importText(
                "Book Id,Title,Author,Exclusive Shelf,Original Publication Year\n4242,Alice's Private Title,Some Author,read,1999\n"
            )
            try await bob.importText(
                "Book Id,Title,Author,Exclusive Shelf,Original Publication Year\n4242,The Real Title,Some Author,read,2001\n")
            let bobLibrary = try await bob.library.whole()
            let bobWork = try #require(bobLibrary.works.values.first)
            #expect(bobWork.title == "The Real Title" && bobWork.firstPublishedYear == 2001)
            let aliceWork = try #require(try await alice.library.whole().works.values.first)
            #expect(aliceWork.title == "Alice's Private Title" && aliceWork.firstPublishedYear == 1999)
            // Bob's re-import matches his own book, not Alice's.
            let again = try await bob.importText(
                "Book Id,Title,Author,Exclusive Shelf\n4242,The Real Title,Some Author,read\n")
            #expect(again.imported == 0)
            #expect(try await bob.library.whole().entries.count == 1)
        }
    }

    @Test(
        "Leak 3: B adding by the ISBN of A's hand-typed book sees B's words, not A's title or invented author",
        arguments: TestDatabase.available)
    func isbnStaysPrivate(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            let aliceEntry = try Self.added(
                try await alice.books.add(
                    try Self.draft([
                        "title": "My Secret Diary Title", "authors": "Invented Person", "isbn": "9780807083697", "status": "read",
                    ]), today: Self.today, now: TestClock.now))
            let invented = try #require(try await alice.browse.detail(of: aliceEntry)?.authors.first)
            try await alice.books.recordFacts([(.gender, "female")], about: invented.id, now: TestClock.now)
            let bobEntry = try Self.added(
                try await bob.books.add(
                    try Self.draft([
                        "title": "Kindred", "authors": "Octavia E. Butler", "isbn": "9780807083697", "status": "read",
                    ]),
                    today: Self.today, now: TestClock.now))
            let bobDetail = try #require(try await bob.browse.detail(of: bobEntry))
            #expect(bobDetail.work.title == "Kindred")
            #expect(bobDetail.authors.map(\.name) == ["Octavia E. Butler"])
            let bobLibrary = try await bob.library.whole()
            #expect(!bobLibrary.authors.values.contains { $0.name == "Invented Person" })
            #expect(!bobLibrary.works.values.contains { $0.title == "My Secret Diary Title" })
            #expect(try await alice.browse.detail(of: aliceEntry)?.work.title == "My Secret Diary Title")
        }
    }

    @Test(
        "Migration 10 gives each reader their own copy of a book they shared, and drops works nobody has",
        arguments: TestDatabase.available)
    func migrationSplitsSharedWorks(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            let fields = ["title": "Kindred", "authors": "Octavia E. Butler", "isbn": "9780807083697", "status": "read"]
            let aliceEntry = try Self.added(
                try await alice.books.add(try Self.draft(fields), today: Self.today, now: TestClock.now))
            let bobEntry = try Self.added(try await bob.books.add(try Self.draft(fields), today: Self.today, now: TestClock.now))
            let aliceWork = try #require(try await alice.browse.detail(of: aliceEntry)?.work.id)
            let bobWork = try #require(try await bob.browse.detail(of: bobEntry)?.work.id)
            // Make the state before migration 10: one shared work, no owners, an orphan.
            try await store.database.write { db in
                try await db.raw("DELETE FROM external_ids WHERE work_id = \(bind: bobWork.string)").run()
                try await db.raw(
                    "UPDATE library_entries SET work_id = \(bind: aliceWork.string), edition_id = NULL WHERE work_id = \(bind: bobWork.string)"
                ).run()
                try await db.raw("UPDATE works SET owner_id = NULL").run()
            }
            try await store.database.write { db in try await WorkOwnership.assignOwners(now: TestClock.now, on: db) }
            let aliceAfter = try #require(try await alice.browse.detail(of: aliceEntry))
            let bobAfter = try #require(try await bob.browse.detail(of: bobEntry))
            // Both added it at the same instant: one keeps the original, the other has a copy.
            #expect(Set([aliceAfter.work.id, bobAfter.work.id]).count == 2)
            #expect([aliceAfter.work.id, bobAfter.work.id].contains(aliceWork))
            #expect(aliceAfter.work.title == "Kindred" && bobAfter.work.title == "Kindred")
            #expect(bobAfter.work.identifiers == aliceAfter.work.identifiers)
            #expect(try await store.count("works") == 2)  // the orphan went; one each
            let unowned = try await store.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM works WHERE owner_id IS NULL").first()?.decode(
                    column: "n", as: Int.self)
            }
            #expect(unowned == 0)
        }
    }

    @Test("Facts about an author are shared: what one reader records, the other sees", arguments: TestDatabase.available)
    func sharedFacts(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            try await alice.importText("Book Id,Title,Author,Exclusive Shelf\n1,Americanah,Chimamanda Ngozi Adichie,read\n")
            try await bob.importText(
                "Book Id,Title,Author,Exclusive Shelf\n2,Half of a Yellow Sun,chimamanda  ngozi adichie,to-read\n")
            let author = try #require(try await store.catalogue.author(named: "Chimamanda Ngozi Adichie"))
            try await store.catalogue.record(
                AuthorFactAssertion(
                    kind: .country, value: "NG",
                    provenance: Provenance(source: .user, userID: alice.userID, recordedAt: TestClock.now)),
                about: author.id, now: TestClock.now)
            let bobsView = try await bob.library.whole()
            #expect(bobsView.authors.values.map(\.region) == [.africa])
            #expect(try await store.count("authors") == 1)
        }
    }

    @Test("A person's fact stands against later automatic ones; the history keeps them all", arguments: TestDatabase.available)
    func factHistory(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            try await alice.importText("Book Id,Title,Author,Exclusive Shelf\n1,Freshwater,Akwaeke Emezi,read\n")
            let author = try #require(try await store.catalogue.author(named: "Akwaeke Emezi"))
            func say(_ value: String, _ source: FactSource, _ minutes: Double) async throws {
                try await store.catalogue.record(
                    AuthorFactAssertion(
                        kind: .gender, value: value,
                        provenance: Provenance(
                            source: source, userID: source == .user ? alice.userID : nil,
                            recordedAt: TestClock.now.addingTimeInterval(minutes * 60))),
                    about: author.id, now: TestClock.now)
            }
            try await say("female", .wikidata, 1)
            try await say("nonBinary", .user, 2)
            try await say("female", .wikidata, 3)
            let current = try #require(try await store.catalogue.author(id: author.id))
            #expect(current.gender?.value == .nonBinary)
            #expect(current.gender?.provenance.userID == alice.userID)
            #expect(try await store.catalogue.factHistory(of: author.id).count == 3)
            await #expect(throws: StoreError.self) {
                try await store.catalogue.record(
                    AuthorFactAssertion(
                        kind: .gender, value: "Woman", provenance: Provenance(source: .user, recordedAt: TestClock.now)),
                    about: author.id, now: TestClock.now)
            }
        }
    }
}

@Suite("Failures leave the library as it was")
struct RollbackTests {
    @Test("A database error half-way through an import rolls everything back", arguments: TestDatabase.available)
    func rollback(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            try await alice.importFixture(Fixtures.goodreadsFiles[0])
            try await store.database.write { db in
                switch store.database.dialect {
                case .sqlite:
                    try await db.raw(
                        """
                        CREATE TRIGGER fail_reading BEFORE INSERT ON readings WHEN NEW.finished_on = '2019-06-15'
                        BEGIN SELECT RAISE(ABORT, 'simulated disk failure'); END
                        """
                    ).run()
                case .postgres:
                    try await db.raw(
                        """
                        CREATE FUNCTION fail_reading() RETURNS trigger AS $$
                        BEGIN IF NEW.finished_on = '2019-06-15' THEN RAISE EXCEPTION 'simulated disk failure'; END IF; RETURN NEW; END
                        $$ LANGUAGE plpgsql
                        """
                    ).run()
                    try await db.raw(
                        "CREATE TRIGGER fail_reading BEFORE INSERT ON readings FOR EACH ROW EXECUTE FUNCTION fail_reading()"
                    ).run()
                }
            }
            let before = try await store.tableCounts()
            let library = try await alice.library.whole().entries.sorted { $0.id < $1.id }
            let csv = """
                Book Id,Title,Author,Exclusive Shelf,Date Read
                901,Fresh Book One,New Author,read,2019/06/14
                902,Fresh Book Two,Other Author,read,2019/06/15

                """
            await #expect(throws: (any Error).self) { try await alice.importText(csv) }
            #expect(try await store.tableCounts() == before)
            #expect(try await alice.library.whole().entries.sorted { $0.id < $1.id } == library)
        }
    }

    @Test(
        "A newer export from another tracker keeps the readings and review the first one brought",
        arguments: TestDatabase.available)
    func crossSourceKeepsHistory(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            try await alice.importText(
                "Book Id,Title,Author,Exclusive Shelf,Date Read,My Review\n1,Beloved,Toni Morrison,read,2021/05/09,Devastating.\n"
            )
            let report = try await alice.importText(
                "Title,Authors,Read Status,Owned?,Tags\nBeloved,Toni Morrison,read,Yes,classics\n")
            #expect(report.updated == 1)
            #expect(report.outcomes.first?.changes == ["now owned", "shelves"])
            let entry = try #require(try await alice.library.whole().entries.first)
            #expect(entry.state.readings.map(\.finishedOn) == [LocalDate(year: 2021, month: 5, day: 9)])
            #expect(entry.state.review == "Devastating.")
        }
    }
}
