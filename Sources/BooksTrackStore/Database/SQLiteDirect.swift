import Foundation
import NIOPosix
import SQLKit
import SQLiteNIO
// SQLiteNIO's own copy of SQLite, called directly (as ``SQLiteRowReader`` does).
import VaporCSQLite

/// Writes straight through SQLite's C interface on a write transaction's own connection: the
/// rows of a staged import, one prepared single-row `INSERT OR FAIL` per table bound and stepped
/// row by row, and the statements that move its books to the reader.
///
/// Through SQLKit and SQLiteNIO every statement was serialized, its values copied into an array
/// of SQLiteNIO's values, run with a hop to the thread pool and back, and its text parsed again
/// by SQLite; a multi-row insert into a table with foreign keys also kept a statement journal
/// of every page it touched (it may have to stop half-way). Moving 50,000 staged books took
/// 2.3 s that way, of which SQLite's own work was 1.0 s.
struct SQLiteDirect: @unchecked Sendable {
    private let session: SQLiteSession
    private let handle: OpaquePointer

    /// The writer for a session's connection, or `nil` when its handle cannot be reached (then
    /// the caller writes through SQLiteNIO as before).
    init?(_ db: any SQLDatabase) {
        guard let session = db as? SQLiteSession else { return nil }
        // SQLiteNIO keeps the `sqlite3` handle to itself (`SQLiteConnection.handle.raw`, internal);
        // the pinned version is read by reflection, and a test fails if a new one moves it.
        guard let handle = Mirror(reflecting: session.connection).descendant("handle", "raw") as? OpaquePointer else {
            return nil
        }
        self.session = session
        self.handle = handle
    }

    /// Inserts the tables' rows in order, on the thread pool (SQLite blocks). The connection is
    /// the caller's for the whole call: it runs inside the caller's transaction.
    func insert(_ tables: [TableRows]) async throws {
        try await session.threadPool.runIfActive { [self] in
            for table in tables where !table.rows.isEmpty { try Self.insert(table, on: handle) }
        }
    }

    /// Runs statements in order; returns whether the first row of each was a result row (a query
    /// that found something). Values are bound as ``insert(_:)`` binds them.
    @discardableResult
    func run(_ queries: [SQLQueryString]) async throws -> [Bool] {
        let statements = queries.map { session.serialize($0) }
        return try await session.threadPool.runIfActive { [self] in
            try statements.map { try Self.run($0.sql, binds: $0.binds, on: handle) }
        }
    }

    private static func run(_ sql: String, binds: [SQLValue], on handle: OpaquePointer) throws -> Bool {
        let statement = try prepare(sql, on: handle)
        defer { sqlite_nio_sqlite3_finalize(statement) }
        for (index, value) in binds.enumerated() {
            guard bind(value, at: Int32(index + 1), in: statement) == SQLITE_OK else { throw failure(on: handle, sql) }
        }
        switch sqlite_nio_sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw failure(on: handle, sql)
        }
    }

    private static func prepare(_ sql: String, on handle: OpaquePointer) throws -> OpaquePointer {
        var prepared: OpaquePointer?
        guard sqlite_nio_sqlite3_prepare_v2(handle, sql, -1, &prepared, nil) == SQLITE_OK, let statement = prepared else {
            throw failure(on: handle, sql)
        }
        return statement
    }

    private static func insert(_ table: TableRows, on handle: OpaquePointer) throws {
        let placeholders = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
        let sql = "INSERT OR FAIL INTO \(table.table) (\(table.columns.joined(separator: ", "))) VALUES (\(placeholders))"
        let statement = try prepare(sql, on: handle)
        defer { sqlite_nio_sqlite3_finalize(statement) }
        for row in table.rows {
            for (index, value) in row.enumerated() {
                let status = bind(value, at: Int32(index + 1), in: statement)
                guard status == SQLITE_OK else { throw failure(on: handle, sql) }
            }
            guard sqlite_nio_sqlite3_step(statement) == SQLITE_DONE else { throw failure(on: handle, sql) }
            sqlite_nio_sqlite3_reset(statement)
        }
    }

    /// Binds a value the way ``SQLiteSession`` binds it: text and integers as they are, `nil` as
    /// NULL, anything else as ``SQLiteSession/data(_:)`` makes it.
    private static func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer) -> Int32 {
        bind(SQLCell(value), at: index, in: statement)
    }

    private static func bind(_ cell: SQLCell, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch cell {
        case .text(let text): return bindText(text, at: index, in: statement)
        case .integer(let number): return sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
        case .null: return sqlite_nio_sqlite3_bind_null(statement, index)
        case .other(let value):
            switch try? SQLiteSession.data(value) {
            case .text(let text): return bindText(text, at: index, in: statement)
            case .integer(let number): return sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
            case .float(let number): return sqlite_nio_sqlite3_bind_double(statement, index, number)
            case .null: return sqlite_nio_sqlite3_bind_null(statement, index)
            case .blob, nil: return SQLITE_MISMATCH
            }
        }
    }

    private static func bindText(_ text: String, at index: Int32, in statement: OpaquePointer) -> Int32 {
        var text = text
        // Copied by SQLite (SQLITE_TRANSIENT): the bytes live only for the call.
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                // An empty string's buffer may have no address.
                guard let start = chars.baseAddress else { return sqlite_nio_sqlite3_bind_text(statement, index, "", 0, nil) }
                return sqlite_nio_sqlite3_bind_text(
                    statement, index, start, Int32(chars.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
        }
    }

    private static func failure(on handle: OpaquePointer, _ sql: String) -> SQLiteFailure {
        SQLiteFailure(
            code: sqlite_nio_sqlite3_extended_errcode(handle), message: String(cString: sqlite_nio_sqlite3_errmsg(handle)),
            sql: String(sql.prefix(80)))
    }
}

/// A failure SQLite reported to a call made through its C interface (SQLiteNIO's `SQLiteError`
/// cannot be made outside it); ``SQLiteConnector/translate(_:)`` words it as it words those.
struct SQLiteFailure: Error, CustomStringConvertible {
    /// SQLite's extended result code.
    var code: Int32
    var message: String
    var sql: String

    /// The primary result code (`SQLITE_FULL`, `SQLITE_CONSTRAINT`…).
    var primary: Int32 { code & 0xff }

    var description: String { "\(message) (\(sql))" }
}
