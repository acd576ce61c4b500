extension Migrations {
    /// `works_owner` on the owner alone (it was `(owner_id, match_key)`). Works are found by
    /// match key through `works_match_key`; this index serves finding a reader's (or a staged
    /// import's) works and deleting them with their owner. With the match key in it, each work a
    /// big import staged or moved to its reader went to a random place in the index: moving a
    /// 50,000-book import's works took 0.53–0.71 s, 0.26–0.29 s without (issue 16, 19).
    static let m023WorksOwnerIndex = Migration(
        version: 23, name: "works owner index",
        statements: [
            "DROP INDEX works_owner",
            "CREATE INDEX works_owner ON works (owner_id)",
        ])
}
