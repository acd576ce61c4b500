extension Migrations {
    /// Files uploaded in the browser, kept between the preview and the confirmed import (and
    /// while it runs), so any app server can show the preview, the progress and the result.
    static let m007Uploads = Migration(
        version: 7, name: "uploads",
        statements: [
            """
            CREATE TABLE import_uploads (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                file_name TEXT NOT NULL,
                file_size BIGINT NOT NULL,
                content TEXT NOT NULL,
                status TEXT NOT NULL,
                run_id TEXT,
                error TEXT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX import_uploads_user ON import_uploads (user_id, created_at)",
        ])
}
