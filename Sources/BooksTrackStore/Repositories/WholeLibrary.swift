import BooksTrackCore
import Foundation
import SQLKit

/// A reader's whole library as one value (``ReaderLibrary``), and what changed in it since a
/// version: what an app server keeping the library in memory reads once, then patches.
public struct WholeLibrary: ReaderScoped {
    /// The reader whose library this is.
    public let userID: User.ID
    let database: Database

    /// The whole library with the catalogue objects it refers to, sessions, goals and curation.
    public func whole() async throws -> ReaderLibrary {
        try await whole(rowReader: database.rowReader)
    }

    /// The whole library; its entries and catalogue through `rowReader` when there is one (on
    /// SQLite: the same values, five times faster at 10,000 books), else through SQLKit.
    func whole(rowReader: SQLiteRowReader?) async throws -> ReaderLibrary {
        let userID = self.userID
        let read: WholeLibraryRows.Catalogue?
        do {
            read = try await rowReader?.read { try WholeLibraryRows.catalogue(of: userID, $0) }
        } catch {
            throw database.connector.translate(error)
        }
        return try await whole(with: read)
    }

    /// The library around `catalogue` (its entries, works, editions and authors) with the rest
    /// read now: the reader, sessions, progress, goals and curation; the catalogue read through
    /// SQLKit too when not given.
    func whole(with catalogue: WholeLibraryRows.Catalogue?) async throws -> ReaderLibrary {
        let userID = self.userID
        return try await database.read { db in
            guard let userRow = try await db.raw("SELECT * FROM users WHERE id = \(bind: userID.string)").first() else {
                throw StoreError.notFound(.reader)
            }
            // The catalogue rows the library reaches, each in one statement (not hundreds of
            // chunks of ids: at 100,000 books binding the ids cost more than reading the rows).
            let whole: WholeLibraryRows.Catalogue
            if let catalogue {
                whole = catalogue
            } else {
                whole = WholeLibraryRows.Catalogue(
                    entries: try await EntryRows.entries(of: userID, on: db),
                    works: try await CatalogueRows.works(.works(of: userID), on: db),
                    editions: try await CatalogueRows.editions(.editions(of: userID), on: db),
                    authors: try await CatalogueRows.authors(.authors(of: userID), as: userID, on: db))
            }
            return ReaderLibrary(
                user: try UserRepository.user(userRow), entries: whole.entries, works: whole.works,
                editions: whole.editions, authors: whole.authors,
                sessions: try await ActivityRows.sessions(of: userID, on: db),
                progress: try await ActivityRows.progress(of: userID, on: db),
                goals: try await ActivityRows.goals(of: userID, on: db),
                milestones: try await ActivityRows.milestones(of: userID, on: db),
                contributions: try await ActivityRows.contributions(of: userID, on: db),
                achievements: try await ActivityRows.achievements(of: userID, on: db))
        }
    }

    /// The whole library with the version it is at least as new as (read before the library).
    public func versioned() async throws -> (version: Int, library: ReaderLibrary) {
        let version = try await currentVersion()
        return (version, try await whole())
    }

    /// What changed since `version`, or `nil` when the log cannot say exactly: a write changed
    /// the whole library (an import, settings, goals), moved the version without saying what it
    /// changed, or the log no longer reaches back that far.
    public func changes(since version: Int) async throws -> LibraryChanges? {
        let userID = self.userID
        return try await database.read { db -> LibraryChanges? in
            // The version and the log in one statement (one snapshot; one round trip, not two):
            // one row with no change when nothing changed since.
            let rows = try await db.raw(
                """
                SELECT u.data_version AS current_version, c.data_version, c.kind, c.subject FROM users u
                LEFT JOIN reader_changes c ON c.user_id = u.id AND c.data_version > \(bind: version)
                    AND c.data_version <= u.data_version
                WHERE u.id = \(bind: userID.string)
                """
            ).all()
            guard let first = rows.first else { throw StoreError.notFound(.reader) }
            let now = try first.integer("current_version")
            var changes = LibraryChanges(version: now)
            guard now > version else { return now == version ? changes : nil }
            guard now - version <= Changes.kept else { return nil }
            var versions = Set<Int>()
            for row in rows {
                guard let changed = try row.optionalInteger("data_version") else { continue }
                versions.insert(changed)
                let subject = try row.text("subject")
                switch try row.text("kind") {
                case "entry": changes.entries.insert(subject)
                case "work": changes.works.insert(subject)
                case "author": changes.authors.insert(subject)
                case "account": changes.account = true
                case "activity": changes.activity = true
                default: return nil
                }
            }
            // Every version in between must be accounted for.
            return versions.count == now - version ? changes : nil
        }
    }

