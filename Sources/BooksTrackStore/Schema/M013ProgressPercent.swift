extension Migrations {
    /// "I'm 40% through" for a book whose edition has no page count (SPEC F5): the update keeps
    /// the percentage; its `page` is the book's current page at the time, unchanged.
    static let m013ProgressPercent = Migration(
        version: 13, name: "progress percent",
        statements: ["ALTER TABLE progress_updates ADD COLUMN percent BIGINT"])
}
