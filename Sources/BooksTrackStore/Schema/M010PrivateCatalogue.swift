extension Migrations {
    /// Readers' words stay theirs (SPEC F9): a work belongs to the reader whose text made it
    /// (`owner_id`; none for a public record), and an identifier may name one work per reader,
    /// so the primary key of `external_ids` now includes the work. See `WorkOwnership`.
    static let m010PrivateCatalogue = Migration(
        version: 10, name: "private catalogue",
        statements: [
            "ALTER TABLE works ADD COLUMN owner_id TEXT REFERENCES users(id) ON DELETE CASCADE",
            "CREATE INDEX works_owner ON works (owner_id, match_key)",
            """
            CREATE TABLE external_ids_v10 (
                scheme TEXT NOT NULL,
                value TEXT NOT NULL,
                work_id TEXT NOT NULL REFERENCES works(id) ON DELETE CASCADE,
                edition_id TEXT REFERENCES editions(id) ON DELETE SET NULL,
                PRIMARY KEY (scheme, value, work_id)
            )
            """,
            "INSERT INTO external_ids_v10 (scheme, value, work_id, edition_id) SELECT scheme, value, work_id, edition_id FROM external_ids",
            "DROP TABLE external_ids",
            "ALTER TABLE external_ids_v10 RENAME TO external_ids",
            "CREATE INDEX external_ids_work ON external_ids (work_id)",
            "CREATE INDEX external_ids_value ON external_ids (value)",
        ],
        data: { db, now in try await WorkOwnership.assignOwners(now: now, on: db) })
}
