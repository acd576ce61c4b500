import BooksTrackCore
import Foundation
import SQLKit

/// What one write changed, declared by the write itself. When the write's body returns, the
/// readers whose view depends on it — and only they — get their `data_version` moved in the same
/// transaction, which invalidates their cached insights on every app server.
///
/// - a reader's own data (entries, settings, answers): that reader;
/// - a shared work (title, language, year, contributors): every reader who has the work;
/// - a shared author's facts: every reader who has a book by (or translated by) the author.
///
/// A change to an author nobody else reads leaves every other reader's cache warm.
public final class Changes: @unchecked Sendable {
    private let lock = NSLock()
    private var readers: Set<String> = []
    private var works: Set<String> = []
    private var authors: Set<String> = []

    init() {}

    /// The reader's own data changed.
    public func reader(_ id: User.ID) { lock.withLock { _ = readers.insert(id.string) } }

    /// Shared works changed.
    public func works(_ ids: some Sequence<Work.ID>) { lock.withLock { works.formUnion(ids.lazy.map(\.string)) } }

    /// Shared authors (their names or facts) changed.
    public func authors(_ ids: some Sequence<Author.ID>) { lock.withLock { authors.formUnion(ids.lazy.map(\.string)) } }

    /// Moves the version of every reader the changes reach. Rows are locked in id order on
    /// PostgreSQL, so two writes reaching the same readers wait for each other instead of
    /// deadlocking.
    func invalidate(on db: any SQLDatabase, dialect: Database.Dialect) async throws {
        let (readers, works, authors) = lock.withLock { (self.readers, self.works, self.authors) }
        var reached = readers
        for row in try await db.rows(
            in: Array(works),
            { "SELECT DISTINCT user_id FROM library_entries WHERE work_id IN (\(binds: $0))" })
        {
            reached.insert(try row.text("user_id"))
        }
        for row in try await db.rows(
            in: Array(authors),
            {
                """
                SELECT DISTINCT e.user_id FROM work_contributors c JOIN library_entries e ON e.work_id = c.work_id
                WHERE c.author_id IN (\(binds: $0))
                """
            })
        {
            reached.insert(try row.text("user_id"))
        }
        let ordered = reached.sorted()
        // One row cannot be locked out of order; most writes reach only their own reader.
        if dialect == .postgres, ordered.count > 1 {
            _ = try await db.rows(in: ordered) { "SELECT id FROM users WHERE id IN (\(binds: $0)) ORDER BY id FOR UPDATE" }
        }
        _ = try await db.rows(in: ordered) {
            "UPDATE users SET data_version = data_version + 1 WHERE id IN (\(binds: $0))"
        }
    }
}

extension Database {
    /// A write transaction that declares what it changed (see ``Changes``). The only way the
    /// store writes data a cache depends on.
    func changing<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase, Changes) async throws -> T) async throws -> T {
        let dialect = self.dialect
        return try await write { db in
            let changes = Changes()
            let result = try await body(db, changes)
            try await changes.invalidate(on: db, dialect: dialect)
            return result
        }
    }
}

extension ReaderStore {
    /// A write to this reader's data: the reader's own caches are always invalidated; the body
    /// declares the shared works and authors it changed.
    func changing<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase, Changes) async throws -> T) async throws -> T {
        let userID = self.userID
        return try await database.changing { db, changes in
            changes.reader(userID)
            return try await body(db, changes)
        }
    }
}

/// Serialises one reader's writes that read, decide, then write (answers to prompts) across
/// app servers. A transaction-scoped advisory lock on PostgreSQL, so it never holds a row lock
/// that ``Changes`` would later take out of order; SQLite writes are serial anyway.
enum ReaderLock {
    static func take(_ userID: User.ID, on db: any SQLDatabase, dialect: Database.Dialect) async throws {
        guard dialect == .postgres else { return }
        try await db.raw("SELECT pg_advisory_xact_lock(727349004, hashtext(\(bind: userID.string)))").run()
    }
}
