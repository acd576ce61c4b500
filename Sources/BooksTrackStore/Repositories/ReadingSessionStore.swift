import BooksTrackCore
import Foundation
import SQLKit

/// A reader's reading sessions (SPEC F5, §4): timed from a start to a finish, or logged
/// afterwards. One running session per reader is enforced by the database (a unique index on the
/// reader's sessions without an end), so two tabs, two devices or twenty requests at once start one.
public struct ReadingSessionStore: ReaderScoped {
    /// The reader whose sessions these are.
    public let userID: User.ID
    let database: Database

    /// How a start ended: a new session, or the one already running (anywhere).
    public enum Start: Sendable, Equatable {
        case started(ReadingSession)
        case alreadyRunning(ReadingSession)
    }

    /// Starts a session on one of the reader's books, from `startPage` or the book's current page.
    public func start(on entryID: LibraryEntry.ID, startPage: Int? = nil, now: Date) async throws -> Start {
        let userID = self.userID
        if let running = try await running() { return .alreadyRunning(running) }
        if let startPage, let problem = SessionRules.check(page: startPage) {
            throw StoreError.invalid(.session(problem))
        }
        let inserted: ReadingSession? = try await changing(entries: true) { db, changes in
            guard let entry = try await Self.ownedEntry(entryID, of: userID, on: db) else {
                throw StoreError.notFound(.entry(entryID))
            }
            let session = ReadingSession(
                userID: userID, entryID: entryID, startedAt: now, startPage: startPage ?? entry.state.currentPage ?? 0)
            if startPage != nil, let pages = try await Self.pageCount(of: entry, on: db), pages > 0, session.startPage > pages {
                throw StoreError.invalid(.session(.beyondBook(pages: pages)))
            }
            let row = try await db.raw(
                """
                INSERT INTO reading_sessions (id, user_id, entry_id, started_at, ended_at, start_page, end_page,
                    logged_afterwards, created_at)
                VALUES (\(bind: session.id.string), \(bind: userID.string), \(bind: entryID.string),
                    \(bind: now.milliseconds), NULL, \(bind: session.startPage), NULL, 0, \(bind: now.milliseconds))
                ON CONFLICT DO NOTHING RETURNING id
                """
            ).first()
            changes.entries([entryID], of: userID)
            return row == nil ? nil : session
        }
        if let inserted { return .started(inserted) }
        // Another request started one between the look and the insert.
        guard let running = try await running() else { throw StoreError.conflict(.duplicate(table: "reading_sessions")) }
        return .alreadyRunning(running)
    }

    /// The reader's running session, if any.
    public func running() async throws -> ReadingSession? {
        let userID = self.userID
        return try await database.read { db in
            try await ActivityRows.sessions(of: userID, running: true, on: db).first
        }
    }

    /// One of the reader's sessions.
    public func session(_ id: ReadingSession.ID) async throws -> ReadingSession? {
        let userID = self.userID
        return try await database.read { db in try await ActivityRows.session(id, of: userID, on: db) }
    }

    /// Stops the running session at `endPage`, at `endedAt` (default now), and moves the book's
    /// current page there. An end before the start page needs `correction`. A session running for
    /// more than 12 hours needs its real end time. Stopping a session already stopped (a double
    /// submit) answers it as it is.
    public func finish(
        _ id: ReadingSession.ID, endPage: Int, endedAt: Date? = nil, correction: Bool = false, now: Date
    ) async throws -> ReadingSession {
        let userID = self.userID
        if let problem = SessionRules.check(page: endPage) { throw StoreError.invalid(.session(problem)) }
        return try await changing(entries: true) { db, changes in
            guard var session = try await ActivityRows.session(id, of: userID, on: db) else {
                throw StoreError.notFound(.session(id))
            }
            if session.endedAt != nil { return session }
            let end = endedAt ?? now
            if endedAt == nil, now.timeIntervalSince(session.startedAt) > SessionRules.longestUnattended {
                throw StoreError.invalid(.sessionNeedsEnd(startedAt: session.startedAt))
            }
            try Self.checkTimes(start: session.startedAt, end: end, now: now)
            let entry = try await Self.ownedEntry(session.entryID, of: userID, on: db)
            let pageCount = try await Self.pageCount(of: entry, on: db)
            if let problem = SessionRules.check(
                end: endPage, start: session.startPage, pageCount: pageCount, correction: correction)
            {
                throw StoreError.invalid(.session(problem))
            }
            session.endedAt = end
            session.endPage = endPage
            try await db.raw(
                """
                UPDATE reading_sessions SET ended_at = \(bind: end.milliseconds), end_page = \(bind: endPage)
                WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string) AND ended_at IS NULL
                """
            ).run()
            try await Self.moveCurrentPage(of: session.entryID, to: endPage, userID: userID, now: now, on: db)
            changes.entries([session.entryID], of: userID)
            return session
        }
    }

