import BooksTrackCore
import BooksTrackStore
import Foundation

/// A reader's books and their facts: adding, editing, status changes, deleting, author facts
/// — the writes every face makes, each ending with the after-write step
/// (``NotificationService/settle(_:now:)``).
public struct LibraryService: Sendable {
    let store: Store
    let notifications: NotificationService
    let enrichment: EnrichmentService

    /// Adds a book; a book already in the library is not added again (the outcome names it).
    /// A new author's facts come from the bundled table at once and are looked up in the background.
    public func add(_ draft: BookDraft, for user: User, now: Date) async throws -> ReaderStore.AddOutcome {
        let outcome = try await store.reader(user.id).add(draft, today: user.today(at: now), now: now)
        if case .added(let entry) = outcome { await enrichment.libraryChanged(user.id, entry: entry) }
        await notifications.settle(user.id, now: now)
        return outcome
    }

    public func update(_ entryID: LibraryEntry.ID, with draft: BookDraft, for user: User, now: Date) async throws {
        try await store.reader(user.id).update(entryID, with: draft, today: user.today(at: now), now: now)
        await enrichment.libraryChanged(user.id, entry: entryID)
        await notifications.settle(user.id, now: now)
    }

    public func changeStatus(of entryID: LibraryEntry.ID, to status: ReadingStatus, for user: User, now: Date) async throws {
        try await store.reader(user.id).changeStatus(of: entryID, to: status, today: user.today(at: now), now: now)
        await notifications.settle(user.id, now: now)
    }

    public func delete(_ entryID: LibraryEntry.ID, for user: User, now: Date) async throws {
        try await store.reader(user.id).delete(entryID)
        await notifications.settle(user.id, now: now)
    }

    /// Records author facts a person checked with ``AuthorFactInput/changes(_:current:accepting:)``.
    public func recordFacts(
        _ facts: [(AuthorFactKind, String?)], about authorID: Author.ID, for user: User, now: Date
    ) async throws {
        try await store.reader(user.id).recordFacts(facts, about: authorID, now: now)
        await notifications.settle(user.id, now: now)
    }
}
