import BooksTrackCore
import BooksTrackStore
import Foundation
import Logging

/// Opt-in reminders (issue 20 item 20): "Read today to keep your 12-day streak" in the reader's
/// evening and a weekly goal check-in on Sunday, to the notification centre and the webhook.
///
/// One job (`reminders`) looks every ``interval`` from the first time a reader turns a reminder
/// on: it queues its next look first (so a failing look never stops the reminders), then records
/// what ``Reminders/due(now:timeZone:preferences:streak:readToday:goals:)`` says for each reader
/// who wants one (none: one cheap query every 15 minutes).
/// A reminder's key names its day, so a second look — or a second process — records it once.
public struct ReminderService: Sendable {
    public static let jobKind = "reminders"
    static let subject = "instance"
    /// How often the job looks: a reminder comes at most this late.
    public static let interval: TimeInterval = 15 * 60

    let store: Store
    let libraries: KeptLibraries
    let goals: GoalService
    let notifications: NotificationService
    let logger: Logger

    /// Runs the job: queues the next look first, then sends what is due.
    func run(_ job: Job, now: Date) async throws {
        try await schedule(at: now.addingTimeInterval(Self.interval), now: now)
        _ = await sendDue(now: now)
    }

    /// Queues a look at `at` (or keeps an earlier one).
    func schedule(at: Date, now: Date) async throws {
        try await store.jobs.requeue(kind: Self.jobKind, subject: Self.subject, userID: nil, runAfter: at, now: now)
        notifications.wake.ring()
    }

    /// Records the reminders due at `now` to these readers (all who want one when `nil`) and queues
    /// their webhook deliveries. Returns how many were recorded. One reader's failure is logged and
    /// the others still get theirs.
    @discardableResult
    public func sendDue(to given: [User]? = nil, now: Date) async -> Int {
        let readers: [User]
        do {
            if let given { readers = given } else { readers = try await store.users.withReminders() }
        } catch {
            logger.warning("reminders not sent", metadata: ["error": "\(error)"])
            return 0
        }
        var recorded = 0
        for user in readers {
            do {
                let reader = store.reader(user.id)
                let today = user.today(at: now)
                let streak = try await libraries.figures(of: user).figures.streak(at: now)
                let running = try await goals.goals(for: user, now: now).filter { $0.goal.isRunning(on: today) }
                let due = Reminders.due(
                    now: now, timeZone: user.timeZone, preferences: try await reader.notifications.preferences(),
                    streak: streak.current, readToday: streak.readToday,
                    goals: running.map {
                        Reminders.RunningGoal(
                            title: $0.goal.title, summary: $0.summary, outlook: $0.goal.projection($0.progress, today: today))
                    })
                let new = try await reader.notifications.record(due, now: now)
                if new > 0 { await notifications.deliver(user.id, now: now) }
                recorded += new
            } catch {
                logger.warning("reminder not sent", metadata: ["user": "\(user.id.string)", "error": "\(error)"])
            }
        }
        return recorded
    }

    /// Saves the reader's choice of notifications; turning a reminder on starts the looks.
    public func setPreferences(_ choices: [NotificationKind: Bool], for user: User, now: Date) async throws {
        try await store.reader(user.id).notifications.setPreferences(choices, now: now)
        if choices.contains(where: { $0.key.isReminder && $0.value }) { try await schedule(at: now, now: now) }
    }

    public func preferences(of user: User) async throws -> NotificationPreferences {
        try await store.reader(user.id).notifications.preferences()
    }
}
