import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackStore

@Suite("Library lists: every filter and sort, the same on both databases")
struct LibraryQueryContractTests {
    static var today: LocalDate { TestClock.today }

    /// Five books with known facts:
    /// - Things Fall Apart: Chinua Achebe (male, NG → Africa), en, 1958, read, shelf "classics"
    /// - Kitchen: Banana Yoshimoto (female, JP → Asia), ja read in en (translated), 1988, read
    /// - Kindred: Octavia E. Butler (female, US), en, 1979, own voices, toRead, shelf "Classics"
    /// - Anonymous Notes: no author, no language, no year, wishlist
    /// - New Voices: Ana Example (no facts), es, 2022, reading
    static func library(_ store: Store) async throws -> ReaderStore {
        let user = try await store.users.create(name: "alice", now: TestClock.now)
        try await store.users.update(
            settings: ReaderSettings(primaryLanguage: LanguageCode(lenient: "en")), for: user.id, now: TestClock.now)
        let reader = store.reader(user.id)
        let books: [([String: String], [(AuthorFactKind, String)])] = [
            (
                [
                    "title": "Things Fall Apart", "authors": "Chinua Achebe", "language": "en", "year": "1958", "status": "read",
                    "shelves": "classics", "rating": "5",
                ],
                [(.gender, "male"), (.country, "NG")]
            ),
            (
                [
                    "title": "Kitchen", "authors": "Banana Yoshimoto", "language": "ja", "edition_language": "en", "year": "1988",
                    "status": "read", "rating": "4",
                ],
                [(.gender, "female"), (.country, "JP")]
            ),
            (
                [
                    "title": "Kindred", "authors": "Octavia E. Butler", "language": "en", "year": "1979", "own_voices": "yes",
                    "status": "toRead", "shelves": "Classics",
                ],
                [(.gender, "female"), (.country, "US")]
            ),
            (["title": "Anonymous Notes", "status": "wishlist"], []),
            (["title": "New Voices", "authors": "Ana Example", "language": "es", "year": "2022", "status": "reading"], []),
        ]
        for (fields, facts) in books {
            let draft = try BookDraft.parse(fields, today: today).get()
            guard case .added(let id) = try await reader.books.add(draft, today: today, now: TestClock.now),
                let author = try await reader.browse.detail(of: id)?.authors.first
            else { continue }
            try await reader.books.recordFacts(facts.map { ($0.0, $0.1) }, about: author.id, now: TestClock.now)
        }
        return reader
    }

    static func titles(_ reader: ReaderStore, _ parameters: [String: String]) async throws -> [String] {
        try await reader.browse.list(LibraryQuery(parameters: parameters), primaryLanguage: LanguageCode(lenient: "en")).items
            .map(
                \.title)
    }

