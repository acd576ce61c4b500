import BooksTrackCore
import Foundation
import NIOPosix
import Synchronization
// SQLiteNIO's own copy of SQLite (a target of the sqlite-nio package, not a product of it): the
// same library the connections use, called directly.
import VaporCSQLite

/// Reads many rows straight through SQLite's C interface, on a connection of its own: for the
/// reads that hand over a whole library (issue 16: 10,000 books took 0.55–0.63 s through SQLKit, of
/// which SQLite's own work was under a third; 0.33 s this way).
///
/// SQLiteNIO makes every row an array of values — a `String` for every text — found again by
/// column name, and SQLKit collects them into an array of existentials before the first is
/// decoded. Here a statement's columns are read by position while SQLite steps, and only what
/// the caller keeps becomes a Swift value.
///
/// Connections are opened when a read needs one and kept for the next (two at most are kept
/// idle); each read has its own, inside a read transaction (`BEGIN` … `COMMIT`): the statements
/// of one read see one state of the database. Nothing here writes.
final class SQLiteRowReader: Sendable {
    private let path: String
    private let threadPool: NIOThreadPool
    /// Connections no read is using; an `OpaquePointer` is only ever used by one read at a time.
    private let idle = Mutex<[Handle]>([])
    private static let keptIdle = 2

    /// A connection handed from one read to the next through `idle`, never shared by two.
    private struct Handle: @unchecked Sendable { let pointer: OpaquePointer }

    init(path: String, threadPool: NIOThreadPool) {
        self.path = path
        self.threadPool = threadPool
    }

    deinit {
        for handle in idle.withLock({ $0 }) { sqlite_nio_sqlite3_close(handle.pointer) }
    }

    /// Closes the idle connections (a later read opens one again).
    func close() {
        let closing = idle.withLock { handles in
            defer { handles = [] }
            return handles
        }
        for handle in closing { sqlite_nio_sqlite3_close(handle.pointer) }
    }

    /// Runs `body` in a read transaction on a connection of its own, on the thread pool (SQLite
    /// blocks; no read waits for another).
    func read<T: Sendable>(_ body: @escaping @Sendable (Session) throws -> T) async throws -> T {
        try await threadPool.runIfActive { [self] in
            let handle = try idle.withLock { $0.popLast() }?.pointer ?? open()
            let session = Session(handle: handle)
            // Kept for the next read only when this one ended cleanly: a connection whose
            // transaction could not be ended is closed, never handed to another read.
            var clean = false
            defer {
                let kept =
                    clean
                    && idle.withLock {
                        guard $0.count < Self.keptIdle else { return false }
                        $0.append(Handle(pointer: handle))
                        return true
                    }
                if !kept { sqlite_nio_sqlite3_close(handle) }
            }
            try session.execute("BEGIN")
            do {
                let result = try body(session)
                try session.execute("COMMIT")
                clean = true
                return result
            } catch {
                clean = (try? session.execute("ROLLBACK")) != nil
                throw error
            }
        }
    }

    private func open() throws -> OpaquePointer {
        var opened: OpaquePointer?
        let status = sqlite_nio_sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "status \(status)"
            sqlite_nio_sqlite3_close(opened)
            throw StoreError.unavailable("The SQLite database at \(path) cannot be opened (\(message)).")
        }
        // Writers of other processes (a command-line import while the server runs) hold the
        // file for at most a few seconds at a time.
        sqlite_nio_sqlite3_busy_timeout(opened, 10_000)
        do {
            try Session(handle: opened).execute(SQLiteConnector.readCache)
        } catch {
            sqlite_nio_sqlite3_close(opened)
            throw error
        }
        return opened
    }

    /// The statements of one read.
    struct Session {
        let handle: OpaquePointer

        func execute(_ sql: String) throws {
            try rows(sql) { _ in }
        }

        /// Runs a query with text parameters and hands each row to `each` while SQLite is on it
        /// (a row is valid only inside the call).
        func rows(_ sql: String, _ binds: [String] = [], _ each: (Row) throws -> Void) throws {
            var statement: OpaquePointer?
            guard sqlite_nio_sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                throw failure(sql)
            }
            defer { sqlite_nio_sqlite3_finalize(statement) }
            for (index, value) in binds.enumerated() {
                // Copied by SQLite (SQLITE_TRANSIENT): the Swift string's bytes live only for the call.
                let status = sqlite_nio_sqlite3_bind_text(
                    statement, Int32(index + 1), value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
                guard status == SQLITE_OK else { throw failure(sql) }
            }
            let row = Row(statement: statement)
            while true {
                switch sqlite_nio_sqlite3_step(statement) {
                case SQLITE_ROW: try each(row)
                case SQLITE_DONE: return
                default: throw failure(sql)
                }
            }
        }

        private func failure(_ sql: String) -> any Error {
            let message = String(cString: sqlite_nio_sqlite3_errmsg(handle))
            return StoreError.unavailable("Reading the SQLite database failed: \(message) (\(sql.prefix(80)))")
        }
    }

    /// The row SQLite is on, its columns by position.
    struct Row {
        let statement: OpaquePointer

        func isNull(_ column: Int32) -> Bool { sqlite_nio_sqlite3_column_type(statement, column) == SQLITE_NULL }

        /// The column's bytes, valid until the row moves on.
        func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
            guard let bytes = sqlite_nio_sqlite3_column_text(statement, column) else { return .init(start: nil, count: 0) }
            return UnsafeBufferPointer(start: bytes, count: Int(sqlite_nio_sqlite3_column_bytes(statement, column)))
        }

        /// A `BLOB` column's bytes, valid until the row moves on.
        func blob(_ column: Int32) -> UnsafeRawBufferPointer {
            guard let bytes = sqlite_nio_sqlite3_column_blob(statement, column) else { return .init(start: nil, count: 0) }
            return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite_nio_sqlite3_column_bytes(statement, column)))
        }

        func text(_ column: Int32) -> String { String(decoding: bytes(column), as: UTF8.self) }

        func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

        func integer(_ column: Int32) -> Int { Int(sqlite_nio_sqlite3_column_int64(statement, column)) }

        func optionalInteger(_ column: Int32) -> Int? { isNull(column) ? nil : integer(column) }

        func instant(_ column: Int32) -> Date { Date(milliseconds: integer(column)) }

        /// An identifier read from the column's bytes (no `String` made of them).
        func id<Owner>(_ column: Int32, as _: Owner.Type = Owner.self) throws -> TypedID<Owner> {
            guard let id = TypedID<Owner>(utf8: bytes(column)) else {
                throw StoreError.invalid(.storedValue(column: "\(column)", value: text(column)))
            }
            return id
        }

        func optionalID<Owner>(_ column: Int32, as _: Owner.Type = Owner.self) -> TypedID<Owner>? {
            isNull(column) ? nil : TypedID<Owner>(utf8: bytes(column))
        }

        func optionalDate(_ column: Int32) -> LocalDate? { optionalText(column).flatMap(LocalDate.init) }
    }
}
