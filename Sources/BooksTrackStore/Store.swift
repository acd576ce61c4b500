import BooksTrackCore
import Foundation
import Logging

/// The persistence of BooksTrack: one implementation over SQLite or PostgreSQL.
///
/// Reader data is reached only through ``reader(_:)``, whose every query is scoped to that
/// reader; the shared catalogue through ``catalogue``; accounts through ``users``.
public final class Store: Sendable {
    public let database: Database
    /// How big imports are cut into transactions.
    public let importing: ImportTuning

    public init(database: Database, importing: ImportTuning = ImportTuning()) {
        self.database = database
        self.importing = importing
    }

    /// Opens the database at a location, runs what it needs in the background (PostgreSQL's
    /// connection pool), brings its schema up to date, and hands the store to `body`; stops and
    /// closes everything when `body` returns or throws.
    public static func withStore<T>(
        _ location: DatabaseLocation, clock: @escaping @Sendable () -> Date,
        logger: Logger = Logger(label: "bookstrack.store"), importing: ImportTuning = ImportTuning(),
        _ body: (Store) async throws -> T
    ) async throws -> T {
        try await Database.withDatabase(location, clock: clock, logger: logger) { database in
            try await Migrator.migrate(database, now: clock())
            return try await body(Store(database: database, importing: importing))
        }
    }

    public var users: UserRepository { UserRepository(database: database) }
    public var catalogue: CatalogueRepository { CatalogueRepository(database: database) }
    public var accounts: AccountRepository { AccountRepository(database: database) }
    public var logins: LoginRepository { LoginRepository(database: database) }
    public var tokens: TokenRepository { TokenRepository(database: database) }
    public var invitations: InvitationRepository { InvitationRepository(database: database) }
    public var shareLinks: ShareLinkRepository { ShareLinkRepository(database: database) }
    public var covers: CoverRepository { CoverRepository(database: database) }
    public var badges: IdentityBadgeRepository { IdentityBadgeRepository(database: database) }
    public var loginThrottle: LoginThrottleRepository { LoginThrottleRepository(database: database) }
    public var instanceSettings: InstanceSettingsRepository { InstanceSettingsRepository(database: database) }
    public var jobs: JobRepository { JobRepository(database: database) }
    public var comparison: ComparisonRepository { ComparisonRepository(database: database) }

    /// The store as one reader may use it.
    public func reader(_ userID: User.ID) -> ReaderStore { ReaderStore(userID: userID, database: database, importing: importing) }

    /// Finishes or throws away the big imports whose process stopped (their lease lapsed; or
    /// `run`, whose job is known to be gone): one being published is finished, one still being
    /// written is thrown away, so a library is always as it was or wholly imported. Returns how
    /// many runs it took care of.
    @discardableResult
    public func recoverImports(now: Date, run: ImportRunSummary.ID? = nil) async throws -> Int {
        try await StagedImport.recover(now: now, run: run, on: database, tuning: importing)
    }

    /// Whether a big import run had been published when it stopped (it will complete: see
    /// ``recoverImports(now:run:)``) rather than still being written out of sight.
    public func importWasPublished(_ run: ImportRunSummary.ID) async throws -> Bool {
        try await database.read { db in
            try await db.raw("SELECT state FROM import_stagings WHERE run_id = \(bind: run.string)").first()?.text("state")
                == StagedImport.State.publishing.rawValue
        }
    }

    /// Throws when the database cannot answer a trivial query (for health checks).
    public func checkHealth() async throws {
        try await database.read { db in try await db.raw("SELECT 1 AS ok").run() }
    }

    public func close() async { await database.close() }
}
