import Foundation
import ServiceLifecycle
import Synchronization

/// Gives up waits for a pooled connection that last longer than a limit. A request waits in
/// ``PostgresPool`` while every connection the pool may open (or the server allows it) is leased;
/// a lease never given back (a stalled body) would otherwise hold it — or a server's graceful
/// shutdown, its job runner waiting on the pool — for ever. (PostgresNIO's own pool, used
/// before, also waited for ever for a connection it could not make.)
///
/// A wait costs a registration and its removal under a lock, nothing more (a timer per query cost
/// a tenth of the mixed load's throughput): one service looks at the waits every quarter of the
/// limit (at most every second) and gives up each one that has waited too long. Giving up
/// answers the caller itself, at once, and cancels the task that waits in the pool. It used to
/// only cancel that task and count on the pool to end its wait; a cancellation that arrived
/// between the pool's check of it and the queueing of the request was lost, and that wait — and
/// its caller — never ended (issue 43). Once a connection is handed over, the registration is
/// gone and nothing here touches the wait again.
final class LeaseWatchdog: Service, Sendable {
    let limit: Duration
    private let waits = Mutex<Waits>(Waits())

    private struct Waits {
        var next = 0
        var waiting: [Int: Waiter] = [:]
        /// Set once the watchdog has stopped, after the pool it watches (see ``run()``).
        var closed = false
    }

    private struct Waiter: Sendable {
        let giveUp: @Sendable (_ closed: Bool) -> Void
        let since: ContinuousClock.Instant
    }

    /// A continuation resumed by whichever comes first: the wait's end or the watchdog.
    private final class Answer<T: Sendable>: Sendable {
        private let continuation: Mutex<CheckedContinuation<T, any Error>?>

        init(_ continuation: CheckedContinuation<T, any Error>) { self.continuation = Mutex(continuation) }

        func resume(with result: Result<T, any Error>) {
            let continuation = self.continuation.withLock { stored in
                defer { stored = nil }
                return stored
            }
            continuation?.resume(with: result)
        }
    }

    init(limit: Duration) { self.limit = limit }

    /// Runs `wait` (the pool's `withConnection`) with its wait watched; `leased` must be called
    /// first thing once the connection is there, and returns false when the wait was given up
    /// meanwhile (the body must then not run). Throws ``GaveUp`` when the wait was given up.
    /// Cancelling the caller cancels the wait.
    func watching<T: Sendable>(_ wait: @escaping @Sendable (_ leased: @Sendable () -> Bool) async throws -> T)
        async throws -> T
    {
        let ticket = waits.withLock { waits in
            waits.next += 1
            return waits.next
        }
        let leased: @Sendable () -> Bool = { [self] in
            waits.withLock { $0.waiting.removeValue(forKey: ticket) != nil }
        }
        let waiting = Mutex<Task<Void, Never>?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let answer = Answer(continuation)
                let closed = waits.withLock { waits in
                    guard !waits.closed else { return true }
                    waits.waiting[ticket] = Waiter(
                        giveUp: { closed in
                            answer.resume(with: .failure(GaveUp(closed: closed)))
                            waiting.withLock { $0 }?.cancel()
                        }, since: .now)
                    return false
                }
                // Nobody would give this wait up, and no pool would end it: answer at once.
                if closed { return answer.resume(with: .failure(GaveUp(closed: true))) }
                let task = Task {
                    let result: Result<T, any Error>
                    do { result = .success(try await wait(leased)) } catch { result = .failure(error) }
                    _ = waits.withLock { $0.waiting.removeValue(forKey: ticket) }
                    answer.resume(with: result)
                }
                waiting.withLock { $0 = task }
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            waiting.withLock { $0 }?.cancel()
        }
    }

    /// A wait given up: it lasted past the limit, or the database was closed (``close()``).
    struct GaveUp: Error {
        var closed = false
    }

    /// Gives up the waits older than the limit; returns how many.
    @discardableResult
    func look(now: ContinuousClock.Instant = .now) -> Int {
        let late = waits.withLock { waits in
            let late = waits.waiting.filter { now - $0.value.since > limit }
            for ticket in late.keys { waits.waiting[ticket] = nil }
            return late.values.map(\.giveUp)
        }
        for giveUp in late { giveUp(false) }
        return late.count
    }

    /// Looks at the waits until shut down. The database's services stop after the work that uses
    /// it (``BackgroundServices``, `serve`'s service groups), and the pool closes after them: then
    /// every wait still registered — and any that comes later, from work that outlived the
    /// database — is given up at once instead of waiting for a pool that is closing.
    func run() async throws {
        let interval = min(Duration.seconds(1), limit / 4)
        await cancelWhenGracefulShutdown {
            while (try? await Task.sleep(for: interval)) != nil { self.look() }
        }
        close()
    }

    /// Gives up every wait now and every later one.
    func close() {
        let all = waits.withLock { waits in
            waits.closed = true
            defer { waits.waiting = [:] }
            return waits.waiting.values.map(\.giveUp)
        }
        for giveUp in all { giveUp(true) }
    }
}
