extension Migrations {
    /// What each move of a reader's `data_version` changed: the entries, works and authors a
    /// write reached (`kind` entry, work or author, `subject` its id), or the whole library
    /// (`kind` reader). An app server keeping a reader's library in memory reloads only these
    /// (see ``WholeLibrary/changes(since:)``). Rows older than the last few hundred versions
    /// of a reader are pruned; a server whose copy is older than that reloads it whole.
    static let m012ReaderChanges = Migration(
        version: 12, name: "reader changes",
        statements: [
            """
            CREATE TABLE reader_changes (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                data_version BIGINT NOT NULL,
                kind TEXT NOT NULL,
                subject TEXT NOT NULL
            )
            """,
            "CREATE INDEX reader_changes_by_version ON reader_changes (user_id, data_version)",
        ])
}
