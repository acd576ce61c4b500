import Foundation
import Logging
import NIOSSL
import PostgresKit
import PostgresNIO
import SQLKit
import ServiceLifecycle
import Synchronization

/// PostgreSQL through a pool of PostgresNIO connections (``PostgresPool``). Several app servers
/// can share one database: nothing here assumes a single process. The pool's idle connections are
/// swept by a service (``Database/services``) and closed with the database.
final class PostgresConnector: Connector {
    let dialect = Database.Dialect.postgres
    private let pool: PostgresPool
    private let settings: PostgresSettings
    private let logger: Logger
    /// Gives up a wait for a connection after the URL's `connect_timeout` (``PostgresSettings``).
    private let watchdog: LeaseWatchdog?

    private init(pool: PostgresPool, settings: PostgresSettings, logger: Logger) {
        self.pool = pool
        self.settings = settings
        self.logger = logger
        watchdog = settings.connectTimeout.map(LeaseWatchdog.init(limit:))
    }

    var services: [any Service] { (watchdog.map { [$0] } ?? []) + [PostgresPool.IdleSweeper(pool: pool)] }

    /// PostgreSQL's writers lock rows, not the database: a long write holds nobody up.
    func othersWait(since start: ContinuousClock.Instant) async -> Bool { false }

    /// Connections one process keeps at most.
    static let maximumConnections = 8

    static func open(_ settings: PostgresSettings, logger: Logger) async throws(StoreError) -> PostgresConnector {
        let configuration: PostgresConnection.Configuration
        switch Self.configuration(settings) {
        case .success(let made): configuration = made
        case .failure(let problem): throw problem
        }
        if let problem = await probe(configuration) {
            throw .unavailable("\(place(settings)) cannot be used: \(problem)")
        }
        // The connections' own events (a connection lost) are news only when they are errors.
        var background = logger
        background.logLevel = .error
        let pool = PostgresPool(configuration: configuration, logger: background, maximum: maximumConnections)
        return PostgresConnector(pool: pool, settings: settings, logger: logger)
    }

    /// How to connect, with TLS as the URL asks for it.
    private static func configuration(_ settings: PostgresSettings) -> Result<PostgresConnection.Configuration, StoreError> {
        let tls: PostgresConnection.Configuration.TLS
        switch settings.tls {
        case .disable: tls = .disable
        case .prefer, .require:
            guard let context = try? NIOSSLContext(configuration: .makeClientConfiguration()) else {
                return .failure(
                    .unavailable(
                        "\(place(settings)) cannot be used: TLS could not be set up on this machine."
                    ))
            }
            tls = settings.tls == .prefer ? .prefer(context) : .require(context)
        }
        return .success(
            PostgresConnection.Configuration(
                host: settings.host, port: settings.port, username: settings.username, password: settings.password,
                database: settings.database, tls: tls))
    }

    /// Connects once, directly, so a server that cannot use the database says so when it starts
    /// rather than at its first request. `nil` when the connection works.
    private static func probe(_ configuration: PostgresConnection.Configuration) async -> String? {
        do {
            let connection = try await PostgresConnection.connect(
                configuration: configuration, id: 0, logger: Logger(label: "bookstrack.store.probe"))
            try? await connection.close()
            return nil
        } catch {
            return reason(error)
        }
    }

