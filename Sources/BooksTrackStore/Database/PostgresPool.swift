import Logging
import NIOPosix
import PostgresNIO
import ServiceLifecycle

/// Hands out PostgreSQL connections, opening up to `maximum` of them (issue 43, 14a; decision 9).
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
/// open means "wait for one of those"; with none open it is an error the caller can word. Idle
/// connections go first, most recently used first; one the server closed (a restart) is
/// forgotten when it is met. ``IdleSweeper`` closes those idle for a minute. Every change that
/// could let a waiter go on ends in ``serveWaiters()``.
actor PostgresPool {
    private typealias Waiter = (id: Int, continuation: CheckedContinuation<PostgresConnection, any Error>)

    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    private let maximum: Int
    private var idle: [(connection: PostgresConnection, since: ContinuousClock.Instant)] = []
    /// Connections open or being opened, leased or idle.
    private var opened = 0
    private var waiters: [Waiter] = []
    private var closed = false
    /// What ``close()`` waits on for the connections still leased.
    private let drain = ConnectionDrain()
    private var nextID = 0
    /// Set when the server refused a connection for its limit while others of ours were open:
    /// until one of ours goes away (or a second passes), waiters wait for ours instead of each
    /// trying the server again at once.
    private var serverFullSince: ContinuousClock.Instant?

    init(configuration: PostgresConnection.Configuration, logger: Logger, maximum: Int) {
        self.configuration = configuration
        self.logger = logger
        self.maximum = maximum
    }

    func lease() async throws -> PostgresConnection {
        if closed { throw StoreError.stopping }
        if let connection = takeIdle() { return connection }
        guard opened < maximum else { return try await wait() }
        opened += 1
        do {
            return try await open()
        } catch {
            forget()
            // One of ours may have come back meanwhile.
            if let connection = takeIdle() { return connection }
            // The server has no slot for one more: one of ours is next, when its request ends.
            if Self.atLimit(error), opened > 0, !closed {
                serverFullSince = .now
                return try await wait()
            }
            serveWaiters()
            throw error
        }
    }

    func release(_ connection: PostgresConnection) async {
        if closed || connection.isClosed {
            if !connection.isClosed { try? await connection.close() }
            forget()
        } else {
            idle.append((connection, .now))
        }
        serveWaiters()
    }

    /// Closes the connections idle for longer than `limit`.
    func closeIdle(longerThan limit: Duration) async {
        let now = ContinuousClock.now
        let stale = idle.filter { now - $0.since > limit }.map(\.connection)
        guard !stale.isEmpty else { return }
        idle.removeAll { now - $0.since > limit }
        for connection in stale {
            try? await connection.close()
            forget()
        }
        serveWaiters()
    }

    /// Tells the waiters, closes the idle connections, and waits (ten seconds at most) for the
    /// leased ones, each closed as it comes back.
    func close() async {
        closed = true
        let told = waiters
        waiters.removeAll()
        for waiter in told { waiter.continuation.resume(throwing: StoreError.stopping) }
        let connections = idle.map(\.connection)
        idle.removeAll()
        for connection in connections {
            try? await connection.close()
            forget()
        }
        if opened > 0 { await drain.wait(atMost: .seconds(10)) }
    }

    /// Hands idle connections to the longest waiters, then opens connections for those left
    /// while there is room (each open in a task of its own: a waiter must not depend on a
    /// release that may never come — a connection the server closed, an open that failed).
    private func serveWaiters() {
        while !waiters.isEmpty, let connection = takeIdle() {
            waiters.removeFirst().continuation.resume(returning: connection)
        }
        guard !closed, !waiters.isEmpty, opened < maximum else { return }
        if let since = serverFullSince, opened > 0, ContinuousClock.now - since < .seconds(1) { return }
        let waiter = waiters.removeFirst()
        opened += 1
        Task {
            do {
                waiter.continuation.resume(returning: try await self.open())
            } catch {
                self.openFailed(for: waiter, error)
            }
        }
    }

    private func openFailed(for waiter: Waiter, _ error: any Error) {
        forget()
        if let connection = takeIdle() {
            waiter.continuation.resume(returning: connection)
        } else if Self.atLimit(error), opened > 0, !closed {
            serverFullSince = .now
            waiters.insert(waiter, at: 0)
        } else {
            waiter.continuation.resume(throwing: error)
        }
        serveWaiters()
    }

    /// Waits for a connection of this pool; a cancelled caller stops waiting.
    private func wait() async throws -> PostgresConnection {
        nextID += 1
        let id = nextID
        // The cancellation handler's task runs on this actor after the waiter is queued (nothing
        // here suspends between the two), so it always finds it, unless it was served.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiters.append((id, $0)) }
        } onCancel: {
            Task { await self.cancelWait(id) }
        }
    }

    private func cancelWait(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// The most recently used idle connection the server has not closed.
    private func takeIdle() -> PostgresConnection? {
        while let (connection, _) = idle.popLast() {
            if !connection.isClosed { return connection }
            forget()
        }
        return nil
    }

    /// One connection fewer is open; the last one lets ``close()`` return.
    private func forget() {
        opened -= 1
        serverFullSince = nil
        if opened == 0, closed { drain.finish() }
    }

    /// A new connection; closed again, and refused, when the pool closed while it was opened.
    private func open() async throws -> PostgresConnection {
        nextID += 1
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration, id: nextID, logger: logger)
        guard !closed else {
            try? await connection.close()
            throw StoreError.stopping
        }
        return connection
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
