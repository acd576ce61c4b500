import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import SQLKit
import Testing

@Suite("Curation: answers, points, skips and shared author facts", .today("2026-11-21"))
struct CurationContractTests {
    static var today: LocalDate { TestClock.today }

    /// Adds a book by hand and returns its entry.
    @discardableResult
    static func add(_ reader: ReaderStore, _ title: String, by author: String, status: String = "read") async throws
        -> LibraryEntry.ID
    {
        let draft = try BookDraft.parse(["title": title, "authors": author, "status": status], today: today).get()
        switch try await reader.books.add(draft, today: today, now: TestClock.now) {
        case .added(let id), .alreadyInLibrary(let id): return id
        }
    }

    static func authorID(of entry: LibraryEntry.ID, in reader: ReaderStore) async throws -> Author.ID {
        try #require(try await reader.browse.detail(of: entry)?.authors.first?.id)
    }

    @Test(
        "An author answer fills in every book by the author, earns 5 + 5 per further book, and a repeat earns nothing",
        arguments: TestDatabase.available)
    func authorAnswer(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let reader = try await store.makeReader("alice")
            let first = try await Self.add(reader, "Purple Hibiscus", by: "Chimamanda Ngozi Adichie")
            try await Self.add(reader, "Americanah", by: "Chimamanda Ngozi Adichie", status: "toRead")
            try await Self.add(reader, "Half of a Yellow Sun", by: "Chimamanda Ngozi Adichie")
            try await Self.add(reader, "Piranesi", by: "Susanna Clarke")
            let author = try await Self.authorID(of: first, in: reader)
            let versionBefore = try await reader.dataVersion()
            let outcome = try await reader.curation.answer(
                .author(author, .region, "africa"), for: first, note: "  Nigerian-born  ",
                now: TestClock.now)
            #expect(outcome.books == 3)
            #expect(outcome.points == 15)
            #expect(outcome.contribution?.value == "africa")
            #expect(outcome.contribution?.note == "Nigerian-born")
            #expect(try await reader.dataVersion() > versionBefore)
            let library = try await reader.library.whole()
            let regions = library.entries.map { library.authors(of: $0).first?.region }
            #expect(regions.filter { $0 == .africa }.count == 3)
            // The same answer again (a double submit) changes nothing and earns nothing.
            let again = try await reader.curation.answer(
                .author(author, .region, "africa"), for: first, note: nil, now: TestClock.now.addingTimeInterval(1)
            )
            #expect(again.contribution == nil && again.points == 0)
            #expect(try await reader.curation.contributions().count == 1)
            let history = try await store.catalogue.factHistory(of: author)
            #expect(history.count == 1)
            #expect(history.first?.provenance == Provenance(source: .user, userID: reader.userID, recordedAt: TestClock.now))
        }
    }

    @Test(
        "A reader's answer wins over Wikidata; confirming an automatic fact is a contribution",
        arguments: TestDatabase.available)
    func readerWins(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let reader = try await store.makeReader("alice")
            let entry = try await Self.add(reader, "Things Fall Apart", by: "Chinua Achebe")
            let author = try await Self.authorID(of: entry, in: reader)
            try await store.catalogue.record(
                AuthorFactAssertion(
                    kind: .gender, value: "female", provenance: Provenance(source: .wikidata, recordedAt: TestClock.now)),
                about: author, now: TestClock.now)
            let confirmed = try await reader.curation.answer(
                .author(author, .gender, "male"), for: entry, note: nil, now: TestClock.now.addingTimeInterval(-60)
            )
            #expect(confirmed.points == 5)
            // A later automatic lookup does not override the reader, even though it is newer.
            try await store.catalogue.record(
                AuthorFactAssertion(
                    kind: .gender, value: "female",
                    provenance: Provenance(source: .wikidata, recordedAt: TestClock.now.addingTimeInterval(3600))),
                about: author, now: TestClock.now)
            #expect(try await store.catalogue.author(id: author)?.gender?.value == .male)
        }
    }

    @Test(
        "Work answers: language, year, own voices, an accessibility tag and the reading language (making an edition)",
        arguments: TestDatabase.available)
    func workAnswers(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let reader = try await store.makeReader("alice")
            let entry = try await Self.add(reader, "Norwegian Wood", by: "Haruki Murakami")
            for change: FactChange in [
                .originalLanguage(LanguageCode(lenient: "ja")!), .firstPublished(1987), .ownVoices(.no),
                .accessibility("audiobook"), .accessibility("large print"), .readingLanguage(LanguageCode(lenient: "en")!),
            ] {
                let outcome = try await reader.curation.answer(change, for: entry, note: nil, now: TestClock.now)
                #expect(outcome.points == 5, "\(change)")
            }
            let repeated = try await reader.curation.answer(
                .accessibility("audiobook"), for: entry, note: nil, now: TestClock.now)
            #expect(repeated.points == 0)
            let detail = try #require(try await reader.browse.detail(of: entry))
            #expect(detail.work.originalLanguage?.code == "ja")
            #expect(detail.work.firstPublishedYear == 1987)
            #expect(detail.work.ownVoices == .no)
            #expect(detail.work.accessibilityTags == ["audiobook", "large print"])
            #expect(detail.edition?.details.language?.code == "en")
            let facts = BookFacts(
                entry: detail.entry, work: detail.work, edition: detail.edition, authors: detail.authors, primaryLanguage: nil)
            #expect(facts.translated == true)
        }
    }

    @Test(
        "Skips are remembered per book and question; a skip saves no fact and no points",
        arguments: TestDatabase.available)
    func skips(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let reader = try await store.makeReader("alice")
            let entry = try await Self.add(reader, "Kindred", by: "Octavia E. Butler")
            let before = try await store.tableCounts()
            try await reader.curation.skip(.gender, for: entry, now: TestClock.now)
            try await reader.curation.skip(.gender, for: entry, now: TestClock.now.addingTimeInterval(60))
            let skips = try await reader.curation.promptSkips()
            #expect(skips.count == 1)
            #expect(skips.first?.fact == .gender)
            #expect(skips.first?.skippedAt == TestClock.now.addingTimeInterval(60))
            #expect(try await store.tableCounts() == before)
            let bob = try await store.makeReader("bob")
            await #expect(throws: StoreError.notFound(.entry(entry))) {
                try await bob.curation.skip(.gender, for: entry, now: TestClock.now)
            }
            #expect(try await bob.curation.promptSkips().isEmpty)
        }
    }

    @Test(
        "Two readers answer about the same author: both see the latest answer, the history keeps both, libraries stay apart",
        arguments: TestDatabase.available)
    func twoReaders(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            let aliceBook = try await Self.add(alice, "Beloved", by: "Toni Morrison")
            let bobBook = try await Self.add(bob, "Sula", by: "Toni Morrison")
            let author = try await Self.authorID(of: aliceBook, in: alice)
            #expect(try await Self.authorID(of: bobBook, in: bob) == author)
            _ = try await alice.curation.answer(
                .author(author, .gender, "female"), for: aliceBook, note: nil, now: TestClock.now)
            #expect(try await bob.library.whole().authors[author]?.gender?.value == .female)
            _ = try await bob.curation.answer(
                .author(author, .region, "northAmerica"), for: bobBook, note: nil,
                now: TestClock.now.addingTimeInterval(10))
            _ = try await alice.curation.answer(
                .author(author, .region, "caribbean"), for: aliceBook, note: nil,
                now: TestClock.now.addingTimeInterval(20))
            for reader in [alice, bob] {
                #expect(try await reader.library.whole().authors[author]?.region == .caribbean)
            }
            let history = try await store.catalogue.factHistory(of: author).filter { $0.kind == .region }
            #expect(history.map(\.provenance.userID) == [bob.userID, alice.userID])
            // Each keeps their own contributions; neither sees the other's library.
            #expect(try await alice.curation.contributions().count == 2)
            #expect(try await bob.curation.contributions().count == 1)
            #expect(try await alice.library.whole().entries.map(\.id) == [aliceBook])
            #expect(try await bob.library.whole().entries.map(\.id) == [bobBook])
            await #expect(throws: StoreError.notFound(.entry(aliceBook))) {
                try await bob.curation.answer(
                    .author(author, .gender, "male"), for: aliceBook, note: nil, now: TestClock.now)
            }
        }
    }

    @Test("The Curator badge unlocks with the fifth contribution, once", arguments: TestDatabase.available)
    func curatorBadge(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let reader = try await store.makeReader("alice")
            let entry = try await Self.add(reader, "Station Eleven", by: "Emily St. John Mandel")
            let changes: [FactChange] = [
                .originalLanguage(LanguageCode(lenient: "en")!), .firstPublished(2014), .ownVoices(.no),
                .accessibility("audiobook"), .accessibility("braille"), .accessibility("easy read"),
            ]
            var unlocked: [Bool] = []
            for change in changes {
                unlocked.append(
                    try await reader.curation.answer(change, for: entry, note: nil, now: TestClock.now)
                        .unlockedCurator)
            }
            #expect(unlocked == [false, false, false, false, true, false])
            #expect(try await reader.library.whole().achievements.map(\.achievement) == ["curator"])
            #expect(CuratorStanding(try await reader.curation.contributions()).level?.name == "Curator")
        }
    }

    @Test(
        "A book's question context counts the reader's books by each author and their languages",
        arguments: TestDatabase.available)
    func promptContext(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let reader = try await store.makeReader("alice")
            let first = try await Self.add(reader, "Beloved", by: "Toni Morrison")
            try await Self.add(reader, "Sula", by: "Toni Morrison")
            let author = try await Self.authorID(of: first, in: reader)
            _ = try await reader.curation.answer(
                .originalLanguage(LanguageCode(lenient: "fr")!), for: first, note: nil,
                now: TestClock.now)
            let context = try await reader.curation.promptContext(authors: [author], primaryLanguage: LanguageCode(lenient: "de"))
            #expect(context.booksByAuthor == [author: 2])
            #expect(context.languages.map(\.code) == ["de", "fr", "en"])
        }
    }
}
