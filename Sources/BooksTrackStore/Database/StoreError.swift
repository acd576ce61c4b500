/// Errors the store reports, each with a message a person can act on.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database location or settings are wrong.
    case configuration(String)
    /// The database cannot be reached or opened.
    case unavailable(String)
    /// The database was written by a newer BooksTrack.
    case newerSchema(found: Int, known: Int)
    /// A name or value that must be unique is taken.
    case conflict(String)
    /// A thing does not exist for this reader (or at all: the store does not say which).
    case notFound(String)
    /// The request cannot be carried out as asked.
    case invalid(String)

    public var description: String {
        switch self {
        case .configuration(let message), .unavailable(let message), .conflict(let message),
            .notFound(let message), .invalid(let message):
            message
        case .newerSchema(let found, let known):
            "This database was last used by a newer BooksTrack (schema version \(found); this one knows up to \(known)). Update BooksTrack before using it."
        }
    }
}
