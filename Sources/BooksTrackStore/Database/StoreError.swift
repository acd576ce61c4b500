import BooksTrackCore
import Foundation

/// What the store reports. Cases say *what* went wrong in terms of the data; the sentences a
/// person reads are written by the face that shows them (`StoreError.message` in BooksTrackApp).
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database location or settings are wrong (the text says which setting and why).
    case configuration(String)
    /// The database cannot be reached or opened (the text carries the driver's reason).
    case unavailable(String)
    /// The database was written by a newer BooksTrack.
    case newerSchema(found: Int, known: Int)
    /// A name or value that must be unique is taken.
    case conflict(Conflict)
    /// A thing does not exist for this reader (or at all: the store does not say which).
    case notFound(Missing)
    /// The request cannot be carried out as asked.
    case invalid(Invalid)

    /// The database is being closed (the server is stopping): nothing more is handed out.
    static let stopping = StoreError.unavailable("BooksTrack is stopping; try again in a moment.")

    /// Something that must be unique, or a state that refuses the change.
    public enum Conflict: Equatable, Sendable {
        /// Another account has this login name (compared without case).
        case userName(String)
        /// The instance already has an owner.
        case ownerExists
        /// The owner cannot delete their account while other readers remain.
        case ownerHasReaders
        /// A row violated a unique constraint on this table (two writers raced).
        case duplicate(table: String)
        /// The reader already has a running session (one at a time, SPEC F5).
        case sessionRunning(ReadingSession.ID)
        /// The reader already has as many share links as anyone may keep.
        case tooManyShareLinks(limit: Int)
        /// The goal changed since the version the edit started from (another device saved first).
        case goalChanged(Goal.ID)
    }

    /// What was not found.
    public enum Missing: Equatable, Sendable {
        case reader
        case entry(LibraryEntry.ID)
        case work(Work.ID)
        case author(Author.ID)
        /// The author exists but wrote none of the reader's books.
        case authorInLibrary(Author.ID)
        /// The person is not among this book's authors.
        case authorOfBook(Author.ID)
        /// The invitation has expired or has been used.
        case invitation
        case notification(AppNotification.ID)
        /// A possible identification of an author that is not for this reader's books.
        case candidate(AuthorCandidate.ID)
        case session(ReadingSession.ID)
        case goal(Goal.ID)
        /// A share link that does not exist, was revoked or is someone else's.
        case shareLink
    }

    /// Why a value was refused.
    public enum Invalid: Equatable, Sendable {
        /// A login name Core refuses (``User/problem(withName:)``).
        case userName(User.NameProblem)
        /// A value that is not valid for an author fact.
        case factValue(AuthorFactKind, String)
        /// A book the planner refused to add: it has no title.
        case untitledBook
        /// A stored value that cannot be read back (the database was edited by hand).
        case storedValue(column: String, value: String)
        /// A session's pages or times the rules refuse (``SessionRules``).
        case session(SessionRules.Problem)
        /// A session has run longer than anyone reads unattended: its real end must be given.
        case sessionNeedsEnd(startedAt: Date)
    }

    /// For logs: the case, not a sentence for people.
    public var description: String {
        switch self {
        case .configuration(let text), .unavailable(let text): text
        case .newerSchema(let found, let known): "newerSchema(found: \(found), known: \(known))"
        case .conflict(let conflict): "conflict(\(conflict))"
        case .notFound(let missing): "notFound(\(missing))"
        case .invalid(let invalid): "invalid(\(invalid))"
        }
    }
}
