import BooksTrackCore
import Foundation
import SQLKit

/// A unit of background work: an import of an upload today; enrichment and webhook delivery
/// next. One row per kind and subject, so enqueuing the same work twice queues it once.
public struct Job: Sendable, Hashable {
    public typealias ID = TypedID<Job>

    public enum Status: String, Sendable {
        case queued, running, done, failed
    }

    public var id: ID
    /// What to do (`import`…): the runner picks the handler by kind.
    public var kind: String
    /// What to do it to (an upload id…).
    public var subject: String
    /// The reader the work is for, when it is one reader's.
    public var userID: User.ID?
    public var status: Status
    /// How many times the job was claimed.
    public var attempts: Int
    /// The process that claimed it last.
    public var claimedBy: String?
    public var lastError: String?
}

/// The job queue, shared by every app server on the database.
///
/// A job is claimed with one conditional update (`… WHERE id = ? AND status = 'queued'`): of
/// several processes reaching for the same job, exactly one gets it; the others see no row and
/// look for the next one.
public struct JobRepository: Sendable {
    let database: Database

    /// Queues work unless the same kind of work on the same subject is already known. Returns
    /// whether it was queued now.
    @discardableResult
    public func enqueue(kind: String, subject: String, userID: User.ID?, now: Date) async throws -> Bool {
        try await database.write { db in try await Self.enqueue(kind: kind, subject: subject, userID: userID, now: now, on: db) }
    }

    static func enqueue(kind: String, subject: String, userID: User.ID?, now: Date, on db: any SQLDatabase) async throws
        -> Bool
    {
        let stamp = now.milliseconds
        return try await db.raw(
            """
            INSERT INTO jobs (id, kind, subject, user_id, status, attempts, run_after, created_at, updated_at)
            VALUES (\(bind: Job.ID.random().string), \(bind: kind), \(bind: subject), \(bind: userID?.string), 'queued', 0,
                \(bind: stamp), \(bind: stamp), \(bind: stamp))
            ON CONFLICT (kind, subject) DO NOTHING
            RETURNING id
            """
        ).first() != nil
    }

    /// Queues work again that may have run before (a reader's look-ups after a new import): a
    /// finished or failed job goes back to the queue, due at `runAfter`; a queued one keeps the
    /// earlier due time. A running one is queued too: it runs once more after this run (whose
    /// end then leaves it queued, see ``finish(_:worker:error:now:)``), so work that arrived
    /// while it ran is never left behind. Returns whether the job is queued now.
    @discardableResult
    public func requeue(kind: String, subject: String, userID: User.ID?, runAfter: Date, now: Date) async throws -> Bool {
        try await database.write { db in
            let stamp = now.milliseconds
            let due = runAfter.milliseconds
            return try await db.raw(
                """
                INSERT INTO jobs (id, kind, subject, user_id, status, attempts, run_after, created_at, updated_at)
                VALUES (\(bind: Job.ID.random().string), \(bind: kind), \(bind: subject), \(bind: userID?.string), 'queued', 0,
                    \(bind: due), \(bind: stamp), \(bind: stamp))
                ON CONFLICT (kind, subject) DO UPDATE SET
                    status = 'queued', attempts = 0, last_error = NULL, claimed_by = NULL,
                    run_after = CASE WHEN jobs.status = 'queued' AND jobs.run_after < excluded.run_after
                        THEN jobs.run_after ELSE excluded.run_after END,
                    updated_at = excluded.updated_at
                RETURNING id
                """
            ).first() != nil
        }
    }

    /// A running job whose worker has not reported for this long is taken as abandoned (its
    /// process died or lost the database): another runner may claim it again.
    public static let lease: TimeInterval = 60
    /// How many times a job is started before an abandoned one is given up as failed.
    public static let maxAttempts = 3

    /// Claims the oldest due job of these kinds for `worker` — a queued one, or one abandoned by a
    /// worker that stopped reporting (``lease``) — or returns `nil` when none is left. An abandoned
    /// job that was already started ``maxAttempts`` times is marked failed instead.
    public func claimNext(kinds: [String], worker: String, now: Date) async throws -> Job? {
        guard !kinds.isEmpty else { return nil }
        let skipLocked = database.dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        let stamp = now.milliseconds
        let cutoff = now.addingTimeInterval(-Self.lease).milliseconds
        let kinds = kinds.map { $0 as SQLValue }
        // A plain read first: an idle runner looks every second, and should not take SQLite's
        // write lock (which every writer of the process waits for) only to find nothing.
        let due = try await database.read { db in
            try await db.raw(
                """
                SELECT id FROM jobs WHERE kind IN (\(binds: kinds)) AND ((status = 'queued' AND run_after <= \(bind: stamp))
                    OR (status = 'running' AND heartbeat_at < \(bind: cutoff))) LIMIT 1
                """
            ).first() != nil
        }
        guard due else { return nil }
        return try await database.write { db in
            guard
                let candidate = try await db.raw(
                    """
                    SELECT id FROM jobs WHERE kind IN (\(binds: kinds)) AND ((status = 'queued' AND run_after <= \(bind: stamp))
                        OR (status = 'running' AND heartbeat_at < \(bind: cutoff) AND attempts < \(bind: Self.maxAttempts)))
                    ORDER BY run_after, created_at LIMIT 1\(unsafeRaw: skipLocked)
                    """
                ).first()
            else { return nil }
            let id = try candidate.text("id")
            return try await db.raw(
                """
                UPDATE jobs SET status = 'running', claimed_by = \(bind: worker), claimed_at = \(bind: stamp),
                    heartbeat_at = \(bind: stamp), attempts = attempts + 1, updated_at = \(bind: stamp)
                WHERE id = \(bind: id) AND (status = 'queued' OR (status = 'running' AND heartbeat_at < \(bind: cutoff)))
                RETURNING *
                """
            ).first().map(Self.job)
        }
    }

