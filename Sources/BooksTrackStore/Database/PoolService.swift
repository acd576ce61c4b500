import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// Runs PostgresNIO's connection pool as a service that always stops (issue 43, 14a).
///
/// `PostgresClient.run()` is stopped by cancelling the task that runs it. Now and then — the
/// PostgreSQL web suite's rare stall — it does not return, neither from a graceful shutdown nor
/// from cancellation, with every connection already closed: the services' last words were
/// "Triggering graceful shutdown for service PostgresNIO.PostgresClient", then, once cancelled,
/// "Caught cancellation." and nothing more. Whoever waited for the pool (a test, a command, a
/// server's shutdown) waited for ever. Here the pool runs in a task of its own; asked to stop, the
/// service cancels it and waits at most ``stopLimit`` for it to end, then leaves it behind with a
/// warning. Work that outlives the pool gets "this server is stopping" from the lease watchdog.
struct PoolService: Service {
    let client: PostgresClient
    let logger: Logger
    /// How long a cancelled pool has to end before it is left behind.
    var stopLimit = Duration.seconds(10)

    func run() async {
        let pool = Task { await client.run() }
        let ended = Once()
        let stop: @Sendable () -> Void = { [stopLimit, logger] in
            pool.cancel()
            Task {
                try? await Task.sleep(for: stopLimit)
                if ended.resume() {
                    logger.warning(
                        "PostgreSQL's connection pool did not stop within \(stopLimit.components.seconds) s of being cancelled; it is left behind"
                    )
                }
            }
        }
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await withCheckedContinuation { continuation in
                    ended.set(continuation)
                    Task {
                        await pool.value
                        ended.resume()
                    }
                }
            } onGracefulShutdown: {
                stop()
            }
        } onCancel: {
            stop()
        }
    }

    /// A continuation resumed once, by whichever comes first.
    private final class Once: Sendable {
        private let state = Mutex<(continuation: CheckedContinuation<Void, Never>?, done: Bool)>((nil, false))

        func set(_ continuation: CheckedContinuation<Void, Never>) {
            let resumeNow = state.withLock { state in
                if state.done { return true }
                state.continuation = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }

        /// Resumes the waiter; false when it had been resumed already.
        @discardableResult
        func resume() -> Bool {
            let (continuation, first) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
                guard !state.done else { return (nil, false) }
                state.done = true
                defer { state.continuation = nil }
                return (state.continuation, true)
            }
            continuation?.resume()
            return first
        }
    }
}
