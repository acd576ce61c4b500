import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Logging
import Testing

/// A PostgreSQL server at its connection limit (a shared server, three BooksTrack processes with
/// their pools): the pool cannot open the connections it wants, and requests share the ones it
/// has. None waits for ever (issue 43, 14a), none fails while a connection comes free in time.
@Suite("A PostgreSQL server at its connection limit serves every request in turn")
struct ConnectionLimitTests {
    @Test("Forty reads and writes at once over two connections all finish, and the read after them is answered")
    func sharedConnections() async throws {
        guard TestDatabase.available.contains(.postgres) else { return }
        let (url, cleanup) = try await TestDatabase.postgres.makeDatabaseArgument()
        let role = "bt_limited_" + UUID().uuidString.prefix(8).lowercased()
        let name = try #require(URLComponents(string: url)?.path.dropFirst())
        let owner = TestDatabase.patient(try DatabaseLocation(parsing: url))
        try await Database.withDatabase(owner, clock: TestClock.wall) { db in
            try await db.write {
                try await $0.raw("CREATE ROLE \(unsafeRaw: role) LOGIN CONNECTION LIMIT 2").run()
                try await $0.raw("ALTER DATABASE \(unsafeRaw: String(name)) OWNER TO \(unsafeRaw: role)").run()
            }
        }
        let dropRole: @Sendable () async throws -> Void = {
            try await cleanup()
            // The role is dropped from the server's own database, its test database gone.
            var server = try #require(URLComponents(string: url))
            server.path = "/postgres"
            let admin = TestDatabase.patient(try DatabaseLocation(parsing: server.string!))
            try await Database.withDatabase(admin, clock: TestClock.wall) { db in
                try await db.read { try await $0.raw("DROP ROLE IF EXISTS \(unsafeRaw: role)").run() }
            }
        }
        // Waits for a connection are given up after 5 s: PostgresNIO's pool kept a request waiting
        // 30 s (until a keep-alive ping) with its idle connections beside it.
        var limited = try #require(URLComponents(string: url))
        limited.user = role
        limited.queryItems = (limited.queryItems ?? []) + [URLQueryItem(name: "connect_timeout", value: "5")]
        let location = try DatabaseLocation(parsing: limited.string!)
        do {
            try await Self.readAndWrite(at: location)
            try await dropRole()
        } catch {
            try? await dropRole()
            throw error
        }
    }

    /// Forty reads and writes at once, each keeping its connection 20 ms.
    private static func readAndWrite(at location: DatabaseLocation) async throws {
        try await Database.withDatabase(location, clock: TestClock.wall) { db in
            try await db.write { try await $0.raw("CREATE TABLE tally (n integer NOT NULL)").run() }
            let answered = try await withThrowingTaskGroup(of: Int.self) { group in
                for n in 0..<40 {
                    group.addTask {
                        if n.isMultiple(of: 2) {
                            return try await db.write { sql in
                                try await sql.raw("INSERT INTO tally VALUES (\(bind: n))").run()
                                try await sql.raw("SELECT pg_sleep(0.02)").run()
                                return 1
                            }
                        }
                        return try await db.read { sql in
                            try await sql.raw("SELECT pg_sleep(0.02)").run()
                            return 1
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(answered == 40)
            let rows = try await db.read {
                try await $0.raw("SELECT count(*) AS n FROM tally").first(decodingColumn: "n", as: Int.self)
            }
            #expect(rows == 20)
        }
    }
}
