import BooksTrackCore
import BooksTrackStore
import Foundation

/// Identity badges (issue 20 item 5) on a reader's book, for the web pages and the API.
extension ProfilingService {
    /// The badges the reader sees on a book, or `nil` when the book is not theirs.
    public func badges(on entry: LibraryEntry.ID, for user: User) async throws -> [IdentityBadgeRecord]? {
        guard try await store.reader(user.id).browse.detail(of: entry) != nil else { return nil }
        return try await store.badges.badges(of: entry, for: user.id)
    }

    /// Checks and records a badge from a form or the API. An own-voices badge on the book also
    /// answers the book's own-voices question (yes) while it is unanswered: the badge is the
    /// stronger statement, and the radar's own-voices axis counts it. Throws
    /// ``IdentityBadgeDraft/Problems`` for a badge that cannot be recorded; `nil` when the book is
    /// not the reader's.
    public func recordBadge(
        _ sent: IdentityBadgeDraft.Input, on entry: LibraryEntry.ID, for user: User, now: Date
    ) async throws -> IdentityBadgeRecord.ID? {
        let reader = store.reader(user.id)
        guard let detail = try await reader.browse.detail(of: entry) else { return nil }
        let draft = try IdentityBadgeDraft.check(sent, work: detail.work.id, authors: detail.authors.map(\.id)).get()
        guard let id = try await store.badges.record(draft, on: entry, for: user.id, now: now) else { return nil }
        if draft.kind == .ownVoices, case .work = draft.subject, detail.work.ownVoices == nil {
            _ = try await notifications.write(for: user, now: now) {
                try await $0.curation.answer(.ownVoices(.yes), for: entry, note: "Own voices badge: \(draft.source)", now: now)
            }
        }
        return id
    }

    /// Removes one of the reader's own badges; `false` when there is none of theirs with this id.
    public func removeBadge(_ id: IdentityBadgeRecord.ID, for user: User) async throws -> Bool {
        try await store.badges.delete(id, of: user.id)
    }
}
