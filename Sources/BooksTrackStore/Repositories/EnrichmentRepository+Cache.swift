import BooksTrackCore
import Foundation
import SQLKit

/// Provider responses kept between look-ups (`enrichment_cache`), shared by every app server.
extension EnrichmentRepository {
    /// A cached response no older than `maxAge`.
    public func cached(provider: String, key: String, maxAge: TimeInterval, now: Date) async throws -> (Int, String)? {
        try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT status_code, response FROM enrichment_cache
                    WHERE provider = \(bind: provider) AND request_key = \(bind: key)
                        AND fetched_at >= \(bind: now.addingTimeInterval(-maxAge).milliseconds)
                    """
                ).first()
            else { return nil }
            return (try row.integer("status_code"), try row.text("response"))
        }
    }

    /// Keeps a response (with the time it was fetched, so its age is known).
    public func cache(provider: String, key: String, status: Int, body: String, now: Date) async throws {
        try await database.write { db in
            try await db.raw(
                """
                INSERT INTO enrichment_cache (provider, request_key, status_code, response, fetched_at)
                VALUES (\(bind: provider), \(bind: key), \(bind: status), \(bind: body), \(bind: now.milliseconds))
                ON CONFLICT (provider, request_key) DO UPDATE SET status_code = excluded.status_code,
                    response = excluded.response, fetched_at = excluded.fetched_at
                """
            ).run()
        }
    }
}
