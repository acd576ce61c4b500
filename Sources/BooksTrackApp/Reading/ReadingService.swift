import BooksTrackCore
import BooksTrackStore
import Foundation

/// Reading insights and achievements (SPEC F7): worked out on every read from the reader's goal
/// board, kept with their library (``InsightsService/goalBoard(of:)``); unlocks are stored by
/// the after-write step (``NotificationService/settle(_:now:)``).
public struct ReadingService: Sendable {
    let store: Store
    let insights: InsightsService
    let goals: GoalService
    let notifications: NotificationService

    /// The hero, the four cards and the timeline of a stretch (`months`: 6 or 12 in the timeline;
    /// `metric`: what the velocity card and the timeline measure).
    public func insights(
        for user: User, span: ReadingSpan, months: Int = 12, metric: ReadingMetric = .books, now: Date
    ) async throws -> ReadingInsights {
        let today = user.today(at: now)
        // The outer ring is the reader's yearly book goal for this year, when they keep one.
        let goal = try await goals.goals(for: user, now: now).first { standing in
            let goal = standing.goal
            return goal.kind == .books && goal.cadence == .year && goal.criteria == Goal.Criteria()
                && (goal.status == .active || goal.status == .completed) && goal.startsOn <= today && today <= goal.endsOn
        }
        let (library, figures) = try await insights.figures(of: user)
        return ReadingInsights.compute(
            span, figures: figures, library: library, today: today, bookGoal: goal.map { ($0.goal.title, $0.progress) },
            months: months, metric: metric)
    }

    /// Every achievement: unlocked ones with their date, locked ones with how far along. One the
    /// library earns that no write has stored yet (a library from before achievements existed)
    /// is stored and announced now, like after a write.
    public func achievements(for user: User, now: Date) async throws -> [AchievementStanding] {
        async let figures = insights.figures(of: user).figures
        var standing = try await store.reader(user.id).noticeStanding()
        let facts = try await figures.achievementFacts(contributions: standing.contributions)
        if !Achievements.newlyEarned(facts, unlocked: Set(standing.achievements.map(\.achievement)), now: now).isEmpty {
            await notifications.settle(user.id, now: now)
            standing = try await store.reader(user.id).noticeStanding()
        }
        return Achievements.standings(facts, unlocked: standing.achievements)
    }
}
