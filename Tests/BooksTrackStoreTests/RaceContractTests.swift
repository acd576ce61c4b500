import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

/// Double submits as a self-hoster meets them: three servers (three connection pools) on one
/// database, twenty identical writes at once.
@Suite("Racing identical writes make one book, one author, no error", .today("2026-11-21"))
struct RaceContractTests {
    static var today: LocalDate { TestClock.today }

    /// Runs `body` with three stores open on one new database, as three servers would be.
    static func withThreeServers(_ database: TestDatabase, _ body: ([Store]) async throws -> Void) async throws {
        let (location, cleanup) = try await database.makeDatabase()
        do {
            try await Store.withStore(location, clock: TestClock.wall) { (a: Store) async throws in
                try await Store.withStore(location, clock: TestClock.wall) { (b: Store) async throws in
                    try await Store.withStore(location, clock: TestClock.wall) { (c: Store) async throws in
                        try await body([a, b, c])
                    }
                }
            }
            try await cleanup()
        } catch {
            try? await cleanup()
            throw error
        }
    }

    @Test("20 identical adds spread over three servers: one book, every answer names it", arguments: TestDatabase.available)
    func identicalAdds(_ database: TestDatabase) async throws {
        try await Self.withThreeServers(database) { stores in
            let user = try await stores[0].users.create(name: "dana", now: TestClock.now)
            let draft = try BookDraft.parse(
                ["title": "Kindred", "authors": "Octavia E. Butler", "isbn": "9780807083697", "status": "read"], today: Self.today
            ).get()
            let outcomes = try await withThrowingTaskGroup(of: BookStore.AddOutcome.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await stores[index % 3].reader(user.id).books.add(draft, today: Self.today, now: TestClock.now)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let added = outcomes.compactMap { if case .added(let id) = $0 { id } else { nil } }
            let found = outcomes.compactMap { if case .alreadyInLibrary(let id) = $0 { id } else { nil } }
            #expect(added.count == 1)
            #expect(Set(found) == Set(added))
            #expect(try await stores[1].count("library_entries") == 1)
            #expect(try await stores[2].count("works") == 1)
            #expect(try await stores[0].count("authors") == 1)
        }
    }

    @Test("10 identical goal creations at once over three servers make one goal", arguments: TestDatabase.available)
    func identicalGoals(_ database: TestDatabase) async throws {
        try await Self.withThreeServers(database) { stores in
            let user = try await stores[0].users.create(name: "dana", now: TestClock.now)
            let made = try await withThrowingTaskGroup(of: Goal.ID.self) { group in
                for index in 0..<10 {
                    group.addTask {
                        let goal = Goal(
                            userID: user.id, title: "30 books", kind: .books, target: 30, cadence: .year,
                            startsOn: LocalDate("2026-01-01")!, endsOn: LocalDate("2026-12-31")!, createdAt: TestClock.now)
                        return try await stores[index % 3].reader(user.id).goals.create(goal, now: TestClock.now).id
                    }
                }
                return try await group.reduce(into: Set<Goal.ID>()) { $0.insert($1) }
            }
            #expect(made.count == 1, "every request is answered with the one goal")
            #expect(try await stores[1].count("goals") == 1)
            // The same goal again later is a second goal: the reader meant it.
            let later = Goal(
                userID: user.id, title: "30 books", kind: .books, target: 30, cadence: .year,
                startsOn: LocalDate("2026-01-01")!, endsOn: LocalDate("2026-12-31")!, createdAt: TestClock.now)
            try await stores[2].reader(user.id).goals.create(later, now: TestClock.now.addingTimeInterval(60))
            #expect(try await stores[1].count("goals") == 2)
        }
    }

    @Test(
        "16 readers of one author changing its facts at once over three servers: every change saved, no deadlock",
        arguments: TestDatabase.available)
    func concurrentFactChanges(_ database: TestDatabase) async throws {
        try await Self.withThreeServers(database) { stores in
            var users: [User] = []
            for index in 0..<16 { users.append(try await stores[0].users.create(name: "reader\(index)", now: TestClock.now)) }
            let draft = try BookDraft.parse(["title": "Kindred", "authors": "Octavia E. Butler"], today: Self.today).get()
            var author: Author.ID?
            for user in users {
                guard
                    case .added(let entry) = try await stores[0].reader(user.id).books.add(
                        draft, today: Self.today, now: TestClock.now)
                else { continue }
                author = try await stores[0].reader(user.id).browse.detail(of: entry)?.authors.first?.id
            }
            let authorID = try #require(author)
            let before = try await stores[0].reader(users[0].id).dataVersion()
            // Each round's facts are new (a later time), so every write inserts and takes the
            // foreign-key locks that, with the old FOR UPDATE, closed a cycle (40P01).
            for round in 0..<6 {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, user) in users.enumerated() {
                        group.addTask {
                            try await stores[index % 3].reader(user.id).books.recordFacts(
                                [(.country, index.isMultiple(of: 2) ? "NG" : "US")], about: authorID,
                                now: TestClock.now.addingTimeInterval(Double(round * 60 + index)))
                        }
                    }
                    try await group.waitForAll()
                }
            }
            #expect(try await stores[1].count("author_facts") == 16 * 6)
            #expect(try await stores[2].reader(users[0].id).dataVersion() >= before + 16 * 6)
        }
    }

    @Test("20 readers adding a book by the same new author at once: one author row, shared", arguments: TestDatabase.available)
    func sameNewAuthor(_ database: TestDatabase) async throws {
        try await Self.withThreeServers(database) { stores in
            var users: [User] = []
            for index in 0..<20 { users.append(try await stores[0].users.create(name: "reader\(index)", now: TestClock.now)) }
            let draft = try BookDraft.parse(["title": "Parable of the Sower", "authors": "Octavia E. Butler"], today: Self.today)
                .get()
            let entries = try await withThrowingTaskGroup(of: (User.ID, LibraryEntry.ID?).self) { group in
                for (index, user) in users.enumerated() {
                    group.addTask {
                        let outcome = try await stores[index % 3].reader(user.id).books.add(
                            draft, today: Self.today, now: TestClock.now)
                        if case .added(let id) = outcome { return (user.id, id) }
                        return (user.id, nil)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(entries.allSatisfy { $0.1 != nil })
            #expect(try await stores[0].count("authors") == 1)
            #expect(try await stores[0].count("works") == 20)  // each reader's words are theirs
            var authorIDs = Set<Author.ID>()
            for (userID, entryID) in entries {
                let entry = try #require(entryID)
                let detail = try #require(try await stores[1].reader(userID).browse.detail(of: entry))
                authorIDs.formUnion(detail.authors.map(\.id))
            }
            #expect(authorIDs.count == 1)
        }
    }

    @Test("One file imported 10 times at once over three servers: its books once", arguments: TestDatabase.available)
    func identicalImports(_ database: TestDatabase) async throws {
        try await Self.withThreeServers(database) { stores in
            let alice = try await stores[0].users.create(name: "alice", now: TestClock.now)
            let bob = try await stores[0].users.create(name: "bob", now: TestClock.now)
            let bytes = try Fixtures.bytes(Fixtures.goodreadsFiles[2])
            let reports = try await withThrowingTaskGroup(of: ImportReport.self) { group in
                for index in 0..<10 {
                    let user = index.isMultiple(of: 2) ? alice : bob
                    group.addTask {
                        // Each request parses its own upload, as each server does.
                        let batch = try LibraryFileReader.read(bytes: bytes, today: Self.today)
                        return try await stores[index % 3].reader(user.id).imports.import(
                            batch, dryRun: false, now: TestClock.now)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(reports.map(\.imported).reduce(0, +) == 224)  // 112 books, once for each reader
            #expect(try await stores[0].reader(alice.id).browse.statusCounts().values.reduce(0, +) == 112)
            #expect(try await stores[1].reader(bob.id).browse.statusCounts().values.reduce(0, +) == 112)
            #expect(try await stores[2].count("works") == 224)
        }
    }
}
