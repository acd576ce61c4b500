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

    public var isEmpty: Bool { entries.isEmpty && works.isEmpty && authors.isEmpty }
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
            // The version first: whatever is read after it is at least as new.
            guard
                let now = try await db.raw("SELECT data_version FROM users WHERE id = \(bind: userID.string)").first()?
                    .integer("data_version")
            else { throw StoreError.notFound(.reader) }
            var changes = LibraryChanges(version: now)
            guard now > version else { return now == version ? changes : nil }
            guard now - version <= Changes.kept else { return nil }
            var versions = Set<Int>()
            for row in try await db.raw(
                """
                SELECT data_version, kind, subject FROM reader_changes WHERE user_id = \(bind: userID.string)
                AND data_version > \(bind: version) AND data_version <= \(bind: now)
                """
            ).all() {
                versions.insert(try row.integer("data_version"))
                let subject = try row.text("subject")
                switch try row.text("kind") {
                case "entry": changes.entries.insert(subject)
                case "work": changes.works.insert(subject)
                case "author": changes.authors.insert(subject)
                default: return nil
                }
            }
            // Every version in between must be accounted for.
            return versions.count == now - version ? changes : nil
        }
    }

    /// `library` with what `changes` names reloaded: changed entries replaced (or removed, when
    /// deleted), with their works, editions and authors; changed works and authors reloaded.
    public func library(_ library: ReaderLibrary, applying changes: LibraryChanges) async throws -> ReaderLibrary {
        guard !changes.isEmpty else { return library }
        let userID = self.userID
        let entryIDs = changes.entries.compactMap(LibraryEntry.ID.init)
        let changedWorks = Set(changes.works.compactMap(Work.ID.init))
        return try await database.read { db in
            var library = library
            let loaded = try await EntryRows.entries(of: userID, ids: entryIDs, on: db)
            let gone = Set(entryIDs).subtracting(loaded.map(\.id))
            let replaced = Set(entryIDs)
            if !replaced.isEmpty {
                library.entries.removeAll { replaced.contains($0.id) }
                library.entries += loaded
                library.entries.sort { $0.id < $1.id }
            }
            if !gone.isEmpty { library.sessions.removeAll { gone.contains($0.entryID) } }
            let workIDs = changedWorks.union(loaded.map(\.workID))
            let works = try await CatalogueRows.works(Array(workIDs), on: db)
            for id in workIDs { library.works[id] = works[id] }
            var editionIDs = Set(loaded.compactMap(\.editionID))
            if !changedWorks.isEmpty {
                for entry in library.entries where changedWorks.contains(entry.workID) {
                    if let edition = entry.editionID { editionIDs.insert(edition) }
                }
            }
            let editions = try await CatalogueRows.editions(Array(editionIDs), on: db)
            for id in editionIDs { library.editions[id] = editions[id] }
            var authorIDs = Set(changes.authors.compactMap(Author.ID.init))
            for work in works.values { authorIDs.formUnion(work.authorIDs + work.contributors.map(\.authorID)) }
            let authors = try await CatalogueRows.authors(Array(authorIDs), on: db)
            for id in authorIDs { library.authors[id] = authors[id] }
            library.dropUnreferenced()
            return library
        }
    }
}

extension ReaderLibrary {
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
