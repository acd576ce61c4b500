import BooksTrackCore
import Foundation
import SQLKit

extension ReaderStore {
    /// Records a reading session on one of the reader's entries.
    public func record(session: ReadingSession, now: Date) async throws {
        let userID = self.userID
        try await changing(entries: true) { db, changes in
            guard try await Self.ownedEntry(session.entryID, of: userID, on: db) != nil else {
                throw StoreError.notFound(.entry(session.entryID))
            }
            try await ActivityRows.insert(newSessionsOf: [session], userID: userID, now: now, on: db)
            changes.entries([session.entryID], of: userID)
        }
    }

    /// Records a goal and the milestones it has reached.
    public func record(goal: Goal, milestones: [Milestone] = [], now: Date) async throws {
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

    /// Records curator points.
    public func record(contribution: Contribution) async throws {
        let userID = self.userID
        var contribution = contribution
        contribution.userID = userID
        let owned = contribution
        try await changing(entries: true) { db, changes in
            changes.activity(of: userID)
            try await ActivityRows.insert(contributions: [owned], on: db)
        }
    }

}
