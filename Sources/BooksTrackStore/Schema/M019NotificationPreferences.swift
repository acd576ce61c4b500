extension Migrations {
    /// Which kinds of notification a reader turned on or off (issue 20 item 20); a kind without a
    /// row keeps its default (``NotificationKind/onByDefault``: reminders off, the rest on).
    static let m019NotificationPreferences = Migration(
        version: 19, name: "notification preferences",
        statements: [
            """
            CREATE TABLE notification_preferences (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                enabled BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, kind)
            )
            """,
            "CREATE INDEX notification_preferences_kind ON notification_preferences (kind, enabled)",
        ])
}
