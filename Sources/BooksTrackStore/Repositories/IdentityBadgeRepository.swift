import BooksTrackCore
import Foundation
import SQLKit

/// Identity badges (issue 20 item 5). A book's badges belong to the reader's own copy of the work
/// and are theirs alone; an author's badge is the reader's too, unless they shared it — allowed
/// only with a public source's address — when every reader with a book by that author sees it.
public struct IdentityBadgeRepository: Sendable {
    let database: Database

    /// The badges a reader sees on one of their books: their own on the book and on its authors,
    /// and those other readers shared about its authors (one per badge and subject, theirs first).
    /// Empty when the book is not the reader's.
    public func badges(of entry: LibraryEntry.ID, for userID: User.ID) async throws -> [IdentityBadgeRecord] {
        try await database.read { db in
            let rows = try await db.raw(
                """
                SELECT b.id, b.user_id, b.subject_kind, b.subject_id, b.badge, b.stated_by, b.source, b.shared, b.created_at
                FROM identity_badges b JOIN library_entries e ON e.id = \(bind: entry.string) AND e.user_id = \(bind: userID.string)
                WHERE (b.subject_kind = 'work' AND b.user_id = e.user_id AND b.subject_id = e.work_id)
                    OR (b.subject_kind = 'author' AND (b.user_id = e.user_id OR b.shared = 1) AND b.subject_id IN
                        (SELECT c.author_id FROM work_contributors c WHERE c.work_id = e.work_id AND c.role = 'author'))
                ORDER BY b.created_at, b.id
                """
            ).all()
            let all = try rows.compactMap { row -> (key: String, record: IdentityBadgeRecord)? in
                guard let record = try Self.record(row, viewer: userID) else { return nil }
                return ("\(try row.text("subject_kind")):\(try row.text("subject_id")):\(record.kind.rawValue)", record)
            }
            // The reader's own first, so another reader's shared copy of the same badge is left out.
            var seen = Set<String>()
            var records: [IdentityBadgeRecord] = []
            for (key, record) in all.filter(\.record.mine) + all.filter({ !$0.record.mine }) where seen.insert(key).inserted {
                records.append(record)
            }
            return records.sorted { ($0.recordedAt, $0.id.string) < ($1.recordedAt, $1.id.string) }
        }
    }

    static func record(_ row: any SQLRow, viewer: User.ID) throws -> IdentityBadgeRecord? {
        guard let kind = IdentityBadgeKind(rawValue: try row.text("badge")),
            let statedBy = BadgeStatement(rawValue: try row.text("stated_by"))
        else { return nil }
        let subjectID = try row.text("subject_id")
        let subject: BadgeSubject
        switch try row.text("subject_kind") {
        case "work":
            guard let id = Work.ID(subjectID) else { return nil }
            subject = .work(id)
        case "author":
            guard let id = Author.ID(subjectID) else { return nil }
            subject = .author(id)
        default: return nil
        }
        return IdentityBadgeRecord(
            id: try row.id("id"), kind: kind, subject: subject, statedBy: statedBy, source: try row.text("source"),
            shared: try row.flag("shared"), mine: try row.text("user_id") == viewer.string,
            recordedAt: try row.instant("created_at"))
    }

    /// Records a badge on one of the reader's books (or one of its authors); recording the same
    /// badge for the same subject again replaces who states it and where. `nil` when the book is
    /// not the reader's, or the author not one of its authors.
    public func record(
        _ draft: IdentityBadgeDraft, on entry: LibraryEntry.ID, for userID: User.ID, now: Date
    ) async throws -> IdentityBadgeRecord.ID? {
        try await database.write { db in
            guard
                let workID = try await db.raw(
                    "SELECT work_id FROM library_entries WHERE id = \(bind: entry.string) AND user_id = \(bind: userID.string)"
                ).first()?.text("work_id")
            else { return nil }
            let (kind, subjectID): (String, String)
            switch draft.subject {
            case .work(let id):
                guard id.string == workID else { return nil }
                (kind, subjectID) = ("work", id.string)
            case .author(let id):
                let isAuthor = try await db.raw(
                    """
                    SELECT 1 AS found FROM work_contributors
                    WHERE work_id = \(bind: workID) AND author_id = \(bind: id.string) AND role = 'author'
                    """
                ).first()
                guard isAuthor != nil else { return nil }
                (kind, subjectID) = ("author", id.string)
            }
            let row = try await db.raw(
                """
                INSERT INTO identity_badges
                    (id, user_id, subject_kind, subject_id, badge, stated_by, source, shared, created_at)
                VALUES (\(bind: IdentityBadgeRecord.ID.random().string), \(bind: userID.string), \(bind: kind),
                    \(bind: subjectID), \(bind: draft.kind.rawValue), \(bind: draft.statedBy.rawValue), \(bind: draft.source),
                    \(bind: draft.shared ? 1 : 0), \(bind: now.milliseconds))
                ON CONFLICT (user_id, subject_kind, subject_id, badge) DO UPDATE SET
                    stated_by = excluded.stated_by, source = excluded.source, shared = excluded.shared
                RETURNING id
                """
            ).first()
            return try row?.id("id")
        }
    }

