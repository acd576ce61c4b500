import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

@Suite("Reading sessions: one at a time, pages checked, progress and the streak", .today("2026-11-21"))
struct SessionContractTests {
    static var today: LocalDate { TestClock.today }

    /// A reader with one 300-page book being read, on page 40.
    static func reader(_ store: Store, name: String = "dana") async throws -> (ReaderStore, LibraryEntry.ID) {
        let user = try await store.users.create(name: name, now: TestClock.now)
        let reader = store.reader(user.id)
        let draft = try BookDraft.parse(
            ["title": "Kindred", "authors": "Octavia E. Butler", "pages": "300", "status": "reading"], today: today
        ).get()
        guard case .added(let entryID) = try await reader.books.add(draft, today: today, now: TestClock.now) else {
            throw StoreError.notFound(.reader)
        }
        try await reader.progress.record(on: entryID, page: 40, now: TestClock.now)
        return (reader, entryID)
    }

    @Test("20 starts at once over three servers make one session; every answer names it", arguments: TestDatabase.available)
    func concurrentStarts(_ database: TestDatabase) async throws {
        try await RaceContractTests.withThreeServers(database) { stores in
            let (reader, entryID) = try await Self.reader(stores[0])
            let outcomes = try await withThrowingTaskGroup(of: ReadingSessionStore.Start.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await stores[index % 3].reader(reader.userID).sessions.start(on: entryID, now: TestClock.now)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let started = outcomes.compactMap { if case .started(let s) = $0 { s } else { nil } }
            #expect(started.count == 1)
            let id = try #require(started.first?.id)
            #expect(
                outcomes.allSatisfy { outcome in
                    switch outcome {
                    case .started(let s), .alreadyRunning(let s): s.id == id
                    }
                })
            #expect(try await reader.sessions.list(of: entryID).total == 1)
            #expect(try await reader.sessions.running()?.startPage == 40, "it starts from the book's current page")
        }
    }

    @Test(
        "Stopping checks the end page, moves the current page, and a double stop changes nothing",
        arguments: TestDatabase.available)
    func finishing(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let (reader, entryID) = try await Self.reader(store)
            guard case .started(let session) = try await reader.sessions.start(on: entryID, now: TestClock.now) else {
                Issue.record("a session starts")
                return
            }
            let later = TestClock.now.addingTimeInterval(25 * 60)
            await #expect(throws: StoreError.invalid(.session(.beyondBook(pages: 300)))) {
                try await reader.sessions.finish(session.id, endPage: 301, now: later)
            }
            await #expect(throws: StoreError.invalid(.session(.beforeStart(start: 40)))) {
                try await reader.sessions.finish(session.id, endPage: 30, now: later)
            }
            let finished = try await reader.sessions.finish(session.id, endPage: 72, now: later)
            #expect(finished.minutes == 25 && finished.pagesRead == 32)
            #expect(try await reader.browse.entry(entryID)?.state.currentPage == 72)
            let again = try await reader.sessions.finish(session.id, endPage: 90, now: later.addingTimeInterval(5))
            #expect(again == finished, "a double submit answers the stopped session as it is")
            #expect(try await reader.sessions.running() == nil)

            // A correction backwards is allowed when confirmed.
            guard case .started(let second) = try await reader.sessions.start(on: entryID, now: later) else { return }
            let corrected = try await reader.sessions.finish(
                second.id, endPage: 60, correction: true, now: later.addingTimeInterval(600))
            #expect(corrected.pagesRead == 0)
            #expect(try await reader.browse.entry(entryID)?.state.currentPage == 60)
        }
    }

    @Test("A session left running for over 12 hours asks for its real end", arguments: TestDatabase.available)
    func forgotten(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let (reader, entryID) = try await Self.reader(store)
            guard case .started(let session) = try await reader.sessions.start(on: entryID, now: TestClock.now) else { return }
            let nextDay = TestClock.now.addingTimeInterval(15 * 3600)
            await #expect(throws: StoreError.invalid(.sessionNeedsEnd(startedAt: session.startedAt))) {
                try await reader.sessions.finish(session.id, endPage: 80, now: nextDay)
            }
            let real = try await reader.sessions.finish(
                session.id, endPage: 80, endedAt: TestClock.now.addingTimeInterval(45 * 60), now: nextDay)
            #expect(real.minutes == 45)
            await #expect(throws: StoreError.self) {
                try await reader.sessions.log(
                    on: entryID, startedAt: nextDay.addingTimeInterval(3600), minutes: 30, startPage: 80, endPage: 90,
                    now: nextDay)
            }
        }
    }

    @Test(
        "Logged, edited and deleted sessions; the history newest first, paginated; another reader sees none",
        arguments: TestDatabase.available)
    func history(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let (reader, entryID) = try await Self.reader(store)
            for day in 0..<25 {
                _ = try await reader.sessions.log(
                    on: entryID, startedAt: TestClock.now.addingTimeInterval(Double(-day) * 86_400 - 7200), minutes: 30,
                    startPage: 100 + day, endPage: 110 + day, now: TestClock.now)
            }
            let first = try await reader.sessions.list(of: entryID, page: 1)
            #expect(first.total == 25 && first.sessions.count == 20)
            #expect(first.sessions.map(\.startedAt) == first.sessions.map(\.startedAt).sorted(by: >))
            #expect(try await reader.sessions.list(of: entryID, page: 2).sessions.count == 5)
            #expect(
                try await reader.browse.entry(entryID)?.state.currentPage == 134, "a logged session moves the page forward only")
            let newest = try #require(first.sessions.first)
            let edited = try await reader.sessions.update(
                newest.id, startedAt: newest.startedAt, minutes: 50, startPage: 100, endPage: 130, now: TestClock.now)
            #expect(edited.minutes == 50 && edited.pagesRead == 30)
            try await reader.sessions.delete(newest.id)
            #expect(try await reader.sessions.list(of: entryID).total == 24)

            let other = store.reader(try await store.users.create(name: "erin", now: TestClock.now).id)
            await #expect(throws: StoreError.notFound(.entry(entryID))) { try await other.sessions.list(of: entryID) }
            await #expect(throws: StoreError.notFound(.session(first.sessions[1].id))) {
                try await other.sessions.delete(first.sessions[1].id)
            }
            await #expect(throws: StoreError.notFound(.entry(entryID))) {
                try await other.sessions.start(on: entryID, now: TestClock.now)
            }
        }
    }

    @Test(
        "Progress in percent: a page on a book with a page count, kept as a percentage on one without",
        arguments: TestDatabase.available)
    func percent(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let (reader, entryID) = try await Self.reader(store)
            try await reader.progress.record(on: entryID, percent: 50, now: TestClock.now)
            #expect(try await reader.browse.entry(entryID)?.state.currentPage == 150)
            #expect(try await reader.browse.detail(of: entryID)?.percentRead == nil)
            let draft = try BookDraft.parse(
                ["title": "Beloved", "authors": "Toni Morrison", "status": "reading"], today: Self.today
            ).get()
            guard case .added(let unpaged) = try await reader.books.add(draft, today: Self.today, now: TestClock.now) else {
                return
            }
            try await reader.progress.record(on: unpaged, percent: 40, now: TestClock.now)
            #expect(try await reader.browse.detail(of: unpaged)?.percentRead == 40)
            #expect(try await reader.library.whole().progress.contains { $0.entryID == unpaged && $0.percent == 40 })
            await #expect(throws: StoreError.invalid(.session(.percent))) {
                try await reader.progress.record(on: unpaged, percent: 140, now: TestClock.now)
            }
        }
    }
}
