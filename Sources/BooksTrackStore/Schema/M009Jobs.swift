extension Migrations {
    /// Background work any app server may run, claimed by one at a time (see `JobRepository`),
    /// and the preview of an upload kept with it.
    static let m009Jobs = Migration(
        version: 9, name: "jobs",
        statements: [
            """
            CREATE TABLE jobs (
                id TEXT PRIMARY KEY,
                kind TEXT NOT NULL,
                subject TEXT NOT NULL,
                user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
                status TEXT NOT NULL,
                attempts BIGINT NOT NULL,
                run_after BIGINT NOT NULL,
                claimed_by TEXT,
                claimed_at BIGINT,
                heartbeat_at BIGINT,
                last_error TEXT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (kind, subject)
            )
            """,
            "CREATE INDEX jobs_due ON jobs (status, run_after)",
            // The dry run shown before an import, computed once when the file is uploaded.
            "ALTER TABLE import_uploads ADD COLUMN preview TEXT",
        ])
}
