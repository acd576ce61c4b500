import BooksTrackCore
import BooksTrackStore

extension StoreError {
    /// The sentence a person reads, in the web app, the API and the command line alike. Written
    /// here once; the store only says what happened.
    public var message: String {
        switch self {
        case .configuration(let text), .unavailable(let text): text
        case .newerSchema(let found, let known):
            "This database was last used by a newer BooksTrack (schema version \(found); this one knows up to \(known)). Update BooksTrack before using it."
        case .conflict(let conflict):
            switch conflict {
            case .userName(let name): "There is already a user called “\(name)”."
            case .ownerExists: "This BooksTrack already has an owner. Sign in instead."
            case .ownerHasReaders: "You own this BooksTrack; other readers still use it, so the account cannot be deleted."
            case .duplicate: "Someone else just saved the same thing. Reload the page to see it."
            case .sessionRunning: "A reading session is already running. Stop it before starting another."
            case .tooManyShareLinks(let limit):
                "You already have \(limit) share links. Revoke one on your account page before making another."
            case .goalChanged:
                "This goal was changed somewhere else after you opened it. Here it is as it is now: make your change again."
            }
        case .notFound(let missing):
            switch missing {
            case .reader: "There is no such reader."
            case .entry: "There is no such book in your library."
            case .work: "There is no such book."
            case .author: "There is no such author."
            case .authorInLibrary: "There is no such author among your books."
            case .authorOfBook: "This person is not among the book’s authors."
            case .invitation: "This invitation has expired or has already been used. Ask for a new one."
            case .notification: "There is no such notification."
            case .candidate: "There is no such question about an author in your library."
            case .session: "There is no such reading session in your library."
            case .goal: "There is no such goal."
            case .shareLink: "There is no such share link. It may have been revoked."
            }
        case .invalid(let invalid):
            switch invalid {
            case .userName(let problem): problem.description
            case .factValue(let kind, let value): AuthorFactInput.problem(kind, value)
            case .untitledBook: "A book needs a title."
            case .session(let problem): problem.description
            case .sessionNeedsEnd:
                "This session has been running for more than 12 hours. Say when you really stopped and on which page."
            case .storedValue(let column, let value):
                "The database holds “\(value)” in \(column), which BooksTrack cannot read. Was it edited by hand?"
            }
        }
    }
}
