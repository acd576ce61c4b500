extension Migrations {
    /// Import history with the per-row report of each import.
    static let m005Imports = Migration(
        version: 5, name: "imports",
        statements: [
            """
            CREATE TABLE import_runs (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                format TEXT NOT NULL,
                file_name TEXT,
                file_size BIGINT,
                started_at BIGINT NOT NULL,
                finished_at BIGINT NOT NULL,
                rows_total BIGINT NOT NULL,
                imported BIGINT NOT NULL,
                updated BIGINT NOT NULL,
                unchanged BIGINT NOT NULL,
                skipped BIGINT NOT NULL,
                file_warnings TEXT NOT NULL
            )
            """,
            "CREATE INDEX import_runs_user ON import_runs (user_id, started_at)",
            """
            CREATE TABLE import_rows (
                import_id TEXT NOT NULL REFERENCES import_runs(id) ON DELETE CASCADE,
                row_number BIGINT NOT NULL,
                line BIGINT,
                outcome TEXT NOT NULL,
                title TEXT NOT NULL,
                authors TEXT NOT NULL,
                status TEXT,
                entry_id TEXT,
                reason TEXT,
                changes TEXT NOT NULL,
                warnings TEXT NOT NULL,
                PRIMARY KEY (import_id, row_number)
            )
            """,
        ])
}