    /// Why a connection could not be opened, as a sentence: PostgreSQL's own words when it gave
    /// some ("database "x" does not exist."), else what happened on the way.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "the connection failed (\(error))." }
        if let message = error.serverInfo?[.message] { return message + "." }
        switch error.code {
        case .connectionError: return "no server answered at that address."
        case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection while it was opened."
        case .sslUnsupported: return "the server does not offer TLS, which the URL's sslmode requires."
        default: return "the connection failed (\(error.code))."
        }
    }

    /// "PostgreSQL at host:port (database name)": how every message names the database.
    private static func place(_ settings: PostgresSettings) -> String {
        "PostgreSQL at \(settings.host):\(settings.port) (database \(settings.database))"
    }

    private static let uses = Atomic<Int>(0)

    func withConnection<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        guard let watchdog else { return try await withPooledConnection { try await body(PostgresSession($0)) } }
        // Each use of a connection is traced at debug level (wanted, leased, ended): a stall says
        // where it stalled (issue 43, 14a).
        let use = Self.uses.add(1, ordering: .relaxed).newValue
        logger.debug("connection \(use) wanted")
        defer { logger.debug("connection \(use) ended") }
        do {
            // The pool's wait runs in a task of its own, which the watchdog may cancel: cancelling
            // the caller's task would leave it cancelled (a request could not even send its error page).
            return try await watchdog.watching { [logger] leased in
                try await self.withPooledConnection { connection in
                    // Given up meanwhile: the caller has its answer, the body must not run.
                    guard leased() else { throw CancellationError() }
                    logger.debug("connection \(use) leased (\(connection.id))")
                    return try await body(PostgresSession(connection))
                }
            }
        } catch let gaveUp as LeaseWatchdog.GaveUp where gaveUp.closed {
            throw StoreError.unavailable("\(Self.place(settings)) was closed because this server is stopping: nothing was saved.")
        } catch is LeaseWatchdog.GaveUp {
            throw StoreError.unavailable(
                "\(Self.place(settings)) gave no connection within \(watchdog.limit.components.seconds) s: nothing was saved. Check that it is running and that the database exists, then try again."
            )
        }
    }

    /// Tries of a transaction that PostgreSQL rolled back to resolve a conflict between writers.
    static let transactionAttempts = 4

    /// Runs `body` in a transaction; one that lost to a deadlock or a serialization failure was
    /// rolled back whole by the server and runs again (up to ``transactionAttempts`` times, after
    /// 5–10, 10–20, then 20–40 ms so the two victims do not meet again). A reader never sees the
    /// database's own conflict resolution. Bodies write only to the database, so they can repeat.
    func withTransaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await withConnection { db in try await self.transaction(on: db, begin: "BEGIN", body) }
            } catch let error where attempt < Self.transactionAttempts && Self.lostToAnotherWriter(error) {
                let base = 5 << (attempt - 1)
                try? await Task.sleep(for: .milliseconds(Int.random(in: base...(2 * base))))
                attempt += 1
            }
        }
    }

    /// `40P01` deadlock_detected, `40001` serialization_failure: the transaction may run again.
    static func lostToAnotherWriter(_ error: any Error) -> Bool {
        guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001"
    }

    func translate(_ error: any Error) -> any Error {
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return error }
        switch state {
        case "40P01", "40001":  // deadlock_detected, serialization_failure, still so after every attempt
            return StoreError.unavailable(
                "Other changes to the same books were being saved at that moment; nothing was saved. Try again.")
        case "23505":  // unique_violation
            return StoreError.conflict(.duplicate(table: error.serverInfo?[.tableName] ?? ""))
        case "53100":  // disk_full
            return StoreError.unavailable(
                "The PostgreSQL server's disk is full: nothing was saved. Free some space on the database server and try again.")
        case "25006":  // read_only_sql_transaction (a standby, or default_transaction_read_only)
            return StoreError.unavailable(
                "The PostgreSQL database is read-only (a standby server, or set read-only): nothing was saved. Point BooksTrack at the primary, then try again."
            )
        default: return error
        }
    }

    /// `body` with a connection of the pool, given back when it ends (and forgotten by the pool
    /// when the server closed it meanwhile).
    private func withPooledConnection<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let connection: PostgresConnection
        do { connection = try await pool.lease() } catch let error as StoreError { throw error } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw PostgresPool.atLimit(error)
                ? StoreError.unavailable(
                    "\(Self.place(settings)) has no free connection (\(Self.reason(error).dropLast())): nothing was saved. Try again in a moment; if it keeps happening, PostgreSQL's max_connections is too low for the programs using it."
                )
                : StoreError.unavailable(
                    "\(Self.place(settings)) cannot be used: \(Self.reason(error)) Nothing was saved. Check that it is running and that the database exists, then try again."
                )
        }
        do {
            let result = try await body(connection)
            await pool.release(connection)
            return result
        } catch {
            await pool.release(connection)
            throw error
        }
    }

    func close() async { await pool.close() }
}
