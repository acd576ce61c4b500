import Logging
import NIOPosix
import PostgresNIO
import ServiceLifecycle

/// Hands out PostgreSQL connections, opening up to `maximum` of them (issue 43, 14a).
///
/// PostgresNIO's own pool (`PostgresClient`, 1.33.2) stops handing out its idle connections once
/// an attempt to open one more has failed: from then on every request is queued until a
/// connection is released or opened. When PostgreSQL is at its connection limit (a shared
/// server, several BooksTrack processes, the role's `CONNECTION LIMIT`) the pool's own idle
/// connections hold the slots it keeps trying to open, so a request waited for the next
/// keep-alive ping (30 s) with idle connections beside it — in the test suite, tests that stalled
/// "with every connection ended". Its `run()` also sometimes never returned from a shutdown.
///
/// Here, a connection the server refuses for its limit (`53300`) while others of this pool are
/// open means "wait for one of those"; with none open it is an error the caller can word.
/// Idle connections go first, most recently used first; one the server closed (a restart) is
/// forgotten when it is met. ``IdleSweeper`` closes those idle for a minute.
actor PostgresPool {
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    private let maximum: Int
    private var idle: [(connection: PostgresConnection, since: ContinuousClock.Instant)] = []
    /// Connections open or being opened, leased or idle.
    private var opened = 0
    private var waiters: [CheckedContinuation<PostgresConnection, any Error>] = []
    private var closed = false
    private var nextID = 0

    init(configuration: PostgresConnection.Configuration, logger: Logger, maximum: Int) {
        self.configuration = configuration
        self.logger = logger
        self.maximum = maximum
    }

    static let stopping = "BooksTrack is stopping; try again in a moment."

    func lease() async throws -> PostgresConnection {
        if closed { throw StoreError.unavailable(Self.stopping) }
        if let connection = takeIdle() { return connection }
        guard opened < maximum else { return try await wait() }
        opened += 1
        do {
            return try await open()
        } catch {
            opened -= 1
            // The server has no slot for one more: one of ours is next (released meanwhile, or
            // when its request ends).
            guard Self.atLimit(error), opened > 0, !closed else {
                // A request queued behind this open (a cancelled one's, say) must not wait for
                // a release that may never come.
                openForWaiter()
                throw error
            }
            if let connection = takeIdle() { return connection }
            return try await wait()
        }
    }

    /// The most recently used idle connection the server has not closed.
    private func takeIdle() -> PostgresConnection? {
        while let (connection, _) = idle.popLast() {
            if !connection.isClosed { return connection }
            opened -= 1
        }
        return nil
    }

    func release(_ connection: PostgresConnection) async {
        if closed || connection.isClosed {
            opened -= 1
            if !connection.isClosed { try? await connection.close() }
            openForWaiter()
            return
        }
        if waiters.isEmpty {
            idle.append((connection, .now))
        } else {
            waiters.removeFirst().resume(returning: connection)
        }
    }

    /// Closes the connections idle for longer than `limit`.
    func closeIdle(longerThan limit: Duration) async {
        let now = ContinuousClock.now
        let stale = idle.filter { now - $0.since > limit }.map(\.connection)
        guard !stale.isEmpty else { return }
        idle.removeAll { now - $0.since > limit }
        opened -= stale.count
        for connection in stale { try? await connection.close() }
    }

    /// Closes every idle connection, and each leased one when it comes back; waiters are told.
    func close() async {
        closed = true
        for waiter in waiters { waiter.resume(throwing: StoreError.unavailable(Self.stopping)) }
        waiters.removeAll()
        let connections = idle.map(\.connection)
        idle.removeAll()
        opened -= connections.count
        for connection in connections { try? await connection.close() }
    }

    private func wait() async throws -> PostgresConnection {
        try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    /// Opens a connection for the longest waiter when one of ours went away (closed by the server,
    /// or a request's open that was cancelled): without it, that waiter would wait for a release
    /// that may never come. The open runs in a task of its own.
    private func openForWaiter() {
        guard !closed, !waiters.isEmpty, opened < maximum else { return }
        let waiter = waiters.removeFirst()
        opened += 1
        Task {
            do { waiter.resume(returning: try await self.open()) } catch {
                self.openFailed(for: waiter, error)
            }
        }
    }

    private func openFailed(for waiter: CheckedContinuation<PostgresConnection, any Error>, _ error: any Error) {
        opened -= 1
        if Self.atLimit(error), opened > 0, !closed {
            waiters.insert(waiter, at: 0)
        } else {
            waiter.resume(throwing: error)
            openForWaiter()
        }
    }

    private func open() async throws -> PostgresConnection {
        nextID += 1
        return try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration, id: nextID, logger: logger)
    }

    /// `53300` too_many_connections: the server's `max_connections` or the role's limit.
    static func atLimit(_ error: any Error) -> Bool {
        (error as? PSQLError)?.serverInfo?[.sqlState] == "53300"
    }

    /// Closes the connections idle for a minute, every 15 seconds, while the database is open.
    struct IdleSweeper: Service {
        let pool: PostgresPool

        func run() async {
            await cancelWhenGracefulShutdown {
                while (try? await Task.sleep(for: .seconds(15))) != nil {
                    await pool.closeIdle(longerThan: .seconds(60))
                }
            }
        }
    }
}
