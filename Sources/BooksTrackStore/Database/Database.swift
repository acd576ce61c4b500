import Foundation
import Logging
import SQLKit

/// A connection pool to SQLite or PostgreSQL, with the two ways the store uses it: a plain
/// connection for reads, and a transaction for writes (all or nothing).
public final class Database: Sendable {
    public enum Dialect: String, Sendable { case sqlite, postgres }

    public let location: DatabaseLocation
    public var dialect: Dialect { connector.dialect }
    let connector: any Connector

    init(location: DatabaseLocation, connector: any Connector) {
        self.location = location
        self.connector = connector
    }

    /// Opens a pool for a location. SQLite files (and their folder) are created when missing.
    public static func open(_ location: DatabaseLocation, logger: Logger = Logger(label: "bookstrack.store"))
        async throws(StoreError) -> Database
    {
        switch location {
        case .sqlite(let path):
            return Database(location: location, connector: try await SQLiteConnector.open(path: path, logger: logger))
        case .postgres(let settings):
            return Database(location: location, connector: try await PostgresConnector.open(settings, logger: logger))
        }
    }

    /// Runs `body` on one connection, outside a transaction.
    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await connector.withConnection(body)
    }

    /// Runs `body` in a transaction on one connection: committed when it returns, rolled back
    /// when it throws. SQLite transactions take the write lock at once (`BEGIN IMMEDIATE`) and
    /// are serialised within the process.
    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await connector.withTransaction(body)
    }

    /// Closes every connection.
    public func close() async {
        await connector.close()
    }
}

/// A source of connections for one dialect.
protocol Connector: Sendable {
    var dialect: Database.Dialect { get }
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    func withTransaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    func close() async
}

extension Connector {
    /// BEGIN … COMMIT around `body` on one connection, ROLLBACK when it throws.
    func transaction<T: Sendable>(
        on db: any SQLDatabase, begin: String,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        try await db.raw(SQLQueryString(begin)).run()
        do {
            let result = try await body(db)
            try await db.raw("COMMIT").run()
            return result
        } catch {
            try? await db.raw("ROLLBACK").run()
            throw error
        }
    }
}