    /// Gives up running jobs that cannot finish any more and returns them, marked failed
    /// (`interrupted`): those whose worker `isDead` says is gone (a process on this host that no
    /// longer exists: known at once after a restart), and those abandoned after ``maxAttempts``
    /// starts (their lease lapsed again). Their kind's clean-up runs next (``JobRunner``).
    public func interruptAbandoned(isDead: @Sendable (String) -> Bool, now: Date) async throws -> [Job] {
        let cutoff = now.addingTimeInterval(-Self.lease).milliseconds
        // One read: the running jobs, each with whether its last lease has lapsed.
        let rows = try await database.read { db in
            try await db.raw(
                """
                SELECT *, CASE WHEN heartbeat_at < \(bind: cutoff) AND attempts >= \(bind: Self.maxAttempts)
                    THEN 1 ELSE 0 END AS lapsed
                FROM jobs WHERE status = 'running'
                """
            ).all()
        }
        let stale = try rows.filter { try $0.flag("lapsed") || (try Self.job($0).claimedBy.map(isDead) ?? false) }
            .map(Self.job)
        var interrupted: [Job] = []
        for job in stale {
            let given = try await database.write { db in
                try await db.raw(
                    """
                    UPDATE jobs SET status = 'failed', last_error = 'interrupted', updated_at = \(bind: now.milliseconds)
                    WHERE id = \(bind: job.id.string) AND status = 'running' AND claimed_by = \(bind: job.claimedBy ?? "")
                    RETURNING *
                    """
                ).first().map(Self.job)
            }
            if let given { interrupted.append(given) }
        }
        return interrupted
    }

    /// Reports that `worker` is still running a job (see ``lease``); false when the job is no
    /// longer its own (it was taken over, or has ended).
    @discardableResult
    public func heartbeat(_ id: Job.ID, worker: String, now: Date) async throws -> Bool {
        try await database.write { db in
            try await db.raw(
                """
                UPDATE jobs SET heartbeat_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id.string) AND claimed_by = \(bind: worker) AND status = 'running'
                RETURNING id
                """
            ).first() != nil
        }
    }

    /// Records how a claimed job ended; only the worker that claimed it can.
    public func finish(_ id: Job.ID, worker: String, error: String?, now: Date) async throws {
        try await database.write { db in
            try await db.raw(
                """
                UPDATE jobs SET status = \(bind: error == nil ? "done" : "failed"), last_error = \(bind: error),
                    updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id.string) AND claimed_by = \(bind: worker) AND status = 'running'
                """
            ).run()
        }
    }

    /// Puts a job this worker claimed back in the queue, due at once, its start not counted: the
    /// process is stopping (SIGTERM) and the job can go on where it stopped, here after a restart
    /// or in another process.
    public func release(_ id: Job.ID, worker: String, now: Date) async throws {
        try await database.write { db in
            try await db.raw(
                """
                UPDATE jobs SET status = 'queued', claimed_by = NULL, run_after = \(bind: now.milliseconds),
                    attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END, updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id.string) AND claimed_by = \(bind: worker) AND status = 'running'
                """
            ).run()
        }
    }

    /// One job.
    public func job(_ id: Job.ID) async throws -> Job? {
        try await database.read { db in
            try await db.raw("SELECT * FROM jobs WHERE id = \(bind: id.string)").first().map(Self.job)
        }
    }

    /// Every job of a kind, oldest first.
    public func jobs(kind: String) async throws -> [Job] {
        try await database.read { db in
            try await db.raw("SELECT * FROM jobs WHERE kind = \(bind: kind) ORDER BY created_at, id").all().map(Self.job)
        }
    }

    /// How many jobs wait and how many run, by kind (for `/metrics`).
    public func depth() async throws -> [(kind: String, status: String, count: Int)] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT kind, status, COUNT(*) AS n FROM jobs WHERE status IN ('queued', 'running') GROUP BY kind, status
                """
            ).all().map { (try $0.text("kind"), try $0.text("status"), try $0.integer("n")) }
        }
    }

    static func job(_ row: any SQLRow) throws -> Job {
        Job(
            id: try row.id("id"), kind: try row.text("kind"), subject: try row.text("subject"),
            userID: try row.optionalID("user_id"),
            status: Job.Status(rawValue: try row.text("status")) ?? .failed, attempts: try row.integer("attempts"),
            claimedBy: try row.optionalText("claimed_by"), lastError: try row.optionalText("last_error"))
    }
}
