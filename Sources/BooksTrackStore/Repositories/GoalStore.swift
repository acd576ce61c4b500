import BooksTrackCore
import Foundation
import SQLKit

/// A reader's goals and their milestones (SPEC F6). Progress is never stored: it is derived from
/// the library (``Goal/progress(in:today:timeZone:)``). What is stored is the goal, the date each
/// milestone was first crossed (once: the milestone's key is the goal and the percentage), and a
/// completed goal's final figures.
public struct GoalStore: ReaderScoped {
    /// The reader whose goals these are.
    public let userID: User.ID
    let database: Database

    /// The reader's goals, oldest first, with their milestones.
    public func all() async throws -> [(goal: Goal, milestones: [Milestone])] {
        let userID = self.userID
        return try await database.read { db in
            let milestones = Dictionary(grouping: try await ActivityRows.milestones(of: userID, on: db), by: \.goalID)
            return try await ActivityRows.goals(of: userID, on: db).map { ($0, milestones[$0.id] ?? []) }
        }
    }

    /// One of the reader's goals with its milestones.
    public func goal(_ id: Goal.ID) async throws -> (goal: Goal, milestones: [Milestone])? {
        try await all().first { $0.goal.id == id }
    }

    /// How long an identical goal counts as the same request sent twice (a double-tapped
    /// button, a retried API call): within it, creating it again gives the goal already made.
    static let doubleSubmitWindow: TimeInterval = 10

    /// Creates a goal, or returns the identical one (same title, kind, target, period and
    /// criteria) the reader created in the last ``doubleSubmitWindow`` seconds: ten identical
    /// creations at once, through any servers, make one goal.
    @discardableResult
    public func create(_ goal: Goal, now: Date) async throws -> Goal {
        var goal = goal
        goal.userID = userID
        let owned = goal
        let (userID, dialect) = (self.userID, database.dialect)
        return try await changing(entries: true) { db, changes in
            try await ReaderLock.take(userID, on: db, dialect: dialect)
            let since = now.addingTimeInterval(-Self.doubleSubmitWindow).milliseconds
            let twin = try await ActivityRows.goals(of: userID, on: db).last { existing in
                existing.createdAt.milliseconds >= since && existing.status == .active && existing.title == owned.title
                    && existing.kind == owned.kind && existing.target == owned.target && existing.cadence == owned.cadence
                    && existing.recurring == owned.recurring && existing.startsOn == owned.startsOn
                    && existing.endsOn == owned.endsOn && existing.criteria == owned.criteria
            }
            if let twin {
                changes.entries([], of: userID)
                return twin
            }
            changes.activity(of: userID)
            try await ActivityRows.insert(goals: [owned], userID: userID, now: now, on: db)
            return owned
        }
    }

    /// Carries a recurring goal into its next period: the ended goal stops recurring and `next`
    /// is added, in one transaction, only if the ended goal still recurred (a conditional
    /// update): of several requests or servers rolling it over at once, one adds the next goal.
    /// Returns whether this call did.
    public func rollOver(_ ended: Goal.ID, into next: Goal, now: Date) async throws -> Bool {
        var next = next
        next.userID = userID
        let (userID, owned) = (self.userID, next)
        return try await changing(entries: true) { db, changes in
            changes.activity(of: userID)
            let claimed = try await db.raw(
                """
                UPDATE goals SET recurring = 0, updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: ended.string) AND user_id = \(bind: userID.string) AND recurring = 1
                RETURNING id
                """
            ).all()
            guard !claimed.isEmpty else { return false }
            try await ActivityRows.insert(goals: [owned], userID: userID, now: now, on: db)
            return true
        }
    }

