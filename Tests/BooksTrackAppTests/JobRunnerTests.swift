import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Logging
import SQLKit
import Testing

@testable import BooksTrackApp

@Suite("Background jobs")
struct JobRunnerTests {
    /// What ran, by whom, shared by the runners of one test.
    actor Ledger {
        var runs: [String: [String]] = [:]
        func record(_ subject: String, by worker: String) { runs[subject, default: []].append(worker) }
    }

    @Test(
        "Two servers' runners on one database share the queue and never run one job twice",
        arguments: TestDatabase.available)
    func twoRunnersNeverRunOneJobTwice(_ database: TestDatabase) async throws {
        let (location, cleanup) = try await database.makeDatabase()
        defer { Task { try? await cleanup() } }
        let ledger = Ledger()
        let jobs = 40
        // Two stores with their own connection pools: what two `serve` processes have.
        try await Store.withStore(location, clock: TestClock.wall) { first in
            try await Store.withStore(location, clock: TestClock.wall) { second in
                for index in 0..<jobs {
                    try await first.jobs.enqueue(kind: "test", subject: "job-\(index)", userID: nil, now: TestClock.now)
                }
                // Queuing the same work again queues nothing.
                #expect(try await !first.jobs.enqueue(kind: "test", subject: "job-0", userID: nil, now: TestClock.now))
                func runner(_ store: Store, _ name: String) -> JobRunner {
                    JobRunner(
                        store: store,
                        handlers: [
                            "test": { job in
                                await ledger.record(job.subject, by: name)
                                try await Task.sleep(for: .milliseconds(5))
                            }
                        ], clock: { TestClock.now }, logger: Logger(label: "test"), pollInterval: .milliseconds(20),
                        worker: name)
                }
                let one = runner(first, "one")
                let two = runner(second, "two")
                async let a: Void = one.drain()
                async let b: Void = two.drain()
                _ = await (a, b)
                let runs = await ledger.runs
                #expect(runs.count == jobs)
                #expect(runs.values.allSatisfy { $0.count == 1 })
                let stored = try await first.jobs.jobs(kind: "test")
                #expect(stored.count == jobs)
                #expect(stored.allSatisfy { $0.status == .done && $0.attempts == 1 })
                // Each job is recorded as run by the worker that ran it.
                #expect(stored.allSatisfy { runs[$0.subject] == [$0.claimedBy ?? ""] })
            }
        }
    }

    @Test("A job that throws is recorded as failed with its reason; the runner goes on", arguments: TestDatabase.available)
    func failuresAreRecorded(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            try await store.jobs.enqueue(kind: "test", subject: "bad", userID: nil, now: TestClock.now)
            try await store.jobs.enqueue(kind: "test", subject: "good", userID: nil, now: TestClock.now + 1)
            struct Broken: Error, CustomStringConvertible { var description: String { "the file is gone" } }
            let runner = JobRunner(
                store: store, handlers: ["test": { job in if job.subject == "bad" { throw Broken() } }],
                clock: { TestClock.now + 2 }, logger: Logger(label: "test"))
            await runner.drain()
            let jobs = Dictionary(uniqueKeysWithValues: try await store.jobs.jobs(kind: "test").map { ($0.subject, $0) })
            #expect(jobs["bad"]?.status == .failed)
            #expect(jobs["bad"]?.lastError == "the file is gone")
            #expect(jobs["good"]?.status == .done)
        }
    }

    @Test("A running runner picks up a queued job when woken, and stops gracefully", arguments: TestDatabase.available)
    func serviceRunsQueuedJobs(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let ledger = Ledger()
            let runner = JobRunner(
                store: store, handlers: ["test": { await ledger.record($0.subject, by: "service") }],
                clock: { TestClock.now }, logger: Logger(label: "test"), pollInterval: .seconds(30))
            try await BackgroundServices.running([runner], logger: Logger(label: "test")) {
                try await store.jobs.enqueue(kind: "test", subject: "woken", userID: nil, now: TestClock.now)
                runner.wake()
                for _ in 0..<200 where await ledger.runs["woken"] == nil { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(await ledger.runs["woken"] == ["service"])
            #expect(try await store.jobs.jobs(kind: "test").first?.status == .done)
        }
    }

    @Test(
        "On shutdown a look-up is stopped and queued again, its start not counted; an import runs to its end",
        arguments: TestDatabase.available)
    func shutdownStopsLookups(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let ledger = Ledger()
            func runner() -> JobRunner {
                JobRunner(
                    store: store,
                    handlers: [
                        // A look-up with thousands of books to go: far longer than a stop may take.
                        "lookup": { job in
                            await ledger.record(job.subject, by: "started")
                            try await Task.sleep(for: .seconds(30))
                            await ledger.record(job.subject, by: "finished")
                        },
                        "import": { job in
                            await ledger.record(job.subject, by: "started")
                            try? await Task.sleep(for: .milliseconds(300))
                            await ledger.record(job.subject, by: "finished")
                        },
                    ], stoppable: ["lookup"], clock: { TestClock.now }, logger: Logger(label: "test"),
                    pollInterval: .milliseconds(20))
            }
            for kind in ["import", "lookup"] {
                try await store.jobs.enqueue(kind: kind, subject: kind, userID: nil, now: TestClock.now)
                try await BackgroundServices.running([runner()], logger: Logger(label: "test")) {
                    for _ in 0..<500 where await ledger.runs[kind] == nil { try await Task.sleep(for: .milliseconds(10)) }
                }
            }
            let runs = await ledger.runs
            #expect(runs["lookup"] == ["started"])
            let lookup = try #require(try await store.jobs.jobs(kind: "lookup").first)
            #expect(lookup.status == .queued && lookup.attempts == 0 && lookup.claimedBy == nil)
            #expect(runs["import"] == ["started", "finished"])
            #expect(try await store.jobs.jobs(kind: "import").first?.status == .done)
        }
    }
}

