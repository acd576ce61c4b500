extension Migrations {
    /// The picture of a shared card (issue 20 item 11): its SVG, drawn when the link was made, and
    /// the PNG of it the sharer's browser drew for link previews (none without a script). Links
    /// made before have neither; their page shows the card alone.
    static let m022SharePictures = Migration(
        version: 22, name: "share pictures",
        statements: [
            "ALTER TABLE share_links ADD COLUMN image TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE share_links ADD COLUMN png TEXT",
        ])
}
