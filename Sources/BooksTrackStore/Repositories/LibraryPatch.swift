import BooksTrackCore
import Foundation

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

/// Rows read again for a kept library (``WholeLibrary/patch(for:of:)``); an id asked for whose
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
    var works: DenseDictionary<Work.ID, Work> = [:]
    var editionIDs: Set<Edition.ID> = []
    var editions: DenseDictionary<Edition.ID, Edition> = [:]
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
                sessions.sort(by: ReadingSession.oldestFirst)
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
        let authorIDs = Set(works.values.flatMap(\.namedAuthorIDs))
        authors = authors.filter { authorIDs.contains($0.key) }
    }
}
