import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

@testable import BooksTrackApp

@Suite("Every write ends with the after-write step, which notifies once", .today("2026-11-21"))
struct NotificationTests {
    static var today: LocalDate { TestClock.today }

    /// Five books by five authors, added through the application.
    static func library(for user: User, app: BooksTrack) async throws -> [LibraryEntry.ID] {
        var entries: [LibraryEntry.ID] = []
        for (title, author) in [
            ("Kindred", "Octavia E. Butler"), ("Beloved", "Toni Morrison"), ("Pachinko", "Min Jin Lee"),
            ("Homegoing", "Yaa Gyasi"), ("The Vegetarian", "Han Kang"),
        ] {
            // On the to-read shelf: a book read would earn First Steps, a notice of its own.
            let draft = try BookDraft.parse(["title": title, "authors": author, "status": "toRead"], today: today).get()
            guard case .added(let id) = try await app.library.add(draft, for: user, now: TestClock.now) else {
                Issue.record("\(title) was not added")
                continue
            }
            entries.append(id)
        }
        return entries
    }

    @Test(
        "The fifth answer makes a Curator and notifies once; the notice is the reader's alone", arguments: TestDatabase.available)
    func curatorNotifiesOnce(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let app = BooksTrack(store: store, clock: { TestClock.now })
            let alice = try await store.users.create(name: "alice", now: TestClock.now)
            let bob = try await store.users.create(name: "bob", now: TestClock.now)
            let books = try await Self.library(for: alice, app: app)
            #expect(books.count == 5)

            for (index, book) in books.enumerated() {
                #expect(try await app.notifications.unread(of: alice).isEmpty, "nothing before the fifth answer")
                _ = try await app.profiling.answer(
                    for: alice, book: book, fact: .gender, author: nil, value: index.isMultiple(of: 2) ? "female" : "male",
                    note: nil, now: TestClock.now)
            }
            let unread = try await app.notifications.unread(of: alice)
            #expect(unread.map(\.title) == ["🏅 You are a Curator"])
            #expect(unread.first?.destination == .contributions)

            // Asking again — later writes, or many at once — records nothing more.
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<10 { group.addTask { await app.notifications.settle(alice.id, now: TestClock.now) } }
            }
            let draft = try BookDraft.parse(["title": "Sula", "authors": "Toni Morrison"], today: Self.today).get()
            _ = try await app.library.add(draft, for: alice, now: TestClock.now)
            #expect(try await app.notifications.recent(of: alice).count == 1)

            // Bob sees none of it and cannot mark it read.
            #expect(try await app.notifications.recent(of: bob).isEmpty)
            let id = try #require(unread.first?.id)
            await #expect(throws: StoreError.notFound(.notification(id))) {
                try await app.notifications.markRead(id, of: bob, now: TestClock.now)
            }
            #expect(try await app.notifications.unread(of: alice).count == 1)

            // Alice marks it read: it stays in her list, out of the unread ones, and is not
            // recorded again by the next write.
            try await app.notifications.markRead(id, of: alice, now: TestClock.now)
            try await app.notifications.markRead(id, of: alice, now: TestClock.now.addingTimeInterval(60))
            #expect(try await app.notifications.unread(of: alice).isEmpty)
            let recent = try await app.notifications.recent(of: alice)
            #expect(recent.count == 1 && recent.first?.readAt == TestClock.now)
            try await app.library.changeStatus(of: books[0], to: .reading, for: alice, now: TestClock.now)
            #expect(try await app.notifications.recent(of: alice).count == 1)
        }
    }
}
