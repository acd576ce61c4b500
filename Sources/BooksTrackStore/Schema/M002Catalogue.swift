extension Migrations {
    /// The shared catalogue: authors with their fact history, works, editions, identifiers.
    static let m002Catalogue = Migration(
        version: 2, name: "catalogue",
        statements: [
            """
            CREATE TABLE authors (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                sort_name TEXT NOT NULL,
                name_key TEXT NOT NULL UNIQUE,
                gender TEXT,
                country TEXT,
                chosen_region TEXT,
                region TEXT,
                marginalized TEXT,
                birth_year BIGINT,
                death_year BIGINT,
                wikidata_id TEXT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX authors_region ON authors (region)",
            """
            CREATE TABLE author_facts (
                id TEXT PRIMARY KEY,
                author_id TEXT NOT NULL REFERENCES authors(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                value TEXT,
                source TEXT NOT NULL,
                user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
                recorded_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX author_facts_author ON author_facts (author_id, kind)",
            """
            CREATE TABLE works (
                id TEXT PRIMARY KEY,
                title TEXT NOT NULL,
                title_key TEXT NOT NULL,
                match_key TEXT NOT NULL,
                original_language TEXT,
                first_published_year BIGINT,
                own_voices TEXT,
                genres TEXT NOT NULL,
                accessibility_tags TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX works_match_key ON works (match_key)",
            """
            CREATE TABLE work_contributors (
                work_id TEXT NOT NULL REFERENCES works(id) ON DELETE CASCADE,
                author_id TEXT NOT NULL REFERENCES authors(id),
                role TEXT NOT NULL,
                ordinal BIGINT NOT NULL,
                PRIMARY KEY (work_id, author_id, role)
            )
            """,
            "CREATE INDEX work_contributors_author ON work_contributors (author_id)",
            """
            CREATE TABLE editions (
                id TEXT PRIMARY KEY,
                work_id TEXT NOT NULL REFERENCES works(id) ON DELETE CASCADE,
                isbn10 TEXT,
                isbn13 TEXT,
                publisher TEXT,
                publication_year BIGINT,
                page_count BIGINT,
                format TEXT,
                binding TEXT,
                language TEXT,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX editions_work ON editions (work_id)",
            """
            CREATE TABLE external_ids (
                scheme TEXT NOT NULL,
                value TEXT NOT NULL,
                work_id TEXT NOT NULL REFERENCES works(id) ON DELETE CASCADE,
                edition_id TEXT REFERENCES editions(id) ON DELETE SET NULL,
                PRIMARY KEY (scheme, value)
            )
            """,
            "CREATE INDEX external_ids_work ON external_ids (work_id)",
        ])
}
