import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import PropertyBased
import Testing

@testable import BooksTrackApp
@testable import BooksTrackCore

/// Issue 42: every reader-facing figure is computed from the kept library; where a process that
/// keeps no library must ask the database (a book's page, a page of the list, the achievements
/// counted after a write), that is one named cold path, and it must say what the kept library
/// says — for libraries nobody wrote by hand.
@Suite("The database's cold path says what the kept library says")
struct ColdPathTests {
    static let zones = ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Pacific/Kiritimati"]
    static let statuses = ["read", "currently-reading", "to-read", "wishlist", "did-not-finish"]

    @Test(
        "Generated libraries: statuses, re-reads, sessions across midnight in four time zones, progress, answers, deletions",
        arguments: TestDatabase.available)
    func coldEqualsKept(_ database: TestDatabase) async throws {
        // Each seed makes one library; a failure names its seed, which makes it again.
        await propertyCheck(count: 4, input: Gen.int(in: 0...1_000_000)) { seed in
            try await database.withStore { (store: Store) async throws in
                var random = SeededGenerator(seed: UInt64(seed))
                let app = BooksTrack(store: store, clock: { TestClock.now })
                let user = try await Self.library(seed: seed, random: &random, app: app)
                try await Self.expectAgreement(of: user, app: app, seed: seed)
            }
        }
    }

