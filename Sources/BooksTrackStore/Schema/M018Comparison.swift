extension Migrations {
    /// Readers who take part in the instance's comparison (issue 20 item 12): a row while they do.
    /// Deleting the account deletes it; a backup does not carry it (it is a consent given to one
    /// instance, not part of a library).
    static let m018Comparison = Migration(
        version: 18, name: "comparison opt-ins",
        statements: [
            """
            CREATE TABLE comparison_opt_ins (
                user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                opted_in_at BIGINT NOT NULL
            )
            """
        ])
}
