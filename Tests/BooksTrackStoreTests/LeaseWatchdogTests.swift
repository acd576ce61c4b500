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

    @Test("A wait the pool never ends is given up, and its caller answered at once")
    func givesUpAStuckWait() async throws {
        let watchdog = LeaseWatchdog(limit: .seconds(1))
        let stuck = StuckWait()
        let caller = Task {
            try await watchdog.watching { leased in
                await stuck.wait()
                return leased()
            }
        }
        try await Task.sleep(for: .milliseconds(100))
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
}
