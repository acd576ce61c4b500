import BooksTrackCore
import Foundation
import SQLKit
import Synchronization

/// Reading the store's column conventions back into values.
extension SQLRow {
    func text(_ column: String) throws -> String { try decode(column: column, as: String.self) }

    func optionalText(_ column: String) throws -> String? {
        try decodeNil(column: column) ? nil : decode(column: column, as: String.self)
    }

    func integer(_ column: String) throws -> Int { try decode(column: column, as: Int.self) }

    func optionalInteger(_ column: String) throws -> Int? {
        try decodeNil(column: column) ? nil : decode(column: column, as: Int.self)
    }

    func flag(_ column: String) throws -> Bool { try integer(column) != 0 }

    func instant(_ column: String) throws -> Date { Date(milliseconds: try integer(column)) }

    func optionalInstant(_ column: String) throws -> Date? { try optionalInteger(column).map(Date.init(milliseconds:)) }

    func id<Owner>(_ column: String, as _: Owner.Type = Owner.self) throws -> TypedID<Owner> {
        let value = try text(column)
        guard let id = TypedID<Owner>(value) else {
            throw StoreError.invalid(.storedValue(column: column, value: value))
        }
        return id
    }

    func optionalID<Owner>(_ column: String, as _: Owner.Type = Owner.self) throws -> TypedID<Owner>? {
        try optionalText(column).flatMap(TypedID<Owner>.init)
    }

    func optionalDate(_ column: String) throws -> LocalDate? { try optionalText(column).flatMap(LocalDate.init) }

    /// A JSON column decoded as `T`.
    func json<T: Decodable>(_ column: String, as type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(try text(column).utf8))
    }

    /// A JSON list column of strings.
    func json(_ column: String, as type: [String].Type) throws -> [String] { try JSONColumn.strings(try text(column)) }

    /// A JSON object column of strings.
    func json(_ column: String, as type: [String: String].Type) throws -> [String: String] {
        try JSONColumn.map(try text(column))
    }
}

/// JSON text for list and map columns, with sorted keys so equal values are equal text.
enum JSONColumn {
    static func text(_ value: [String]) -> String {
        value.isEmpty ? "[]" : encoded(value)
    }

    static func text(_ value: [String: String]) -> String {
        value.isEmpty ? "{}" : encoded(value)
    }

    static func text<T: Encodable>(_ value: T) -> String { encoded(value) }

    /// A list column read back; the common empty one, and one with nothing escaped (so no quote
    /// inside a string), without a decoder (reading a 50,000-row import's report decoded 50,000).
    static func strings(_ text: String) throws -> [String] {
        if text == "[]" { return [] }
        let utf8 = text.utf8
        if utf8.starts(with: #"[""#.utf8), utf8.reversed().starts(with: #""]"#.utf8.reversed()), !utf8.contains(92) {
            let parts = text.dropFirst(2).dropLast(2).split(separator: #"",""#, omittingEmptySubsequences: false)
            // Another layout (`", "` between items, as PostgreSQL's own JSON text has) leaves a quote.
            if !parts.contains(where: { $0.utf8.contains(34) }) { return parts.map(String.init) }
        }
        return try JSONDecoder().decode([String].self, from: Data(text.utf8))
    }

    /// An object column read back; the common empty one without a decoder.
    static func map(_ text: String) throws -> [String: String] {
        text == "{}" ? [:] : try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }

    private static func encoded<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }
}

/// A value bound into SQL.
typealias SQLValue = any Encodable & Sendable

/// A value to be written, its kind known without a cast: a big import binds millions of them,
/// and finding out what each `any Encodable` held was a fifth of SQLite's writer's time.
enum SQLCell: Sendable {
    case text(String)
    case integer(Int)
    case null
    /// Anything else, bound as the database binds it.
    case other(SQLValue)

    /// A value whose kind is found out now (where the rows are built, not where they are written).
    init(_ value: SQLValue) {
        switch value {
        case let text as String: self = .text(text)
        case let number as Int: self = .integer(number)
        case let optional as any NilCheckable where optional.isNil: self = .null
        default: self = .other(value)
        }
    }

    init(_ text: String?) { self = text.map { .text($0) } ?? .null }
    init(_ number: Int?) { self = number.map { .integer($0) } ?? .null }
}

/// Rows for one table, built before they are written (``SQLDatabase/insert(_:)``).
struct TableRows: Sendable {
    var table: String
    var columns: [String]
    var rows: [[SQLCell]]

    init(table: String, columns: [String], cells: [[SQLCell]]) {
        self.table = table
        self.columns = columns
        rows = cells
    }

    init(table: String, columns: [String], rows: [[SQLValue]]) {
        self.init(table: table, columns: columns, cells: rows.map { $0.map(SQLCell.init) })
    }