    /// Records a session after the fact: the day it started, how long and which pages.
    public func log(
        on entryID: LibraryEntry.ID, startedAt: Date, minutes: Int, startPage: Int, endPage: Int, correction: Bool = false,
        now: Date
    ) async throws -> ReadingSession {
        let userID = self.userID
        if let problem = SessionRules.check(minutes: minutes) { throw StoreError.invalid(.session(problem)) }
        if let problem = SessionRules.check(page: startPage) { throw StoreError.invalid(.session(problem)) }
        let session = ReadingSession(
            userID: userID, entryID: entryID, startedAt: startedAt,
            endedAt: startedAt.addingTimeInterval(TimeInterval(minutes * 60)), startPage: startPage, endPage: endPage,
            loggedAfterwards: true)
        try Self.checkTimes(start: session.startedAt, end: session.endedAt!, now: now)
        return try await changing(entries: true) { db, changes in
            guard let entry = try await Self.ownedEntry(entryID, of: userID, on: db) else {
                throw StoreError.notFound(.entry(entryID))
            }
            let pageCount = try await Self.pageCount(of: entry, on: db)
            if let problem = SessionRules.check(end: endPage, start: startPage, pageCount: pageCount, correction: correction) {
                throw StoreError.invalid(.session(problem))
            }
            try await ActivityRows.insert(newSessionsOf: [session], userID: userID, now: now, on: db)
            if endPage > (entry.state.currentPage ?? 0) {
                try await Self.moveCurrentPage(of: entryID, to: endPage, userID: userID, now: now, on: db)
            }
            changes.entries([entryID], of: userID)
            return session
        }
    }

    /// Changes a finished session's times or pages.
    public func update(
        _ id: ReadingSession.ID, startedAt: Date, minutes: Int, startPage: Int, endPage: Int, now: Date
    ) async throws -> ReadingSession {
        let userID = self.userID
        if let problem = SessionRules.check(minutes: minutes) { throw StoreError.invalid(.session(problem)) }
        let end = startedAt.addingTimeInterval(TimeInterval(minutes * 60))
        try Self.checkTimes(start: startedAt, end: end, now: now)
        return try await changing(entries: true) { db, changes in
            guard var session = try await ActivityRows.session(id, of: userID, on: db), session.endedAt != nil else {
                throw StoreError.notFound(.session(id))
            }
            let pageCount = try await Self.pageCount(of: try await Self.ownedEntry(session.entryID, of: userID, on: db), on: db)
            if let problem = SessionRules.check(end: endPage, start: startPage, pageCount: pageCount, correction: true) {
                throw StoreError.invalid(.session(problem))
            }
            try await db.raw(
                """
                UPDATE reading_sessions SET started_at = \(bind: startedAt.milliseconds), ended_at = \(bind: end.milliseconds),
                    start_page = \(bind: startPage), end_page = \(bind: endPage)
                WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)
                """
            ).run()
            (session.startedAt, session.endedAt, session.startPage, session.endPage) = (startedAt, end, startPage, endPage)
            changes.entries([session.entryID], of: userID)
            return session
        }
    }

    /// Deletes one of the reader's sessions (a running one too: the timer is abandoned).
    public func delete(_ id: ReadingSession.ID) async throws {
        let userID = self.userID
        try await changing(entries: true) { db, changes in
            guard let session = try await ActivityRows.session(id, of: userID, on: db) else {
                throw StoreError.notFound(.session(id))
            }
            try await db.raw(
                "DELETE FROM reading_sessions WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)"
            ).run()
            changes.entries([session.entryID], of: userID)
        }
    }

    /// A page of a book's sessions, newest first, and how many there are.
    public func list(of entryID: LibraryEntry.ID, page: Int = 1, pageSize: Int = 20) async throws
        -> (sessions: [ReadingSession], total: Int)
    {
        let userID = self.userID
        // Any page number a caller passes gives an offset that cannot overflow.
        let size = min(max(pageSize, 1), 1_000)
        let offset = (min(max(page, 1), Int(Int32.max)) - 1) * size
        return try await database.read { db in
            guard try await Self.ownedEntry(entryID, of: userID, on: db) != nil else {
                throw StoreError.notFound(.entry(entryID))
            }
            let total =
                try await db.raw(
                    """
                    SELECT COUNT(*) AS n FROM reading_sessions WHERE user_id = \(bind: userID.string) AND entry_id = \(bind: entryID.string)
                    """
                ).first()?.integer("n") ?? 0
            let rows = try await db.raw(
                """
                SELECT * FROM reading_sessions WHERE user_id = \(bind: userID.string) AND entry_id = \(bind: entryID.string)
                ORDER BY started_at DESC, id LIMIT \(unsafeRaw: String(size)) OFFSET \(unsafeRaw: String(offset))
                """
            ).all()
            return (try rows.map(ActivityRows.session(row:)), total)
        }
    }

    /// Records a reading session on one of the reader's entries.
    public func record(_ session: ReadingSession, now: Date) async throws {
        let userID = self.userID
        try await changing(entries: true) { db, changes in
            guard try await Self.ownedEntry(session.entryID, of: userID, on: db) != nil else {
                throw StoreError.notFound(.entry(session.entryID))
            }
            try await ActivityRows.insert(newSessionsOf: [session], userID: userID, now: now, on: db)
            changes.entries([session.entryID], of: userID)
        }
    }

    private static func checkTimes(start: Date, end: Date, now: Date) throws {
        if end < start { throw StoreError.invalid(.session(.endsBeforeStart)) }
        if end > now.addingTimeInterval(60) {
            throw StoreError.invalid(.session(.endsInFuture))
        }
    }
}
