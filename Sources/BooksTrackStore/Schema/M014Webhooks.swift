extension Migrations {
    /// Per-reader webhooks (SPEC §8): where a reader's notifications are also sent, and how each
    /// notification's delivery went (delivered when, tried how often).
    static let m014Webhooks = Migration(
        version: 14, name: "webhooks",
        statements: [
            """
            CREATE TABLE reader_webhooks (
                user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                url TEXT NOT NULL,
                since BIGINT NOT NULL,
                last_delivered_at BIGINT,
                last_error TEXT,
                last_error_at BIGINT,
                updated_at BIGINT NOT NULL
            )
            """,
            "ALTER TABLE notifications ADD COLUMN delivered_at BIGINT",
            "ALTER TABLE notifications ADD COLUMN delivery_attempts BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE notifications ADD COLUMN retry_after BIGINT",
        ])
}
