import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp

/// KOReader's statistics imported into a real library (issue 41): new books offered, a book the
/// reader has matched and left as it was, sessions that feed the reading figures, and a second
/// import that changes nothing.
@Suite("A KOReader import on both databases", .timeLimit(.minutes(5)))
struct KOReaderImportTests {
    @Test("Sessions join the library once; the books they belong to are matched or added", arguments: TestDatabase.available)
    func importTwice(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let app = BooksTrack(store: store, clock: { TestClock.now })
            let dana = try await store.users.create(name: "dana", now: TestClock.now)
            // Kindred is already in the library, read: KOReader's 40% leaves it read.
            let kindred = try BookDraft.parse(
                ["title": "Kindred", "authors": "Octavia E. Butler", "status": "read", "finished": "2025-06-01"],
                today: TestClock.today
            ).get()
            _ = try await app.library.add(kindred, for: dana, now: TestClock.now)
            let batch = try LibraryFileReader.read(bytes: Fixtures.bytes("koreader/statistics.sqlite3"), today: TestClock.today)

            let preview = try await app.imports.importNow(batch, for: dana, fileName: "statistics.sqlite3", dryRun: true)
            #expect(preview.imported == 2, "Half of a Yellow Sun and Good Omens are offered as new books")
            #expect(preview.skipped == 2)

            let first = try await app.imports.importNow(batch, for: dana, fileName: "statistics.sqlite3", dryRun: false)
            #expect(first.imported == 2 && first.skipped == 2)
            let reader = app.reader(dana)
            let books = try await reader.list(LibraryQuery()).items
            #expect(books.count == 3)
            let kept = try #require(books.first { $0.title == "Kindred" })
            #expect(kept.status == .read, "a book already in the library keeps its status")
            let yellowSun = try #require(books.first { $0.title == "Half of a Yellow Sun" })
            #expect(yellowSun.status == .read)
            var sessions = 0
            for book in books { sessions += try await store.reader(dana.id).sessions.list(of: book.entryID, pageSize: 100).total }
            #expect(sessions == 9 + 3 + 3)

            // The sessions feed the reading figures: all time holds KOReader's reading time.
            let insights = try await app.reading.insights(for: dana, span: .all, now: TestClock.now)
            let minutes = (36_257 + 9_732 + 9_738) / 60
            #expect(abs(insights.current.minutes - minutes) <= 15, "\(insights.current.minutes) against \(minutes)")

            let again = try await app.imports.importNow(batch, for: dana, fileName: "statistics.sqlite3", dryRun: false)
            #expect(again.imported == 0)
            var after = 0
            for book in try await reader.list(LibraryQuery()).items {
                after += try await store.reader(dana.id).sessions.list(of: book.entryID, pageSize: 100).total
            }
            #expect(after == sessions, "a second import adds no session")
            #expect(try await reader.list(LibraryQuery()).items.count == 3)
        }
    }
}
