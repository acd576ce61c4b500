import BooksTrackCore
import Foundation
import SQLKit

/// Sessions, goals, milestones, curator contributions and achievements of one reader.
enum ActivityRows {
    static let sessionColumns = [
        "id", "user_id", "entry_id", "started_at", "ended_at", "start_page", "end_page", "logged_afterwards", "created_at",
    ]

    /// Inserts sessions whose entry has no session starting at the same instant yet.
    static func insert(newSessionsOf sessions: [ReadingSession], userID: User.ID, now: Date, on db: any SQLDatabase) async throws
    {
        guard !sessions.isEmpty else { return }
        var existing = try await keys(of: "reading_sessions", instant: "started_at", userID: userID, on: db)
        let fresh = sessions.filter { existing.insert("\($0.entryID.string)@\($0.startedAt.milliseconds)").inserted }
        try await db.insertRows(
            into: "reading_sessions", columns: sessionColumns,
            rows: fresh.map { session in
                [
                    session.id.string, userID.string, session.entryID.string, session.startedAt.milliseconds,
                    session.endedAt?.milliseconds, session.startPage, session.endPage, session.loggedAfterwards ? 1 : 0,
                    now.milliseconds,
                ]
            })
    }

    static func sessions(
        of userID: User.ID, entry: LibraryEntry.ID? = nil, running: Bool = false, on db: any SQLDatabase
    ) async throws -> [ReadingSession] {
        var query: SQLQueryString = "SELECT * FROM reading_sessions WHERE user_id = \(bind: userID.string)"
        if let entry {
            query.appendLiteral(" AND entry_id = ")
            query.appendInterpolation(bind: entry.string)
        }
        if running { query.appendLiteral(" AND ended_at IS NULL") }
        // Ties by id in Swift: the databases order text by different collations.
        return try await db.raw(query).all().map(session(row:)).sorted(by: ReadingSession.oldestFirst)
    }

    /// `entry@milliseconds` of a reader's rows in an activity table: a backup restored twice
    /// adds a session or progress update once.
    private static func keys(of table: String, instant: String, userID: User.ID, on db: any SQLDatabase) async throws
        -> Set<String>
    {
        var keys = Set<String>()
        for row in try await db.raw(
            "SELECT entry_id, \(unsafeRaw: instant) AS at FROM \(unsafeRaw: table) WHERE user_id = \(bind: userID.string)"
        ).all() {
            keys.insert("\(try row.text("entry_id"))@\(try row.integer("at"))")
        }
        return keys
    }

    /// A reader's progress updates, oldest first.
    static func progress(of userID: User.ID, on db: any SQLDatabase) async throws -> [ProgressUpdate] {
        try await db.raw(
            "SELECT * FROM progress_updates WHERE user_id = \(bind: userID.string) ORDER BY recorded_at, id"
        ).all().map(progress(row:))
    }

    static func progress(row: any SQLRow) throws -> ProgressUpdate {
        ProgressUpdate(
            id: try row.id("id"), userID: try row.id("user_id"), entryID: try row.id("entry_id"), page: try row.integer("page"),
            percent: try row.optionalInteger("percent"), recordedAt: try row.instant("recorded_at"))
    }

    /// Progress updates from a backup, leaving out those already there (same book, same instant).
    static func insert(newProgressOf updates: [ProgressUpdate], userID: User.ID, on db: any SQLDatabase) async throws {
        guard !updates.isEmpty else { return }
        var existing = try await keys(of: "progress_updates", instant: "recorded_at", userID: userID, on: db)
        let fresh = updates.filter { existing.insert("\($0.entryID.string)@\($0.recordedAt.milliseconds)").inserted }
        try await db.insertRows(
            into: "progress_updates", columns: ["id", "user_id", "entry_id", "page", "percent", "recorded_at"],
            rows: fresh.map { [$0.id.string, userID.string, $0.entryID.string, $0.page, $0.percent, $0.recordedAt.milliseconds] })
    }

    /// One of a reader's sessions.
    static func session(_ id: ReadingSession.ID, of userID: User.ID, on db: any SQLDatabase) async throws -> ReadingSession? {
        try await db.raw(
            "SELECT * FROM reading_sessions WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)"
        ).first().map(session(row:))
    }

