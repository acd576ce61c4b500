import BooksTrackCore
import BooksTrackStore
import Foundation

/// Readers' libraries kept in this process, each at the version it was read at, and brought up
/// to date by what changed since (``ReaderStore/libraryChanges(since:)``) rather than read whole
/// again after every write. Another server's writes reach it the same way: through the change
/// log in the database. When the log cannot say what changed, the library is read whole.
final class LibrarySnapshots: @unchecked Sendable {
    private struct Snapshot {
        var version: Int
        var library: ReaderLibrary
        var used: UInt64
    }

    private let lock = NSLock()
    private var snapshots: [User.ID: Snapshot] = [:]
    private var clock: UInt64 = 0
    /// How many books all kept libraries may hold together; the least recently used go first.
    let bookBudget: Int

    init(bookBudget: Int = 250_000) { self.bookBudget = bookBudget }

    /// The reader's library, at least as new as the database's version when asked.
    func library(of reader: ReaderStore) async throws -> ReaderLibrary {
        if let kept = get(reader.userID), let changes = try await reader.libraryChanges(since: kept.version) {
            let library = changes.isEmpty ? kept.library : try await reader.library(kept.library, applying: changes)
            put(reader.userID, version: changes.version, library: library)
            return library
        }
        let (version, library) = try await reader.versionedLibrary()
        put(reader.userID, version: version, library: library)
        return library
    }

    private func get(_ id: User.ID) -> Snapshot? {
        lock.withLock {
            clock += 1
            snapshots[id]?.used = clock
            return snapshots[id]
        }
    }

    private func put(_ id: User.ID, version: Int, library: ReaderLibrary) {
        lock.withLock {
            clock += 1
            // Two requests may bring the same library up to date at once: the newer one stays.
            if let kept = snapshots[id], kept.version > version { return }
            snapshots[id] = Snapshot(version: version, library: library, used: clock)
            var books = snapshots.values.reduce(0) { $0 + $1.library.entries.count }
            while books > bookBudget, snapshots.count > 1,
                let oldest = snapshots.filter({ $0.key != id }).min(by: { $0.value.used < $1.value.used })
            {
                books -= oldest.value.library.entries.count
                snapshots[oldest.key] = nil
            }
        }
    }
}
