import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import SQLKit
import Testing

@Suite("Importing the real exports")
struct ImportContractTests {
    @Test(
        "Each Goodreads file: every row accounted for, one entry per row, statuses as the file says",
        arguments: TestDatabase.available, Fixtures.goodreadsFiles)
    func goodreads(database: TestDatabase, path: String) async throws {
        let rows = try IndependentCSV.records(fixture: path)
        var expected: [ReadingStatus: Int] = [:]
        for row in rows { expected[IndependentStatus.goodreads(row), default: 0] += 1 }
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            let report = try await alice.importFixture(path)
            #expect(report.rows == rows.count)
            #expect(report.imported == rows.count)
            #expect(try await alice.statusCounts() == expected)
        }
    }

    @Test(
        "A BookWyrm, an Openreads and a Calibre file import every row once; importing again changes nothing",
        arguments: TestDatabase.available)
    func moreTrackers(database: TestDatabase) async throws {
        let files = [
            "title,author_text,remote_id,isbn_13,start_date,finish_date,rating,shelf,shelf_name,shelf_date\n"
                + "Kindred,Octavia E. Butler,https://example.org/book/1,9780807083055,2024-01-02,2024-01-20,4,read,Read,2024-01-02\n"
                + "Circe,Madeline Miller,https://example.org/book/2,,,,,to-read,To Read,2025-01-01\n",
            "title,author,status,favourite,deleted,rating,olid,readings,date_added\n"
                + "Piranesi,Susanna Clarke,finished,false,false,40,OL1M,2023-01-02T00:00:00.000|2023-01-20T00:00:00.000|,2023-01-01\n",
            "authors,author_sort,title,tags,identifiers,timestamp,uuid\n"
                + "Ursula K. Le Guin,\"Le Guin, Ursula K.\",A Wizard of Earthsea,read,goodreads:13642,2022-01-01,u-1\n",
        ]
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            for file in files {
                let first = try await alice.importText(file)
                #expect(first.imported == first.rows && first.skipped == 0, "\(first.format)")
                let again = try await alice.importText(file)
                #expect(again.unchanged == again.rows, "\(again.format): \(again.outcomes.map(\.kind))")
            }
            #expect(try await alice.statusCounts() == [.read: 3, .wishlist: 1])
        }
    }

    @Test(
        "The StoryGraph file: editions of one book become one entry with the furthest-along status",
        arguments: TestDatabase.available)
    func storyGraph(database: TestDatabase) async throws {
        let rows = try IndependentCSV.records(fixture: Fixtures.storyGraph)
        var books: [String: ReadingStatus] = [:]
        for row in rows {
            let status = IndependentStatus.storyGraph(row)
            let key = fold(row["Title"]!) + "|" + fold(row["Authors"]!.components(separatedBy: ",")[0])
            if let current = books[key], precedence(current) >= precedence(status) { continue }
            books[key] = status
        }
        var expected: [ReadingStatus: Int] = [:]
        for status in books.values { expected[status, default: 0] += 1 }
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            let report = try await alice.importFixture(Fixtures.storyGraph)
            #expect(report.rows == rows.count)
            #expect(report.imported == books.count)
            #expect(report.skipped == rows.count - books.count)
            #expect(report.outcomes.filter { $0.kind == .skipped }.allSatisfy { $0.reason?.contains("merged") == true })
            #expect(try await alice.statusCounts() == expected)
        }
    }

    @Test("The LibraryThing file: copies of one work become one entry", arguments: TestDatabase.available)
    func libraryThing(database: TestDatabase) async throws {
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.url(Fixtures.libraryThingJSON)))
            as! [String: [String: Any]]
        let works = Set(json.values.map { $0["workcode"] as! String })
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            let report = try await alice.importFixture(Fixtures.libraryThingJSON)
            #expect(report.rows == json.count)
            #expect(report.imported == works.count)
            #expect(try await alice.statusCounts() == [.toRead: works.count])
        }
    }

    @Test(
        "Importing the same file twice changes nothing, and the second report says so",
        arguments: TestDatabase.available, Fixtures.allExports)
    func idempotent(database: TestDatabase, path: String) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            let first = try await alice.importFixture(path)
            let library = try await alice.library.whole()
            let counts = try await store.tableCounts()
            let version = try await alice.dataVersion()
            let second = try await alice.importFixture(path)
            #expect(second.imported == 0)
            #expect(second.updated == 0)
            #expect(second.unchanged == first.imported)
            #expect(second.skipped == first.skipped)
            #expect(try await alice.library.whole().entries.sorted { $0.id < $1.id } == library.entries.sorted { $0.id < $1.id })
            var after = try await store.tableCounts()
            after["import_runs"]! -= 1
            after["import_rows"]! -= second.rows
            #expect(after == counts)
            #expect(try await alice.dataVersion() == version)
        }
    }

    @Test("A dry run reports what would happen and writes nothing", arguments: TestDatabase.available)
    func dryRun(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            let before = try await store.tableCounts()
            let report = try await alice.importFixture(Fixtures.goodreadsFiles[0], dryRun: true)
            #expect(report.dryRun)
            #expect(report.imported == 105)
            #expect(try await store.tableCounts() == before)
        }
    }

    @Test("Spot checks after import: quotes, authors, ISBN with X, DNF shelf, non-Latin names", arguments: TestDatabase.available)
    func spotChecks(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            try await alice.importFixture(Fixtures.goodreadsFiles[2])
            try await alice.importFixture(Fixtures.storyGraph)
            let library = try await alice.library.whole()
            func entry(_ title: String) throws -> LibraryEntry {
                try #require(library.entries.first { library.works[$0.workID]?.title == title })
            }
            let whiteFang = try entry("White Fang")
            #expect(whiteFang.state.status == .dnf)
            #expect(whiteFang.state.shelves.contains("kidz"))
            let raintree = try entry("Raintree County")
            #expect(library.editions[raintree.editionID!]?.details.isbn10 == "014023666X")
            #expect(library.works[raintree.workID]?.identifiers.contains(ExternalID(.isbn, "9780140236668")) == true)
            let bright = try entry("The Bright Ages: A New History of Medieval Europe")
            #expect(library.authors(of: bright).map(\.name) == ["David M. Perry", "Matthew Gabriele"])
            let letters = try entry("999 Lá Thư Gửi Cho Chính Mình")
            #expect(library.authors(of: letters).map(\.name) == ["喵公子"])
            let stranger = try entry("The Stranger")
            let translator = library.works[stranger.workID]?.contributors.first { $0.role == .translator }
            #expect(translator.flatMap { library.authors[$0.authorID]?.name } == "Matthew Ward")
            let steinbecks = library.authors.values.filter { $0.nameKey == TextNormalization.nameKey("John Steinbeck") }
            #expect(steinbecks.count == 1)
        }
    }

    @Test(
        "Authors are shared, words are not: two readers importing the same books create each author once, a work each",
        arguments: TestDatabase.available)
    func sharedCatalogue(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            try await alice.importFixture(Fixtures.goodreadsFiles[4])
            let works = try await store.count("works")
            let authors = try await store.count("authors")
            let bob = try await store.makeReader("bob")
            let report = try await bob.importFixture(Fixtures.goodreadsFiles[4])
            #expect(report.imported == 565)
            // Each reader's titles, years and editions are theirs (SPEC F9); the people are shared.
            #expect(try await store.count("works") == 2 * works)
            #expect(try await store.count("authors") == authors)
            #expect(try await bob.browse.statusCounts().values.reduce(0, +) == 565)
            // Importing again matches the reader's own works: nothing new.
            let again = try await bob.importFixture(Fixtures.goodreadsFiles[4])
            #expect(again.imported == 0)
            #expect(try await store.count("works") == 2 * works)
        }
    }

    @Test("Two readers importing the same file at once both succeed without duplicating books", arguments: TestDatabase.available)
    func concurrentImports(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            async let a = alice.importFixture(Fixtures.goodreadsFiles[2])
            async let b = bob.importFixture(Fixtures.goodreadsFiles[2])
            let (ra, rb) = try await (a, b)
            #expect(ra.imported + ra.updated == 112)
            #expect(rb.imported + rb.updated == 112)
            // One work per reader per book: no duplicates within a library, no sharing of words.
            #expect(try await store.count("works") == 224)
            #expect(try await store.count("library_entries") == 224)
        }
    }
}
