extension Migrations {
    /// Curator contributions keep the answer and the reader's optional free text (SPEC F4).
    static let m008Curation = Migration(
        version: 8, name: "curation",
        statements: [
            "ALTER TABLE contributions ADD COLUMN value TEXT",
            "ALTER TABLE contributions ADD COLUMN note TEXT",
        ])
}
