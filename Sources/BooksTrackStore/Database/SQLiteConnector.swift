import Foundation
import Logging
import NIOPosix
import SQLKit
import SQLiteKit
import ServiceLifecycle
import Synchronization
import VaporCSQLite

/// A small pool of SQLite connections in WAL mode: readers run side by side, writers one at a
/// time (a process-wide lock, plus SQLite's busy timeout for other processes such as the CLI
/// writing while the server runs).
final class SQLiteConnector: Connector {
    let dialect = Database.Dialect.sqlite
    private let pool: SQLitePool
    /// The database file, named in the messages people read.
    private let path: String
    /// One writer at a time for the file, shared by every store this process opens on it (so
    /// two stores on one file queue fairly instead of racing SQLite's busy handler).
    private let writeLock: AsyncLock
    /// Whole-library reads, straight through SQLite's C interface (``SQLiteRowReader``).
    let rowReader: SQLiteRowReader
    /// The threads SQLite's calls block (the pool's connections and ``SQLiteDirect``'s writes).
    private let threadPool: NIOThreadPool

    private init(pool: SQLitePool, path: String, writeLock: AsyncLock, rowReader: SQLiteRowReader, threadPool: NIOThreadPool) {
        self.pool = pool
        self.threadPool = threadPool
        self.path = path
        self.writeLock = writeLock
        self.rowReader = rowReader
    }

    private static let writeLocks = Mutex<[String: AsyncLock]>([:])

    private static func writeLock(for path: String) -> AsyncLock {
        let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        return writeLocks.withLock { locks in
            if let lock = locks[key] { return lock }
            let lock = AsyncLock()
            locks[key] = lock
            return lock
        }
    }

    /// SQLite needs nothing running in the background.
    var services: [any Service] { [] }

