import BooksTrackCore
import Foundation
import SQLKit

extension ReaderStore {
    /// How many of the books a query matches carry each identity badge (a book counts once per
    /// badge however many of its authors have it). Empty when the reader sees no badge at all.
    public func badgeCounts(_ query: LibraryQuery, primaryLanguage: LanguageCode?) async throws -> [IdentityBadgeKind: Int] {
        let userID = self.userID
        return try await database.read { db in
            let any = try await db.raw(
                "SELECT 1 AS found FROM identity_badges WHERE user_id = \(bind: userID.string) OR shared = 1 LIMIT 1"
            ).first()
            guard any != nil else { return [:] }
            // From the badges (few) to the reader's books that carry them — by the work's own
            // badge, or an author's through the work's contributors — then, of those books, the
            // ones the query matches (by id); never every book against every badge. Two plain
            // queries, because one with the filter as an `IN` subquery was planned badly by the
            // bundled SQLite (150 ms at 10,000 books against 20 ms in the shell).
            let carried = try await db.raw(
                """
                SELECT b.badge AS badge, e.id AS entry_id FROM identity_badges b
                JOIN library_entries e ON e.work_id = b.subject_id AND e.user_id = b.user_id
                WHERE b.subject_kind = 'work' AND b.user_id = \(bind: userID.string)
                UNION ALL
                SELECT b.badge AS badge, e.id AS entry_id FROM identity_badges b
                JOIN work_contributors c ON c.author_id = b.subject_id AND c.role = 'author'
                JOIN library_entries e ON e.work_id = c.work_id
                WHERE b.subject_kind = 'author' AND (b.user_id = \(bind: userID.string) OR b.shared = 1)
                    AND e.user_id = \(bind: userID.string)
                """
            ).all().map { (badge: try $0.text("badge"), entry: try $0.text("entry_id")) }
            guard !carried.isEmpty else { return [:] }
            let filter = LibraryFilterSQL(query: query, userID: userID, primaryLanguage: primaryLanguage)
            let matching = Set(
                try await db.rows(in: Array(Set(carried.map(\.entry)))) { ids in
                    "SELECT e.id \(filter.fromWhere) AND e.id IN (\(binds: ids))"
                }.map { try $0.text("id") })
            var books: [IdentityBadgeKind: Set<String>] = [:]
            for (badge, entry) in carried where matching.contains(entry) {
                if let kind = IdentityBadgeKind(rawValue: badge) { books[kind, default: []].insert(entry) }
            }
            let counts = books.mapValues(\.count)
            return counts
        }
    }
}
