import BooksTrackCore
import BooksTrackStore
import Foundation

/// Reading sessions, quick progress and streaks (SPEC F5, §4) — every face starts, stops and logs
/// through here, and each write ends with the after-write step.
public struct SessionService: Sendable {
    let store: Store
    let libraries: KeptLibraries
    let notifications: NotificationService

    /// The shortest session after which a question about the book is offered (seed 000, Story 6).
    public static let promptAfterMinutes = 5

    public func start(on entryID: LibraryEntry.ID, startPage: Int? = nil, for user: User, now: Date) async throws
        -> ReadingSessionStore.Start
    {
        try await notifications.write(for: user, now: now) {
            try await $0.sessions.start(on: entryID, startPage: startPage, now: now)
        }
    }

    public func finish(
        _ id: ReadingSession.ID, endPage: Int, endedAt: Date? = nil, correction: Bool = false, for user: User, now: Date
    ) async throws -> ReadingSession {
        try await notifications.write(for: user, now: now) {
            try await $0.sessions.finish(
                id, endPage: endPage, endedAt: endedAt, correction: correction, now: now)
        }
    }

    public func log(
        on entryID: LibraryEntry.ID, startedAt: Date, minutes: Int, startPage: Int, endPage: Int, correction: Bool = false,
        for user: User, now: Date
    ) async throws -> ReadingSession {
        try await notifications.write(for: user, now: now) {
            try await $0.sessions.log(
                on: entryID, startedAt: startedAt, minutes: minutes, startPage: startPage, endPage: endPage,
                correction: correction, now: now)
        }
    }

    public func update(
        _ id: ReadingSession.ID, startedAt: Date, minutes: Int, startPage: Int, endPage: Int, for user: User, now: Date
    ) async throws -> ReadingSession {
        try await notifications.write(for: user, now: now) {
            try await $0.sessions.update(
                id, startedAt: startedAt, minutes: minutes, startPage: startPage, endPage: endPage, now: now)
        }
    }

    public func delete(_ id: ReadingSession.ID, for user: User, now: Date) async throws {
        try await notifications.write(for: user, now: now) { try await $0.sessions.delete(id) }
    }

    public func progress(on entryID: LibraryEntry.ID, page: Int, for user: User, now: Date) async throws {
        try await notifications.write(for: user, now: now) { try await $0.progress.record(on: entryID, page: page, now: now) }
    }

    public func progress(on entryID: LibraryEntry.ID, percent: Int, for user: User, now: Date) async throws {
        try await notifications.write(for: user, now: now) {
            try await $0.progress.record(on: entryID, percent: percent, now: now)
        }
    }

    /// The reader's streak as of `now`: the one every face shows (``ReadingDays``).
    public func streak(for user: User, now: Date) async throws -> Streak {
        try await libraries.figures(of: user).figures.streak(at: now)
    }

    /// Minutes and seconds (or hours) of a running session: `12:05`, `1:02:09`.
    public static func clock(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%02d:%02d", m, s)
    }
}