    static func open(path: String, logger: Logger) async throws(StoreError) -> SQLiteConnector {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw .unavailable("The folder \(directory) for the database cannot be created: \(error.localizedDescription)")
        }
        let threadPool = NIOThreadPool(numberOfThreads: 4)
        threadPool.start()
        let connector = SQLiteConnector(
            pool: SQLitePool(path: path, threadPool: threadPool, logger: logger, maximum: 4), path: path,
            writeLock: writeLock(for: path), rowReader: SQLiteRowReader(path: path, threadPool: threadPool),
            threadPool: threadPool)
        do { _ = try await connector.withConnection { try await $0.raw("SELECT 1").all() } } catch {
            if let error = error as? SQLiteError, error.reason == .cantOpen {
                throw .unavailable(
                    "The SQLite database at \(path) cannot be opened. Check that its folder exists and that BooksTrack may read and write there."
                )
            }
            throw .unavailable("The SQLite database at \(path) cannot be opened (\(error)).")
        }
        return connector
    }

    func withConnection<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let connection = try await pool.lease()
        do {
            let result = try await body(SQLiteSession(connection, threadPool: threadPool))
            await pool.release(connection)
            return result
        } catch {
            await pool.release(connection)
            throw error
        }
    }

    func withTransaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let checksForeignKeys = Self.checksForeignKeys
        return try await writeLock.withLock {
            try await self.withConnection { db in
                // As the write asks (``writeCacheKiB``); back to the read cache after it.
                try await db.raw(SQLQueryString("PRAGMA cache_size = -\(unsafeRaw: String(Self.writeCacheKiB))")).run()
                try await self.foreignKeys(checksForeignKeys, on: db)
                do {
                    let result = try await self.transaction(on: db, begin: "BEGIN IMMEDIATE", body)
                    try await db.raw(SQLQueryString(Self.readCache)).run()
                    if !checksForeignKeys { try await self.foreignKeys(true, on: db) }
                    return result
                } catch {
                    try? await db.raw(SQLQueryString(Self.readCache)).run()
                    if !checksForeignKeys { try? await self.foreignKeys(true, on: db) }
                    throw error
                }
            }
        }
    }

    /// Whether writes check foreign keys: always, except the writes of a staged import, which
    /// prove their references themselves (``StagedImport``; checking them was a third of moving
    /// the staged books).
    @TaskLocal static var checksForeignKeys = true

    /// The connections whose foreign keys are off: a connection is marked before they are turned
    /// off and unmarked once they are on again, so one whose switch back failed is switched back
    /// before its next write, never used for another write without them.
    private let foreignKeysOff = Mutex<Set<ObjectIdentifier>>([])

    /// Turns a connection's foreign-key checks on or off (outside a transaction: inside one
    /// SQLite ignores the pragma).
    private func foreignKeys(_ on: Bool, on db: any SQLDatabase) async throws {
        guard let connection = (db as? SQLiteSession)?.connection else { return }
        let id = ObjectIdentifier(connection)
        if on {
            guard foreignKeysOff.withLock({ $0.contains(id) }) else { return }
            try await db.raw("PRAGMA foreign_keys = ON").run()
            _ = foreignKeysOff.withLock { $0.remove(id) }
        } else {
            _ = foreignKeysOff.withLock { $0.insert(id) }
            try await db.raw("PRAGMA foreign_keys = OFF").run()
        }
    }

    func othersWait(since start: ContinuousClock.Instant) async -> Bool {
        if await writeLock.isWaitedFor { return true }
        return ContinuousClock.now - start > .seconds(5)
    }

    /// The page cache of a connection between writes (16 MiB; pages are allocated as used).
    static let readCache = "PRAGMA cache_size = -16384"
    /// The page cache during a write, in KiB, allocated only as far as the write needs it: 16 MiB,
    /// as between writes, unless the write binds more. A write that reads the whole library (the
    /// look-ups queued after a 50,000-book import) filled 40 MB with pages it only read; an
    /// import written in one transaction binds ``importCacheKiB``, a staged one less
    /// (``StagedImport``).
    @TaskLocal static var writeCacheKiB = 16_384
    /// The page cache of an import written in one transaction: room for every page it dirties
    /// (with SQLite's 2 MB default a big import spilled pages to the WAL and read them back again
    /// and again: 3 GB through write() for a 121 MB database).
    static let importCacheKiB = 262_144

    func translate(_ error: any Error) -> any Error {
        let kind: Failure
        let message: String
        switch error {
        case let error as SQLiteError:
            (kind, message) = (Failure(error.reason), error.message)
        case let error as SQLiteFailure:
            (kind, message) = (Failure(error.primary), error.message)
        default:
            return error
        }
        // What happened and what to do, with the file, never SQLite's own words.
        switch kind {
        case .full:
            return StoreError.unavailable(
                "The disk holding \(path) is full: nothing was saved. Free some space and try again.")
        case .readOnly:
            return StoreError.unavailable(
                "The database at \(path) is read-only: nothing was saved. Let BooksTrack write to the file and its folder, then try again."
            )
        case .ioError:
            return StoreError.unavailable(
                "The disk holding \(path) could not be written or read: nothing was saved. Check the disk, then try again.")
        case .busy:
            // Another process kept the file locked past the busy timeout (10 s).
            return StoreError.unavailable(
                "The database is busy with another program writing to it. Nothing was changed; try again in a moment.")
        case .other:
            break
        }
        // "UNIQUE constraint failed: users.name_key"
        guard message.hasPrefix("UNIQUE constraint failed: ") else { return error }
        let column = message.dropFirst("UNIQUE constraint failed: ".count)
        return StoreError.conflict(.duplicate(table: String(column.prefix { $0 != "." })))
    }

    /// The failures worded for people, from SQLiteNIO's errors and from SQLite's own codes.
    private enum Failure {
        case full, readOnly, ioError, busy, other

        init(_ reason: SQLiteError.Reason) {
            switch reason {
            case .full: self = .full
            case .readOnly: self = .readOnly
            case .ioError: self = .ioError
            case .busy, .locked: self = .busy
            default: self = .other
            }
        }

        init(_ code: Int32) {
            switch code {
            case SQLITE_FULL: self = .full
            case SQLITE_READONLY: self = .readOnly
            case SQLITE_IOERR: self = .ioError
            case SQLITE_BUSY, SQLITE_LOCKED: self = .busy
            default: self = .other
            }
        }
    }

    func close() async {
        rowReader.close()
        await pool.close()
    }
}