    /// A reader in one of four time zones with two dozen books, then thirty writes of every kind
    /// through the application, as the faces make them — with the reader's library kept by the
    /// application from the first book on, so every write patches it by the change log.
    static func library(seed: Int, random: inout SeededGenerator, app: BooksTrack) async throws -> User {
        let store = app.store
        var user = try await store.users.create(name: "reader\(seed)", now: TestClock.now)
        var settings = user.settings
        settings.timeZone = zones[seed % zones.count]
        try await store.users.update(settings: settings, for: user.id, now: TestClock.now)
        user = try #require(try await store.users.user(id: user.id))
        let today = user.today(at: TestClock.now)
        var entries: [LibraryEntry.ID] = []
        for number in 0..<24 {
            let status = statuses.randomElement(using: &random)!
            var fields = [
                "title": "Book \(number) of \(seed)", "authors": "Writer \(Int.random(in: 0..<7, using: &random))",
                "status": status, "pages": String(Int.random(in: 80...900, using: &random)),
                "year": String(Int.random(in: 1850...2025, using: &random)),
                "rating": Bool.random(using: &random) ? String(Int.random(in: 1...5, using: &random)) : "",
                "shelves": ["", "favourites", "sci-fi, owned-books"].randomElement(using: &random)!,
            ]
            if status == "read", Bool.random(using: &random) {
                fields["finished"] = today.adding(days: -Int.random(in: 0...700, using: &random)).description
            }
            let draft = try BookDraft.parse(fields, today: today).get()
            if case .added(let id) = try await app.library.add(draft, for: user, now: TestClock.now) { entries.append(id) }
            if number == 0 { _ = try await app.libraries.figures(of: user) }
        }
        // Every kind of write once on its own book (never deleted later, so there is always
        // something of each kind to compare), then at random.
        for step in 0..<30 {
            let kind = step < 7 ? step : Int.random(in: 0..<7, using: &random)
            let entry = step < 7 ? entries[step] : entries.randomElement(using: &random)!
            switch kind {
            case 0:
                let status = [ReadingStatus.read, .reading, .toRead, .dnf, .onHold].randomElement(using: &random)!
                try await app.library.changeStatus(of: entry, to: status, for: user, now: TestClock.now)
            case 1:
                // A re-read: reading again, then read.
                try await app.library.changeStatus(of: entry, to: .read, for: user, now: TestClock.now)
                try await app.library.changeStatus(of: entry, to: .reading, for: user, now: TestClock.now)
                try await app.library.changeStatus(of: entry, to: .read, for: user, now: TestClock.now)
            case 2:
                // Between 20:00 and 23:50 where the reader is, so the session may cross their midnight.
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = user.timeZone
                let midnight = calendar.startOfDay(
                    for: TestClock.now.addingTimeInterval(-Double(Int.random(in: 1...60, using: &random)) * 86_400))
                let start = midnight.addingTimeInterval(Double(Int.random(in: 20 * 60...(23 * 60 + 50), using: &random)) * 60)
                let first = Int.random(in: 0...60, using: &random)
                _ = try? await app.sessions.log(
                    on: entry, startedAt: start,
                    minutes: Int.random(in: 5...90, using: &random), startPage: first,
                    endPage: first + Int.random(in: 1...40, using: &random), for: user, now: TestClock.now)
            case 3:
                if Bool.random(using: &random) {
                    try? await app.sessions.progress(
                        on: entry, page: Int.random(in: 1...80, using: &random), for: user, now: TestClock.now)
                } else {
                    try? await app.sessions.progress(
                        on: entry, percent: Int.random(in: 1...99, using: &random), for: user, now: TestClock.now)
                }
            case 4:
                let (fact, value): (BookFact, String) =
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: (.region, ["africa", "asia", "europe", "south-america"].randomElement(using: &random)!)
                    case 1: (.originalLanguage, ["fr", "ja", "pt"].randomElement(using: &random)!)
                    default: (.gender, ["female", "male", "non-binary"].randomElement(using: &random)!)
                    }
                _ = try? await app.profiling.answer(
                    for: user, book: entry, fact: fact, author: nil, value: value, note: nil, now: TestClock.now)
            case 5:
                guard entries.count > 8, !entries.prefix(7).contains(entry) || step == 5 else { continue }
                try await app.library.delete(entry, for: user, now: TestClock.now)
                entries.removeAll { $0 == entry }
            default:
                if case .started(let session) = try await app.sessions.start(on: entry, for: user, now: TestClock.now) {
                    _ = try? await app.sessions.finish(
                        session.id, endPage: Int.random(in: 1...50, using: &random), for: user,
                        now: TestClock.now.addingTimeInterval(1_800))
                }
            }
        }
        return user
    }

    /// The achievements counted, every book's page and every unfiltered order of the list, from
    /// the database and from the kept library.
    static func expectAgreement(of user: User, app: BooksTrack, seed: Int) async throws {
        let reader = app.store.reader(user.id)
        // The application's kept library and figures, patched write after write: what every page
        // shows. (A fresh whole read must say the same: `LibrarySnapshotTests`, `PatchedFiguresTests`.)
        #expect(app.libraries.keeps(user.id), "seed \(seed)")
        let (kept, figures) = try await app.libraries.figures(of: user)
        // Something to compare: books, re-reads, sessions, progress and answers.
        #expect(kept.entries.count > 10, "seed \(seed)")
        #expect(kept.entries.contains { $0.state.readings.count > 1 }, "seed \(seed): a re-read")
        #expect(!kept.sessions.isEmpty && !kept.progress.isEmpty && !kept.contributions.isEmpty, "seed \(seed)")
        let counted = try await reader.achievements.counts(timeZone: user.timeZone)
        #expect(counted.facts == figures.achievementFacts(contributions: kept.contributions.count), "seed \(seed)")
        #expect(counted.unlocked == Set(kept.achievements.map(\.achievement)), "seed \(seed)")

        for entry in kept.entries {
            let cold = try #require(try await reader.browse.detail(of: entry.id), "seed \(seed)")
            let warm = try #require(kept.detail(of: entry.id), "seed \(seed)")
            #expect(cold.entry == warm.entry, "seed \(seed): \(cold.work.title)")
            #expect(cold.work == warm.work && cold.edition == warm.edition, "seed \(seed): \(cold.work.title)")
            #expect(cold.authors == warm.authors, "seed \(seed): \(cold.work.title)")
            #expect(cold.contributors.map(\.author) == warm.contributors.map(\.author), "seed \(seed)")
            #expect(cold.sessions == warm.sessions, "seed \(seed): \(cold.work.title)")
            #expect(cold.percentRead == warm.percentRead, "seed \(seed): \(cold.work.title)")
        }

        // "Read at some time" (marked read, or a finished read-through): the SQL the list's
        // `read=any` filter and the achievement counts use, and the index's rule.
        let readAny = try await reader.browse.list(LibraryQuery(parameters: ["read": "any"]), primaryLanguage: nil)
        #expect(!readAny.items.isEmpty, "seed \(seed)")
        #expect(
            Set(readAny.items.map(\.entryID)) == Set(figures.index.books.filter(\.readAtSomeTime).map(\.entryID)),
            "seed \(seed)")

        for sort in LibraryQuery.Sort.allCases where sort != .author {
            for order in ["asc", "desc"] {
                let query = LibraryQuery(parameters: ["sort": sort.rawValue, "order": order])
                let cold = try await reader.browse.list(query, primaryLanguage: nil)
                let warm = try await reader.browse.list(query, primaryLanguage: nil, kept: kept)
                #expect(cold.total == warm.total, "seed \(seed), \(sort) \(order)")
                #expect(cold.items == warm.items, "seed \(seed), \(sort) \(order)")
            }
        }
    }
}
