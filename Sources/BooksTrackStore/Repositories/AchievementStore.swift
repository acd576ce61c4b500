import BooksTrackCore
import Foundation
import SQLKit

/// A reader's achievements: the facts they are decided on, counted by the database, and the
/// achievements unlocked, each with the notification it owes.
public struct AchievementStore: ReaderScoped {
    /// The reader whose achievements these are.
    public let userID: User.ID
    let database: Database

    /// The achievements' facts counted by the database, and the achievements already unlocked:
    /// what the after-write step needs when this process keeps no copy of the reader's library
    /// (the command line after an import; a server's first write for a reader). A few aggregate
    /// queries instead of reading a library of 50,000 books whole (2–3 s) only to count it.
    /// The figures equal ``LibraryFigures/achievementFacts(contributions:)`` on the same library
    /// (`AchievementCountsTests` checks it on both databases).
    public func counts(timeZone: TimeZone) async throws -> (facts: AchievementFacts, unlocked: Set<String>) {
        let user = userID.string
        return try await database.read { db in
            let read: SQLQueryString = "e.user_id = \(bind: user) AND \(unsafeRaw: LibraryFilterSQL.readAtSomeTime)"
            let books = try await db.raw(
                """
                SELECT COUNT(*) AS books, COUNT(e.rating_quarters) AS rated,
                    CAST(COALESCE(SUM(e.rating_quarters), 0) AS BIGINT) AS quarters
                FROM library_entries e WHERE \(read)
                """
            ).first()
            // Distinct values read back and parsed as the library's are: a value the model would
            // not read does not count.
            var regions = Set<CulturalRegion>()
            for row in try await db.raw(
                """
                SELECT DISTINCT a.region FROM library_entries e JOIN work_contributors c ON c.work_id = e.work_id
                JOIN authors a ON a.id = c.author_id
                WHERE \(read) AND c.role = \(bind: ContributorRole.author.rawValue) AND a.region IS NOT NULL
                """
            ).all() {
                if let region = CulturalRegion(rawValue: try row.text("region")) { regions.insert(region) }
            }
            var languages = Set<LanguageCode>()
            for row in try await db.raw(
                """
                SELECT DISTINCT w.original_language FROM library_entries e JOIN works w ON w.id = e.work_id
                WHERE \(read) AND w.original_language IS NOT NULL
                """
            ).all() {
                if let code = LanguageCode(lenient: try row.text("original_language")) { languages.insert(code) }
            }
            let finished = try await db.raw(
                """
                SELECT DISTINCT finished_on FROM readings
                WHERE user_id = \(bind: user) AND outcome = \(bind: Reading.Outcome.finished.rawValue) AND finished_on IS NOT NULL
                """
            ).all().compactMap { try $0.optionalDate("finished_on") }
            let sessions = try await db.raw(
                "SELECT started_at, ended_at FROM reading_sessions WHERE user_id = \(bind: user)"
            ).all().map { (start: try $0.instant("started_at"), end: try $0.optionalInstant("ended_at")) }
            let progress = try await db.raw("SELECT recorded_at FROM progress_updates WHERE user_id = \(bind: user)")
                .all().map { try $0.instant("recorded_at") }
            let contributions =
                try await db.raw(
                    "SELECT COUNT(*) AS n FROM contributions WHERE user_id = \(bind: user)"
                ).first()?.integer("n") ?? 0
            let unlocked = try await db.raw("SELECT achievement FROM achievement_unlocks WHERE user_id = \(bind: user)")
                .all().map { try $0.text("achievement") }
            let facts = AchievementFacts(
                books: try books?.integer("books") ?? 0, regions: regions.count, languages: languages.count,
                ratedBooks: try books?.integer("rated") ?? 0, ratingQuarters: try books?.integer("quarters") ?? 0,
                finished: finished, sessions: sessions, progress: progress, timeZone: timeZone,
                contributions: contributions)
            return (facts, Set(unlocked))
        }
    }

    /// The reader's unlocked achievements and how many contributions they made (what the
    /// achievements page measures; the after-write step reads them from the kept library).
    public func standing() async throws -> Notices.Standing {
        let userID = self.userID
        return try await database.read { db in
            Notices.Standing(
                achievements: try await ActivityRows.achievements(of: userID, on: db),
                contributions: try await ActivityRows.contributionCount(of: userID, on: db))
        }
    }

    /// Records unlocked achievements and the notification each one owes in one transaction, so
    /// an unlock is never stored without its notice (a crash between the two cannot lose it).
    /// An achievement is unlocked once and its notice recorded once, however many writes ask.
    /// Returns how many notices were new.
    @discardableResult
    public func record(_ achievements: [AchievementUnlock], now: Date) async throws -> Int {
        guard !achievements.isEmpty else { return 0 }
        let userID = self.userID
        return try await changing(entries: true) { db, changes in
            changes.activity(of: userID)
            return try await Self.unlock(achievements, of: userID, now: now, on: db)
        }
    }

    /// Inserts unlocks with their notices, inside the caller's transaction.
    static func unlock(_ achievements: [AchievementUnlock], of userID: User.ID, now: Date, on db: any SQLDatabase)
        async throws -> Int
    {
        try await ActivityRows.insert(achievements: achievements, userID: userID, on: db)
        return try await NotificationStore.insert(
            notices: achievements.sorted { $0.unlockedAt < $1.unlockedAt }.compactMap(Notices.notice(for:)), of: userID,
            now: now, on: db)
    }
}
