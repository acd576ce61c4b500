import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Logging
import Synchronization
import Testing

@testable import BooksTrackStore

/// Opens and closes a PostgreSQL database's services many times at once, as the web suite does,
/// to catch a close that never ends (issue 43, 14a). Runs only when
/// `BOOKSTRACK_STALL_PROBE` gives a number of rounds: it is a probe, not part of the suite.
@Suite("Probe: opening and closing a PostgreSQL database many times at once ends every time")
struct StoreLifecycleProbe {
    @Test("Every open-use-close of the database ends, many at once")
    func openUseClose() async throws {
        guard let rounds = ProcessInfo.processInfo.environment["BOOKSTRACK_STALL_PROBE"].flatMap(Int.init),
            TestDatabase.available.contains(.postgres)
        else { return }
        let (location, cleanup) = try await TestDatabase.postgres.makeDatabase()
        defer { Task { try? await cleanup() } }
        let stuck = Shared<[Int: [String]]>([:])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<40 {
                group.addTask {
                    for round in 0..<rounds {
                        let id = worker * 100_000 + round
                        let events = Shared<[String]>([])
                        let logger = Logger(label: "probe") { _ in
                            EventLogHandler { message in events.value.withLock { $0.append(message) } }
                        }
                        let watch = Task {
                            try await Task.sleep(for: .seconds(60))
                            let said = events.value.withLock { $0 }
                            stuck.value.withLock { $0[id] = said }
                            FileHandle.standardError.write(
                                Data(
                                    "PROBE STUCK worker \(worker) round \(round): \(said.suffix(12).joined(separator: " | "))\n"
                                        .utf8))
                        }
                        let database = try await Database.open(location, clock: TestClock.wall, logger: logger)
                        try await BackgroundServices.running(database.services, logger: logger) {
                            try await database.read { try await $0.raw("SELECT 1").run() }
                        }
                        await database.close()
                        watch.cancel()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(stuck.value.withLock { $0.isEmpty })
    }
}

/// A value shared between tasks.
private final class Shared<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
}
