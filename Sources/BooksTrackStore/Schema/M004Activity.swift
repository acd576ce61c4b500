extension Migrations {
    /// Reading sessions, progress updates, goals and their milestones, achievements,
    /// notifications, curator contributions and skipped prompts.
    static let m004Activity = Migration(
        version: 4, name: "activity",
        statements: [
            """
            CREATE TABLE reading_sessions (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                entry_id TEXT NOT NULL REFERENCES library_entries(id) ON DELETE CASCADE,
                started_at BIGINT NOT NULL,
                ended_at BIGINT,
                start_page BIGINT NOT NULL,
                end_page BIGINT,
                logged_afterwards BIGINT NOT NULL,
                prompt_shown BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL
            )
            """,
            // One running session per reader, enforced by the database (SPEC F5).
            "CREATE UNIQUE INDEX reading_sessions_one_active ON reading_sessions (user_id) WHERE ended_at IS NULL",
            "CREATE INDEX reading_sessions_entry ON reading_sessions (entry_id, started_at)",
            "CREATE INDEX reading_sessions_user ON reading_sessions (user_id, started_at)",
            """
            CREATE TABLE progress_updates (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                entry_id TEXT NOT NULL REFERENCES library_entries(id) ON DELETE CASCADE,
                page BIGINT NOT NULL,
                recorded_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX progress_updates_user ON progress_updates (user_id, recorded_at)",
            """
            CREATE TABLE goals (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                title TEXT NOT NULL,
                kind TEXT NOT NULL,
                target BIGINT NOT NULL,
                cadence TEXT NOT NULL,
                recurring BIGINT NOT NULL,
                starts_on TEXT NOT NULL,
                ends_on TEXT NOT NULL,
                criteria TEXT NOT NULL,
                status TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                completed_at BIGINT,
                snapshot TEXT
            )
            """,
            "CREATE INDEX goals_user ON goals (user_id, status)",
            """
            CREATE TABLE goal_milestones (
                goal_id TEXT NOT NULL REFERENCES goals(id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                percent BIGINT NOT NULL,
                reached_at BIGINT NOT NULL,
                PRIMARY KEY (goal_id, percent)
            )
            """,
            """
            CREATE TABLE achievement_unlocks (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                achievement TEXT NOT NULL,
                unlocked_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, achievement)
            )
            """,
            """
            CREATE TABLE notifications (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                title TEXT NOT NULL,
                body TEXT NOT NULL,
                link TEXT,
                dedupe_key TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                read_at BIGINT,
                UNIQUE (user_id, dedupe_key)
            )
            """,
            "CREATE INDEX notifications_user ON notifications (user_id, created_at)",
            """
            CREATE TABLE contributions (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                author_id TEXT REFERENCES authors(id) ON DELETE SET NULL,
                work_id TEXT REFERENCES works(id) ON DELETE SET NULL,
                fact TEXT NOT NULL,
                points BIGINT NOT NULL,
                recorded_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX contributions_user ON contributions (user_id, recorded_at)",
            """
            CREATE TABLE prompt_skips (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                work_id TEXT NOT NULL REFERENCES works(id) ON DELETE CASCADE,
                dimension TEXT NOT NULL,
                skipped_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, work_id, dimension)
            )
            """,
        ])
}
