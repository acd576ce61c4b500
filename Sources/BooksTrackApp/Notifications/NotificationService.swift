import BooksTrackCore
import BooksTrackStore
import Foundation
import Logging

/// The reader's notifications, and the step every reader write ends with.
public struct NotificationService: Sendable {
    let store: Store
    let logger: Logger
    /// The kept libraries goals are measured on (nil: goals are not settled).
    let libraries: KeptLibraries?
    /// Wakes this process's job runner when a webhook delivery is queued.
    let wake = Wake()

    init(store: Store, logger: Logger, libraries: KeptLibraries? = nil) {
        self.store = store
        self.logger = logger
        self.libraries = libraries
    }

    /// After a write: did an achievement (and, with their issues, a goal milestone or a streak)
    /// change? Records the notices owed, once each. Every use case that writes a reader's data
    /// calls this when its write has committed; the faces never do.
    ///
    /// It works on the reader's kept library (brought up to date by the write's change log), so
    /// a write costs no more reads than the patch: achievements, contributions, goals and
    /// milestones are part of it. An unlock is stored with its notice in one transaction
    /// (``AchievementStore/record(_:now:)``), so no notice is owed for an earlier unlock.
    ///
    /// A failure here is logged, never thrown: the reader's write is already saved, and the next
    /// write asks again (the notices are keyed, so nothing is lost or doubled).
    public func settle(_ userID: User.ID, now: Date) async {
        do {
            guard let user = try await store.users.user(id: userID) else { return }
            await settle(user, now: now)
        } catch {
            logger.warning("notifications not settled", metadata: ["user": "\(userID.string)", "error": "\(error)"])
        }
    }

    /// The one way a use case writes a reader's data: `write` runs on the reader's store (every
    /// query scoped to them), and once it has committed the after-write step runs, exactly once.
    /// A write that throws settles nothing (nothing was written).
    func write<T>(for user: User, now: Date, _ write: (ReaderStore) async throws -> T) async throws -> T {
        let result = try await write(store.reader(user.id))
        await settle(user, now: now)
        return result
    }

    /// ``settle(_:now:)`` for a reader the caller already has (the request's).
    public func settle(_ user: User, now: Date) async {
        guard let libraries else { return }
        do {
            try await settle(user, libraries: libraries, now: now)
        } catch {
            logger.warning("notifications not settled", metadata: ["user": "\(user.id.string)", "error": "\(error)"])
        }
    }

    private func settle(_ user: User, libraries: KeptLibraries, now: Date) async throws {
        let reader = store.reader(user.id)
        // A library this process does not keep (the command line; a server's first write for a
        // reader) is not read whole only to count achievements: the database counts them, unless
        // a goal is active (goals are measured on the library).
        if !libraries.keeps(user.id),
            try await GoalService.current(user, store: store, now: now).allSatisfy({ $0.goal.status != .active })
        {
            let (facts, unlocked) = try await reader.achievements.counts(timeZone: user.timeZone)
            var new = Achievements.newlyEarned(facts, unlocked: unlocked, now: now)
            guard !new.isEmpty else { return }
            // Dated by the reading that earned them: the library is read only when something is new.
            new = try await libraries.figures(of: user).figures.dated(new)
            if try await reader.achievements.record(new, now: now) > 0 { await deliver(user.id, now: now) }
            return
        }
        // The library's figures (kept with it) for achievements and goals.
        let (library, figures) = try await libraries.figures(of: user)
        // Achievements the library now earns are stored once, dated by the reading that earned
        // them, each with its notice (two writes at once store the first; an unlock is never
        // taken back).
        let facts = figures.achievementFacts(contributions: library.contributions.count)
        let new = figures.dated(
            Achievements.newlyEarned(facts, unlocked: Set(library.achievements.map(\.achievement)), now: now))
        var recorded = new.isEmpty ? 0 : try await reader.achievements.record(new, now: now)
        let goals = try await GoalService.settle(user, library: library, figures: figures, store: store, now: now)
        if !goals.isEmpty { recorded += try await reader.notifications.record(goals, now: now) }
        if recorded > 0 { await deliver(user.id, now: now) }
    }

    /// Queues the delivery of the reader's new notifications to their webhook, if they have one
    /// (``WebhookService``), and wakes the runner. Logged, never thrown: the notifications are
    /// saved, and the next one queues the delivery again.
    func deliver(_ userID: User.ID, now: Date) async {
        do {
            guard try await store.reader(userID).webhook.current() != nil else { return }
            try await store.jobs.requeue(
                kind: WebhookService.jobKind, subject: userID.string, userID: userID, runAfter: now, now: now)
            wake.ring()
        } catch {
            logger.warning("webhook delivery not queued", metadata: ["user": "\(userID.string)", "error": "\(error)"])
        }
    }

    /// Unread notifications, newest first.
    public func unread(of user: User) async throws -> [AppNotification] {
        try await store.reader(user.id).notifications.recent(unreadOnly: true)
    }

    /// The latest notifications, read or not, newest first.
    public func recent(of user: User, limit: Int = 50) async throws -> [AppNotification] {
        try await store.reader(user.id).notifications.recent(unreadOnly: false, limit: limit)
    }

    /// Marks every unread notification read (after an import's wall of them); how many were.
    @discardableResult
    public func markAllRead(of user: User, now: Date) async throws -> Int {
        try await store.reader(user.id).notifications.markAllRead(now: now)
    }

    /// Marks a notification read; throws not-found for one the reader does not have.
    public func markRead(_ id: AppNotification.ID, of user: User, now: Date) async throws {
        guard try await store.reader(user.id).notifications.markRead(id, now: now) else {
            throw StoreError.notFound(.notification(id))
        }
    }
}