/// Hands out SQLite connections, opening up to `maximum` of them.
actor SQLitePool {
    private let path: String
    private let threadPool: NIOThreadPool
    private let logger: Logger
    private let maximum: Int
    private var idle: [SQLiteConnection] = []
    private var opened = 0
    private var waiters: [CheckedContinuation<SQLiteConnection, any Error>] = []
    private var closed = false
    /// What ``close()`` waits on for the connections still leased.
    private let drain = ConnectionDrain()

    init(path: String, threadPool: NIOThreadPool, logger: Logger, maximum: Int) {
        self.path = path
        self.threadPool = threadPool
        self.logger = logger
        self.maximum = maximum
    }

    func lease() async throws -> SQLiteConnection {
        if closed { throw StoreError.stopping }
        if let connection = idle.popLast() { return connection }
        if opened < maximum {
            opened += 1
            do { return try await openConnection() } catch {
                openFailed()
                throw error
            }
        }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    func release(_ connection: SQLiteConnection) async {
        // A connection leased before the pool closed is closed when it comes back.
        if closed {
            await Self.close([connection])
            return forget()
        }
        if !waiters.isEmpty { waiters.removeFirst().resume(returning: connection) } else { idle.append(connection) }
    }

    /// Opens a connection for the longest waiter when an open that was to serve the queue failed.
    /// The driver refuses a cancelled task's statements, so a request that went away fails its
    /// open; without this, a waiter queued behind it waited for a release that never came — a
    /// hang with no connection open (issue 43). The open runs in a task of its own, never the
    /// cancelled one.
    private func openForWaiter() {
        guard !closed, !waiters.isEmpty, opened < maximum else { return }
        let waiter = waiters.removeFirst()
        opened += 1
        Task {
            do { waiter.resume(returning: try await self.openConnection()) } catch {
                self.openFailed()
                waiter.resume(throwing: error)
            }
        }
    }

    private func openFailed() {
        forget()
        openForWaiter()
    }

    /// One connection fewer is open; the last one lets ``close()`` go on.
    private func forget() {
        opened -= 1
        if opened == 0, closed { drain.finish() }
    }

    func close() async {
        closed = true
        // Nobody will release a connection to a waiter any more: they are told now.
        for waiter in waiters {
            waiter.resume(throwing: StoreError.stopping)
        }
        waiters.removeAll()
        let connections = idle
        idle.removeAll()
        opened -= connections.count
        await Self.close(connections)
        // A connection still leased is closed when it comes back, which needs the thread pool:
        // it stops once they are all back. A lease not back within ten seconds keeps it running
        // (its threads leaked, never a connection dropped open).
        if opened > 0 { await drain.wait(atMost: .seconds(10)) }
        guard opened == 0 else {
            return logger.warning("\(opened) SQLite connection(s) still in use 10 s after the database was closed; left open")
        }
        try? await threadPool.shutdownGracefully()
    }

    /// Closes connections in a task of its own: the thread pool refuses a cancelled task's work,
    /// so a close asked for by one (a server stopping, a request that went away) did nothing, and
    /// a connection dropped open leaks its file handle (and trips SQLiteNIO's assertion in debug
    /// builds).
    private static func close(_ connections: [SQLiteConnection]) async {
        await Task { for connection in connections { try? await connection.close() } }.value
    }

    private func openConnection() async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: threadPool, logger: logger,
            on: MultiThreadedEventLoopGroup.singleton.any())
        do {
            for pragma in [
                "PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON",
                "PRAGMA busy_timeout = 10000",
                SQLiteConnector.readCache, "PRAGMA temp_store = MEMORY",
            ] {
                _ = try await connection.query(pragma)
            }
        } catch {
            // A connection must be closed before it is dropped (the request may have been
            // cancelled while it was being set up).
            await Self.close([connection])
            throw error
        }
        return connection
    }
}