    static func session(row: any SQLRow) throws -> ReadingSession {
        ReadingSession(
            id: try row.id("id"), userID: try row.id("user_id"), entryID: try row.id("entry_id"),
            startedAt: try row.instant("started_at"), endedAt: try row.optionalInstant("ended_at"),
            startPage: try row.integer("start_page"), endPage: try row.optionalInteger("end_page"),
            loggedAfterwards: try row.flag("logged_afterwards"))
    }

    static func insert(goals: [Goal], userID: User.ID, now: Date, on db: any SQLDatabase) async throws {
        try await db.insertRows(
            into: "goals",
            columns: [
                "id", "user_id", "title", "kind", "target", "cadence", "recurring", "starts_on", "ends_on", "criteria",
                "status", "created_at", "updated_at", "completed_at", "snapshot",
            ],
            rows: goals.map { goal in
                [
                    goal.id.string, userID.string, goal.title, goal.kind.rawValue, goal.target, goal.cadence.rawValue,
                    goal.recurring ? 1 : 0, goal.startsOn.description, goal.endsOn.description, JSONColumn.text(goal.criteria),
                    goal.status.rawValue, goal.createdAt.milliseconds, now.milliseconds, goal.completedAt?.milliseconds,
                    goal.snapshot.map(JSONColumn.text),
                ]
            })
    }

    static func goals(of userID: User.ID, on db: any SQLDatabase) async throws -> [Goal] {
        try await db.raw("SELECT * FROM goals WHERE user_id = \(bind: userID.string) ORDER BY created_at").all().compactMap {
            row in
            guard let kind = Goal.Kind(rawValue: try row.text("kind")),
                let cadence = Goal.Cadence(rawValue: try row.text("cadence")),
                let status = Goal.Status(rawValue: try row.text("status")), let starts = try row.optionalDate("starts_on"),
                let ends = try row.optionalDate("ends_on")
            else { return nil }
            return Goal(
                id: try row.id("id"), userID: try row.id("user_id"), title: try row.text("title"), kind: kind,
                target: try row.integer("target"), cadence: cadence, recurring: try row.flag("recurring"),
                startsOn: starts, endsOn: ends, criteria: try row.json("criteria", as: Goal.Criteria.self), status: status,
                createdAt: try row.instant("created_at"), completedAt: try row.optionalInstant("completed_at"),
                snapshot: try row.optionalText("snapshot").flatMap {
                    try? JSONDecoder().decode(Goal.Snapshot.self, from: Data($0.utf8))
                }, updatedAt: try row.instant("updated_at"))
        }
    }

    static func insert(milestones: [Milestone], userID: User.ID, on db: any SQLDatabase) async throws {
        try await db.insertRows(
            into: "goal_milestones", columns: ["goal_id", "user_id", "percent", "reached_at"],
            rows: milestones.map { [$0.goalID.string, userID.string, $0.percent, $0.reachedAt.milliseconds] })
    }

    static func milestones(of userID: User.ID, on db: any SQLDatabase) async throws -> [Milestone] {
        try await db.raw("SELECT * FROM goal_milestones WHERE user_id = \(bind: userID.string) ORDER BY goal_id, percent").all()
            .map {
                Milestone(
                    goalID: try $0.id("goal_id"), percent: try $0.integer("percent"), reachedAt: try $0.instant("reached_at"))
            }
    }

    static func insert(contributions: [Contribution], on db: any SQLDatabase) async throws {
        try await db.insertRows(
            into: "contributions",
            columns: ["id", "user_id", "author_id", "work_id", "fact", "value", "note", "points", "recorded_at"],
            rows: contributions.map {
                [
                    $0.id.string, $0.userID.string, $0.authorID?.string, $0.workID?.string, $0.fact, $0.value, $0.note,
                    $0.points, $0.recordedAt.milliseconds,
                ]
            })
    }

    static func contributionCount(of userID: User.ID, on db: any SQLDatabase) async throws -> Int {
        try await db.raw("SELECT COUNT(*) AS n FROM contributions WHERE user_id = \(bind: userID.string)").first()?.integer("n")
            ?? 0
    }

    static func contributions(of userID: User.ID, on db: any SQLDatabase) async throws -> [Contribution] {
        try await db.raw("SELECT * FROM contributions WHERE user_id = \(bind: userID.string) ORDER BY recorded_at").all().map {
            Contribution(
                id: try $0.id("id"), userID: try $0.id("user_id"), authorID: try $0.optionalID("author_id"),
                workID: try $0.optionalID("work_id"), fact: try $0.text("fact"), value: try $0.optionalText("value"),
                note: try $0.optionalText("note"), points: try $0.integer("points"), recordedAt: try $0.instant("recorded_at"))
        }
    }

