import BooksTrackCore
import Foundation
import SQLKit
import Synchronization

/// What one write changed, declared by the write itself. When the write's body returns, the
/// readers whose view depends on it — and only they — get their `data_version` moved in the same
/// transaction, which invalidates their cached insights on every app server.
///
/// - a reader's own data (entries, settings, answers): that reader;
/// - a shared work (title, language, year, contributors): every reader who has the work;
/// - a shared author's facts: every reader who has a book by (or translated by) the author.
///
/// A change to an author nobody else reads leaves every other reader's cache warm.
public final class Changes: Sendable {
    private struct Subjects {
        var readers: Set<String> = []
        var entries: [String: Set<String>] = [:]
        var works: Set<String> = []
        var authors: Set<String> = []
        /// Parts of a reader's data other than entries: "account" (the reader's row: settings) and
        /// "activity" (goals, milestones, contributions, achievements).
        var parts: [String: Set<String>] = [:]
    }
    private let subjects = Mutex(Subjects())

    init() {}

    /// The reader's own data changed: anything of it may have (a whole-library reload).
    public func reader(_ id: User.ID) { subjects.withLock { _ = $0.readers.insert(id.string) } }

    /// Only these entries of the reader changed (their rows, readings and shelves; their works
    /// and editions are reloaded with them only when the kept library lacks them or the entry is
    /// new to it: a changed work is declared with ``works(_:)``). An entry that is gone was deleted.
    public func entries(_ ids: some Sequence<LibraryEntry.ID>, of reader: User.ID) {
        subjects.withLock { $0.entries[reader.string, default: []].formUnion(ids.lazy.map(\.string)) }
    }

    /// Only the reader's account row changed (their settings): a kept library reads it again.
    public func account(of reader: User.ID) { subjects.withLock { _ = $0.parts[reader.string, default: []].insert("account") } }

    /// The reader's goals, milestones, contributions or achievements changed: a kept library
    /// reads those again (a few rows), not the whole library.
    public func activity(of reader: User.ID) {
        subjects.withLock { _ = $0.parts[reader.string, default: []].insert("activity") }
    }

    /// Shared works changed.
    public func works(_ ids: some Sequence<Work.ID>) { subjects.withLock { $0.works.formUnion(ids.lazy.map(\.string)) } }

    /// Shared authors (their names or facts) changed.
    public func authors(_ ids: some Sequence<Author.ID>) { subjects.withLock { $0.authors.formUnion(ids.lazy.map(\.string)) } }

    /// Whether the write said what it changed of this reader (one of the calls above).
    func declared(_ reader: User.ID) -> Bool {
        subjects.withLock {
            $0.readers.contains(reader.string) || $0.entries[reader.string] != nil || $0.parts[reader.string] != nil
        }
    }

    /// More subjects than this for one reader in one write are logged as the whole library: a
    /// reload is cheaper than patching that much.
    static let subjectLimit = 500
    /// Log rows older than this many versions of a reader are pruned.
    static let kept = 256

    /// Moves the version of every reader the changes reach, and logs what reached each of them
    /// (`reader_changes`). Rows are locked in id order on PostgreSQL, so two writes reaching the
    /// same readers wait for each other instead of deadlocking.
    /// Returns the version each reader was moved to.
    @discardableResult
    func invalidate(on db: any SQLDatabase, dialect: Database.Dialect) async throws -> [String: Int] {
        try await Self.record(try await log(on: db), on: db, dialect: dialect)
    }

