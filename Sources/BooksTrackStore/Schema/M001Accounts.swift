extension Migrations {
    static let m001Accounts = Migration(
        version: 1, name: "accounts",
        statements: [
            """
            CREATE TABLE users (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL UNIQUE,
                display_name TEXT NOT NULL,
                role TEXT NOT NULL,
                password_hash TEXT,
                primary_language TEXT,
                time_zone TEXT,
                underrepresented_regions TEXT NOT NULL,
                data_version BIGINT NOT NULL DEFAULT 0,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE login_sessions (
                token_hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                csrf_token TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL,
                last_seen_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX login_sessions_user ON login_sessions (user_id)",
            """
            CREATE TABLE api_tokens (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                token_hash TEXT NOT NULL UNIQUE,
                created_at BIGINT NOT NULL,
                last_used_at BIGINT
            )
            """,
            "CREATE INDEX api_tokens_user ON api_tokens (user_id)",
            """
            CREATE TABLE invitations (
                id TEXT PRIMARY KEY,
                token_hash TEXT NOT NULL UNIQUE,
                created_by TEXT REFERENCES users(id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL,
                used_at BIGINT,
                used_by TEXT REFERENCES users(id) ON DELETE SET NULL
            )
            """,
            """
            CREATE TABLE login_attempts (
                attempt_key TEXT PRIMARY KEY,
                window_started_at BIGINT NOT NULL,
                failures BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE instance_settings (
                setting TEXT PRIMARY KEY,
                value TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE counters (
                name TEXT PRIMARY KEY,
                value BIGINT NOT NULL
            )
            """,
            "INSERT INTO counters (name, value) VALUES ('catalogue_version', 0)",
        ])
}
