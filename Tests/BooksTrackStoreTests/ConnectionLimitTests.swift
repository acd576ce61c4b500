import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

/// A PostgreSQL server at its connection limit (a shared server, three BooksTrack processes with
/// their pools): the pool cannot open the connections it wants, and requests share the ones it
/// has. None waits for ever (issue 43, 14a; decision 9). Each test gives a role of its own a
/// `CONNECTION LIMIT` of 2 and limits every wait for a connection to 5 s: PostgresNIO's pool kept
/// a request waiting 30 s (until a keep-alive ping) with its idle connections beside it.
@Suite(
    "A PostgreSQL server at its connection limit serves every request in turn",
    .enabled(if: TestDatabase.available.contains(.postgres)))
struct ConnectionLimitTests {
    @Test("Forty reads and writes at once over two connections all finish, each counted once")
    func sharedConnections() async throws {
        try await Self.withLimitedRole { db, _ in
            let answered = try await Self.burst(on: db, count: 40)
            #expect(answered.filter { $0 == nil }.count == 40)
            let rows = try await db.read {
                try await $0.raw("SELECT count(*) AS n FROM tally").first(decodingColumn: "n", as: Int.self)
            }
            #expect(rows == 20)
        }
    }

    @Test("The read after a burst is answered by a connection the burst left idle")
    func idleConnectionsServeTheNextRequest() async throws {
        try await Self.withLimitedRole { db, _ in
            _ = try await Self.burst(on: db, count: 40)
            let one = try await db.read { try await $0.raw("SELECT 1 AS one").first(decodingColumn: "one", as: Int.self) }
            #expect(one == 1)
        }
    }

    @Test("Connections ended by the server while requests queue: the queue goes on with new ones")
    func serverEndsConnections() async throws {
        try await Self.withLimitedRole { db, end in
            async let answered = Self.burst(on: db, count: 40)
            try await Task.sleep(for: .milliseconds(100))
            try await end()
            // A request whose connection was ended fails; none waits out the limit.
            for failure in try await answered.compactMap({ $0 }) {
                #expect(!failure.contains("gave no connection"), "\(failure)")
            }
            let one = try await db.read { try await $0.raw("SELECT 1 AS one").first(decodingColumn: "one", as: Int.self) }
            #expect(one == 1)
        }
    }

    /// `count` reads and writes at once, each keeping its connection 20 ms; each one's failure,
    /// `nil` when it succeeded.
    static func burst(on db: Database, count: Int) async throws -> [String?] {
        try await withThrowingTaskGroup(of: String?.self) { group in
            for n in 0..<count {
                group.addTask {
                    do {
                        if n.isMultiple(of: 2) {
                            try await db.write { sql in
                                try await sql.raw("INSERT INTO tally VALUES (\(bind: n))").run()
                                try await sql.raw("SELECT pg_sleep(0.02)").run()
                            }
                        } else {
                            try await db.read { try await $0.raw("SELECT pg_sleep(0.02)").run() }
                        }
                        return nil
                    } catch {
                        return String(describing: error)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// A new database owned by a new role allowed two connections, with a `tally` table, opened
    /// as that role; `end` ends every connection the role has. Both are dropped after.
    static func withLimitedRole(_ body: (Database, _ end: @Sendable () async throws -> Void) async throws -> Void)
        async throws
    {
        let (url, cleanup) = try await TestDatabase.postgres.makeDatabaseArgument()
        let role = "bt_limited_" + UUID().uuidString.prefix(8).lowercased()
        let name = String(try #require(URLComponents(string: url)?.path.dropFirst()))
        var server = try #require(URLComponents(string: url))
        server.path = "/postgres"
        let admin = TestDatabase.patient(try DatabaseLocation(parsing: server.string!))
        try await Database.withDatabase(admin, clock: TestClock.wall) { db in
            try await db.write {
                try await $0.raw("CREATE ROLE \(unsafeRaw: role) LOGIN CONNECTION LIMIT 2").run()
                try await $0.raw("ALTER DATABASE \(unsafeRaw: name) OWNER TO \(unsafeRaw: role)").run()
            }
        }
        let end: @Sendable () async throws -> Void = {
            try await Database.withDatabase(admin, clock: TestClock.wall) { db in
                try await db.read {
                    try await $0.raw("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = \(bind: role)")
                        .run()
                }
            }
        }
        let dropAll: @Sendable () async throws -> Void = {
            try await cleanup()
            try await Database.withDatabase(admin, clock: TestClock.wall) { db in
                try await db.read { try await $0.raw("DROP ROLE IF EXISTS \(unsafeRaw: role)").run() }
            }
        }
        var limited = try #require(URLComponents(string: url))
        limited.user = role
        limited.queryItems = (limited.queryItems ?? []) + [URLQueryItem(name: "connect_timeout", value: "5")]
        do {
            try await Database.withDatabase(try DatabaseLocation(parsing: limited.string!), clock: TestClock.wall) { db in
                try await db.write { try await $0.raw("CREATE TABLE tally (n integer NOT NULL)").run() }
                try await body(db, end)
            }
            try await dropAll()
        } catch {
            try? await dropAll()
            throw error
        }
    }
}
