import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

/// A library kept by an app server and brought up to date from the change log must be the
/// library a fresh read gives, after every kind of write — or the reader sees stale figures.
@Suite("A kept library follows the change log", .today("2026-11-21"))
struct LibraryChangesContractTests {
    static var today: LocalDate { TestClock.today }

    /// The parts of a library the figures read: the entries and what they reach.
    struct Reached: Equatable {
        var entries: [LibraryEntry]
        var works: DenseDictionary<Work.ID, Work>
        var editions: DenseDictionary<Edition.ID, Edition>
        var authors: [Author.ID: Author]
        var sessions: [ReadingSession]
        var settings: ReaderSettings
        var goals: [Goal]
        var milestones: [Milestone]
        var contributions: [Contribution]
        var achievements: [AchievementUnlock]

        init(_ library: ReaderLibrary) {
            entries = library.entries
            works = library.works.filter { id, _ in library.entries.contains { $0.workID == id } }
            editions = library.editions.filter { id, _ in library.entries.contains { $0.editionID == id } }
            let authorIDs = Set(works.values.flatMap { $0.authorIDs + $0.contributors.map(\.authorID) })
            authors = library.authors.filter { authorIDs.contains($0.key) }
            sessions = library.sessions
            settings = library.user.settings
            goals = library.goals
            milestones = library.milestones
            contributions = library.contributions
            achievements = library.achievements
        }
    }

    /// What a book's page shows of an ``EntryDetail``.
    struct Detail: Equatable {
        var entry: LibraryEntry
        var work: Work
        var edition: Edition?
        var authors: [Author]
        var contributors: [String]
        var sessions: [ReadingSession]
        var factHistory: [Author.ID: [AuthorFactAssertion]]
        var percentRead: Int?

        init(_ detail: EntryDetail) {
            (entry, work, edition, authors) = (detail.entry, detail.work, detail.edition, detail.authors)
            contributors = detail.contributors.map { "\($0.author.id.string) \($0.role.rawValue)" }
            (sessions, factHistory, percentRead) = (detail.sessions, detail.factHistory, detail.percentRead)
        }
    }

    @Test(
        "Adds, edits, deletions, sessions, answers, goals, settings, small imports and others' facts are patched in; a big import reloads",
        arguments: TestDatabase.available)
    func followsEveryWrite(_ database: TestDatabase) async throws {
        do {
            try await database.withStore { (store: Store) async throws in
                let alice = try await store.makeReader("alice")
                let bob = try await store.makeReader("bob")
                try await alice.importFixture(Fixtures.goodreadsFiles[2])
                var (version, kept) = try await alice.library.versioned()

                /// Brings the kept library up to date and compares it with a fresh read.
                func follow(_ what: String, patched: Bool) async throws {
                    let changes = try await alice.library.changes(since: version)
                    #expect((changes != nil) == patched, "\(what): patched \(changes != nil)")
                    let fresh = try await alice.library.versioned()
                    if let changes {
                        kept.apply(try await alice.library.patch(for: changes, of: kept))
                        version = changes.version
                    } else {
                        (version, kept) = fresh
                    }
                    #expect(version == fresh.version, "\(what)")
                    #expect(Reached(kept) == Reached(fresh.library), "\(what)")
                    // The library page's rows, names and shelves drawn from the kept library are
                    // the database's.
                    for page in 1...2 {
                        let query = LibraryQuery(parameters: ["page": "\(page)"])
                        #expect(
                            try await alice.browse.list(query, primaryLanguage: nil, kept: kept).items
                                == alice.browse.list(query, primaryLanguage: nil).items, "\(what): page \(page)")
                    }
                    #expect(kept.shelfCounts == (try await alice.browse.shelves()), "\(what)")
                    // A book's page drawn from the kept library is the page the database gives (the
                    // oldest books, and the newest: the ones the writes here add and change).
                    for entry in kept.entries.prefix(15) + kept.entries.suffix(15) {
                        let stored = try #require(try await alice.browse.detail(of: entry.id))
                        let people = stored.authors.map(\.id) + stored.contributors.map(\.author.id)
                        let drawn = try #require(
                            kept.detail(of: entry.id, factHistory: try await alice.browse.factHistory(of: people)))
                        #expect(Detail(drawn) == Detail(stored), "\(what): \(stored.work.title)")
                    }
                    let request = InsightRequest(scope: .library)
                    let timeZone = TimeZone(identifier: "UTC")!
                    #expect(
                        InsightsReport.compute(request, library: kept, today: Self.today, timeZone: timeZone)
                            == InsightsReport.compute(request, library: fresh.library, today: Self.today, timeZone: timeZone),
                        "\(what)")
                }

                let draft = try BookDraft.parse(
                    ["title": "Kindred", "authors": "Octavia E. Butler", "status": "read"], today: Self.today
                ).get()
                guard case .added(let kindred) = try await alice.books.add(draft, today: Self.today, now: TestClock.now) else {
                    Issue.record("Kindred was not added")
                    return
                }
                try await follow("an added book", patched: true)

                #expect(try await alice.books.add(draft, today: Self.today, now: TestClock.now) == .alreadyInLibrary(kindred))
                // A book already there changes nothing: the version stays.
                let none = try await alice.library.changes(since: version)
                #expect(none?.isEmpty == true && none?.version == version)

                let first = try #require(kept.entries.first { $0.id != kindred })
                try await alice.books.changeStatus(of: first.id, to: .dnf, today: Self.today, now: TestClock.now)
                try await follow("a status change", patched: true)

