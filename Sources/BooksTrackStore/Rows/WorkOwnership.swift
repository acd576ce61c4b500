import BooksTrackCore
import Foundation
import SQLKit

/// Whose words a work holds (SPEC F9, "The catalogue is shared, readers' words are not").
///
/// A work created from what a reader typed or imported — its title, year, language, authors,
/// edition — belongs to that reader (`works.owner_id`): only they match it when adding or
/// importing, and only they see it. Authors stay shared (a name is a name, and author *facts*
/// are shared by design, with provenance). A work without an owner is a public record, confirmed
/// by a public source (enrichment); nobody's edit changes it: a reader who edits one first gets
/// a copy of their own (``fork(_:for:now:on:)``), so one reader's edit never changes another's
/// view.
enum WorkOwnership {
    /// The SQL condition "this work is the reader's own or a public record", for `works` as `alias`.
    static func visible(to userID: User.ID, alias: String = "works") -> SQLQueryString {
        "(\(unsafeRaw: alias).owner_id = \(bind: userID.string) OR \(unsafeRaw: alias).owner_id IS NULL)"
    }

    /// The reader's own copy of the work behind one of their entries: the work itself when it is
    /// theirs, a fresh fork when it is a public record. Returns the work and the entry's edition.
    static func own(
        _ workID: Work.ID, edition editionID: Edition.ID?, for userID: User.ID, now: Date, on db: any SQLDatabase
    ) async throws -> (Work.ID, Edition.ID?) {
        let row = try await db.raw("SELECT owner_id FROM works WHERE id = \(bind: workID.string)").first()
        if let owner = try row?.optionalText("owner_id"), owner == userID.string { return (workID, editionID) }
        return try await fork(workID, edition: editionID, for: userID, now: now, on: db)
    }

    /// Copies a work (its authors and contributors, its identifiers, the reader's edition) into
    /// a work the reader owns, and moves the reader's entry, skipped questions and contributions
    /// to it. Other readers keep the original.
    @discardableResult
    static func fork(
        _ workID: Work.ID, edition editionID: Edition.ID?, for userID: User.ID, now: Date, on db: any SQLDatabase
    ) async throws -> (Work.ID, Edition.ID?) {
        let copy = Work.ID.random()
        try await copyWork(workID, to: copy, owner: userID, now: now, on: db)
        let editionCopy = try await copyEdition(editionID, of: workID, to: copy, on: db)
        let (user, old) = (userID.string, workID.string)
        try await db.raw(
            """
            UPDATE library_entries SET work_id = \(bind: copy.string), edition_id = \(bind: editionCopy?.string)
            WHERE user_id = \(bind: user) AND work_id = \(bind: old)
            """
        ).run()
        for table in ["prompt_skips", "contributions"] {
            try await db.raw(
                """
                UPDATE \(unsafeRaw: table) SET work_id = \(bind: copy.string) WHERE user_id = \(bind: user) AND work_id = \(bind: old)
                """
            ).run()
        }
        return (copy, editionCopy)
    }

    /// The work's row and its authors and contributors, as a work `owner` owns.
    private static func copyWork(_ workID: Work.ID, to copy: Work.ID, owner: User.ID, now: Date, on db: any SQLDatabase)
        async throws
    {
        let old = workID.string
        try await db.raw(
            """
            INSERT INTO works (id, owner_id, title, title_key, match_key, original_language, first_published_year, own_voices,
                genres, accessibility_tags, created_at, updated_at)
            SELECT \(bind: copy.string), \(bind: owner.string), title, title_key, match_key, original_language,
                first_published_year, own_voices, genres, accessibility_tags, created_at, \(bind: now.milliseconds)
            FROM works WHERE id = \(bind: old)
            """
        ).run()
        try await db.raw(
            """
            INSERT INTO work_contributors (work_id, author_id, role, ordinal)
            SELECT \(bind: copy.string), author_id, role, ordinal FROM work_contributors WHERE work_id = \(bind: old)
            """
        ).run()
    }

    /// The reader's edition (if any) copied to the copy of its work, and the work's identifiers:
    /// those of that edition to the edition's copy, the rest to the work's copy.
    private static func copyEdition(_ editionID: Edition.ID?, of workID: Work.ID, to copy: Work.ID, on db: any SQLDatabase)
        async throws -> Edition.ID?
    {
        let old = workID.string
        guard let editionID else {
            try await db.raw(
                """
                INSERT INTO external_ids (scheme, value, work_id, edition_id)
                SELECT scheme, value, \(bind: copy.string), NULL FROM external_ids WHERE work_id = \(bind: old)
                """
            ).run()
            return nil
        }
        let newEdition = Edition.ID.random()
        try await db.raw(
            """
            INSERT INTO editions (id, work_id, isbn10, isbn13, publisher, publication_year, page_count, format, binding,
                language, created_at)
            SELECT \(bind: newEdition.string), \(bind: copy.string), isbn10, isbn13, publisher, publication_year, page_count,
                format, binding, language, created_at
            FROM editions WHERE id = \(bind: editionID.string)
            """
        ).run()
        try await db.raw(
            """
            INSERT INTO external_ids (scheme, value, work_id, edition_id)
            SELECT scheme, value, \(bind: copy.string), \(bind: newEdition.string)
            FROM external_ids WHERE work_id = \(bind: old) AND edition_id = \(bind: editionID.string)
            """
        ).run()
        try await db.raw(
            """
            INSERT INTO external_ids (scheme, value, work_id, edition_id)
            SELECT scheme, value, \(bind: copy.string), NULL
            FROM external_ids WHERE work_id = \(bind: old) AND (edition_id IS NULL OR edition_id <> \(bind: editionID.string))
            """
        ).run()
        return newEdition
    }

    /// Of these works, the ones this reader owns.
    static func owned(_ works: [Work.ID], by userID: User.ID, on db: any SQLDatabase) async throws -> Set<Work.ID> {
        var owned = Set<Work.ID>()
        for row in try await db.rows(
            in: works.map(\.string),
            { "SELECT id FROM works WHERE \(ScopeColumn("owner_id")) = \(bind: userID.string) AND id IN (\(binds: $0))" })
        {
            owned.insert(try row.id("id"))
        }
        return owned
    }

    /// Migration 10: gives every work an owner. A work in one reader's library becomes theirs; a
    /// work several readers had in common stays with the reader who added it first and is copied
    /// for each of the others (so no reader keeps seeing another's words); a work in nobody's
    /// library, whose author is unknown, is removed.
    static func assignOwners(now: Date, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE works SET owner_id = (
                SELECT e.user_id FROM library_entries e WHERE e.work_id = works.id ORDER BY e.created_at, e.id LIMIT 1)
            """
        ).run()
        let strays = try await db.raw(
            """
            SELECT e.work_id, e.user_id, e.edition_id FROM library_entries e JOIN works w ON w.id = e.work_id
            WHERE e.user_id <> w.owner_id ORDER BY e.work_id, e.user_id
            """
        ).all()
        for row in strays {
            try await fork(
                try row.id("work_id"), edition: try row.optionalID("edition_id"), for: try row.id("user_id"), now: now, on: db)
        }
        try await db.raw("DELETE FROM works WHERE owner_id IS NULL").run()
    }
}
