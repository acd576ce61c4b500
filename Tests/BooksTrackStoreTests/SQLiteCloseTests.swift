import BooksTrackTestSupport
import Foundation
import Logging
import SQLKit
import Testing

@testable import BooksTrackStore

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
