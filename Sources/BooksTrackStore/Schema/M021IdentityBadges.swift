extension Migrations {
    /// Identity badges (issue 20 item 5): which of the four badges a reader recorded for a book
    /// (their own copy of the work) or one of its authors, who states it and where, and whether an
    /// author's badge with a public source's address is shown to the instance's other readers.
    static let m021IdentityBadges = Migration(
        version: 21, name: "identity badges",
        statements: [
            """
            CREATE TABLE identity_badges (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                subject_kind TEXT NOT NULL,
                subject_id TEXT NOT NULL,
                badge TEXT NOT NULL,
                stated_by TEXT NOT NULL,
                source TEXT NOT NULL,
                shared BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                UNIQUE (user_id, subject_kind, subject_id, badge)
            )
            """,
            "CREATE INDEX identity_badges_subject ON identity_badges (subject_kind, subject_id)",
        ])
}
