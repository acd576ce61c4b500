import BooksTrackTestSupport
import Logging
import SQLKit
import ServiceLifecycle
import Synchronization
import Testing

@testable import BooksTrackStore

/// The watchdog that gives up waits for a PostgreSQL connection (issue 43's hang: a continuation
/// never resumed, no connection open).
@Suite("Waits for a connection end, however the pool behaves", .timeLimit(.minutes(1)))
struct LeaseWatchdogTests {
    /// A wait that ignores cancellation, as a pool request does when its cancellation arrived
    /// between the pool's check and its queueing; it ends only when released.
    final class StuckWait: Sendable {
        private let waiting = Mutex<CheckedContinuation<Void, Never>?>(nil)
        func wait() async { await withCheckedContinuation { continuation in waiting.withLock { $0 = continuation } } }
        func release() { waiting.withLock { $0 }?.resume() }
    }

    /// A caller whose wait the pool never ends, already waiting.
    static func stuckCaller(of watchdog: LeaseWatchdog) async throws -> (StuckWait, Task<Bool, any Error>) {
        let stuck = StuckWait()
        let caller = Task {
            try await watchdog.watching { leased in
                await stuck.wait()
                return leased()
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        return (stuck, caller)
    }

    @Test("A wait the pool never ends is given up, and its caller answered at once")
    func givesUpAStuckWait() async throws {
        let watchdog = LeaseWatchdog(limit: .seconds(1))
        let (stuck, caller) = try await Self.stuckCaller(of: watchdog)
        #expect(watchdog.look(now: .now + .seconds(5)) == 1)
        let answer = await caller.result
        #expect(throws: LeaseWatchdog.GaveUp.self) { try answer.get() }
        stuck.release()
    }

    @Test("A wait that ends in time gives its result, and is no longer watched")
    func passesResults() async throws {
        let watchdog = LeaseWatchdog(limit: .seconds(1))
        let leased = try await watchdog.watching { leased in leased() }
        #expect(leased)
        #expect(watchdog.look(now: .now + .seconds(5)) == 0)
    }

    @Test("Once the database is closed, a wait still open and every later one end at once")
    func closing() async throws {
        let watchdog = LeaseWatchdog(limit: .seconds(3600))
        let (stuck, caller) = try await Self.stuckCaller(of: watchdog)
        watchdog.close()
        await #expect { try await caller.value } throws: { ($0 as? LeaseWatchdog.GaveUp)?.closed == true }
        await #expect { try await watchdog.watching { leased in leased() } } throws: {
            ($0 as? LeaseWatchdog.GaveUp)?.closed == true
        }
        stuck.release()
    }
}

/// The watchdog on a real PostgreSQL database. Its own suite: creating a database on a machine
/// busy with every other suite can take a minute by itself, so it has a longer limit.
@Suite("A stopped PostgreSQL database says so", .timeLimit(.minutes(5)))
struct LeaseWatchdogPostgresTests {
    @Test("A PostgreSQL database used after its services stopped says so instead of waiting")
    func usedAfterStop() async throws {
        guard TestDatabase.available.contains(.postgres) else { return }
        let (location, cleanup) = try await TestDatabase.postgres.makeDatabase()
        let database = try await Database.open(location, clock: TestClock.wall, logger: Logger(label: "test"))
        try await BackgroundServices.running(database.services, logger: Logger(label: "test")) {
            try await database.read { try await $0.raw("SELECT 1").run() }
        }
        await #expect {
            try await database.read { try await $0.raw("SELECT 1").run() }
        } throws: { String(describing: $0).contains("this server is stopping") }
        await database.close()
        try await cleanup()
    }
}

/// Services that do not stop when asked are cancelled after the limit (issue 43, 14a).
@Suite("Background services stop, gracefully or after a limit")
struct BackgroundServicesTests {
    /// Ignores graceful shutdown; only cancellation ends it.
    struct Stubborn: Service {
        func run() async throws { try await Task.sleep(for: .seconds(3600)) }
    }

    @Test("A service that ignores the graceful shutdown is cancelled after the limit, and the work's result stands")
    func stubbornServiceIsCancelled() async throws {
        let started = ContinuousClock.now
        let answer = try await BackgroundServices.running(
            [Stubborn()], logger: Logger(label: "test"), shutdownLimit: .milliseconds(300)
        ) { 42 }
        #expect(answer == 42)
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test("The work's error is the one thrown, even when the services must be cancelled")
    func bodyErrorWins() async throws {
        struct Failure: Error {}
        await #expect(throws: Failure.self) {
            try await BackgroundServices.running([Stubborn()], logger: Logger(label: "test"), shutdownLimit: .milliseconds(300)) {
                throw Failure()
            }
        }
    }
}
