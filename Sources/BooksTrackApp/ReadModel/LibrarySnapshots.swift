import BooksTrackCore
import BooksTrackStore
import Foundation
import Synchronization

/// Readers' libraries kept in this process, each at the version it was read at, and brought up
/// to date by what changed since (``ReaderStore/libraryChanges(since:)``) rather than read whole
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
        /// The last patches (from version, to version, the rows they read again): what figures
        /// kept at an older version need to be patched the same way. Empty after a whole read.
        var touches: [(from: Int, to: Int, touched: LibraryTouch)] = []

        /// What changed from `version` to this snapshot's, when the patches since then are all
        /// here; nil when a whole read or a gap lies between.
        func touched(since earlier: Int) -> LibraryTouch? {
            guard earlier <= version else { return nil }
            var at = earlier
            var touched = LibraryTouch()
            // Patches follow one another; more rows than changed is harmless, a gap is not.
            for patch in touches where patch.to > at {
                guard patch.from <= at else { return nil }
                touched = touched.union(patch.touched)
                at = patch.to
            }
            return at == version ? touched : nil
        }

        /// How many patches a snapshot remembers.
        static let remembered = 16
    }

    private struct Table {
        var snapshots: [User.ID: Snapshot] = [:]
        var used: [User.ID: UInt64] = [:]
        var refreshing: [User.ID: Task<Snapshot, any Error>] = [:]
        /// Readers whose kept library is out of the table while a refresh patches it in place.
        var patching: Set<User.ID> = []
        var clock: UInt64 = 0

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

    init(bookBudget: Int = 100_000) { self.bookBudget = bookBudget }

    /// The reader's library, at `version` (the reader's `data_version` read by the caller) or newer.
    func library(of reader: ReaderStore, atLeast version: Int) async throws -> ReaderLibrary {
        try await snapshot(of: reader, atLeast: version).library
    }

    /// The reader's kept library with its version and its last patches.
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
        let taken = table.withLock {
            let kept = $0.snapshots.removeValue(forKey: id)
            if kept != nil { $0.patching.insert(id) }
            return kept
        }
        if var kept = taken {
            defer { _ = table.withLock { $0.patching.remove(id) } }
            do {
                if let changes = try await reader.libraryChanges(since: kept.version) {
                    var touched = LibraryTouch()
                    if !changes.isEmpty {
                        let patch = try await reader.patch(for: changes, of: kept.library)
                        touched = patch.touched
                        kept.library.apply(patch)
                    }
                    kept.touches.append((kept.version, changes.version, touched))
                    kept.touches = Array(kept.touches.suffix(Snapshot.remembered))
                    kept.version = changes.version
                    // Back in the table before `patching` ends, so `holds` never misses it.
                    table.withLock { [kept] in $0.keep(kept, of: id) }
                    return kept
                }
            } catch {
                table.withLock { [kept] in if $0.snapshots[id] == nil { $0.snapshots[id] = kept } }
                throw error
            }
        }
        let (version, library) = try await reader.versionedLibrary()
        return Snapshot(version: version, library: library)
    }
}
