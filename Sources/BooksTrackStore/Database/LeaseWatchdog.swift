import Foundation
import ServiceLifecycle
import Synchronization

/// Gives up waits for a pooled connection that last longer than a limit. PostgresNIO's pool waits
/// for ever for a connection it cannot make (PostgreSQL stopped, the database dropped under a
/// running server), so without this a request — or a server's graceful shutdown, its job runner
/// waiting on the pool — would wait with it.
///
/// A wait costs a registration and its removal under a lock, nothing more (a timer per query cost
/// a tenth of the mixed load's throughput): one service looks at the waits every quarter of the
/// limit (at most every second) and cancels the task of each one that has waited too long, which
/// ends the pool's wait (it honours cancellation). Only the wait: once a connection is handed
/// over, the wait's registration is gone and nothing here touches the task again. The task is
/// the caller's child (`async let`), never the caller's own, which would stay cancelled.
final class LeaseWatchdog: Service, Sendable {
    /// What the waiter learns when its wait ends.
    enum Ending { case leased, gaveUp }

    let limit: Duration
    private let waits = Mutex<Waits>(Waits())

    private struct Waits {
        var next = 0
        var waiting: [Int: Waiter] = [:]
        var givenUp: Set<Int> = []
    }

    /// The waiting task. Kept only while its wait is registered: the waiter removes the
    /// registration (under the lock) before its function returns, and the watchdog cancels only
    /// under the same lock a registration it finds, so the task is alive whenever it is cancelled.
    private struct Waiter: @unchecked Sendable {
        let task: UnsafeCurrentTask
        let since: ContinuousClock.Instant
    }

    init(limit: Duration) { self.limit = limit }

    /// Runs `wait` (the pool's `withConnection`) with its wait watched; `leased` must be called
    /// first thing once the connection is there, and returns false when the wait was given up
    /// meanwhile (the body must then not run). Throws `gaveUp` when the wait was given up.
    func watching<T>(_ wait: (_ leased: @Sendable () -> Bool) async throws -> T) async throws -> T {
        let ticket = withUnsafeCurrentTask { task -> Int? in
            guard let task else { return nil }
            return waits.withLock { waits in
                waits.next += 1
                waits.waiting[waits.next] = Waiter(task: task, since: .now)
                return waits.next
            }
        }
        guard let ticket else { return try await wait({ true }) }
        let leased: @Sendable () -> Bool = { [self] in
            waits.withLock { $0.waiting.removeValue(forKey: ticket) != nil }
        }
        do {
            let result = try await wait(leased)
            _ = waits.withLock { $0.waiting.removeValue(forKey: ticket) }
            return result
        } catch {
            let gaveUp = waits.withLock { waits in
                waits.waiting.removeValue(forKey: ticket)
                return waits.givenUp.remove(ticket) != nil
            }
            if gaveUp { throw GaveUp() }
            throw error
        }
    }

    struct GaveUp: Error {}

    /// Cancels the waits older than the limit; returns how many.
    @discardableResult
    func look(now: ContinuousClock.Instant = .now) -> Int {
        waits.withLock { waits in
            let late = waits.waiting.filter { now - $0.value.since > limit }
            for (ticket, waiter) in late {
                waits.waiting[ticket] = nil
                waits.givenUp.insert(ticket)
                waiter.task.cancel()
            }
            return late.count
        }
    }

    func run() async throws {
        let interval = min(Duration.seconds(1), limit / 4)
        await cancelWhenGracefulShutdown {
            while (try? await Task.sleep(for: interval)) != nil { self.look() }
        }
    }
}