                let edited = try BookDraft.parse(
                    [
                        "title": "Kindred", "authors": "Octavia E. Butler, Damian Duffy", "status": "read", "year": "1979",
                        "pages": "287",
                    ],
                    today: Self.today
                ).get()
                try await alice.books.update(kindred, with: edited, today: Self.today, now: TestClock.now)
                try await follow("an edit that forks the work", patched: true)

                // Bob has Butler too and says where she is from: Alice's copy of her changes.
                _ = try await bob.books.add(draft, today: Self.today, now: TestClock.now)
                let butler = try #require(kept.authors.values.first { $0.name == "Octavia E. Butler" })
                try await bob.books.recordFacts([(.country, "US"), (.gender, "female")], about: butler.id, now: TestClock.now)
                try await follow("another reader's facts about a shared author", patched: true)

                try await alice.books.delete(first.id)
                try await follow("a deleted book", patched: true)

                // The deleted book's work stays in the kept library for a while, and hears of no
                // change since (it is no longer Alice's): the same book added again reads it.
                let gone = try #require(kept.works[first.workID])
                try await store.database.write { db in
                    try await db.raw("UPDATE works SET first_published_year = 1066 WHERE id = \(bind: gone.id.string)").run()
                }
                let again = try BookDraft.parse(
                    ["title": gone.title, "authors": kept.authors(of: first).map(\.name).joined(separator: ", ")],
                    today: Self.today
                ).get()
                guard case .added = try await alice.books.add(again, today: Self.today, now: TestClock.now) else {
                    Issue.record("\(gone.title) was not added again")
                    return
                }
                try await follow("a deleted book added again", patched: true)
                #expect(kept.works.values.contains { $0.id == gone.id && $0.firstPublishedYear == 1066 })

                // Several writes between two reads are patched in together.
                for entry in kept.entries.prefix(5) {
                    try await alice.books.changeStatus(of: entry.id, to: .onHold, today: Self.today, now: TestClock.now)
                }
                try await follow("five status changes", patched: true)

                try await store.users.update(
                    settings: ReaderSettings(primaryLanguage: LanguageCode(lenient: "fr"), timeZone: "UTC"), for: alice.userID,
                    now: TestClock.now)
                try await follow("a settings change", patched: true)

                // An answer to a prompt: the book's own fact, with a contribution and a badge.
                let second = try #require(kept.entries.first { $0.id != kindred })
                _ = try await alice.curation.answer(
                    .firstPublished(1931), for: second.id, note: "On the cover", now: TestClock.now)
                try await follow("an answer about a book", patched: true)
                let author = try #require(kept.works[second.workID]?.authorIDs.first)
                _ = try await alice.curation.answer(
                    .author(author, .gender, "female"), for: second.id, note: nil, now: TestClock.now)
                try await follow("an answer about an author", patched: true)
                try await alice.books.recordFacts([(.country, "NG")], about: author, now: TestClock.now)
                try await follow("the reader's own facts about an author", patched: true)

                try await alice.sessions.record(
                    ReadingSession(
                        userID: alice.userID, entryID: second.id, startedAt: TestClock.now,
                        endedAt: TestClock.now.addingTimeInterval(1800), startPage: 1, endPage: 30),
                    now: TestClock.now)
                try await follow("a recorded session", patched: true)
                try await alice.progress.record(on: second.id, percent: 40, now: TestClock.now)
                try await follow("progress in percent", patched: true)
                let goal = Goal(
                    userID: alice.userID, title: "30 books in 2026", kind: .books, target: 30, cadence: .year,
                    startsOn: LocalDate("2026-01-01")!, endsOn: LocalDate("2026-12-31")!, createdAt: TestClock.now)
                try await alice.goals.record(
                    goal, milestones: [Milestone(goalID: goal.id, percent: 25, reachedAt: TestClock.now)],
                    now: TestClock.now)
                try await follow("a recorded goal", patched: true)
                // Goals and badges the after-write step records are part of the kept library too.
                _ = try await alice.goals.record(milestones: [50], of: goal.id, at: TestClock.now)
                try await follow("a milestone", patched: true)
                _ = try await alice.goals.complete(
                    goal.id, snapshot: Goal.Snapshot(progress: 30, books: 30, pages: 9000, countries: 5), at: TestClock.now)
                try await follow("a completed goal", patched: true)
                try await alice.achievements.record(
                    [AchievementUnlock(achievement: "firstSteps", unlockedAt: TestClock.now)], now: TestClock.now)
                try await follow("an unlocked achievement", patched: true)
                try await alice.goals.create(
                    Goal(
                        userID: alice.userID, title: "Five translated", kind: .books, target: 5, cadence: .year,
                        startsOn: LocalDate("2026-01-01")!, endsOn: LocalDate("2026-12-31")!, createdAt: TestClock.now),
                    now: TestClock.now)
                try await follow("a new goal", patched: true)
                try await alice.goals.delete(goal.id)
                try await follow("a deleted goal", patched: true)

                // An import of a hundred books names them; one of 829 is the whole library.
                try await alice.importFixture(Fixtures.goodreadsFiles[0])
                try await follow("an import of 105 rows", patched: true)
                try await alice.importFixture(Fixtures.goodreadsFiles[0])
                let unchanged = try await alice.library.changes(since: version)
                #expect(unchanged?.isEmpty == true && unchanged?.version == version, "a second import of the same file")
                try await alice.importFixture(Fixtures.goodreadsFiles[3])
                try await follow("an import of 829 rows", patched: false)
            }
        }
    }
}
