import BooksTrackCore
import BooksTrackStore
import Foundation

/// Reading goals (SPEC F6): the goals with their progress, derived from the reader's kept library
/// on every read, and the milestones and completions a write crossed.
public struct GoalService: Sendable {
    let store: Store
    let libraries: KeptLibraries
    let notifications: NotificationService

    /// A goal with where it stands.
    public struct Standing: Sendable {
        public var goal: Goal
        public var milestones: [Milestone]
        public var progress: GoalProgress
        /// "This requires 2.7 books/day", for a target out of reach.
        public var warning: String?

        /// "12 / 30 books (40%)", or for a share "58% of 12 books with a known gender (target
        /// 50%); 3 without": what the page, the home card and the command line say.
        public var summary: String {
            if goal.kind == .share {
                let fact = goal.criteria.shareFact
                let unknown = progress.unknown > 0 ? "; \(progress.unknown) without" : ""
                guard progress.known > 0 else { return "No book with a known \(fact) yet (target \(goal.target)%)\(unknown)" }
                return
                    "\(Int(saturating: progress.current.rounded()))% of \(progress.known) \(progress.known == 1 ? "book" : "books") with a known \(fact) (target \(goal.target)%)\(unknown)"
            }
            return
                "\(InsightFormat.number(progress.current)) / \(InsightFormat.grouped(goal.target)) \(GoalDraft.unit(of: goal.kind)) (\(progress.percent)%)"
        }
    }

    public func goals(for user: User, now: Date) async throws -> [Standing] {
        try await standings(of: try await Self.current(user, store: store, now: now), for: user, now: now)
    }

    /// The reader's goals, with every recurring goal whose period ended carried into the period
    /// containing today (``GoalDraft/next(after:today:now:)``, once: see
    /// ``GoalStore/rollOver(_:into:now:)``). The ended goal stays as it was, frozen by its dates.
    static func current(_ user: User, store: Store, now: Date) async throws -> [(goal: Goal, milestones: [Milestone])] {
        let reader = store.reader(user.id)
        let goals = try await reader.goals.all()
        let today = user.today(at: now)
        var due = false
        for (goal, _) in goals {
            guard let next = GoalDraft.next(after: goal, today: today, now: now) else { continue }
            due = true
            _ = try await reader.goals.rollOver(goal.id, into: next, now: now)
        }
        // Read again whenever one was due: this request or another one rolled it over.
        return due ? try await reader.goals.all() : goals
    }

    /// ``current(_:store:now:)`` from the reader's kept library (its goals and milestones are
    /// part of it, read again whenever a write changes them); from the database when a recurring
    /// goal is due to roll over.
    static func current(_ user: User, library: ReaderLibrary, store: Store, now: Date) async throws
        -> [(goal: Goal, milestones: [Milestone])]
    {
        let today = user.today(at: now)
        if library.goals.contains(where: { GoalDraft.next(after: $0, today: today, now: now) != nil }) {
            return try await current(user, store: store, now: now)
        }
        let milestones = Dictionary(grouping: library.milestones, by: \.goalID)
        return library.goals.map { ($0, milestones[$0.id] ?? []) }
    }

    /// The active goals a book counts toward, with where they stand, from the kept library.
    public func goals(counting entryID: LibraryEntry.ID, for user: User, in library: ReaderLibrary, now: Date)
        async throws -> [Standing]
    {
        let active = try await Self.current(user, library: library, store: store, now: now).filter {
            $0.goal.status == .active
        }
        return try await standings(of: active, for: user, now: now).filter { $0.progress.books.contains(entryID) }
    }

    public func goal(_ id: Goal.ID, for user: User, now: Date) async throws -> Standing {
        guard let goal = try await store.reader(user.id).goals.goal(id),
            let standing = try await standings(of: [goal], for: user, now: now).first
        else { throw StoreError.notFound(.goal(id)) }
        return standing
    }

