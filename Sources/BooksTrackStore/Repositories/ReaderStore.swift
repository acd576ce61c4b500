import BooksTrackCore
import Foundation
import Synchronization

/// Everything one reader may read or change, by aggregate: their library as they browse it and
/// as one value, their books, reading sessions and progress, goals, imports and uploads,
/// curation, achievements, notifications and webhook, and cached insights. Every query made
/// through it is scoped to ``userID``: another reader's entries, sessions, goals and imports are
/// never visible through it, even by id.
public struct ReaderStore: ReaderScoped {
    /// The reader whose data this is.
    public let userID: User.ID
    let database: Database
    /// How big imports are cut into transactions (the store's).
    var importing = ImportTuning()

    /// The same reader with imports cut otherwise (tests: staging on small files).
    public func tuned(_ importing: ImportTuning) -> ReaderStore {
        ReaderStore(userID: userID, database: database, importing: importing)
    }

    /// The library as the reader browses it: pages, counts, shelves, one book, its authors.
    public var browse: LibraryBrowse { LibraryBrowse(userID: userID, database: database) }

    /// The whole library as one value, and what changed in it since a version.
    public var library: WholeLibrary { WholeLibrary(userID: userID, database: database) }

    /// The reader's books, added, changed and removed one at a time.
    public var books: BookStore { BookStore(userID: userID, database: database) }

    /// Reading sessions: started and finished, or logged afterwards.
    public var sessions: ReadingSessionStore { ReadingSessionStore(userID: userID, database: database) }

    /// Quick progress updates, by page or by percent.
    public var progress: ReadingProgressStore { ReadingProgressStore(userID: userID, database: database) }

    /// Goals and their milestones.
    public var goals: GoalStore { GoalStore(userID: userID, database: database) }

    /// Files imported into the library, and past imports.
    public var imports: ImportStore { ImportStore(userID: userID, database: database, tuning: importing) }

    /// Uploaded files waiting for their import.
    public var uploads: UploadStore { UploadStore(userID: userID, database: database) }

    /// Answers to questions about the reader's books, and the contributions they earned.
    public var curation: CurationStore { CurationStore(userID: userID, database: database) }

    /// Achievements counted and unlocked.
    public var achievements: AchievementStore { AchievementStore(userID: userID, database: database) }

    /// Notifications and the kinds the reader gets.
    public var notifications: NotificationStore { NotificationStore(userID: userID, database: database) }

    /// The reader's webhook and the delivery of their notifications to it.
    public var webhook: WebhookStore { WebhookStore(userID: userID, database: database) }

    /// Insights computed for a version of the reader's data, kept for it.
    public var insightCache: InsightCache { InsightCache(userID: userID, database: database) }

    /// The reader's change counter: it moves on every write that can change what they see.
    public func dataVersion() async throws -> Int { try await currentVersion() }
}

/// A reader's `data_version` as the request that reads it found it when it began: a request that
/// only reads (a page, a GET of the API) learns it with the reader's session, and every figure it
/// shows is then at least that new without asking the database again. Never set around a write.
public enum KnownDataVersion {
    @TaskLocal public static var current: (user: User.ID, version: Int)?
    /// The versions a request's own writes moved readers to, once committed (bound by the web
    /// app around a request that writes): what it reads after its write — the kept library for
    /// its figures, the book it answers with — is then at least that new, without asking again.
    @TaskLocal public static var written: WrittenVersions?
}

/// See ``KnownDataVersion/written``.
public final class WrittenVersions: Sendable {
    private let versions = Mutex<[String: Int]>([:])

    public init() {}

    func record(_ moved: [String: Int]) {
        guard !moved.isEmpty else { return }
        versions.withLock { versions in versions.merge(moved) { max($0, $1) } }
    }

    func version(of reader: User.ID) -> Int? { versions.withLock { $0[reader.string] } }
}
