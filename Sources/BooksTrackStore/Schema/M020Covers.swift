extension Migrations {
    /// Book covers (issue 20 item 10): the pictures fetched from Open Library, kept once per cover
    /// (base64 text, so that both databases take the same plain SQL), and which cover each edition
    /// has. Books looked up before this version are looked up again (their readers' look-up jobs
    /// are queued), so they get their covers too (the other answers come from the 30-day cache).
    static let m020Covers = Migration(
        version: 20, name: "covers",
        statements: [
            """
            CREATE TABLE covers (
                id TEXT PRIMARY KEY,
                media_type TEXT NOT NULL,
                data TEXT NOT NULL,
                byte_count BIGINT NOT NULL,
                fetched_at BIGINT NOT NULL
            )
            """,
            "ALTER TABLE editions ADD COLUMN cover_id TEXT",
            """
            UPDATE enrichment_jobs SET status = 'pending', attempts = 0, next_attempt_at = 0
            WHERE subject_kind = 'work' AND provider = 'openlibrary' AND status = 'done'
                AND subject_id IN (SELECT work_id FROM editions WHERE isbn13 IS NOT NULL OR isbn10 IS NOT NULL)
            """,
            // …and those readers' look-up jobs queued, unless one is queued or running already.
            """
            INSERT INTO jobs (id, kind, subject, user_id, status, attempts, run_after, created_at, updated_at)
            SELECT 'covers-' || u.id, 'enrich', u.id, u.id, 'queued', 0, 0, 0, 0 FROM users u
            WHERE EXISTS (
                SELECT 1 FROM library_entries e JOIN enrichment_jobs j ON j.subject_id = e.work_id
                WHERE e.user_id = u.id AND j.subject_kind = 'work' AND j.status = 'pending')
            ON CONFLICT (kind, subject) DO UPDATE SET status = 'queued', attempts = 0, run_after = 0, claimed_by = NULL
                WHERE jobs.status NOT IN ('queued', 'running')
            """,
        ])
}