    /// What reached each reader: their own rows, and the works and authors of the catalogue
    /// their entries hold.
    private func log(on db: any SQLDatabase) async throws -> [String: Set<Subject>] {
        let (readers, entries, works, authors, parts) = subjects.withLock {
            ($0.readers, $0.entries, $0.works, $0.authors, $0.parts)
        }
        var log: [String: Set<Subject>] = [:]
        for reader in readers { log[reader] = [Subject(kind: "reader", id: "")] }
        // A reader's write that changed none of their entries (a book already there) moves nothing.
        for (reader, ids) in entries where !readers.contains(reader) && !ids.isEmpty {
            log[reader, default: []].formUnion(ids.map { Subject(kind: "entry", id: $0) })
        }
        for (reader, kinds) in parts where !readers.contains(reader) {
            log[reader, default: []].formUnion(kinds.map { Subject(kind: $0, id: "") })
        }
        for row in try await db.rows(
            in: Array(works),
            { "SELECT DISTINCT user_id, work_id FROM library_entries WHERE work_id IN (\(binds: $0))" })
        {
            log[try row.text("user_id"), default: []].insert(Subject(kind: "work", id: try row.text("work_id")))
        }
        for row in try await db.rows(
            in: Array(authors),
            {
                """
                SELECT DISTINCT e.user_id, c.author_id FROM work_contributors c JOIN library_entries e ON e.work_id = c.work_id
                WHERE c.author_id IN (\(binds: $0))
                """
            })
        {
            log[try row.text("user_id"), default: []].insert(Subject(kind: "author", id: try row.text("author_id")))
        }
        return log
    }

    /// Moves each reader's version and logs what reached them at it; returns the versions.
    private static func record(_ log: [String: Set<Subject>], on db: any SQLDatabase, dialect: Database.Dialect)
        async throws -> [String: Int]
    {
        let ordered = log.keys.sorted()
        guard !ordered.isEmpty else { return [:] }
        // One row cannot be locked out of order; most writes reach only their own reader. The lock
        // is FOR NO KEY UPDATE, what the UPDATE below takes anyway: FOR UPDATE would also wait for
        // the KEY SHARE lock another writer's foreign-key check holds on its own reader's row
        // while that writer waits for us (40P01). The "C" collation orders ids as Swift's sort does.
        if dialect == .postgres, ordered.count > 1 {
            _ = try await db.rows(in: ordered) {
                "SELECT id FROM users WHERE id IN (\(binds: $0)) ORDER BY id COLLATE \"C\" FOR NO KEY UPDATE"
            }
        }
        let moved = try await db.rows(in: ordered) {
            "UPDATE users SET data_version = data_version + 1 WHERE id IN (\(binds: $0)) RETURNING id, data_version"
        }
        var rows: [SQLQueryString] = []
        var pruned: [String] = []
        var versions: [String: Int] = [:]
        for row in moved {
            let reader = try row.text("id")
            let version = try row.integer("data_version")
            versions[reader] = version
            var subjects = log[reader] ?? []
            if subjects.count > Self.subjectLimit { subjects = [Subject(kind: "reader", id: "")] }
            for subject in subjects {
                rows.append("(\(bind: reader), \(bind: version), \(bind: subject.kind), \(bind: subject.id))")
            }
            if version % 64 == 0 { pruned.append(reader) }
        }
        for chunk in rows.chunked(into: 200) {
            try await db.raw(
                "INSERT INTO reader_changes (user_id, data_version, kind, subject) VALUES \(chunk.joined(separator: ", "))"
            ).run()
        }
        // Now and then, not on every write: what no server can still need.
        _ = try await db.rows(in: pruned) {
            """
            DELETE FROM reader_changes WHERE user_id IN (\(binds: $0))
            AND data_version <= (SELECT u.data_version FROM users u WHERE u.id = reader_changes.user_id) - \(unsafeRaw: String(Self.kept))
            """
        }
        return versions
    }

    private struct Subject: Hashable {
        var kind: String
        var id: String
    }
}

extension Database {
    /// A write transaction that declares what it changed (see ``Changes``). The only way the
    /// store writes data a cache depends on.
    func changing<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase, Changes) async throws -> T) async throws -> T {
        let dialect = self.dialect
        let (result, moved) = try await write { db in
            let changes = Changes()
            let result = try await body(db, changes)
            return (result, try await changes.invalidate(on: db, dialect: dialect))
        }
        // Committed: the rest of this request knows its readers' versions without asking.
        KnownDataVersion.written?.record(moved)
        return result
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
