import BooksTrackCore
import BooksTrackStore
import Foundation

/// A reader's books and their facts: adding, editing, status changes, deleting, author facts
/// — the writes every face makes, each through the one write path that ends with the
/// after-write step (``NotificationService/write(for:now:_:)``).
public struct LibraryService: Sendable {
    let store: Store
    let libraries: KeptLibraries
    let notifications: NotificationService
    let enrichment: EnrichmentService

    /// One of the reader's books with its people, sessions and fact history; `nil` when it is
    /// not theirs. From the kept library when this process keeps it (only the fact history is
    /// read: a book's page after a write costs one query, not a dozen), else from the database.
    public func detail(of entryID: LibraryEntry.ID, for user: User) async throws -> EntryDetail? {
        let reader = store.reader(user.id)
        guard let library = try await keptLibrary(of: user) else { return try await reader.browse.detail(of: entryID) }
        guard var detail = library.detail(of: entryID) else { return nil }
        let people = detail.authors.map(\.id) + detail.contributors.map(\.author.id)
        detail.factHistory = try await reader.browse.factHistory(of: Array(Set(people)))
        return detail
    }

    /// The reader's library when this process keeps it, brought up to date (``KeptLibraries/keptLibrary(of:)``).
    public func keptLibrary(of user: User) async throws -> ReaderLibrary? {
        try await libraries.keptLibrary(of: user.id)
    }

    /// Adds a book; a book already in the library is not added again (the outcome names it).
    /// A new author's facts come from the bundled table at once and are looked up in the background.
    public func add(_ draft: BookDraft.Checked, for user: User, now: Date) async throws -> BookStore.AddOutcome {
        try await notifications.write(for: user, now: now) { reader in
            let outcome = try await reader.books.add(draft, today: user.today(at: now), now: now)
            if case .added(let entry) = outcome { await enrichment.libraryChanged(user.id, entry: entry) }
            return outcome
        }
    }

    public func update(_ entryID: LibraryEntry.ID, with draft: BookDraft.Checked, for user: User, now: Date) async throws {
        // Authors are looked up again only when the book's catalogue details changed (a rating
        // or a shelf brings no new author).
        try await notifications.write(for: user, now: now) { reader in
            if try await reader.books.update(entryID, with: draft, today: user.today(at: now), now: now) {
                await enrichment.libraryChanged(user.id, entry: entryID)
            }
        }
    }

    public func changeStatus(of entryID: LibraryEntry.ID, to status: ReadingStatus, for user: User, now: Date) async throws {
        try await notifications.write(for: user, now: now) {
            try await $0.books.changeStatus(of: entryID, to: status, today: user.today(at: now), now: now)
        }
    }

    public func delete(_ entryID: LibraryEntry.ID, for user: User, now: Date) async throws {
        try await notifications.write(for: user, now: now) { try await $0.books.delete(entryID) }
    }

    /// Records author facts a person checked with ``AuthorFactInput/changes(_:current:accepting:)``.
    public func recordFacts(
        _ facts: [(AuthorFactKind, String?)], about authorID: Author.ID, for user: User, now: Date
    ) async throws {
        try await notifications.write(for: user, now: now) { try await $0.books.recordFacts(facts, about: authorID, now: now) }
    }
}
