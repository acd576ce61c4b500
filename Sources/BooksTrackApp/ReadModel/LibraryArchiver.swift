import BooksTrackCore
import BooksTrackStore
import Foundation
import Logging
import Synchronization

/// When kept libraries are written down (``LibraryArchiver``).
public struct LibraryArchiving: Sendable {
    /// Libraries of fewer books are not archived.
    public var from: Int
    /// How many versions a kept library may move past its archive before it is written again.
    public var every: Int

    public init(from: Int = 500, every: Int = 32) {
        self.from = from
        self.every = every
    }
}

/// Writes kept libraries' books down (``LibraryArchive``) so the next process to keep one —
/// after a restart, on another server — starts from them and the change log: the first answer at
/// 1,000 books in 4 ms rather than 11, at 100,000 in ~0.25 s rather than ~0.9 (issue 42).
///
/// In the background, one write at a time per reader, so no request waits for it: after a library
/// is read whole, and once it has moved ``Settings/every`` versions past its archive (the change
/// log keeps 256; an archive further behind than that is read whole again). Libraries under
/// 500 books are not archived: read whole they answer within the 10 ms of SPEC §7.
final class LibraryArchiver: Sendable {
    typealias Settings = LibraryArchiving

    private struct State {
        /// The version of each reader's archive, as far as this process knows.
        var archived: [User.ID: Int] = [:]
        var writing: [User.ID: Task<Void, Never>] = [:]
    }

    let settings: Settings
    private let clock: @Sendable () -> Date
    private let logger: Logger
    private let state = Mutex(State())

    init(settings: Settings = Settings(), clock: @escaping @Sendable () -> Date, logger: Logger) {
        self.settings = settings
        self.clock = clock
        self.logger = logger
    }

    /// Notes that the reader's archive is at `version` (read from it, or written).
    func found(_ version: Int, of id: User.ID) {
        state.withLock { $0.archived[id] = max($0.archived[id] ?? version, version) }
    }

    /// Writes the library down in the background when it is big enough and its archive (as far as
    /// this process knows) is missing or `every` versions behind — or, `afterWholeRead`, whenever
    /// the library had to be read whole: its archive was missing or the change log could not
    /// bring it up to date (an import, a restore), however few versions behind it is.
    func consider(_ library: ReaderLibrary, at version: Int, of reader: ReaderStore, afterWholeRead: Bool = false) {
        guard library.entries.count >= settings.from else { return }
        let id = reader.userID
        state.withLock { state in
            guard state.writing[id] == nil else { return }
            if !afterWholeRead, let archived = state.archived[id], version - archived < settings.every { return }
            state.writing[id] = Task.detached(priority: .background) { [clock, logger] in
                do {
                    try await reader.library.archive(library, at: version, now: clock())
                    self.state.withLock { $0.archived[id] = max($0.archived[id] ?? version, version) }
                } catch {
                    logger.warning("Writing a library archive failed: \(error)", metadata: ["user": "\(id)"])
                }
                self.state.withLock { _ = $0.writing.removeValue(forKey: id) }
            }
        }
    }

    /// The version of the reader's archive as far as this process knows (read back or written).
    func archivedVersion(of id: User.ID) -> Int? { state.withLock { $0.archived[id] } }

    /// Waits for the writes under way (before the store closes).
    func settle() async {
        for task in state.withLock({ Array($0.writing.values) }) { await task.value }
    }
}
