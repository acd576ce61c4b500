import BooksTrackCore
import Foundation
// SQLiteNIO's own copy of SQLite (its CSQLite target, module VaporCSQLite), called directly as the
// store does: a statistics database is read with two queries. Pinned with sqlite-nio 1.13.2.
import VaporCSQLite

/// Reads the two tables of KOReader's `statistics.sqlite3` that an import needs, through SQLite's
/// C interface: the file is written to a private temporary file and opened read-only and
/// immutable, with untrusted schema (its views and triggers may call nothing), and only the
/// tables `book` and `page_stat_data` are read — never a view of the same name.
enum StatisticsDatabase {
    static func read(_ bytes: [UInt8]) throws(ImportFileError)
        -> (books: [KOReaderStatistics.Book], turns: [Int64: [KOReaderStatistics.PageTurn]])
    {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koreader-\(UUID().uuidString).sqlite3").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
        else { throw .unreadable("a temporary copy could not be written") }
        defer { try? FileManager.default.removeItem(atPath: path) }
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        let uri = "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
        guard sqlite_nio_sqlite3_open_v2(uri, &opened, flags, nil) == SQLITE_OK, let db = opened
        else {
            sqlite_nio_sqlite3_close(opened)
            throw .notKOReaderStatistics("SQLite cannot open it")
        }
        defer { sqlite_nio_sqlite3_close(db) }
        do {
            try run("PRAGMA trusted_schema = OFF", on: db) { _ in }
            var tables = Set<String>()
            try run("SELECT name FROM sqlite_master WHERE type = 'table'", on: db) { tables.insert(text($0, 0) ?? "") }
            guard tables.isSuperset(of: ["book", "page_stat_data"]) else {
                throw ImportFileError.notKOReaderStatistics("it has no tables book and page_stat_data")
            }
            var books: [KOReaderStatistics.Book] = []
            try run(
                "SELECT id, title, authors, pages, language FROM book ORDER BY id", on: db
            ) { row in
                books.append(
                    KOReaderStatistics.Book(
                        id: sqlite_nio_sqlite3_column_int64(row, 0), title: text(row, 1) ?? "", authors: text(row, 2) ?? "",
                        pages: integer(row, 3).map { Int(clamping: $0) }, language: text(row, 4)))
            }
            var turns: [Int64: [KOReaderStatistics.PageTurn]] = [:]
            var count = 0
            try run("SELECT id_book, page, start_time, duration, total_pages FROM page_stat_data", on: db) { row in
                count += 1
                guard count <= KOReaderStatistics.turnLimit else {
                    throw ImportFileError.tooManyPageTurns(limit: KOReaderStatistics.turnLimit)
                }
                // Bounded where they enter: a page or a duration beyond any book's is a damaged row.
                let page = Int(clamping: sqlite_nio_sqlite3_column_int64(row, 1))
                let duration = sqlite_nio_sqlite3_column_int64(row, 3)
                let total = Int(clamping: sqlite_nio_sqlite3_column_int64(row, 4))
                guard (0...1_000_000).contains(page), (0...86_400).contains(duration), (0...1_000_000).contains(total)
                else { return }
                let start = sqlite_nio_sqlite3_column_int64(row, 2)
                guard (0...253_402_300_799).contains(start) else { return }  // up to 9999-12-31
                turns[sqlite_nio_sqlite3_column_int64(row, 0), default: []].append(
                    KOReaderStatistics.PageTurn(page: page, start: start, duration: duration, totalPages: total))
            }
            return (books, turns)
        } catch let error as ImportFileError {
            throw error
        } catch {
            throw .notKOReaderStatistics(String(describing: error))
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a statement, calling `row` for each result row.
    private static func run(_ sql: String, on db: OpaquePointer, row: (OpaquePointer) throws -> Void) throws {
        var prepared: OpaquePointer?
        guard sqlite_nio_sqlite3_prepare_v2(db, sql, -1, &prepared, nil) == SQLITE_OK, let statement = prepared else {
            throw Failure(description: message(db))
        }
        defer { sqlite_nio_sqlite3_finalize(statement) }
        while true {
            switch sqlite_nio_sqlite3_step(statement) {
            case SQLITE_ROW: try row(statement)
            case SQLITE_DONE: return
            default: throw Failure(description: message(db))
            }
        }
    }

    private static func message(_ db: OpaquePointer) -> String {
        sqlite_nio_sqlite3_errmsg(db).map { String(cString: $0) } ?? "an SQLite error"
    }

    private static func text(_ row: OpaquePointer, _ column: Int32) -> String? {
        guard sqlite_nio_sqlite3_column_type(row, column) != SQLITE_NULL,
            let bytes = sqlite_nio_sqlite3_column_text(row, column)
        else { return nil }
        let count = Int(sqlite_nio_sqlite3_column_bytes(row, column))
        // Invalid UTF-8 is repaired, never a crash.
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private static func integer(_ row: OpaquePointer, _ column: Int32) -> Int64? {
        sqlite_nio_sqlite3_column_type(row, column) == SQLITE_NULL ? nil : sqlite_nio_sqlite3_column_int64(row, column)
    }
}
