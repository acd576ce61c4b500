import BooksTrackCore
import Foundation
import SQLKit

/// A published run's books moved to the reader, a run thrown away, and runs whose process died
/// recovered (see ``StagedImport``).
extension StagedImport {
    static let role = "staging"

    enum State: String {
        case staging, publishing
    }

    /// Holds the run alive; throws when it is not (it was given up while this process waited).
    static func renew(_ staging: User.ID, _ state: State, at now: Date, on db: any SQLDatabase) async throws {
        let held = try await db.raw(
            """
            UPDATE import_stagings SET lease_until = \(bind: now.addingTimeInterval(lease).milliseconds)
            WHERE id = \(bind: staging.string) AND state = \(bind: state.rawValue) RETURNING id
            """
        ).first()
        guard held != nil else {
            throw StoreError.unavailable("The import was stopped before it finished: nothing was imported. Try again.")
        }
    }

    /// Moves a published run's books to the reader, a chunk at a time, in as few transactions as
    /// the other writers let it, then removes the staging account. The reader's caches are moved
    /// on once more at the end.
    static func move(
        _ staging: User.ID, to userID: User.ID, on database: Database, tuning: ImportTuning,
        progress: ImportProgressHandler? = nil, total: Int = 0
    ) async throws {
        // Listed once, then moved by id: asking again for "the next staged books" would walk past
        // every book already moved (on PostgreSQL, their old versions stay in the index until
        // the transaction ends). Listed again only after a stop for books the reader has.
        while true {
            let steps = try await stagedEntries(of: staging, on: database).chunked(into: tuning.chunk).map { chunk in
                let ids = Array(chunk)
                return Step(books: ids.count, body: { db in try await moveChunk(ids, from: staging, to: userID, on: db) })
            }
            do {
                try await write(
                    steps, as: staging, .publishing, on: database, tuning: tuning, progress: progress, total: total)
                break
            } catch is ReaderHasBook {
                // The staged copies go with their shelves and readings (the cascades of a write that
                // checks foreign keys); the books moved already stay moved.
                let deleted = try await database.write { db in
                    try await Self.renew(staging, .publishing, at: database.clock(), on: db)
                    return try await db.raw(
                        """
                        DELETE FROM library_entries WHERE user_id = \(bind: staging.string) AND EXISTS (SELECT 1
                            FROM library_entries mine WHERE mine.user_id = \(bind: userID.string) AND mine.work_id = library_entries.work_id)
                        RETURNING id
                        """
                    ).all().count
                }
                // Each stop deletes at least one copy, so the move ends.
                guard deleted > 0 else {
                    throw StoreError.unavailable(
                        "The import could not be finished: its books and the library disagree. It is tried again later.")
                }
            }
        }
        try await database.changing { db, changes in
            try await db.raw(
                "UPDATE works SET owner_id = \(bind: userID.string) WHERE owner_id = \(bind: staging.string)"
            ).run()
            try await db.raw("DELETE FROM import_stagings WHERE id = \(bind: staging.string)").run()
            try await db.raw("DELETE FROM users WHERE id = \(bind: staging.string) AND role = \(bind: role)").run()
            changes.reader(userID)
        }
    }

    /// The ids of a run's staged books.
    private static func stagedEntries(of staging: User.ID, on database: Database) async throws -> [String] {
        try await database.read { db in
            try await db.raw("SELECT id FROM library_entries WHERE user_id = \(bind: staging.string)").all().map {
                try $0.text("id")
            }
        }
    }