    static func insert(achievements: [AchievementUnlock], userID: User.ID, on db: any SQLDatabase) async throws {
        for unlock in achievements {
            try await db.raw(
                """
                INSERT INTO achievement_unlocks (user_id, achievement, unlocked_at)
                VALUES (\(bind: userID.string), \(bind: unlock.achievement), \(bind: unlock.unlockedAt.milliseconds))
                ON CONFLICT (user_id, achievement) DO NOTHING
                """
            ).run()
        }
    }

    static func achievements(of userID: User.ID, on db: any SQLDatabase) async throws -> [AchievementUnlock] {
        try await db.raw("SELECT * FROM achievement_unlocks WHERE user_id = \(bind: userID.string) ORDER BY achievement").all()
            .map {
                AchievementUnlock(achievement: try $0.text("achievement"), unlockedAt: try $0.instant("unlocked_at"))
            }
    }

    /// Restores a backup's reader-level data, skipping what the reader already has: goals with
    /// the same title, kind and dates; identical contributions; unlocked achievements. A staged
    /// import's books are still its `staging` account's when this runs: contributions find their
    /// book among them too.
    static func restore(
        _ data: ReaderData, userID: User.ID, staging: User.ID? = nil, now: Date, on db: any SQLDatabase
    ) async throws {
        if let settings = data.settings { try await UserRepository.write(settings: settings, for: userID, now: now, on: db) }
        if let name = data.displayName?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty {
            try await db.raw("UPDATE users SET display_name = \(bind: name) WHERE id = \(bind: userID.string)").run()
        }
        let existingGoals = Set(try await goals(of: userID, on: db).map { "\($0.title)|\($0.kind)|\($0.startsOn)|\($0.endsOn)" })
        var newGoals: [Goal] = []
        var newMilestones: [Milestone] = []
        for var goal in data.goals where !existingGoals.contains("\(goal.title)|\(goal.kind)|\(goal.startsOn)|\(goal.endsOn)") {
            let fileID = goal.id
            goal.id = .random()
            goal.userID = userID
            newGoals.append(goal)
            newMilestones += data.milestones.filter { $0.goalID == fileID }.map {
                Milestone(goalID: goal.id, percent: $0.percent, reachedAt: $0.reachedAt)
            }
        }
        try await insert(goals: newGoals, userID: userID, now: now, on: db)
        try await insert(milestones: newMilestones, userID: userID, on: db)
        try await restore(contributions: data.contributions, userID: userID, staging: staging, on: db)
        try await insert(achievements: data.achievements, userID: userID, on: db)
    }

    private static func restore(
        contributions drafts: [ContributionDraft], userID: User.ID, staging: User.ID?, on db: any SQLDatabase
    ) async throws {
        guard !drafts.isEmpty else { return }
        let names = drafts.compactMap(\.authorName).map(TextNormalization.nameKey)
        var authorsByKey: [String: Author.ID] = [:]
        for row in try await db.rows(in: names, { "SELECT id, name_key FROM authors WHERE name_key IN (\(binds: $0))" }) {
            authorsByKey[try row.text("name_key")] = try row.id("id")
        }
        var worksByTitle: [String: Work.ID] = [:]
        for row in try await db.raw(
            """
            SELECT w.id, w.title FROM works w JOIN library_entries e ON e.work_id = w.id
            WHERE e.user_id IN (\(bind: userID.string), \(bind: (staging ?? userID).string))
            """
        ).all() {
            worksByTitle[try row.text("title")] = try row.id("id")
        }
        let existing = Set(
            try await contributions(of: userID, on: db).map {
                "\($0.fact)|\($0.recordedAt.milliseconds)|\($0.authorID?.string ?? "")|\($0.workID?.string ?? "")"
            })
        let fresh = drafts.map { draft in
            Contribution(
                userID: userID, authorID: draft.authorName.flatMap { authorsByKey[TextNormalization.nameKey($0)] },
                workID: draft.workTitle.flatMap { worksByTitle[$0] }, fact: draft.fact, value: draft.value, note: draft.note,
                points: draft.points, recordedAt: draft.recordedAt)
        }.filter {
            !existing.contains("\($0.fact)|\($0.recordedAt.milliseconds)|\($0.authorID?.string ?? "")|\($0.workID?.string ?? "")")
        }
        try await insert(contributions: fresh, on: db)
    }
}
