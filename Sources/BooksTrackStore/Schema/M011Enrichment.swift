extension Migrations {
    /// Enrichment (SPEC F8): where exactly an automatic fact came from (the Wikidata item, the
    /// Open Library record, the bundled table's dataset), and the people a name might be that
    /// wait for a reader's yes or no.
    static let m011Enrichment = Migration(
        version: 11, name: "enrichment",
        statements: [
            "ALTER TABLE author_facts ADD COLUMN detail TEXT",
            """
            CREATE TABLE author_candidates (
                id TEXT PRIMARY KEY,
                author_id TEXT NOT NULL REFERENCES authors(id) ON DELETE CASCADE,
                source TEXT NOT NULL,
                reference TEXT NOT NULL,
                label TEXT NOT NULL,
                description TEXT,
                facts TEXT NOT NULL,
                status TEXT NOT NULL,
                answered_by TEXT REFERENCES users(id) ON DELETE SET NULL,
                created_at BIGINT NOT NULL,
                answered_at BIGINT,
                UNIQUE (author_id, source, reference)
            )
            """,
            "CREATE INDEX author_candidates_open ON author_candidates (author_id, status)",
        ])
}
