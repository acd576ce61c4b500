import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Logging
import Testing

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
        try await Store.withStore(location, now: TestClock.now) { first in
            try await Store.withStore(location, now: TestClock.now) { second in
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
}