@Suite("Jobs abandoned by a process that died")
struct AbandonedJobTests {
    @Test(
        "A job whose runner stopped reporting is taken over after the lease, and given up after three starts",
        arguments: TestDatabase.available)
    func takeover(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            try await store.jobs.enqueue(kind: "test", subject: "crashy", userID: nil, now: TestClock.now)
            // A process claims it and dies (no heartbeat, no finish).
            let dead = try #require(try await store.jobs.claimNext(kinds: ["test"], worker: "dead", now: TestClock.now))
            #expect(dead.attempts == 1)
            // Within the lease nobody else may take it.
            #expect(try await store.jobs.claimNext(kinds: ["test"], worker: "b", now: TestClock.now + 30) == nil)
            // A heartbeat from another worker does not count: the job is not theirs.
            #expect(try await !store.jobs.heartbeat(dead.id, worker: "b", now: TestClock.now + 30))
            // After the lease it is taken over, and run to the end.
            let ran = JobRunnerTests.Ledger()
            let runner = JobRunner(
                store: store, handlers: ["test": { await ran.record($0.subject, by: "b") }],
                clock: { TestClock.now + JobRepository.lease + 1 }, logger: Logger(label: "test"), worker: "b")
            await runner.drain()
            #expect(await ran.runs["crashy"] == ["b"])
            let job = try #require(try await store.jobs.job(dead.id))
            #expect(job.status == .done && job.attempts == 2 && job.claimedBy == "b")
            // The dead worker's late report changes nothing.
            try await store.jobs.finish(dead.id, worker: "dead", error: "late", now: TestClock.now + 120)
            #expect(try await store.jobs.job(dead.id)?.status == .done)

            // A job that kills its process every time is given up after three starts.
            try await store.jobs.enqueue(kind: "test", subject: "poison", userID: nil, now: TestClock.now)
            var now = TestClock.now + 1_000
            for attempt in 1...JobRepository.maxAttempts {
                let claimed = try #require(try await store.jobs.claimNext(kinds: ["test"], worker: "w\(attempt)", now: now))
                #expect(claimed.attempts == attempt)
                now += JobRepository.lease + 1
            }
            #expect(try await store.jobs.claimNext(kinds: ["test"], worker: "w4", now: now) == nil)
            let given = try await store.jobs.interruptAbandoned(isDead: { _ in false }, now: now)
            #expect(given.map(\.subject) == ["poison"])
            let poison = try await store.jobs.jobs(kind: "test").first { $0.subject == "poison" }
            #expect(poison?.status == .failed && poison?.lastError == "interrupted")
        }
    }

    @Test("A running job is reported alive, so a second runner never takes it over", arguments: TestDatabase.available)
    func heartbeatKeepsTheJob(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            try await store.jobs.enqueue(kind: "slow", subject: "long", userID: nil, now: TestClock.now)
            // The clock jumps past the lease while the job runs; the heartbeat keeps it claimed.
            let clock = TestClockBox(TestClock.now)
            let runner = JobRunner(
                store: store,
                handlers: [
                    "slow": { _ in
                        clock.advance(by: JobRepository.lease + 5)
                        try await Task.sleep(for: .seconds(2))
                    }
                ], clock: { clock.now }, logger: Logger(label: "test"), heartbeatInterval: .milliseconds(50), worker: "a")
            async let running: Void = runner.drain()
            // Once the job runs (the clock has jumped), wait for a beat stamped after the jump: the
            // question is whether a beat keeps the job, not how soon a busy machine sends one.
            let jumped = Int(((TestClock.now + JobRepository.lease + 5).timeIntervalSince1970 * 1000).rounded())
            var beats = 0
            for _ in 0..<3_000 where beats == 0 {
                try await Task.sleep(for: .milliseconds(10))
                beats = try await store.database.read { db in
                    try await db.raw("SELECT COUNT(*) AS n FROM jobs WHERE heartbeat_at >= \(bind: jumped)")
                        .first(decoding: Count.self)?.n ?? 0
                }
            }
            #expect(beats == 1, "no heartbeat within 30 s")
            #expect(try await store.jobs.claimNext(kinds: ["slow"], worker: "b", now: clock.now) == nil)
            await running
            let finished = try await store.jobs.jobs(kind: "slow").first
            #expect(finished?.status == .done, "\(String(describing: finished))")
        }
    }
}

private struct Count: Decodable { let n: Int }

/// A clock a test moves.
final class TestClockBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Date
    init(_ start: Date) { value = start }
    var now: Date { lock.withLock { value } }
    func advance(by seconds: TimeInterval) { lock.withLock { value += seconds } }
}