    /// Goals with their progress, measured on one board of the reader's kept library.
    private func standings(of goals: [(goal: Goal, milestones: [Milestone])], for user: User, now: Date) async throws
        -> [Standing]
    {
        guard !goals.isEmpty else { return [] }
        let board = try await libraries.goalBoard(of: user)
        let today = user.today(at: now)
        return goals.map { goal, milestones in
            let progress = board.progress(of: goal, today: today)
            return Standing(
                goal: goal, milestones: milestones, progress: progress,
                warning: goal.status == .active ? goal.unrealisticWarning(progress, today: today) : nil)
        }
    }

    /// Goals suggested from the reader's history (``GoalBoard/suggestions(today:existing:)``).
    public func suggestions(for user: User, now: Date) async throws -> [GoalSuggestion] {
        let goals = try await Self.current(user, store: store, now: now).map(\.goal)
        return try await libraries.goalBoard(of: user).suggestions(today: user.today(at: now), existing: goals)
    }

    /// The titles of the reader's books with these ids (the books that count toward a goal),
    /// from the kept library: one look-up, not one query per book.
    public func titles(of ids: [LibraryEntry.ID], for user: User) async throws -> [LibraryEntry.ID: String] {
        let library = try await libraries.library(of: user.id)
        let wanted = Set(ids)
        var titles: [LibraryEntry.ID: String] = [:]
        for entry in library.entries where wanted.contains(entry.id) { titles[entry.id] = library.works[entry.workID]?.title }
        return titles
    }

    public func create(_ draft: GoalDraft, for user: User, now: Date) async throws -> Goal {
        let goal = Goal(
            userID: user.id, title: draft.title, kind: draft.kind, target: draft.target, cadence: draft.cadence,
            recurring: draft.recurring, startsOn: draft.startsOn, endsOn: draft.endsOn, criteria: draft.criteria,
            createdAt: now)
        return try await notifications.write(for: user, now: now) { try await $0.goals.create(goal, now: now) }
    }

    /// Changes a goal; `status` pauses, resumes or abandons it. With `expecting` (the version the
    /// edit started from), a goal changed since throws ``StoreError/Conflict/goalChanged(_:)``.
    /// Milestones already reached keep their days; the rest are measured against the new target
    /// by the after-write step.
    public func update(
        _ id: Goal.ID, with draft: GoalDraft?, status: Goal.Status?, for user: User, now: Date, expecting: Date? = nil
    ) async throws -> Goal {
        guard var goal = try await store.reader(user.id).goals.goal(id)?.goal else { throw StoreError.notFound(.goal(id)) }
        if let draft {
            (goal.title, goal.kind, goal.target, goal.cadence) = (draft.title, draft.kind, draft.target, draft.cadence)
            (goal.recurring, goal.startsOn, goal.endsOn, goal.criteria) = (
                draft.recurring, draft.startsOn, draft.endsOn, draft.criteria
            )
        }
        if let status { goal.status = status }
        try await notifications.write(for: user, now: now) { [goal] in
            try await $0.goals.update(goal, now: now, expecting: expecting)
        }
        return goal
    }

    public func delete(_ id: Goal.ID, for user: User) async throws {
        try await store.reader(user.id).goals.delete(id)
    }

    /// After a write: records the milestones the reader's active goals have crossed (once each,
    /// with today's date), completes the goals that reached their target with their story, and
    /// returns the notices owed.
    static func settle(_ user: User, library: ReaderLibrary, figures: LibraryFigures, store: Store, now: Date) async throws
        -> [Notice]
    {
        let reader = store.reader(user.id)
        let goals = try await current(user, library: library, store: store, now: now).filter { $0.goal.status == .active }
        guard !goals.isEmpty else { return [] }
        let board = figures.board
        let today = user.today(at: now)
        var notices: [Notice] = []
        for (goal, milestones) in goals where goal.startsOn <= today {
            let progress = board.progress(of: goal, today: today)
            let new = try await reader.goals.record(
                milestones: goal.newMilestones(progress, recorded: Set(milestones.map(\.percent))), of: goal.id, at: now)
            notices += new.compactMap { Notices.milestone($0, of: goal, progress: progress) }
            if goal.completes(with: progress), try await reader.goals.complete(goal.id, snapshot: progress.story, at: now) {
                notices.append(Notices.completion(of: goal, story: progress.story))
            }
        }
        return notices
    }
}
