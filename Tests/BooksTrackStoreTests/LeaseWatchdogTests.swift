import BooksTrackTestSupport
import Foundation
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

/// Closing is not a request: a store closed by a cancelled task (a server stopping, a test over
/// its time limit) still closes its SQLite connections. The thread pool refuses a cancelled
/// task's work, so the closes were skipped and the connections dropped open (a leaked file
/// handle; SQLiteNIO's assertion crashed debug builds).
@Suite("A store closed by a cancelled task closes its SQLite connections")
struct CancelledCloseTests {
    @Test("The last connection closes, so SQLite folds its write-ahead log back and removes it")
    func closedWhenCancelled() async throws {
        try await Self.withMigratedDatabase { database, path in
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            let closing = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                await database.close()
            }
            await closing.value
        }
    }

    @Test("A read under way when the store closes finishes, and its connection is closed after it")
    func leasedConnectionClosedOnReturn() async throws {
        try await Self.withMigratedDatabase { database, _ in
            let (started, starting) = AsyncStream.makeStream(of: Void.self)
            let (goOn, going) = AsyncStream.makeStream(of: Void.self)
            let reading = Task {
                try await database.read { sql in
                    starting.yield()
                    for await _ in goOn { break }
                    return try await sql.raw("SELECT 1 AS one").all().count
                }
            }
            for await _ in started { break }
            let closing = Task { await database.close() }
            // Give the close time to reach the connection still leased, then let the read go on.
            try await Task.sleep(for: .milliseconds(200))
            going.yield()
            #expect(try await reading.value == 1)
            await closing.value
        }
    }

    /// A migrated SQLite store in a folder of its own, handed to `body` with its file's path;
    /// `body` closes it. Its write-ahead log must be gone after: every connection was closed.
    static func withMigratedDatabase(_ body: (Database, String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("close-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let database = try await Database.open(.sqlite(path: path), clock: TestClock.wall, logger: Logger(label: "test"))
        _ = try await Migrator.migrate(database, now: TestClock.now)
        try await body(database, path)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
}
