import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import SQLKit
import Testing

@testable import BooksTrackStore

/// A staged import's rows go straight through SQLite's C interface (``SQLiteDirect``): they
/// must be stored exactly as SQLiteNIO stores them, and its failures worded as SQLiteNIO's are.
@Suite("Rows inserted through SQLite's C interface")
struct SQLiteDirectTests {
    static let columns = ["id", "label", "number", "missing", "flag", "ratio"]

    /// Text (empty, accented, emoji, with a NUL-free quote), integers (negative, large), NULLs,
    /// and values that go through SQLiteKit's encoder (a flag, a fraction).
    static func rows(prefix: String) -> [[SQLValue]] {
        [
            ["\(prefix)1", "", 0, String?.none, true, 0.25],
            ["\(prefix)2", "Éowyn’s “book” 📚", -42, Int?.none, false, -1.5],
            ["\(prefix)3", String(repeating: "long text ", count: 500), Int.max, String?.none, true, 1e300],
        ]
    }

    @Test("Stored as SQLiteNIO stores them: the same types and values")
    func sameValues() async throws {
        try await TestDatabase.sqlite.withStore { (store: Store) async throws in
            let stored = try await store.database.write { db in
                try await db.raw(
                    "CREATE TABLE bulk_probe (id TEXT PRIMARY KEY, label TEXT, number INTEGER, missing TEXT, flag INTEGER, ratio REAL)"
                ).run()
                let session = try #require(db as? SQLiteSession)
                // The handle SQLiteNIO keeps to itself is found (a new SQLiteNIO that moves it
                // fails here, not silently in every big import).
                let bulk = try #require(SQLiteDirect(session))
                try await bulk.insert([TableRows(table: "bulk_probe", columns: Self.columns, rows: Self.rows(prefix: "c"))])
                try await db.insert(TableRows(table: "bulk_probe", columns: Self.columns, rows: Self.rows(prefix: "n")))
                return try await db.raw(
                    """
                    SELECT substr(id, 2) AS n, substr(id, 1, 1) AS path, typeof(label) || typeof(number) || typeof(missing)
                        || typeof(flag) || typeof(ratio) AS types, label || '|' || number || '|' || IFNULL(missing, 'null')
                        || '|' || flag || '|' || ratio AS value
                    FROM bulk_probe ORDER BY n, path
                    """
                ).all().map { (try $0.text("n"), try $0.text("path"), try $0.text("types"), try $0.text("value")) }
            }
            #expect(stored.count == 6)
            for pair in stride(from: 0, to: stored.count, by: 2) {
                let (viaC, viaNIO) = (stored[pair], stored[pair + 1])
                #expect(viaC.1 == "c" && viaNIO.1 == "n")
                #expect(viaC.2 == viaNIO.2, "row \(viaC.0): \(viaC.2) ≠ \(viaNIO.2)")
                #expect(viaC.3 == viaNIO.3, "row \(viaC.0)")
            }
            #expect(stored[0].2 == "textintegernullintegerreal")
            #expect(stored[2].3.hasPrefix("Éowyn’s “book” 📚|-42|null|0|-1.5"))
        }
    }

    @Test("Foreign keys unchecked for the write that asks, and checked again by every later write on the connection")
    func foreignKeysOffForOneWrite() async throws {
        try await TestDatabase.sqlite.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            func orphan(_ id: String) async throws {
                try await store.database.write { db in
                    try await db.raw(
                        """
                        INSERT INTO entry_shelves (entry_id, user_id, name, name_key)
                        VALUES (\(bind: id), \(bind: alice.userID.string), 'x', 'x')
                        """
                    ).run()
                }
            }
            try await SQLiteConnector.$checksForeignKeys.withValue(false) { try await orphan("no-such-entry-1") }
            // One that fails half-way puts them back on too.
            await #expect(throws: (any Error).self) {
                try await SQLiteConnector.$checksForeignKeys.withValue(false) {
                    try await store.database.write { db in
                        try await db.raw("SELECT no_such_column FROM users").run()
                    }
                }
            }
            for attempt in 2...6 {
                await #expect(throws: (any Error).self, "attempt \(attempt)") { try await orphan("no-such-entry-\(attempt)") }
            }
            #expect(try await store.count("entry_shelves") == 1)
        }
    }

    @Test("A duplicate is a conflict, a full disk a message with the file; nothing of the transaction is kept")
    func failures() async throws {
        try await TestDatabase.sqlite.withStore { (store: Store) async throws in
            try await store.database.write { db in
                try await db.raw("CREATE TABLE bulk_probe (id TEXT PRIMARY KEY, label TEXT)").run()
            }
            let row: [SQLValue] = ["same", "first"]
            do {
                try await store.database.write { db in
                    let session = try #require(db as? SQLiteSession)
                    let bulk = try #require(SQLiteDirect(session))
                    try await bulk.insert([TableRows(table: "bulk_probe", columns: ["id", "label"], rows: [row, row])])
                }
                Issue.record("the write was expected to fail")
            } catch {
                guard case .conflict(.duplicate(table: "bulk_probe"))? = error as? StoreError else {
                    Issue.record("not a conflict: \(error)")
                    return
                }
            }
            #expect(try await store.count("bulk_probe") == 0)
            do {
                try await store.database.write { db in
                    let pages = try await db.raw("PRAGMA page_count").first()?.decode(column: "page_count", as: Int.self) ?? 1
                    try await db.raw("PRAGMA max_page_count = \(unsafeRaw: String(pages))").run()
                    let big: [[SQLValue]] = (0..<2_000).map { ["id\($0)", String(repeating: "x", count: 2_000)] }
                    let session = try #require(db as? SQLiteSession)
                    let bulk = try #require(SQLiteDirect(session))
                    try await bulk.insert([TableRows(table: "bulk_probe", columns: ["id", "label"], rows: big)])
                }
                Issue.record("the write was expected to fail")
            } catch {
                let text = DiskFailureTests.message(of: error)
                #expect(text.hasPrefix("The disk holding ") && text.contains("is full: nothing was saved"), "\(text)")
            }
            #expect(try await store.count("bulk_probe") == 0)
        }
    }
}

@Suite("List columns read back")
struct JSONColumnTests {
    @Test("A list column reads back what was written, quotes, commas and escapes included, in any JSON layout")
    func strings() throws {
        let lists: [[String]] = [
            [], [""], ["", ""], ["Ursula K. Le Guin"], ["a", "b", "c"], ["a\",\"b"], ["quote \" inside"], ["back\\slash"],
            ["Chimamanda Ngozi Adichie", "Zoë, with a comma"], ["tab\there", "line\nbreak"], ["日本語", "emoji 📚"],
        ]
        for list in lists {
            #expect(try JSONColumn.strings(JSONColumn.text(list)) == list)
        }
        #expect(try JSONColumn.strings(#"["a", "b"]"#) == ["a", "b"])
        #expect(try JSONColumn.strings(#"[ "a" ]"#) == ["a"])
    }
}
