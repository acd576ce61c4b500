import BooksTrackCore
import Foundation
import SQLKit

/// What changed in a reader's library between two versions, from the `reader_changes` log: the
/// entries, works and authors to reload. An app server keeps a reader's library in memory and
/// applies these instead of loading the whole library again after every write (at 10,000 books
/// a whole load takes tens of milliseconds of the database's time, a patch a fraction of one).
public struct LibraryChanges: Sendable, Equatable {
    /// The version the changes bring the library to.
    public var version: Int
    var entries: Set<String> = []
    var works: Set<String> = []
    var authors: Set<String> = []
    /// The reader's row (settings) changed.
    var account = false
    /// Goals, milestones, contributions or achievements changed.
    var activity = false

    public var isEmpty: Bool { entries.isEmpty && works.isEmpty && authors.isEmpty && !account && !activity }
}

extension ReaderStore {
    /// The whole library with the version it is at least as new as (read before the library).
    public func versionedLibrary() async throws -> (version: Int, library: ReaderLibrary) {
        let version = try await dataVersion()
        return (version, try await library())
    }

    /// What changed since `version`, or `nil` when the log cannot say exactly: a write changed
    /// the whole library (an import, settings, goals), moved the version without saying what it
    /// changed, or the log no longer reaches back that far.
    public func libraryChanges(since version: Int) async throws -> LibraryChanges? {
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
            for work in patch.works.values { patch.authorIDs.formUnion(work.authorIDs + work.contributors.map(\.authorID)) }
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

/// Rows read again for a kept library (``ReaderStore/patch(for:of:)``); an id asked for whose
/// row is missing was deleted.
public struct LibraryPatch: Sendable {
    var entryIDs: Set<LibraryEntry.ID>
    /// The works a write declared changed, and the library's editions of them: what other
    /// entries than the changed ones may show (a work or edition read only because a changed
    /// entry is new to it belongs to that entry alone).
    var changedWorks: Set<Work.ID>
    var changedEditions: Set<Edition.ID>
    var entries: [LibraryEntry] = []
    var sessions: [ReadingSession] = []
    var progress: [ProgressUpdate] = []
    var workIDs: Set<Work.ID> = []
    var works: [Work.ID: Work] = [:]
    var editionIDs: Set<Edition.ID> = []
    var editions: [Edition.ID: Edition] = [:]
    var authorIDs: Set<Author.ID> = []
    var authors: [Author.ID: Author] = [:]
    var user: User?
    var activity: (goals: [Goal], milestones: [Milestone], contributions: [Contribution], achievements: [AchievementUnlock])?
}

extension LibraryPatch {
    /// What the patch changed, for patching what is kept with the library the same way: the
    /// entries, the works and editions declared changed (the rest of those read again are new to
    /// the library and reached only through those entries), the authors read again.
    public var touched: LibraryTouch {
        LibraryTouch(entries: entryIDs, works: changedWorks, editions: changedEditions, authors: authorIDs)
    }
}

extension ReaderLibrary {
    /// Replaces what the patch read again (in place: a kept library is not copied).
    public mutating func apply(_ patch: LibraryPatch) {
        if !patch.entryIDs.isEmpty {
            // The entries stay sorted by id. A few changed ones are found by halving and replaced,
            // removed or inserted where they belong: a rating on 100,000 books moves no other
            // entry (a filter of the whole list took ~37 ms, a sort more).
            if patch.entryIDs.count <= 64 {
                let read = Dictionary(patch.entries.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
                for id in patch.entryIDs {
                    let (at, present) = entrySlot(id)
                    switch (present, read[id]) {
                    case (true, let entry?): entries[at] = entry
                    case (true, nil): entries.remove(at: at)
                    case (false, let entry?): entries.insert(entry, at: at)
                    case (false, nil): break
                    }
                }
            } else {
                entries.removeAll { patch.entryIDs.contains($0.id) }
                entries += patch.entries
                entries.sort { $0.id < $1.id }
            }
            // Removing keeps the order; only rows read again need a place.
            sessions.removeAll { patch.entryIDs.contains($0.entryID) }
            if !patch.sessions.isEmpty {
                sessions += patch.sessions
                sessions.sort { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
            }
            progress.removeAll { patch.entryIDs.contains($0.entryID) }
            if !patch.progress.isEmpty {
                progress += patch.progress
                progress.sort { ($0.recordedAt, $0.id) < ($1.recordedAt, $1.id) }
            }
        }
        for id in patch.workIDs { works[id] = patch.works[id] }
        for id in patch.editionIDs { editions[id] = patch.editions[id] }
        for id in patch.authorIDs { authors[id] = patch.authors[id] }
        if let user = patch.user { self.user = user }
        if let activity = patch.activity {
            goals = activity.goals
            milestones = activity.milestones
            contributions = activity.contributions
            achievements = activity.achievements
        }
        dropUnreferenced()
    }

    /// Forgets works, editions and authors no entry reaches any more, once there are a few.
    mutating func dropUnreferenced() {
        guard works.count > entries.count + 64 || editions.count > entries.count + 64 else { return }
        let workIDs = Set(entries.map(\.workID))
        let editionIDs = Set(entries.compactMap(\.editionID))
        works = works.filter { workIDs.contains($0.key) }
        editions = editions.filter { editionIDs.contains($0.key) }
        let authorIDs = Set(works.values.flatMap { $0.authorIDs + $0.contributors.map(\.authorID) })
        authors = authors.filter { authorIDs.contains($0.key) }
    }
}