    /// Rows per multi-row INSERT, under the bind limits of SQLite (32,766) and PostgreSQL (65,535).
    static func perStatement(columns: Int) -> Int { max(1, 8_000 / columns) }
}

/// The reader's column (`user_id`, `owner_id`) in a query that picks rows by a list of ids. On
/// SQLite it is written `+user_id`, which keeps it out of index choice: without statistics
/// SQLite guesses that `user_id = ?` matches about ten rows, so for two ids or more it walked
/// every row of the reader through the `user_id` index instead of looking the ids up (all
/// 50,000 books of a big library for each chunk of an import, or for a patch's shelves). The
/// condition still holds every row to the reader. Only where an index serves the ids (a primary
/// key, `entry_id`): without one the plan would walk every reader's rows instead.
struct ScopeColumn: SQLExpression {
    let name: String

    init(_ name: String) { self.name = name }

    func serialize(to serializer: inout SQLSerializer) {
        if serializer.dialect.name == "sqlite" { serializer.write("+") }
        serializer.write(name)
    }
}

extension SQLDatabase {
    /// Inserts many rows with multi-row INSERT statements, keeping each statement under the
    /// bind limits of SQLite (32,766) and PostgreSQL (65,535). Text is bound; integers and
    /// NULLs are written as literals, which both databases parse faster than they bind.
    func insertRows(into table: String, columns: [String], rows: [[SQLValue]]) async throws {
        try await insert(TableRows(table: table, columns: columns, rows: rows))
    }

    /// Inserts rows built ahead (``TableRows``).
    func insert(_ rows: TableRows) async throws {
        if let session = self as? SQLiteSession {
            for statement in try SQLiteSession.statements(rows) { try await session.run(statement) }
            return
        }
        for chunk in rows.rows.chunked(into: TableRows.perStatement(columns: rows.columns.count)) {
            var builder = insert(into: rows.table).columns(rows.columns)
            for row in chunk { builder = builder.values(row.map(Self.expression)) }
            try await builder.run()
        }
    }

    private static func expression(_ cell: SQLCell) -> any SQLExpression {
        switch cell {
        case .text(let text): SQLBind(text)
        case .integer(let number): SQLLiteral.numeric(String(number))
        case .null: SQLLiteral.null
        case .other(let value): SQLBind(value)
        }
    }

    /// The rows of `query` for the keys: a list of ids in chunks (the query receives each chunk's
    /// binds), or every id a subquery gives in one statement (the query receives the subquery),
    /// to be interpolated as `IN (\(keys))`.
    func rows(for keys: Keys, _ query: (SQLQueryString) -> SQLQueryString) async throws -> [any SQLRow] {
        switch keys {
        case .list(let values): try await rows(in: values) { query("\(binds: $0)") }
        case .query(let subquery): try await raw(query(subquery)).all()
        }
    }

    /// Runs a query for each chunk of `values` and collects the rows. The query receives the
    /// chunk to interpolate as `IN (\(binds: chunk))`.
    func rows(in values: [String], chunk: Int = 500, _ query: ([SQLValue]) -> SQLQueryString) async throws -> [any SQLRow] {
        var out: [any SQLRow] = []
        var start = 0
        while start < values.count {
            let end = min(start + chunk, values.count)
            out += try await raw(query(Array(values[start..<end]))).all()
            start = end
        }
        return out
    }
}

/// The ids a read is for: a list (read in chunks of binds), or a subquery giving them — a whole
/// library's works, editions or authors in one statement each instead of hundreds of chunks.
enum Keys {
    case list([String])
    case query(SQLQueryString)

    /// The works of a reader's library.
    static func works(of userID: User.ID) -> Keys {
        .query("SELECT work_id FROM library_entries WHERE user_id = \(bind: userID.string)")
    }

    /// The editions a reader's entries name.
    static func editions(of userID: User.ID) -> Keys {
        .query("SELECT edition_id FROM library_entries WHERE user_id = \(bind: userID.string) AND edition_id IS NOT NULL")
    }

    /// Every author and contributor of a reader's books.
    static func authors(of userID: User.ID) -> Keys {
        .query(
            """
            SELECT c.author_id FROM work_contributors c JOIN library_entries e ON e.work_id = c.work_id
            WHERE e.user_id = \(bind: userID.string)
            """)
    }
}

/// Lets a bound value say whether it is an empty optional.
protocol NilCheckable {
    var isNil: Bool { get }
}

extension Optional: NilCheckable {
    var isNil: Bool { self == nil }
}

extension SQLQueryFetcher {
    /// How many rows the statement gives, counted as they come (a statement that returns tens
    /// of thousands of rows is not held whole only to be counted).
    func count() async throws -> Int {
        let counted = Mutex(0)
        try await run { _ in counted.withLock { $0 += 1 } }
        return counted.withLock { $0 }
    }
}
