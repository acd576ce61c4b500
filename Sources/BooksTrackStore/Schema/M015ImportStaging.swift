extension Migrations {
    /// Big imports written in short transactions, out of sight until they are published (issue
    /// 19): each run in progress has a hidden account (`users.role = 'staging'`) that owns its rows
    /// while they are written, and a lease that a crashed run lets lapse.
    static let m015ImportStaging = Migration(
        version: 15, name: "import staging",
        statements: [
            """
            CREATE TABLE import_stagings (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                run_id TEXT NOT NULL,
                state TEXT NOT NULL,
                lease_until BIGINT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX import_stagings_lease ON import_stagings (lease_until)",
            // Deleting an edition sets these to NULL: without an index, each deleted edition
            // scanned both tables (throwing away a staged run of 10,000 books took minutes).
            "CREATE INDEX library_entries_edition ON library_entries (edition_id)",
            "CREATE INDEX external_ids_edition ON external_ids (edition_id)",
        ])
}
