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

    private init(client: PostgresClient, settings: PostgresSettings) {
        self.client = client
        self.settings = settings
    }

    var services: [any Service] { [client] }

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
            client: PostgresClient(configuration: configuration, backgroundLogger: background), settings: settings)
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

    func withConnection<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        guard let limit = settings.connectTimeout else {
            return try await client.withConnection { connection in try await body(connection.sql(queryLogLevel: nil)) }
        }
        // The pool waits for ever for a connection it cannot make (PostgreSQL stopped, the
        // database dropped): past the limit the wait is given up — and only the wait: a body that
        // has its connection is never cancelled from here (`Lease` decides which came first).
        let lease = Lease()
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { [client] in
                try await client.withConnection { connection in
                    guard lease.start() else { throw CancellationError() }
                    return try await body(connection.sql(queryLogLevel: nil))
                }
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                guard lease.giveUp() else { return nil }
                throw StoreError.unavailable(
                    "PostgreSQL at \(self.settings.host):\(self.settings.port) (database \(self.settings.database)) gave no connection within \(limit.components.seconds) s: nothing was saved. Check that it is running and that the database exists, then try again."
                )
            }
            defer { group.cancelAll() }
            while let result = try await group.next() {
                if let result { return result }
            }
            throw CancellationError()
        }
    }

    /// Who came first: the connection (the body runs to its end) or the deadline (the wait is
    /// cancelled and the body never starts).
    private final class Lease: Sendable {
        private let state = Mutex<Bool?>(nil)
        /// True when the body may run: the deadline has not passed.
        func start() -> Bool {
            state.withLock {
                if $0 == nil { $0 = true }
                return $0 == true
            }
        }
        /// True when the wait is given up: no connection came.
        func giveUp() -> Bool {
            state.withLock {
                if $0 == nil { $0 = false }
                return $0 == false
            }
        }
    }

    func withTransaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withConnection { db in try await self.transaction(on: db, begin: "BEGIN", body) }
    }

    func translate(_ error: any Error) -> any Error {
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return error }
        switch state {
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
