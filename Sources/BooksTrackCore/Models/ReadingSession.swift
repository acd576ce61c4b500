import Foundation

/// "I'm on page N" without a session (SPEC F5): moves the book's current page and counts as a
/// reading day for the streak.
public struct ProgressUpdate: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<ProgressUpdate>

    public var id: ID
    public var userID: User.ID
    public var entryID: LibraryEntry.ID
    public var page: Int
    /// "N% through", for an edition without a page count (`page` is then the current page as it was).
    public var percent: Int?
    public var recordedAt: Date

    public init(
        id: ID = .random(), userID: User.ID, entryID: LibraryEntry.ID, page: Int, percent: Int? = nil, recordedAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.entryID = entryID
        self.page = page
        self.percent = percent
        self.recordedAt = recordedAt
    }
}

/// A timed stretch of reading one book (SPEC §3, F5).
public struct ReadingSession: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<ReadingSession>

    public var id: ID
    public var userID: User.ID
    public var entryID: LibraryEntry.ID
    public var startedAt: Date
    /// `nil` while the session is running.
    public var endedAt: Date?
    public var startPage: Int
    public var endPage: Int?
    /// True when the reader logged the session afterwards rather than timing it.
    public var loggedAfterwards: Bool

    public init(
        id: ID = .random(), userID: User.ID, entryID: LibraryEntry.ID, startedAt: Date,
        endedAt: Date? = nil, startPage: Int, endPage: Int? = nil, loggedAfterwards: Bool = false
    ) {
        self.id = id
        self.userID = userID
        self.entryID = entryID
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.startPage = startPage
        self.endPage = endPage
        self.loggedAfterwards = loggedAfterwards
    }

    /// Whole minutes between start and end; `nil` while running.
    public var minutes: Int? {
        endedAt.map { max(0, Int(saturating: ($0.timeIntervalSince(startedAt) / 60).rounded())) }
    }

    /// max(0, end page − start page); `nil` while running.
    public var pagesRead: Int? { endPage.map { max(0, $0 - startPage) } }

    /// Pages per hour; `nil` when minutes are 0 or the session is running.
    public var pace: Double? {
        guard let minutes, minutes > 0, let pagesRead else { return nil }
        return Double(pagesRead) / Double(minutes) * 60
    }
}

extension ReadingSession {
    /// The order a book's sessions are listed in: the latest start first, and sessions started
    /// at the same instant by id — the order the database's `ORDER BY started_at DESC, id`
    /// gives, so a book's page lists them alike whether it was read from the kept library or not.
    public static func newestFirst(_ a: ReadingSession, _ b: ReadingSession) -> Bool {
        a.startedAt != b.startedAt ? a.startedAt > b.startedAt : a.id < b.id
    }

    /// The order a library keeps its sessions in: the earliest start first, and sessions started
    /// at the same instant by id — one order whether the library was read whole, patched or
    /// started from its archive (a database's `ORDER BY` orders text ids by its collation).
    public static func oldestFirst(_ a: ReadingSession, _ b: ReadingSession) -> Bool {
        a.startedAt != b.startedAt ? a.startedAt < b.startedAt : a.id < b.id
    }
}
