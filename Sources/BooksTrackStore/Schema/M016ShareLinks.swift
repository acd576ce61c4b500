extension Migrations {
    /// Share links (SPEC F9), on the table migration 6 laid out: `kind` says which insights card,
    /// `snapshot` holds the card as drawn when it was shared; this adds the title and what the
    /// snapshot covers for the reader's list, and that list's index. A revoked link's row is
    /// deleted (`revoked_at` stays unused), so no snapshot outlives its link.
    static let m016ShareLinks = Migration(
        version: 16, name: "share_links",
        statements: [
            "ALTER TABLE share_links ADD COLUMN title TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE share_links ADD COLUMN covers TEXT NOT NULL DEFAULT ''",
            "CREATE INDEX share_links_user ON share_links (user_id, created_at)",
        ])
}
