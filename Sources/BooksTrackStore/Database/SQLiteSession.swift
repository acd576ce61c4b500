import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO

/// SQLKit on one SQLite connection, reading rows without SQLiteKit's generic decoder.
///
/// SQLiteKit answers every `decode(column:as:)` through `SQLiteDataDecoder`: a dynamic cast to
/// a protocol, a `JSONDecoder` made for every row, about two microseconds per value. Reading a
/// library of 100,000 books (a million values) took seconds that way. Text and integers — what
/// the store reads — are taken from the row as they are; anything else still goes through the
/// decoder, so every value reads as it did.
struct SQLiteSession: SQLDatabase {
    let connection: SQLiteConnection
    /// SQLiteKit's own database on the connection: its version and dialect.
    private let base: any SQLDatabase

    /// The connection's thread pool, for calls made straight to SQLite (``SQLiteDirect``).
    let threadPool: NIOThreadPool

    init(_ connection: SQLiteConnection, threadPool: NIOThreadPool) {
        self.connection = connection
        self.threadPool = threadPool
        base = connection.sql(queryLogLevel: nil)
    }

    private static let encoder = SQLiteDataEncoder()
    static let decoder = SQLiteDataDecoder()

    var logger: Logger { connection.logger }
    var eventLoop: any EventLoop { connection.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        let (sql, binds) = serialize(query)
        let data: [SQLiteData]
        do { data = try binds.map(Self.data) } catch { return eventLoop.makeFailedFuture(error) }
        return connection.query(sql, data, logger: logger) { onRow(Row(row: $0)) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, binds) = serialize(query)
        try await connection.query(sql, try binds.map(Self.data)) { onRow(Row(row: $0)) }
    }

    /// A bound value: text and integers directly, anything else through the encoder.
    static func data(_ value: any Encodable & Sendable) throws -> SQLiteData {
        switch value {
        case let text as String: .text(text)
        case let number as Int: .integer(number)
        default: try encoder.encode(value)
        }
    }

    /// A multi-row INSERT's text and binds, written straight for SQLite without SQLKit's builder
    /// and serializer (an expression, a bind and a placeholder object per value, which cost more
    /// than SQLite's own work on an import of 50,000 books). Text is bound; integers and NULLs
    /// are written as literals. (A staged import's chunks go through SQLite's C interface
    /// instead: ``SQLiteDirect``.)
    struct Statement: Sendable {
        var sql: String
        var binds: [SQLiteData]
    }

    /// The statements that insert `rows` (as many as the bind limit asks for).
    static func statements(_ rows: TableRows) throws -> [Statement] {
        try rows.rows.chunked(into: TableRows.perStatement(columns: rows.columns.count)).map {
            try statement(into: rows.table, columns: rows.columns, rows: $0)
        }
    }

    private static func statement(into table: String, columns: [String], rows: ArraySlice<[SQLCell]>) throws -> Statement {
        var sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        sql.reserveCapacity(sql.utf8.count + rows.count * columns.count * 4)
        var binds: [SQLiteData] = []
        binds.reserveCapacity(rows.count * columns.count)
        for (index, row) in rows.enumerated() {
            sql += index == 0 ? "(" : ", ("
            for (column, cell) in row.enumerated() {
                if column > 0 { sql += ", " }
                switch cell {
                case .text(let text):
                    sql += "?"
                    binds.append(.text(text))
                case .integer(let number): sql += String(number)
                case .null: sql += "NULL"
                case .other(let value):
                    sql += "?"
                    binds.append(try Self.data(value))
                }
            }
            sql += ")"
        }
        return Statement(sql: sql, binds: binds)
    }

    /// Runs a statement built by ``statements(_:)``.
    func run(_ statement: Statement) async throws {
        try await connection.query(statement.sql, statement.binds) { _ in }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    /// One result row: text and integers as they are, the rest through the decoder.
    struct Row: SQLRow {
        let row: SQLiteRow

        var allColumns: [String] { row.columns.map(\.name) }

        func contains(column: String) -> Bool { row.column(column) != nil }

        func decodeNil(column: String) throws -> Bool {
            guard let data = row.column(column) else { throw MissingColumn(column: column) }
            if case .null = data { return true }
            return false
        }

        func decode<D: Decodable>(column: String, as _: D.Type) throws -> D {
            guard let data = row.column(column) else { throw MissingColumn(column: column) }
            switch data {
            case .text(let text) where D.self == String.self: return unsafeBitCast(text, to: D.self)
            case .integer(let number) where D.self == Int.self: return unsafeBitCast(number, to: D.self)
            default: return try SQLiteSession.decoder.decode(D.self, from: data)
            }
        }
    }

    struct MissingColumn: Error, CustomStringConvertible {
        let column: String
        var description: String { "The query's result has no column “\(column)”." }
    }
}
