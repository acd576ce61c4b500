import Foundation
import SQLKit

/// Applies pending migrations in one transaction. With PostgreSQL, an advisory lock makes
/// several app servers starting at once apply them exactly once.
public enum Migrator {
    /// The schema version this build knows.
    public static var latestVersion: Int { Migrations.all.last?.version ?? 0 }

    /// Applies what is missing and returns the versions applied (empty when up to date).
    @discardableResult
    public static func migrate(_ database: Database, now: Date) async throws -> [Int] {
        try await migrate(database, now: now, migrations: Migrations.all)
    }

    /// Applies what is missing of `migrations` (tests pass a list that fails half-way).
    static func migrate(_ database: Database, now: Date, migrations: [Migration]) async throws -> [Int] {
        let dialect = database.dialect
        return try await database.write { db in
            if dialect == .postgres { try await db.raw("SELECT pg_advisory_xact_lock(727349001)").run() }
            try await db.raw(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)
                """
            ).run()
            let applied = Set(
                try await db.raw("SELECT version FROM schema_migrations").all()
                    .map { try $0.decode(column: "version", as: Int.self) })
            let latest = migrations.last?.version ?? 0
            if let newest = applied.max(), newest > latest {
                throw StoreError.newerSchema(found: newest, known: latest)
            }
            var done: [Int] = []
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.statements { try await db.raw(SQLQueryString(statement)).run() }
                if let data = migration.data { try await data(db, now) }
                try await db.raw(
                    """
                    INSERT INTO schema_migrations (version, name, applied_at)
                    VALUES (\(bind: migration.version), \(bind: migration.name), \(bind: now.milliseconds))
                    """
                ).run()
                done.append(migration.version)
            }
            return done
        }
    }

    /// The versions applied so far.
    public static func appliedVersions(_ database: Database) async throws -> [Int] {
        try await database.read { db in
            let exists: Bool
            switch database.dialect {
            case .sqlite:
                exists =
                    try await db.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").all()
                    .count == 1
            case .postgres:
                exists =
                    try await db.raw("SELECT to_regclass('schema_migrations') IS NOT NULL AS present").first()?
                    .decode(column: "present", as: Bool.self) ?? false
            }
            guard exists else { return [] }
            return try await db.raw("SELECT version FROM schema_migrations ORDER BY version").all()
                .map { try $0.decode(column: "version", as: Int.self) }
        }
    }
}

extension Date {
    /// Milliseconds since 1970, the form instants are stored in (saturating: `distantFuture` and
    /// beyond are stored as the largest instant, never a trap).
    var milliseconds: Int { Int(saturating: (timeIntervalSince1970 * 1000).rounded()) }

    init(milliseconds: Int) { self.init(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