    /// Changes a goal's title, target, period, criteria and status. With `expecting` (the
    /// version the edit started from, ``Goal/updatedAt``), only if the goal has not changed since:
    /// otherwise ``StoreError/Conflict/goalChanged(_:)``, and nothing is written. The version
    /// always moves forward, even within one millisecond.
    public func update(_ goal: Goal, now: Date, expecting version: Date? = nil) async throws {
        let userID = self.userID
        let changed = try await changing(entries: true) { db, changes in
            changes.activity(of: userID)
            let unchanged: SQLQueryString =
                version.map { "AND updated_at = \(bind: $0.milliseconds)" } ?? ""
            return try await db.raw(
                """
                UPDATE goals SET title = \(bind: goal.title), kind = \(bind: goal.kind.rawValue), target = \(bind: goal.target),
                    cadence = \(bind: goal.cadence.rawValue), recurring = \(bind: goal.recurring ? 1 : 0),
                    starts_on = \(bind: goal.startsOn.description), ends_on = \(bind: goal.endsOn.description),
                    criteria = \(bind: JSONColumn.text(goal.criteria)), status = \(bind: goal.status.rawValue),
                    completed_at = \(bind: goal.completedAt?.milliseconds), snapshot = \(bind: goal.snapshot.map(JSONColumn.text)),
                    updated_at = CASE WHEN updated_at < \(bind: now.milliseconds) THEN \(bind: now.milliseconds) ELSE updated_at + 1 END
                WHERE id = \(bind: goal.id.string) AND user_id = \(bind: userID.string) \(unchanged)
                RETURNING id
                """
            ).all().count
        }
        if changed > 0 { return }
        if version != nil, try await self.goal(goal.id) != nil { throw StoreError.conflict(.goalChanged(goal.id)) }
        throw StoreError.notFound(.goal(goal.id))
    }

    /// Deletes a goal with its milestones.
    public func delete(_ id: Goal.ID) async throws {
        let userID = self.userID
        let deleted = try await changing(entries: true) { db, changes in
            changes.activity(of: userID)
            return try await db.raw(
                "DELETE FROM goals WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string) RETURNING id"
            ).all().count
        }
        if deleted == 0 { throw StoreError.notFound(.goal(id)) }
    }

    /// Records milestones first crossed now; returns the percentages that were new (a
    /// milestone another request recorded a moment ago is not new: it is recorded once).
    public func record(milestones percents: [Int], of goalID: Goal.ID, at reachedAt: Date) async throws -> [Int] {
        guard !percents.isEmpty else { return [] }
        let userID = self.userID
        return try await changing(entries: true) { db, changes in
            changes.activity(of: userID)
            guard
                try await db.raw("SELECT id FROM goals WHERE id = \(bind: goalID.string) AND user_id = \(bind: userID.string)")
                    .first() != nil
            else { throw StoreError.notFound(.goal(goalID)) }
            var new: [Int] = []
            for percent in percents {
                let inserted = try await db.raw(
                    """
                    INSERT INTO goal_milestones (goal_id, user_id, percent, reached_at)
                    VALUES (\(bind: goalID.string), \(bind: userID.string), \(bind: percent), \(bind: reachedAt.milliseconds))
                    ON CONFLICT (goal_id, percent) DO NOTHING RETURNING percent
                    """
                ).all()
                if !inserted.isEmpty { new.append(percent) }
            }
            return new
        }
    }

    /// Marks an active goal completed with its final figures; false when it was not active (a
    /// concurrent request completed it first).
    public func complete(_ id: Goal.ID, snapshot: Goal.Snapshot, at: Date) async throws -> Bool {
        let userID = self.userID
        return try await changing(entries: true) { db, changes in
            changes.activity(of: userID)
            return
                !(try await db.raw(
                    """
                    UPDATE goals SET status = 'completed', completed_at = \(bind: at.milliseconds),
                        snapshot = \(bind: JSONColumn.text(snapshot)), updated_at = \(bind: at.milliseconds)
                    WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string) AND status = 'active'
                    RETURNING id
                    """
                ).all().isEmpty)
        }
    }

    /// Records a goal as it is and the milestones it has reached.
    public func record(_ goal: Goal, milestones: [Milestone] = [], now: Date) async throws {
        let userID = self.userID
        var goal = goal
        goal.userID = userID
        let owned = goal
        try await changing(entries: true) { db, changes in
            changes.activity(of: userID)
            try await ActivityRows.insert(goals: [owned], userID: userID, now: now, on: db)
            try await ActivityRows.insert(milestones: milestones.filter { $0.goalID == owned.id }, userID: userID, on: db)
        }
    }
}