    /// Moves some staged books to the reader.
    private static func moveChunk(_ entries: [String], from staging: User.ID, to userID: User.ID, on db: any SQLDatabase)
        async throws
    {
        let ids = entries.map { $0 as SQLValue }
        // A book the reader added themselves meanwhile keeps the reader's entry: the staged copy is
        // deleted by ``move`` (this write checks no foreign keys, so it would leave its shelves).
        let readerHasBook: SQLQueryString = """
            SELECT 1 AS found FROM library_entries WHERE id IN (\(binds: ids)) AND \(ScopeColumn("user_id")) = \(bind: staging.string)
                AND EXISTS (SELECT 1 FROM library_entries mine
                    WHERE mine.user_id = \(bind: userID.string) AND mine.work_id = library_entries.work_id) LIMIT 1
            """
        // `OR FAIL` (SQLite): the transaction is rolled back whole on any error, so no statement
        // needs undoing row by row, and SQLite keeps no statement journal for these updates.
        let orFail: SQLQueryString = db.dialect.name == "sqlite" ? "OR FAIL " : ""
        var moves: [SQLQueryString] = [
            """
            UPDATE \(orFail)works SET owner_id = \(bind: userID.string)
            -- Found by id: on `owner_id = …` SQLite would walk every staged work for each chunk.
            WHERE id IN (SELECT work_id FROM library_entries WHERE id IN (\(binds: ids)))
                AND COALESCE(owner_id, '') = \(bind: staging.string)
            """
        ]
        for table in ["entry_shelves", "readings"] {
            moves.append(
                "UPDATE \(orFail)\(unsafeRaw: table) SET user_id = \(bind: userID.string) WHERE entry_id IN (\(binds: ids))")
        }
        moves.append(
            """
            UPDATE \(orFail)library_entries SET user_id = \(bind: userID.string)
            WHERE id IN (\(binds: ids)) AND \(ScopeColumn("user_id")) = \(bind: staging.string)
            """)
        if let direct = SQLiteDirect(db) {
            if try await direct.run([readerHasBook]) == [true] { throw ReaderHasBook() }
            try await direct.run(moves)
        } else {
            if try await db.raw(readerHasBook).first() != nil { throw ReaderHasBook() }
            for move in moves { try await db.raw(move).run() }
        }
    }

    /// A staged book the reader has added meanwhile: the move stops, deletes the staged copies and
    /// goes on.
    private struct ReaderHasBook: Error {}

    /// Throws a run's staged rows away, a chunk per transaction, then the staging account.
    static func discard(_ staging: User.ID, on database: Database, tuning: ImportTuning) async throws {
        for table in ["library_entries", "works"] {
            let owner = table == "works" ? "owner_id" : "user_id"
            let ids = try await database.read { db in
                try await db.raw("SELECT id FROM \(unsafeRaw: table) WHERE \(unsafeRaw: owner) = \(bind: staging.string)")
                    .all().map { try $0.text("id") as SQLValue }
            }
            for chunk in ids.chunked(into: tuning.chunk * 2) {
                try await database.write { db in
                    try await db.raw("DELETE FROM \(unsafeRaw: table) WHERE id IN (\(binds: Array(chunk)))").run()
                }
            }
        }
        try await database.write { db in
            try await db.raw("DELETE FROM import_runs WHERE user_id = \(bind: staging.string)").run()
            try await db.raw("DELETE FROM import_stagings WHERE id = \(bind: staging.string)").run()
            try await db.raw("DELETE FROM users WHERE id = \(bind: staging.string) AND role = \(bind: role)").run()
        }
    }

    /// Finishes or throws away the runs whose process is gone: those whose lease has lapsed, or,
    /// with `run`, that run (its job is known to be gone). A run being published is finished (the
    /// reader was told it is imported); one still staging is thrown away. Returns how many.
    @discardableResult
    static func recover(now: Date, run: ImportRunSummary.ID? = nil, on database: Database, tuning: ImportTuning)
        async throws -> Int
    {
        let lapsed = try await database.read { db in
            try await db.raw(
                """
                SELECT id, user_id FROM import_stagings
                WHERE lease_until < \(bind: now.milliseconds) OR run_id = \(bind: run?.string ?? "")
                """
            ).all().map { (try $0.id("id") as User.ID, try $0.id("user_id") as User.ID) }
        }
        var recovered = 0
        for (staging, userID) in lapsed {
            // Claimed by one process: the lease moves on, and the state says what is left to do.
            let claimed = try await database.write { db in
                try await db.raw(
                    """
                    UPDATE import_stagings SET lease_until = \(bind: database.clock().addingTimeInterval(lease).milliseconds)
                    WHERE id = \(bind: staging.string) AND (lease_until < \(bind: now.milliseconds) OR run_id = \(bind: run?.string ?? ""))
                    RETURNING state
                    """
                ).first().map { try $0.text("state") }
            }
            switch claimed.flatMap(State.init(rawValue:)) {
            case .publishing: try await move(staging, to: userID, on: database, tuning: tuning)
            case .staging: try await discard(staging, on: database, tuning: tuning)
            case nil: continue
            }
            recovered += 1
        }
        return recovered
    }
}
