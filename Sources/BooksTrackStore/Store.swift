import BooksTrackCore
import Foundation
import Logging

/// The persistence of BooksTrack: one implementation over SQLite or PostgreSQL.
///
/// Reader data is reached only through ``reader(_:)``, whose every query is scoped to that
/// reader; the shared catalogue through ``catalogue``; accounts through ``users``.
public final class Store: Sendable {
    public let database: Database

    public init(database: Database) { self.database = database }

    /// Opens the database at a location and brings its schema up to date.
    public static func open(_ location: DatabaseLocation, now: Date, logger: Logger = Logger(label: "bookstrack.store"))
        async throws -> Store
    {
        let database = try await Database.open(location, logger: logger)
        do {
            try await Migrator.migrate(database, now: now)
        } catch {
            await database.close()
            throw error
        }
        return Store(database: database)
    }

    public var users: UserRepository { UserRepository(database: database) }
    public var catalogue: CatalogueRepository { CatalogueRepository(database: database) }
    public var accounts: AccountRepository { AccountRepository(database: database) }

    /// The store as one reader may use it.
    public func reader(_ userID: User.ID) -> ReaderStore { ReaderStore(userID: userID, database: database) }

    /// Throws when the database cannot answer a trivial query (for health checks).
    public func checkHealth() async throws {
        try await database.read { db in try await db.raw("SELECT 1 AS ok").run() }
    }

    public func close() async { await database.close() }
}