    /// The rows `changes` names, read again, for ``ReaderLibrary/apply(_:)``: the changed entries
    /// (with their works, editions and authors), the changed works (with the editions the
    /// library's entries of them use), the changed authors, and the reader's row or activity
    /// (goals, milestones, contributions, achievements) when they changed.
    public func patch(for changes: LibraryChanges, of library: ReaderLibrary) async throws -> LibraryPatch {
        let userID = self.userID
        let entryIDs = changes.entries.compactMap(LibraryEntry.ID.init)
        let changedWorks = Set(changes.works.compactMap(Work.ID.init))
        var editionIDs = Set<Edition.ID>()
        if !changedWorks.isEmpty {
            for entry in library.entries where changedWorks.contains(entry.workID) {
                if let edition = entry.editionID { editionIDs.insert(edition) }
            }
        }
        let knownEditions = editionIDs
        return try await database.read { db in
            var patch = LibraryPatch(entryIDs: Set(entryIDs), changedWorks: changedWorks, changedEditions: knownEditions)
            patch.entries = try await EntryRows.entries(of: userID, ids: entryIDs, on: db)
            // Sessions belong to their entry: a changed entry's sessions are read again with it.
            patch.sessions = try await db.rows(in: entryIDs.map(\.string)) {
                "SELECT * FROM reading_sessions WHERE \(ScopeColumn("user_id")) = \(bind: userID.string) AND entry_id IN (\(binds: $0))"
            }.map(ActivityRows.session(row:))
            patch.progress = try await db.rows(in: entryIDs.map(\.string)) {
                // Plain `user_id`: progress updates have no index by entry, so the reader's own rows
                // are the shortest walk.
                "SELECT * FROM progress_updates WHERE user_id = \(bind: userID.string) AND entry_id IN (\(binds: $0))"
            }.map(ActivityRows.progress(row:))
            // A changed entry's work and edition are read only when the library lacks them (a new
            // book, a work forked for the reader, a new edition) or the entry is new to it: a
            // write that changes a work or an edition declares the work (``Changes/works(_:)``)
            // to the readers who have it, so one the library holds for a kept entry and nobody
            // declared is as it was — a status change or a rating reads no catalogue rows. A work
            // kept after its book was deleted heard of no change since: a book added again reads it.
            let newEntries = patch.entries.filter { !library.entrySlot($0.id).found }
            patch.workIDs = changedWorks.union(
                patch.entries.map(\.workID).filter { library.works[$0] == nil } + newEntries.map(\.workID))
            patch.works = try await CatalogueRows.works(Array(patch.workIDs), on: db)
            patch.editionIDs = knownEditions.union(
                patch.entries.compactMap(\.editionID).filter { library.editions[$0] == nil } + newEntries.compactMap(\.editionID))
            patch.editions = try await CatalogueRows.editions(Array(patch.editionIDs), on: db)
            patch.authorIDs = Set(changes.authors.compactMap(Author.ID.init))
            for work in patch.works.values { patch.authorIDs.formUnion(work.namedAuthorIDs) }
            patch.authors = try await CatalogueRows.authors(Array(patch.authorIDs), as: userID, on: db)
            if changes.account {
                guard let row = try await db.raw("SELECT * FROM users WHERE id = \(bind: userID.string)").first() else {
                    throw StoreError.notFound(.reader)
                }
                patch.user = try UserRepository.user(row)
            }
            if changes.activity {
                patch.activity = (
                    goals: try await ActivityRows.goals(of: userID, on: db),
                    milestones: try await ActivityRows.milestones(of: userID, on: db),
                    contributions: try await ActivityRows.contributions(of: userID, on: db),
                    achievements: try await ActivityRows.achievements(of: userID, on: db)
                )
            }
            return patch
        }
    }
}
