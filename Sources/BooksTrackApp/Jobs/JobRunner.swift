import BooksTrackStore
import Foundation
import Logging
import Metrics
import ServiceLifecycle
import Synchronization

/// Runs queued background jobs, one at a time, as a service of the application (`serve` adds it
/// to its service group; the command line and tests run it with ``BooksTrack/withServices(_:)``).
///
/// Jobs are claimed through ``JobRepository/claimNext(kinds:worker:now:)``, one conditional
/// update, so several `serve` processes on one PostgreSQL database never run one job twice. While
/// a job runs, the runner reports it alive; a job whose runner stopped reporting (its process was
/// killed) is claimed again by another runner after ``JobRepository/lease``, at most
/// ``JobRepository/maxAttempts`` times. A
/// runner wakes when this process queues a job (``wake()``) and otherwise looks for jobs queued
/// elsewhere every ``pollInterval``. On graceful shutdown it never starts another job: one of the
/// kinds that can go on where they stopped (``stoppable``: look-ups) is cancelled and put back in
/// the queue, its start not counted; any other (an import, which a reader waits for) is finished.
public final class JobRunner: Service, Sendable {
    /// Runs one claimed job; throwing marks the job failed with the error's description.
    public typealias Handler = @Sendable (Job) async throws -> Void
    /// Cleans up after a job that was given up (its process died): says so wherever the job's
    /// work is shown and drops what it held.
    public typealias Interrupted = @Sendable (Job) async throws -> Void

    let store: Store
    let clock: @Sendable () -> Date
    let logger: Logger
    let handlers: [String: Handler]
    let interrupted: [String: Interrupted]
    /// Kinds cancelled on graceful shutdown and queued again (their handlers stop at a
    /// `CancellationError` with their work so far saved).
    let stoppable: Set<String>
    /// This process, as recorded on the jobs it claims.
    public let worker: String
    public let pollInterval: Duration
    /// How often a running job is reported alive (a third of ``JobRepository/lease``).
    public let heartbeatInterval: Duration
    private let bell = Doorbell()

    public init(
        store: Store, handlers: [String: Handler], interrupted: [String: Interrupted] = [:],
        stoppable: Set<String> = [], clock: @escaping @Sendable () -> Date, logger: Logger,
        pollInterval: Duration = .seconds(1), heartbeatInterval: Duration = .seconds(JobRepository.lease / 3),
        worker: String = JobRunner.workerName()
    ) {
        self.store = store
        self.handlers = handlers
        self.interrupted = interrupted
        self.stoppable = stoppable
        self.clock = clock
        self.logger = logger
        self.pollInterval = pollInterval
        self.heartbeatInterval = heartbeatInterval
        self.worker = worker
    }

    /// `host:pid:random`, unique per process.
    public static func workerName() -> String {
        "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier):\(UUID().uuidString.prefix(8))"
    }

