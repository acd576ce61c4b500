import BooksTrackCore
import BooksTrackStore
import Foundation

/// The readers' libraries this process keeps (SPEC §7), each with its figures: the one read
/// model every reader-facing figure is computed from — insights, goals, reading insights,
/// achievements, streaks, the library page. A library is read whole once, then brought up to
/// date by what the change log says changed (``LibrarySnapshots``); its figures
/// (``LibraryFigures``) are built once and patched in place by the rows each write touched.
public final class KeptLibraries: Sendable {
    let store: Store
    private let snapshots: LibrarySnapshots

    /// `archiver` writes the libraries down for the next process and reads them back (none by default).
    init(store: Store, archiver: LibraryArchiver? = nil) {
        self.store = store
        snapshots = LibrarySnapshots(archiver: archiver)
    }

    /// Writes the kept libraries down for the next process (``LibraryArchiver``), if any.
    var archiver: LibraryArchiver? { snapshots.archiver }

    /// Waits for the library archives being written (before the store closes).
    public func settleArchives() async { await snapshots.archiver?.settle() }

    /// The reader's whole library, kept in this process and brought up to date by what changed.
    public func library(of user: User.ID) async throws -> ReaderLibrary {
        let reader = store.reader(user)
        return try await snapshots.library(of: reader, atLeast: try await reader.dataVersion())
    }

    /// The reader's library when this process keeps it (brought up to date by what changed),
    /// else `nil`: for pages about a few books, which read those from the database instead.
    public func keptLibrary(of user: User.ID) async throws -> ReaderLibrary? {
        let reader = store.reader(user)
        return try await snapshots.keptLibrary(of: reader, atLeast: try await reader.dataVersion())
    }

    /// Whether this process keeps the reader's library (or is reading it): an after-write step
    /// that would have to read it whole only to count achievements asks the database instead.
    func keeps(_ user: User.ID) -> Bool { snapshots.holds(user) }

    /// The board the reader's goals, reading insights and achievements are measured on
    /// (``GoalBoard``), kept with the library (see ``figures(of:atLeast:)``).
    public func goalBoard(of user: User) async throws -> GoalBoard {
        try await figures(of: user).figures.board
    }

    /// The reader's library and its figures (``LibraryFigures``: the library flattened once, for
    /// reports, goals, reading insights and achievements), kept in this process with the library
    /// and brought up to date with it by each change (its `data_version`); built again when the
    /// reader's time zone changes.
    public func figures(of user: User, atLeast asked: Int? = nil) async throws
        -> (library: ReaderLibrary, figures: LibraryFigures)
    {
        let reader = store.reader(user.id)
        let version: Int
        if let asked { version = asked } else { version = try await reader.dataVersion() }
        return try await snapshots.figures(of: reader, atLeast: version, timeZone: user.timeZone)
    }
}
