import BooksTrackCore
import BooksTrackStore
import Foundation

/// Reading insights and achievements (SPEC F7): worked out on every read from the reader's goal
/// board, kept with their library (``KeptLibraries/goalBoard(of:)``); unlocks are stored by
/// the after-write step (``NotificationService/settle(_:now:)``).
public struct ReadingService: Sendable {
    let store: Store
    let libraries: KeptLibraries
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
        let (library, figures) = try await libraries.figures(of: user)
        return ReadingInsights.compute(
            span, figures: figures, library: library, now: now, bookGoal: goal.map { ($0.goal.title, $0.progress) },
            months: months, metric: metric)
    }

    /// The insights a reader opens on when they chose no period (SPEC F7): this year, or — when
    /// nothing was read this year yet — all time, with the sentence saying so (a reader whose
    /// last book was finished in 2022 should not open on "0 books").
    public func openingInsights(
        for user: User, months: Int = 12, metric: ReadingMetric = .books, now: Date
    ) async throws -> (insights: ReadingInsights, note: String?) {
        let year = try await insights(for: user, span: .year, months: months, metric: metric, now: now)
        let empty = { (figures: ReadingInsights.Figures) in figures.books == 0 && figures.pages == 0 && figures.minutes == 0 }
        guard empty(year.current) else { return (year, nil) }
        let all = try await insights(for: user, span: .all, months: months, metric: metric, now: now)
        guard !empty(all.current) else { return (year, nil) }
        return (
            all, "Nothing read this year yet, so this opens on all time, from your first book. Choose “Year” to see this year."
        )
    }

    /// The reader's figures of a stretch beside the average of the readers taking part in the
    /// comparison (``InstanceComparison``): each participant's stretch counted in their own time
    /// zone, from the library figures this process keeps. Nothing of anyone is read unless the
    /// reader takes part and at least ``InstanceComparison/minimumReaders`` do.
    public func comparison(for user: User, span: ReadingSpan, now: Date) async throws -> InstanceComparison {
        let participants = try await store.comparison.participants()
        guard participants.contains(where: { $0.id == user.id }),
            participants.count >= InstanceComparison.minimumReaders
        else {
            return InstanceComparison(
                span: span, optedIn: participants.contains { $0.id == user.id }, participants: participants.count, rows: [])
        }
        var own: (ReadingInsights.Figures, InstanceComparison.Diversity)?
        var everyone: [(ReadingInsights.Figures, InstanceComparison.Diversity)] = []
        for participant in participants {
            let kept = try await libraries.figures(of: participant).figures
            let today = participant.today(at: now)
            let figures = (
                ReadingInsights.figures(span, board: kept.board, today: today), kept.diversity(span, today: today)
            )
            everyone.append(figures)
            if participant.id == user.id { own = figures }
        }
        return InstanceComparison.compute(span: span, own: own, everyone: everyone)
    }

    /// Takes part in the comparison, or leaves it.
    public func setComparison(_ takingPart: Bool, for user: User, now: Date) async throws {
        if takingPart {
            try await store.comparison.optIn(user.id, now: now)
        } else {
            try await store.comparison.optOut(user.id)
        }
    }

    /// Every achievement: unlocked ones with their date, locked ones with how far along. One the
    /// library earns that no write has stored yet (a library from before achievements existed)
    /// is stored and announced now, like after a write.
    public func achievements(for user: User, now: Date) async throws -> [AchievementStanding] {
        async let figures = libraries.figures(of: user).figures
        var standing = try await store.reader(user.id).achievements.standing()
        let facts = try await figures.achievementFacts(contributions: standing.contributions)
        if !Achievements.newlyEarned(facts, unlocked: Set(standing.achievements.map(\.achievement)), now: now).isEmpty {
            await notifications.settle(user.id, now: now)
            standing = try await store.reader(user.id).achievements.standing()
        }
        return Achievements.standings(facts, unlocked: standing.achievements)
    }
}

extension ReadingService {
    /// The reader's year in books (``YearInBooks``), from their kept library; `nil` when they
    /// read nothing that year (no book finished, no session), with the years they did.
    public func year(_ year: Int, for user: User, now: Date) async throws -> (year: YearInBooks?, years: [Int]) {
        let (library, figures) = try await libraries.figures(of: user)
        let years = YearInBooks.years(figures)
        guard years.contains(year) else { return (nil, years) }
        return (YearInBooks.compute(year, library: library, figures: figures, today: user.today(at: now), years: years), years)
    }

    /// The years with reading, newest first (the years that have a year in books).
    public func yearsWithReading(for user: User) async throws -> [Int] {
        YearInBooks.years(try await libraries.figures(of: user).figures)
    }
}
