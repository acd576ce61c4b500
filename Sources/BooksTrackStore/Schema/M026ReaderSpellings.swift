extension Migrations {
    /// A reader's spelling of a shared author (issue 43): authors are one catalogue row per name
    /// key (marks and case folded), so "Chinua Achebe" typed by one reader and "Chínua Achebe"
    /// typed by another are one person; each reader sees the spelling they typed. A row exists
    /// only where the reader's spelling differs from the catalogue's.
    static let m026ReaderSpellings = Migration(
        version: 26, name: "reader spellings",
        statements: [
            """
            CREATE TABLE reader_author_names (
                user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                author_id TEXT NOT NULL REFERENCES authors(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                sort_name TEXT NOT NULL,
                PRIMARY KEY (user_id, author_id)
            )
            """
        ])
}