    /// Whether the process that claimed a job is gone: a process of this host that does not
    /// exist any more, or an earlier process that had this one's id (a container's pid 1). On
    /// another host only the lease can tell.
    public func isDead(_ claimant: String) -> Bool {
        guard claimant != worker else { return false }
        let mine = worker.split(separator: ":")
        let theirs = claimant.split(separator: ":")
        guard mine.count == 3, theirs.count == 3, mine[0] == theirs[0], let pid = Int32(theirs[1]) else { return false }
        if theirs[1] == mine[1] { return true }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Gives up the jobs that cannot finish any more (see ``JobRepository/interruptAbandoned(isDead:now:)``)
    /// and runs their kind's clean-up, so every face says "interrupted" at once.
    public func recoverAbandoned() async {
        let given: [Job]
        do {
            given = try await store.jobs.interruptAbandoned(isDead: { [self] in isDead($0) }, now: clock())
        } catch {
            logger.error("Could not look for interrupted jobs: \(String(reflecting: error))")
            return
        }
        do {
            // Big imports whose process stopped without a job (the command line) once their lease lapsed.
            let runs = try await store.recoverImports(now: clock())
            if runs > 0 { logger.warning("Finished or threw away \(runs) import(s) whose process stopped") }
        } catch {
            logger.error("Could not look for interrupted imports: \(String(reflecting: error))")
        }
        if !given.isEmpty { Counter(label: "bookstrack_job_lease_lapses_total").increment(by: Int64(given.count)) }
        for job in given {
            logger.warning("Gave up job \(job.kind) \(job.subject): its process stopped")
            // One clean-up failing must not keep the others from saying so.
            do { try await interrupted[job.kind]?(job) } catch {
                logger.error("Could not clean up after job \(job.id): \(String(reflecting: error))")
            }
        }
    }

    /// Sets the `bookstrack_jobs` gauges — jobs waiting and running, by kind — from the queue as
    /// it is now (asked when `/metrics` is scraped).
    public func measureQueue() async {
        guard let depth = try? await store.jobs.depth() else { return }
        for kind in handlers.keys {
            for status in ["queued", "running"] {
                let count = depth.first { $0.kind == kind && $0.status == status }?.count ?? 0
                Gauge(label: "bookstrack_jobs", dimensions: [("kind", kind), ("status", status)]).record(count)
            }
        }
    }

    /// Tells the runner a job was queued, so it need not wait for its next look.
    public func wake() { bell.ring() }

    public func run() async throws {
        let bell = self.bell
        await withGracefulShutdownHandler {
            while !Task.isShuttingDownGracefully, !Task.isCancelled {
                if await runNext() { continue }
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { [pollInterval] in
                        // Rings only when the time is up, not when cancelled because a job woke it.
                        if (try? await Task.sleep(for: pollInterval)) != nil { bell.ring() }
                    }
                    await withTaskCancellationHandler {
                        await bell.wait()
                    } onCancel: {
                        bell.ring()
                    }
                    group.cancelAll()
                }
            }
        } onGracefulShutdown: {
            bell.ring()
        }
    }

    /// Claims and runs the next due job; false when there was none (or the queue cannot be read).
    @discardableResult
    public func runNext() async -> Bool {
        await recoverAbandoned()
        let job: Job
        do {
            guard let claimed = try await store.jobs.claimNext(kinds: Array(handlers.keys), worker: worker, now: clock())
            else { return false }
            job = claimed
        } catch {
            logger.error("Could not look for background jobs: \(String(reflecting: error))")
            return false
        }
        logger.debug("Running job \(job.kind) \(job.subject) (\(job.id))")
        let stoppable = stoppable.contains(job.kind)
        var failure: String?
        var stopped = false
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Reports while the job runs, so no other runner takes it for abandoned.
                group.addTask { [store, worker, clock, heartbeatInterval] in
                    while true {
                        try await Task.sleep(for: heartbeatInterval)
                        _ = try? await store.jobs.heartbeat(job.id, worker: worker, now: clock())
                    }
                }
                defer { group.cancelAll() }
                guard let handler = handlers[job.kind] else { return }
                if stoppable {
                    try await cancelWhenGracefulShutdown { try await handler(job) }
                } else {
                    try await handler(job)
                }
            }
        } catch is CancellationError where stoppable && (Task.isShuttingDownGracefully || Task.isCancelled) {
            stopped = true
        } catch {
            failure = String(describing: error)
        }
        do {
            if stopped {
                logger.info("Stopped job \(job.kind) \(job.subject): queued again, it goes on after the restart")
                try await store.jobs.release(job.id, worker: worker, now: clock())
            } else {
                logger.debug("Job \(job.kind) \(job.subject) ended\(failure.map { ": \($0)" } ?? "")")
                try await store.jobs.finish(job.id, worker: worker, error: failure, now: clock())
            }
        } catch {
            logger.error("Could not record the end of job \(job.id): \(String(reflecting: error))")
        }
        return true
    }

    /// Runs due jobs until none is left (tests, or a command that wants the queue empty).
    public func drain() async {
        while await runNext() {}
    }
}

/// Wakes one waiter; a ring with nobody waiting is kept for the next wait.
private final class Doorbell: Sendable {
    private let state = Mutex<(waiter: CheckedContinuation<Void, Never>?, rung: Bool)>((nil, false))

    func ring() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock {
            if let waiting = $0.waiter {
                $0.waiter = nil
                return waiting
            }
            $0.rung = true
            return nil
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let ready: Bool = state.withLock {
                if $0.rung {
                    $0.rung = false
                    return true
                }
                $0.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
