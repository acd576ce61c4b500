import BooksTrackCore
import Foundation
import SQLKit

extension ReaderStore {
    /// Records a reading session on one of the reader's entries.
    public func record(session: ReadingSession, now: Date) async throws {
        let userID = self.userID
        try await database.write { db in
            try await requireEntry(session.entryID, on: db)
            try await ActivityRows.insert(newSessionsOf: [session], userID: userID, now: now, on: db)
            try await Versions.bump(reader: userID, catalogue: false, on: db)
        }
    }

    /// Records a goal and the milestones it has reached.
    public func record(goal: Goal, milestones: [Milestone] = [], now: Date) async throws {
        let userID = self.userID
        var goal = goal
        goal.userID = userID
        let owned = goal
        try await database.write { db in
            try await ActivityRows.insert(goals: [owned], userID: userID, now: now, on: db)
            try await ActivityRows.insert(milestones: milestones.filter { $0.goalID == owned.id }, userID: userID, on: db)
            try await Versions.bump(reader: userID, catalogue: false, on: db)
        }
    }

    /// Records curator points.
    public func record(contribution: Contribution) async throws {
        let userID = self.userID
        var contribution = contribution
        contribution.userID = userID
        let owned = contribution
        try await database.write { db in
            try await ActivityRows.insert(contributions: [owned], on: db)
            try await Versions.bump(reader: userID, catalogue: false, on: db)
        }
    }

    /// Records unlocked achievements (an achievement is unlocked once).
    public func record(achievements: [AchievementUnlock]) async throws {
        let userID = self.userID
        try await database.write { db in
            try await ActivityRows.insert(achievements: achievements, userID: userID, on: db)
        }
    }

    private func requireEntry(_ id: LibraryEntry.ID, on db: any SQLDatabase) async throws {
        let found = try await db.raw(
            """
            SELECT id FROM library_entries WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)
            """
        ).first()
        if found == nil { throw StoreError.notFound("There is no such book in your library.") }
    }
}

/// The change counters caches key on: one per reader, one for the shared catalogue.
enum Versions {
    static func bump(reader userID: User.ID, catalogue: Bool, on db: any SQLDatabase) async throws {
        try await db.raw("UPDATE users SET data_version = data_version + 1 WHERE id = \(bind: userID.string)").run()
        if catalogue {
            try await db.raw("UPDATE counters SET value = value + 1 WHERE name = 'catalogue_version'").run()
        }
    }
}
