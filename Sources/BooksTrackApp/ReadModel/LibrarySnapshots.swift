import BooksTrackCore
import BooksTrackStore
import Foundation
import Synchronization

/// Readers' libraries kept in this process with their figures, each at the version it was read
/// at, and brought up to date by what changed since (``WholeLibrary/changes(since:)``) rather than read whole
/// again after every write. Another server's writes reach it the same way: through the change
/// log in the database. When the log cannot say what changed, the library is read whole.
///
/// One refresh per reader at a time: requests arriving meanwhile wait for it (sixteen requests
/// after a write make one patch, not sixteen; a cold library is read once, not by every request),
/// and take its result when it is at least as new as the version they need.
final class LibrarySnapshots: Sendable {
    struct Snapshot: Sendable {
        var version: Int
        var library: ReaderLibrary
        /// The library's figures, once asked for (``KeptLibraries/figures(of:atLeast:)``), in
        /// the zone they were built in: patched in place with the library by every refresh.
        var figures: LibraryFigures?
        /// Which library this is: a new number for every refresh, so figures built from one are
        /// kept only with that very one (two reads can share a version: it is read before the rows).
        var generation: UInt64 = 0
    }

    private struct Table {
        var snapshots: [User.ID: Snapshot] = [:]
        var used: [User.ID: UInt64] = [:]
        var refreshing: [User.ID: Task<Snapshot, any Error>] = [:]
        /// Readers whose kept library is out of the table while a refresh patches it in place.
        var patching: Set<User.ID> = []
        var clock: UInt64 = 0

        /// A number no snapshot had (the clock only moves on).
        mutating func nextGeneration() -> UInt64 {
            clock += 1
            return clock
        }

        /// Keeps `snapshot` unless the table holds a newer one.
        mutating func keep(_ snapshot: Snapshot, of id: User.ID) {
            if (snapshots[id]?.version ?? Int.min) < snapshot.version { snapshots[id] = snapshot }
        }

        /// Drops the least recently used libraries while all of them hold more than `budget` books.
        mutating func evict(keeping id: User.ID, budget: Int) {
            var books = snapshots.values.reduce(0) { $0 + $1.library.entries.count }
            while books > budget, snapshots.count > 1,
                let oldest = snapshots.keys.filter({ $0 != id }).min(by: { used[$0, default: 0] < used[$1, default: 0] })
            {
                books -= snapshots[oldest]?.library.entries.count ?? 0
                snapshots[oldest] = nil
                used[oldest] = nil
            }
        }
    }
    private let table = Mutex(Table())
    /// How many books all kept libraries may hold together; the least recently used go first.
    let bookBudget: Int

    /// Writes kept libraries down for the next process (`nil`: none are, none are read back).
    let archiver: LibraryArchiver?

    init(bookBudget: Int = 100_000, archiver: LibraryArchiver? = nil) {
        self.bookBudget = bookBudget
        self.archiver = archiver
    }

    /// The reader's library, at `version` (the reader's `data_version` read by the caller) or newer.
    func library(of reader: ReaderStore, atLeast version: Int) async throws -> ReaderLibrary {
        try await snapshot(of: reader, atLeast: version).library
    }

    /// The reader's kept library with its version and, once asked for, its figures.
    func snapshot(of reader: ReaderStore, atLeast version: Int) async throws -> Snapshot {
        let id = reader.userID
        while true {
            let (kept, running): (Snapshot?, Task<Snapshot, any Error>?) = table.withLock {
                $0.clock += 1
                $0.used[id] = $0.clock
                if let kept = $0.snapshots[id], kept.version >= version { return (kept, nil) }
                if let running = $0.refreshing[id] { return (nil, running) }
                let task = Task { try await self.refresh(reader) }
                $0.refreshing[id] = task
                return (nil, task)
            }
            if let kept { return kept }
            guard let running else { continue }
            let result: Snapshot
            do {
                result = try await running.value
            } catch {
                table.withLock { if $0.refreshing[id] == running { $0.refreshing[id] = nil } }
                throw error
            }
            table.withLock {
                if $0.refreshing[id] == running { $0.refreshing[id] = nil }
                $0.keep(result, of: id)
                $0.evict(keeping: id, budget: bookBudget)
            }
            if result.version >= version { return result }
            // A refresh that began before the caller's write: one more.
        }
    }