    @Test("Each filter keeps exactly the books it names", arguments: TestDatabase.available)
    func filters(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let reader = try await Self.library(store)
            let expectations: [([String: String], Set<String>)] = [
                (["status": "read"], ["Things Fall Apart", "Kitchen"]),
                (["shelf": "CLASSICS"], ["Things Fall Apart", "Kindred"]),
                (["region": "africa"], ["Things Fall Apart"]),
                (["region": "asia"], ["Kitchen"]),
                (["gender": "female"], ["Kitchen", "Kindred"]),
                (["language": "Japanese"], ["Kitchen"]),
                (["era": "from1951To2000"], ["Things Fall Apart", "Kitchen", "Kindred"]),
                (["era": "from2021"], ["New Voices"]),
                // New Voices: Spanish, edition language unknown, and the reader reads English.
                (["translated": "yes"], ["Kitchen", "New Voices"]),
                (["translated": "no"], ["Things Fall Apart", "Kindred"]),
                (["ownvoices": "yes"], ["Kindred"]),
                (["missing": "region"], ["Anonymous Notes", "New Voices"]),
                (["missing": "gender"], ["Anonymous Notes", "New Voices"]),
                (["missing": "language"], ["Anonymous Notes"]),
                (["missing": "year"], ["Anonymous Notes"]),
                (["missing": "any"], ["Anonymous Notes", "New Voices"]),
                (["q": "butler"], ["Kindred"]),
                (["q": "fall"], ["Things Fall Apart"]),
                (["q": "100%_"], []),
                (["status": "read", "gender": "female"], ["Kitchen"]),
                // The insights charts' windows: read at any time, read or added in a range, up next.
                (["read": "any"], ["Things Fall Apart", "Kitchen"]),
                (["read": "2000-01-01..2000-12-31"], []),
                (
                    ["added": "2026-03-15..2026-03-15"],
                    ["Things Fall Apart", "Kitchen", "Kindred", "Anonymous Notes", "New Voices"]
                ),
                (["added": "2000-01-01..2025-12-31"], []),
                (["tbr": "yes"], ["Kindred", "Anonymous Notes"]),
                (["tbr": "yes", "region": "northAmerica"], ["Kindred"]),
            ]
            for (parameters, expected) in expectations {
                #expect(Set(try await Self.titles(reader, parameters)) == expected, "\(parameters)")
            }
        }
    }

    @Test("Sorts put books without the value last, either way, and ties by title", arguments: TestDatabase.available)
    func sorts(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let reader = try await Self.library(store)
            #expect(
                try await Self.titles(reader, ["sort": "year"]) == [
                    "New Voices", "Kitchen", "Kindred", "Things Fall Apart", "Anonymous Notes",
                ])
            #expect(
                try await Self.titles(reader, ["sort": "year", "order": "asc"]) == [
                    "Things Fall Apart", "Kindred", "Kitchen", "New Voices", "Anonymous Notes",
                ])
            #expect(try await Self.titles(reader, ["sort": "rating"]).prefix(2) == ["Things Fall Apart", "Kitchen"])
            #expect(
                try await Self.titles(reader, ["sort": "author", "order": "asc"]) == [
                    "Things Fall Apart", "Kindred", "New Voices", "Kitchen", "Anonymous Notes",
                ])
            #expect(
                try await Self.titles(reader, ["sort": "title"]) == [
                    "Anonymous Notes", "Kindred", "Kitchen", "New Voices", "Things Fall Apart",
                ])
        }
    }

    @Test(
        "A page from the kept library is the page the SQL gives, for every order both ways, on real libraries",
        arguments: TestDatabase.available)
    func keptPages(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            // Real exports (dates added and read, ratings, years, titles with series markers and
            // accents), two of them in one library so that titles and added days tie.
            let reader = try await store.makeReader("reader")
            try await reader.importFixture(Fixtures.goodreadsFiles[0])
            try await reader.importFixture(Fixtures.goodreadsFiles[2])
            try await reader.importFixture(Fixtures.storyGraph)
            let kept = try await reader.library.whole()
            #expect(kept.entries.count > 150)
            for sort in LibraryQuery.Sort.allCases {
                for order in ["asc", "desc"] {
                    for page in [1, 2, 4] {
                        let query = LibraryQuery(parameters: ["sort": sort.rawValue, "order": order, "page": "\(page)"])
                        let sql = try await reader.browse.list(query, primaryLanguage: nil)
                        let fromKept = try await reader.browse.list(query, primaryLanguage: nil, kept: kept)
                        #expect(fromKept.total == sql.total)
                        #expect(fromKept.items == sql.items, "\(sort) \(order) page \(page)")
                    }
                }
            }
            // A filtered page is not taken from the kept library.
            let filtered = LibraryQuery(parameters: ["status": "read"])
            #expect(kept.page(filtered) == nil)
        }
    }

    @Test("Shelves are counted without regard to case", arguments: TestDatabase.available)
    func shelves(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let reader = try await Self.library(store)
            let shelves = try await reader.browse.shelves()
            #expect(shelves.count == 1 && shelves[0].count == 2)
        }
    }
}
