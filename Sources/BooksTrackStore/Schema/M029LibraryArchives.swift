import SQLKit

extension Migrations {
    /// A reader's books written down (``LibraryArchive``) at a version of their library, so a
    /// process that does not keep the library yet starts from them and the change log rather than
    /// from the joins of every table (issue 42). A cache: dropping a row loses nothing. The body
    /// is bytes — `BLOB` on SQLite, `BYTEA` on PostgreSQL (base64 text would cost a third more to
    /// read and a pass to decode).
    static let m029LibraryArchives = Migration(
        version: 29, name: "library archives", statements: [],
        data: { db, _ in
            let bytes = db.dialect.name == "sqlite" ? "BLOB" : "BYTEA"
            try await db.raw(
                """
                CREATE TABLE library_archives (
                    user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    data_version BIGINT NOT NULL,
                    format BIGINT NOT NULL,
                    body \(unsafeRaw: bytes) NOT NULL,
                    written_at BIGINT NOT NULL
                )
                """
            ).run()
        })
}