    /// The reader's library at `version` or newer with its figures in `timeZone`: the kept ones,
    /// or built now and kept with the library (until a refresh brings both up to date).
    func figures(of reader: ReaderStore, atLeast version: Int, timeZone: TimeZone) async throws
        -> (library: ReaderLibrary, figures: LibraryFigures)
    {
        let snapshot = try await snapshot(of: reader, atLeast: version)
        if let figures = snapshot.figures, figures.timeZone == timeZone { return (snapshot.library, figures) }
        // Kept figures in another zone are moved to this one; only a library without any is flattened.
        let figures =
            snapshot.figures?.inTimeZone(timeZone, of: snapshot.library) ?? LibraryFigures(snapshot.library, timeZone: timeZone)
        table.withLock {
            // Kept only with the library they were built from (a refresh may have replaced it).
            if $0.snapshots[reader.userID]?.generation == snapshot.generation { $0.snapshots[reader.userID]?.figures = figures }
        }
        return (snapshot.library, figures)
    }

    /// Whether this process keeps the reader's library (at any version), counting one a refresh
    /// is patching right now — not one being read whole for the first time.
    func holds(_ id: User.ID) -> Bool { table.withLock { $0.snapshots[id] != nil || $0.patching.contains(id) } }

    /// The reader's library at `version` or newer when this process keeps it (or is reading
    /// it): brought up to date by the change log, never read whole. `nil` when it is not kept —
    /// a page about one book should not read a library of 100,000 to show it.
    func keptLibrary(of reader: ReaderStore, atLeast version: Int) async throws -> ReaderLibrary? {
        let id = reader.userID
        guard table.withLock({ $0.snapshots[id] != nil || $0.refreshing[id] != nil }) else { return nil }
        return try await library(of: reader, atLeast: version)
    }

    /// The kept library brought up to date, or read whole. Runs alone for its reader, holding the
    /// kept library out of the table so the patch changes it in place rather than a copy of it
    /// (requests meanwhile wait for this refresh).
    private func refresh(_ reader: ReaderStore) async throws -> Snapshot {
        let id = reader.userID
        // Taken straight into the one variable that holds it: a second binding would keep the
        // library shared, and the patch would copy all of it (~40 ms at 100,000 books).
        if var kept = table.withLock({ table -> Snapshot? in
            let kept = table.snapshots.removeValue(forKey: id)
            if kept != nil { table.patching.insert(id) }
            return kept
        }) {
            defer { _ = table.withLock { $0.patching.remove(id) } }
            do {
                if let changes = try await reader.library.changes(since: kept.version) {
                    if !changes.isEmpty {
                        let patch = try await reader.library.patch(for: changes, of: kept.library)
                        kept.library.apply(patch)
                        // In place: the snapshot is out of the table, so nothing else holds
                        // these figures unless a request is still reading them.
                        kept.figures?.update(kept.library, touched: patch.touched)
                        kept.generation = table.withLock { $0.nextGeneration() }
                    }
                    kept.version = changes.version
                    archiver?.consider(kept.library, at: kept.version, of: reader)
                    // Back in the table before `patching` ends, so `holds` never misses it.
                    table.withLock { [kept] in $0.keep(kept, of: id) }
                    return kept
                }
            } catch {
                table.withLock { [kept] in if $0.snapshots[id] == nil { $0.snapshots[id] = kept } }
                throw error
            }
        }
        if let archived = try await archived(reader) { return archived }
        let (version, library) = try await reader.library.versioned()
        archiver?.consider(library, at: version, of: reader, afterWholeRead: true)
        return Snapshot(version: version, library: library, generation: table.withLock { $0.nextGeneration() })
    }

    /// The library read back from its archive and brought up to date by what changed since it
    /// was written; `nil` when there is none, or the change log no longer reaches back to it.
    private func archived(_ reader: ReaderStore) async throws -> Snapshot? {
        guard let archiver, let (version, archived) = try await reader.library.archived() else { return nil }
        // Noted only when usable: one the log no longer reaches (an import or a restore since)
        // is written again after the whole read, however few versions it is behind.
        guard let changes = try await reader.library.changes(since: version) else { return nil }
        archiver.found(version, of: reader.userID)
        var library = archived
        if !changes.isEmpty { library.apply(try await reader.library.patch(for: changes, of: library)) }
        archiver.consider(library, at: changes.version, of: reader)
        return Snapshot(version: changes.version, library: library, generation: table.withLock { $0.nextGeneration() })
    }
}
