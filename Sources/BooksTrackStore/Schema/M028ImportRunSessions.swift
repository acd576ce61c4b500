extension Migrations {
    /// An import's report keeps how many reading sessions its file carried (KOReader's statistics,
    /// a backup), so the report shown after the import says it as the preview did.
    static let m028ImportRunSessions = Migration(
        version: 28, name: "import run sessions",
        statements: ["ALTER TABLE import_runs ADD COLUMN sessions_in_file INTEGER"])
}