    /// The reader's own badges as a backup holds them: a book's by its title, an author's by name.
    public func drafts(of userID: User.ID) async throws -> [BadgeDraft] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT b.badge, b.stated_by, b.source, b.shared, b.created_at, w.title, COALESCE(n.name, a.name) AS name
                FROM identity_badges b
                LEFT JOIN works w ON b.subject_kind = 'work' AND w.id = b.subject_id
                LEFT JOIN authors a ON b.subject_kind = 'author' AND a.id = b.subject_id
                LEFT JOIN reader_author_names n ON n.author_id = a.id AND n.user_id = b.user_id
                WHERE b.user_id = \(bind: userID.string)
                """
            ).all().compactMap { row in
                guard let kind = IdentityBadgeKind(rawValue: try row.text("badge")),
                    let statedBy = BadgeStatement(rawValue: try row.text("stated_by"))
                else { return nil }
                let title = try row.optionalText("title")
                let name = try row.optionalText("name")
                guard title != nil || name != nil else { return nil }
                return BadgeDraft(
                    kind: kind, bookTitle: title, authorName: title == nil ? name : nil, statedBy: statedBy,
                    source: try row.text("source"), shared: try row.flag("shared"), recordedAt: try row.instant("created_at"))
            }
        }
    }

    /// Restores a backup's badges for the reader, in the transaction that restores the rest: a
    /// book by its title among the reader's books, an author by name among their books' authors.
    /// One the library has no book or author for is left out; one already recorded is kept as is.
    /// A staged import's books are still its `staging` account's when this runs (they move to the
    /// reader with their ids right after), so they are looked at too.
    static func restore(_ drafts: [BadgeDraft], userID: User.ID, staging: User.ID?, on db: any SQLDatabase) async throws {
        guard !drafts.isEmpty else { return }
        var works: [String: String] = [:]
        var authors: [String: String] = [:]
        for row in try await db.raw(
            """
            SELECT w.id AS work_id, w.title, a.id AS author_id, a.name_key FROM library_entries e
            JOIN works w ON w.id = e.work_id
            LEFT JOIN work_contributors c ON c.work_id = w.id AND c.role = 'author'
            LEFT JOIN authors a ON a.id = c.author_id
            WHERE e.user_id IN (\(bind: userID.string), \(bind: (staging ?? userID).string))
            """
        ).all() {
            let title = try row.text("title")
            if works[title] == nil { works[title] = try row.text("work_id") }
            if let key = try row.optionalText("name_key"), let id = try row.optionalText("author_id") { authors[key] = id }
        }
        for draft in drafts {
            let subject: (kind: String, id: String)?
            if let title = draft.bookTitle {
                subject = works[title].map { ("work", $0) }
            } else {
                subject = draft.authorName.flatMap { authors[TextNormalization.nameKey($0)] }.map { ("author", $0) }
            }
            guard let subject else { continue }
            try await db.raw(
                """
                INSERT INTO identity_badges
                    (id, user_id, subject_kind, subject_id, badge, stated_by, source, shared, created_at)
                VALUES (\(bind: IdentityBadgeRecord.ID.random().string), \(bind: userID.string), \(bind: subject.kind),
                    \(bind: subject.id), \(bind: draft.kind.rawValue), \(bind: draft.statedBy.rawValue), \(bind: draft.source),
                    \(bind: draft.shared && subject.kind == "author" ? 1 : 0), \(bind: draft.recordedAt.milliseconds))
                ON CONFLICT (user_id, subject_kind, subject_id, badge) DO NOTHING
                """
            ).run()
        }
    }

    /// Removes one of the reader's own badges; `false` when there is none of theirs with this id.
    public func delete(_ id: IdentityBadgeRecord.ID, of userID: User.ID) async throws -> Bool {
        try await database.write { db in
            try await db.raw(
                """
                DELETE FROM identity_badges WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)
                RETURNING id
                """
            ).first() != nil
        }
    }
}
