import Foundation
import Logging
import Metrics
import SQLKit
import ServiceLifecycle

/// A connection pool to SQLite or PostgreSQL, with the two ways the store uses it: a plain
/// connection for reads, and a transaction for writes (all or nothing).
public final class Database: Sendable {
    public enum Dialect: String, Sendable { case sqlite, postgres }

    public let location: DatabaseLocation
    public var dialect: Dialect { connector.dialect }
    let connector: any Connector
    /// `bookstrack_db_wait_seconds{kind}`: made once per pool, not per query (each making looks
    /// the metric up in the metrics system's registry under its lock).
    private let readWait: Metrics.Timer
    private let writeWait: Metrics.Timer
    /// The time, as the composition root gives it: what the store writes of its own accord (a
    /// staged import's lease, when a run ended) is stamped by it, never by `Date()`.
    public let clock: @Sendable () -> Date

    init(location: DatabaseLocation, connector: any Connector, clock: @escaping @Sendable () -> Date) {
        self.location = location
        self.connector = connector
        self.clock = clock
        readWait = Metrics.Timer(label: "bookstrack_db_wait_seconds", dimensions: [("kind", "read")])
        writeWait = Metrics.Timer(label: "bookstrack_db_wait_seconds", dimensions: [("kind", "write")])
    }

    /// Opens a pool for a location. SQLite files (and their folder) are created when missing.
    public static func open(
        _ location: DatabaseLocation, clock: @escaping @Sendable () -> Date,
        logger: Logger = Logger(label: "bookstrack.store")
    ) async throws(StoreError) -> Database {
        switch location {
        case .sqlite(let path):
            return Database(
                location: location, connector: try await SQLiteConnector.open(path: path, logger: logger), clock: clock)
        case .postgres(let settings):
            return Database(
                location: location, connector: try await PostgresConnector.open(settings, logger: logger), clock: clock)
        }
    }

    /// What must run while the database is used: on PostgreSQL the lease watchdog and the idle
    /// connections' sweeper; nothing for SQLite. ``Store/withStore(_:clock:logger:importing:_:)`` runs them; `serve` adds them to its services.
    public var services: [any Service] { connector.services }

    /// Reads of whole libraries straight through SQLite's C interface; `nil` on PostgreSQL.
    var rowReader: SQLiteRowReader? { (connector as? SQLiteConnector)?.rowReader }

    /// Opens a database, runs its services while `body` uses it, then stops them and closes it.
    public static func withDatabase<T>(
        _ location: DatabaseLocation, clock: @escaping @Sendable () -> Date,
        logger: Logger = Logger(label: "bookstrack.store"), _ body: (Database) async throws -> T
    ) async throws -> T {
        let database = try await open(location, clock: clock, logger: logger)
        do {
            let result = try await BackgroundServices.running(database.services, logger: logger) { try await body(database) }
            await database.close()
            return result
        } catch {
            await database.close()
            throw error
        }
    }

    /// Runs `body` on one connection, outside a transaction.
    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let timed = Self.timingWait(on: readWait, body)
        do { return try await connector.withConnection(timed) } catch { throw connector.translate(error) }
    }

    /// `body`, recording how long it waited for a connection (PostgreSQL's pool) or for the
    /// writer (SQLite) before it began: `bookstrack_db_wait_seconds` on `/metrics`.
    static func timingWait<T: Sendable>(
        on timer: Metrics.Timer, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) -> @Sendable (any SQLDatabase) async throws -> T {
        let asked = ContinuousClock.now
        return { db in
            let (seconds, attoseconds) = (ContinuousClock.now - asked).components
            timer.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
            return try await body(db)
        }
    }

    /// Runs `body` in a transaction on one connection: committed when it returns, rolled back
    /// when it throws. SQLite transactions take the write lock at once (`BEGIN IMMEDIATE`) and
    /// are serialised within the process.
    ///
    /// A write, once started, runs to its commit or rollback even when the task that asked for it
    /// is cancelled (a browser that went away): SQLite's driver refuses statements of a cancelled
    /// task, and a transaction stopped between `BEGIN` and `COMMIT` — its `ROLLBACK` refused too —
    /// would go back to the pool still open, and every later write on that connection would fail.
    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let connector = self.connector
        // Not detached: it keeps the caller's priority and task-locals, only not its cancellation.
        let timed = Self.timingWait(on: writeWait, body)
        let write = Task { try await connector.withTransaction(timed) }
        do { return try await write.value } catch { throw connector.translate(error) }
    }

    /// Whether a long write that began at `start` should commit what it has and let others write
    /// (see ``StagedImport``): on SQLite, when another write of this process waits for the one
    /// writer, or after five seconds (writers of other processes wait in SQLite's busy handler,
    /// which gives up after ten; each commit of a chunked import rewrites the index pages it
    /// touched, so alone an import commits rarely: 2 s gave 3.3× the database's growth written,
    /// 5 s 2.8×); never on PostgreSQL, whose writers do not wait for each other.
    func othersWait(since start: ContinuousClock.Instant) async -> Bool {
        await connector.othersWait(since: start)
    }

    /// Closes every connection.
    public func close() async {
        await connector.close()
    }
}

/// A source of connections for one dialect.
protocol Connector: Sendable {
    var dialect: Database.Dialect { get }
    var services: [any Service] { get }
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    func withTransaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T
    /// The driver's error as a ``StoreError`` when it has a meaning for the app (a unique
    /// constraint violated by a racing writer is ``StoreError/Conflict/duplicate(table:)``);
    /// anything else unchanged.
    func translate(_ error: any Error) -> any Error
    /// See ``Database/othersWait(since:)``.
    func othersWait(since start: ContinuousClock.Instant) async -> Bool
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
