extension Migrations {
    /// Each reader's private library: entries, shelves, reading records.
    static let m003Library = Migration(
        version: 3, name: "library",
        statements: [
            """
            CREATE TABLE library_entries (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                work_id TEXT NOT NULL REFERENCES works(id),
                edition_id TEXT REFERENCES editions(id) ON DELETE SET NULL,
                status TEXT NOT NULL,
                rating_quarters BIGINT,
                owned BIGINT NOT NULL,
                added_on TEXT,
                read_count BIGINT,
                current_page BIGINT,
                review TEXT,
                notes TEXT,
                extras TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (user_id, work_id)
            )
            """,
            "CREATE INDEX library_entries_user_status ON library_entries (user_id, status)",
            "CREATE INDEX library_entries_work ON library_entries (work_id)",
            """
            CREATE TABLE entry_shelves (
                entry_id TEXT NOT NULL REFERENCES library_entries(id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                PRIMARY KEY (entry_id, name_key)
            )
            """,
            "CREATE INDEX entry_shelves_user ON entry_shelves (user_id, name_key)",
            """
            CREATE TABLE readings (
                id TEXT PRIMARY KEY,
                entry_id TEXT NOT NULL REFERENCES library_entries(id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                started_on TEXT,
                finished_on TEXT,
                outcome TEXT NOT NULL,
                origin TEXT NOT NULL
            )
            """,
            "CREATE INDEX readings_entry ON readings (entry_id)",
            "CREATE INDEX readings_user_finished ON readings (user_id, finished_on)",
        ])
}
