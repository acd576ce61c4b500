import BooksTrackCore
import Foundation
import SQLKit

/// The version of what a reader's insights depend on: their `data_version`, which every write
/// that reaches them moves (their own writes, and changes to a work or an author in their
/// library, see ``Changes``). A cached insight is valid only for the version it was computed at —
/// which every app server sharing the database reads the same.
public struct InsightVersions: Hashable, Sendable, CustomStringConvertible {
    public var data: Int

    public init(data: Int) { self.data = data }

    /// `d12`: used in ETags.
    public var description: String { "d\(data)" }
}

/// A reader's computed insights, kept in the database for the version they were computed at
/// (``InsightVersions``), so every app server sharing it serves them without computing again.
public struct InsightCache: ReaderScoped {
    /// The reader whose insights these are.
    public let userID: User.ID
    let database: Database

    /// The version of everything this reader's insights depend on.
    public func versions() async throws -> InsightVersions {
        let userID = self.userID
        return try await database.read { db in
            guard let version = try await Self.dataVersion(of: userID, on: db) else { throw StoreError.notFound(.reader) }
            return InsightVersions(data: version)
        }
    }

    /// A cached insight payload, when one was stored for exactly these versions.
    public func payload(key: String, versions: InsightVersions) async throws -> String? {
        let userID = self.userID
        return try await database.read { db in
            try await db.raw(
                """
                SELECT payload FROM insight_cache WHERE user_id = \(bind: userID.string) AND cache_key = \(bind: key)
                AND data_version = \(bind: versions.data)
                """
            ).first()?.text("payload")
        }
    }

    /// Stores an insight payload computed at `versions`, unless a newer one is already stored
    /// (two servers may compute the same insight at once).
    public func store(key: String, versions: InsightVersions, payload: String, now: Date) async throws {
        let userID = self.userID
        try await database.write { db in
            try await db.raw(
                """
                INSERT INTO insight_cache (user_id, cache_key, data_version, catalogue_version, payload, computed_at)
                VALUES (\(bind: userID.string), \(bind: key), \(bind: versions.data), 0, \(bind: payload),
                    \(bind: now.milliseconds))
                ON CONFLICT (user_id, cache_key) DO UPDATE SET data_version = excluded.data_version,
                    payload = excluded.payload, computed_at = excluded.computed_at
                WHERE insight_cache.data_version <= excluded.data_version
                """
            ).run()
            // Keys name the reader's day, so yesterday's entries are never asked for again.
            try await db.raw(
                """
                DELETE FROM insight_cache WHERE user_id = \(bind: userID.string)
                AND computed_at < \(bind: now.addingTimeInterval(-2 * 86_400).milliseconds)
                """
            ).run()
        }
    }
}
