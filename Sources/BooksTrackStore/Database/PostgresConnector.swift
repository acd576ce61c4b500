import Foundation
import Logging
import NIOSSL
import PostgresKit
import PostgresNIO
import SQLKit
import ServiceLifecycle
import Synchronization

/// PostgreSQL through PostgresNIO's connection pool. Several app servers can share one
/// database: nothing here assumes a single process. The pool is a service
/// (``Database/services``): whoever opens the database runs it, and stops it gracefully.
final class PostgresConnector: Connector {
    let dialect = Database.Dialect.postgres
    private let client: PostgresClient
    private let settings: PostgresSettings
    private let logger: Logger
    /// Gives up a wait for a connection after the URL's `connect_timeout` (``PostgresSettings``).
    private let watchdog: LeaseWatchdog?

    private init(client: PostgresClient, settings: PostgresSettings, logger: Logger) {
        self.client = client
        self.settings = settings
        self.logger = logger
        watchdog = settings.connectTimeout.map(LeaseWatchdog.init(limit:))
    }

    /// The watchdog first, so a graceful shutdown (last service first) stops the pool before it.
    var services: [any Service] { (watchdog.map { [$0] } ?? []) + [PoolService(client: client, logger: logger)] }

    /// PostgreSQL's writers lock rows, not the database: a long write holds nobody up.
    func othersWait(since start: ContinuousClock.Instant) async -> Bool { false }

    static func open(_ settings: PostgresSettings, logger: Logger) async throws(StoreError) -> PostgresConnector {
        let tls: PostgresClient.Configuration.TLS =
            switch settings.tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        if let problem = await probe(settings) {
            throw .unavailable(
                "PostgreSQL at \(settings.host):\(settings.port) (database \(settings.database)) cannot be used: \(problem)")
        }
        var configuration = PostgresClient.Configuration(
            host: settings.host, port: settings.port, username: settings.username, password: settings.password,
            database: settings.database, tls: tls)
        configuration.options.maximumConnections = 8
        // The pool warns when a lease races its own start-up; that is noise, not news.
        var background = logger
        background.logLevel = .error
        let connector = PostgresConnector(
            client: PostgresClient(configuration: configuration, backgroundLogger: background), settings: settings,
            logger: logger)
        return connector
    }

    /// Connects once, directly, to report PostgreSQL's own reason when the database cannot be
    /// used (the pool would only report that it gave up). `nil` when the connection works.
    private static func probe(_ settings: PostgresSettings) async -> String? {
        let tls: PostgresConnection.Configuration.TLS
        switch settings.tls {
        case .disable: tls = .disable
        case .prefer, .require:
            guard let context = try? NIOSSLContext(configuration: .makeClientConfiguration()) else {
                return "TLS could not be set up on this machine."
            }
            tls = settings.tls == .prefer ? .prefer(context) : .require(context)
        }
        let configuration = PostgresConnection.Configuration(
            host: settings.host, port: settings.port, username: settings.username, password: settings.password,
            database: settings.database, tls: tls)
        do {
            let connection = try await PostgresConnection.connect(
                configuration: configuration, id: 0, logger: Logger(label: "bookstrack.store.probe"))
            try? await connection.close()
            return nil
        } catch let error as PSQLError {
            if let message = error.serverInfo?[.message] { return message + "." }
            if error.code == .connectionError { return "no server answered at that address." }
            return String(describing: error.code)
        } catch {
            return String(describing: error)
        }
    }

    private static let uses = Atomic<Int>(0)

    func withConnection<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        guard let watchdog else {
            return try await client.withConnection { connection in try await body(connection.sql(queryLogLevel: nil)) }
        }
        // Each use of a connection is traced at debug level (wanted, leased, ended): a stall says
        // where it stalled (issue 43, 14a).
        let use = Self.uses.add(1, ordering: .relaxed).newValue
        logger.debug("connection \(use) wanted")
        defer { logger.debug("connection \(use) ended") }
        do {
            // The pool's wait runs in a task of its own, which the watchdog may cancel: cancelling
            // the caller's task would leave it cancelled (a request could not even send its error page).
            return try await watchdog.watching { [client, logger] leased in
                try await client.withConnection { connection in
                    // Given up meanwhile: the caller has its answer, the body must not run.
                    guard leased() else { throw CancellationError() }
                    logger.debug("connection \(use) leased (\(connection.id))")
                    return try await body(connection.sql(queryLogLevel: nil))
                }
            }
        } catch let gaveUp as LeaseWatchdog.GaveUp where gaveUp.closed {
            throw StoreError.unavailable(
                "PostgreSQL at \(settings.host):\(settings.port) (database \(settings.database)) was closed because this server is stopping: nothing was saved."
            )
        } catch is LeaseWatchdog.GaveUp {
            throw StoreError.unavailable(
                "PostgreSQL at \(settings.host):\(settings.port) (database \(settings.database)) gave no connection within \(watchdog.limit.components.seconds) s: nothing was saved. Check that it is running and that the database exists, then try again."
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

    func close() async {}
}
