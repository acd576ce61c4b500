import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import SQLKit
import Testing

/// A full disk and a read-only database say what happened and what to do, with the file —
/// never the database's own words ("full: database or disk is full").
@Suite("Disk and permission failures are messages a person can act on")
struct DiskFailureTests {
    static func message(of error: any Error) -> String {
        if case .unavailable(let text)? = error as? StoreError { return text }
        return "not a typed store error: \(error)"
    }

    @Test("SQLite: a full disk and a read-only file")
    func sqlite() async throws {
        try await TestDatabase.sqlite.withStore { (store: Store) async throws in
            do {
                try await store.database.write { db in
                    // As good as a full disk: the file may not grow by one page.
                    let pages = try await db.raw("PRAGMA page_count").first()?.decode(column: "page_count", as: Int.self) ?? 1
                    try await db.raw("PRAGMA max_page_count = \(unsafeRaw: String(pages))").run()
                    try await db.raw("CREATE TABLE filler (x BLOB)").run()
                    try await db.raw("INSERT INTO filler VALUES (zeroblob(1000000))").run()
                }
                Issue.record("the write was expected to fail")
            } catch {
                let text = Self.message(of: error)
                #expect(text.hasPrefix("The disk holding "), "\(text)")
                #expect(text.contains("test.sqlite is full: nothing was saved. Free some space and try again."))
            }
            do {
                try await store.database.write { db in
                    // As good as a read-only file (root ignores file permissions); this store ends here.
                    try await db.raw("PRAGMA query_only = 1").run()
                    try await db.raw("UPDATE users SET display_name = display_name").run()
                    try await db.raw("INSERT INTO counters (name, value) VALUES ('x', 1)").run()
                }
                Issue.record("the write was expected to fail")
            } catch {
                let text = Self.message(of: error)
                #expect(text.contains("is read-only: nothing was saved"), "\(text)")
            }
        }
    }

    @Test("PostgreSQL: a read-only database", .enabled(if: TestDatabase.available.contains(.postgres)))
    func postgresReadOnly() async throws {
        try await TestDatabase.postgres.withStore { (store: Store) async throws in
            do {
                try await store.database.write { db in
                    try await db.raw("SET TRANSACTION READ ONLY").run()
                    try await db.raw("INSERT INTO counters (name, value) VALUES ('x', 1)").run()
                }
                Issue.record("the write was expected to fail")
            } catch {
                #expect(Self.message(of: error).hasPrefix("The PostgreSQL database is read-only"), "\(error)")
            }
        }
    }

    @Test("A database that cannot be opened says where and what to check")
    func cannotOpen() async throws {
        do {
            try await Store.withStore(
                try DatabaseLocation(parsing: "/proc/bookstrack-cannot-be-here/library.sqlite"), clock: TestClock.wall
            ) { _ in }
            Issue.record("opening was expected to fail")
        } catch {
            let text = Self.message(of: error)
            #expect(text.contains("/proc/bookstrack-cannot-be-here"), "\(text)")
            #expect(!text.contains("cantOpen"), "\(text)")
        }
    }
}

@Suite("PostgreSQL URLs")
struct PostgresURLTests {
    @Test("connect_timeout limits the wait for a connection: 15 s unless given, 0 for none, a clear refusal otherwise")
    func connectTimeout() throws {
        #expect(try PostgresSettings(url: "postgres://u@db.example/books").connectTimeout == .seconds(15))
        #expect(try PostgresSettings(url: "postgres://u@db.example/books?connect_timeout=3").connectTimeout == .seconds(3))
        #expect(try PostgresSettings(url: "postgres://u@db.example/books?connect_timeout=0").connectTimeout == nil)
        #expect(
            try PostgresSettings(url: "postgres://u@db.example/books?sslmode=require&connect_timeout=7").tls == .require)
        #expect(throws: StoreError.self) { try PostgresSettings(url: "postgres://u@db.example/books?connect_timeout=soon") }
        do {
            _ = try PostgresSettings(url: "postgres://u@db.example/books?connect_timeout=-1")
            Issue.record("a negative connect_timeout was accepted")
        } catch {
            #expect("\(error)".contains("connect_timeout “-1” is not a number of seconds"))
        }
    }
}
