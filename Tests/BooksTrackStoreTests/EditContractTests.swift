import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

/// Editing a book: every field a reader changes is saved, and an edit of the reader's own fields
/// alone (a rating, a shelf) leaves the work and its edition untouched.
@Suite("Editing a book saves what changed", .today("2026-11-21"))
struct EditContractTests {
    static var today: LocalDate { TestClock.today }
    static let base = [
        "title": "Kindred", "authors": "Octavia E. Butler", "translators": "", "isbn": "9780807083697", "pages": "264",
        "year": "1979", "language": "en", "edition_language": "en", "format": "paperback", "publisher": "Beacon Press",
        "own_voices": "yes", "status": "read", "rating": "4",
    ]

    @Test(
        "A rating alone leaves the work as it was; each catalogue field changed alone is saved", arguments: TestDatabase.available
    )
    func eachFieldSaved(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            guard
                case .added(let entry) = try await alice.books.add(
                    try BookDraft.parse(Self.base, today: Self.today).get(), today: Self.today, now: TestClock.now)
            else {
                Issue.record("not added")
                return
            }
            func workStamp() async throws -> Int? {
                try await store.database.read { db in
                    try await db.raw("SELECT w.updated_at AS t FROM works w JOIN library_entries e ON e.work_id = w.id").first()?
                        .decode(column: "t", as: Int.self)
                }
            }
            func save(_ changed: [String: String]) async throws -> EntryDetail {
                let draft = try BookDraft.parse(Self.base.merging(changed) { $1 }, today: Self.today).get()
                try await alice.books.update(entry, with: draft, today: Self.today, now: TestClock.now.addingTimeInterval(60))
                return try #require(try await alice.browse.detail(of: entry))
            }

            let stamp = try await workStamp()
            let rated = try await save(["rating": "5", "shelves": "favourites"])
            #expect(rated.entry.state.rating == Rating(quarters: 20))
            #expect(rated.entry.state.shelves == ["favourites"])
            #expect(try await workStamp() == stamp, "a rating and a shelf do not rewrite the work")
            // The same draft again changes nothing of the work either.
            _ = try await save(["rating": "5", "shelves": "favourites"])
            #expect(try await workStamp() == stamp)

            #expect(try await save(["title": "Kindred: A Novel"]).work.title == "Kindred: A Novel")
            #expect(
                try await save(["authors": "Octavia Butler, Damian Duffy"]).authors.map(\.name) == [
                    "Octavia Butler", "Damian Duffy",
                ])
            #expect(try await save(["translators": "Someone Else"]).contributors.map(\.author.name) == ["Someone Else"])
            #expect(try await save(["language": "fr"]).work.originalLanguage?.code == LanguageCode(lenient: "fr")?.code)
            #expect(try await save(["year": "1980"]).work.firstPublishedYear == 1980)
            #expect(try await save(["own_voices": "no"]).work.ownVoices == .no)
            #expect(try await save(["pages": "300"]).edition?.details.pageCount == 300)
            #expect(try await save(["publisher": "Headline"]).edition?.details.publisher == "Headline")
            #expect(
                try await save(["edition_language": "de"]).edition?.details.language?.code == LanguageCode(lenient: "de")?.code)
            let isbn = try await save(["isbn": "9780340952573"])
            #expect(isbn.work.identifiers.contains(ExternalID(.isbn, "9780340952573")))
            #expect(try await workStamp() != stamp)
        }
    }
}
