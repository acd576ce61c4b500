extension Migrations {
    /// Shared state for several app servers: share links, enrichment jobs and their response
    /// cache, and the per-reader insights cache.
    static let m006Services = Migration(
        version: 6, name: "services",
        statements: [
            """
            CREATE TABLE share_links (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                token_hash TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL,
                snapshot TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                revoked_at BIGINT
            )
            """,
            """
            CREATE TABLE enrichment_jobs (
                id TEXT PRIMARY KEY,
                subject_kind TEXT NOT NULL,
                subject_id TEXT NOT NULL,
                provider TEXT NOT NULL,
                status TEXT NOT NULL,
                attempts BIGINT NOT NULL,
                next_attempt_at BIGINT NOT NULL,
                last_error TEXT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (subject_kind, subject_id, provider)
            )
            """,
            "CREATE INDEX enrichment_jobs_due ON enrichment_jobs (status, next_attempt_at)",
            """
            CREATE TABLE enrichment_cache (
                provider TEXT NOT NULL,
                request_key TEXT NOT NULL,
                status_code BIGINT NOT NULL,
                response TEXT NOT NULL,
                fetched_at BIGINT NOT NULL,
                PRIMARY KEY (provider, request_key)
            )
            """,
            """
            CREATE TABLE insight_cache (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                cache_key TEXT NOT NULL,
                data_version BIGINT NOT NULL,
                catalogue_version BIGINT NOT NULL,
                payload TEXT NOT NULL,
                computed_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, cache_key)
            )
            """,
        ])
}
