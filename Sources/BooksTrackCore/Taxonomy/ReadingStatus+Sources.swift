/// How the shelves and statuses of other trackers map onto ``ReadingStatus`` (SPEC §3).
public enum ShelfMapping {
    /// The statuses a shelf name implies, beyond the standard Goodreads shelves.
    ///
    /// Shelf names are compared after folding case and dropping punctuation, so
    /// `Did-Not-Finish`, `did not finish` and `DNF` are the same shelf.
    public static func status(forCustomShelf shelf: String) -> ReadingStatus? {
        let key = shelf.lowercased().filter { $0.isLetter || $0.isNumber }
        if dnfShelves.contains(key) { return .dnf }
        if onHoldShelves.contains(key) { return .onHold }
        if wantedShelves.contains(key) { return .wishlist }
        return nil
    }

    /// Goodreads: `read`, `currently-reading`, `to-read` (wishlist unless a copy is owned),
    /// DNF-like and paused-like shelves, and any other exclusive shelf as to-read.
    ///
    /// - Returns: the status and whether the shelf is a custom one the reader made (which the
    ///   importer keeps as a tag).
    public static func goodreads(exclusiveShelf: String, ownedCopies: Int)
        -> (status: ReadingStatus, isCustomShelf: Bool)
    {
        let key = exclusiveShelf.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "read": return (.read, false)
        case "currentlyreading": return (.reading, false)
        case "toread": return (ownedCopies > 0 ? .toRead : .wishlist, false)
        default:
            if let status = status(forCustomShelf: exclusiveShelf) { return (status, true) }
            return (.toRead, true)
        }
    }

    /// StoryGraph's `Read Status` column, mapped the same way as Goodreads.
    public static func storyGraph(readStatus: String, owned: Bool) -> ReadingStatus? {
        let key = readStatus.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "read": return .read
        case "currentlyreading": return .reading
        case "toread": return owned ? .toRead : .wishlist
        case "paused": return .onHold
        case "didnotfinish": return .dnf
        default: return status(forCustomShelf: readStatus)
        }
    }

    /// Whether a shelf name is one of the standard Goodreads exclusive shelves, which are
    /// statuses rather than tags.
    public static func isStandardGoodreadsShelf(_ shelf: String) -> Bool {
        ["read", "currentlyreading", "toread"].contains(shelf.lowercased().filter { $0.isLetter })
    }

    private static let dnfShelves: Set<String> = [
        "didnotfinish", "dnf", "abandoned", "dropped", "quit", "wontfinish", "wontread",
        "gaveup", "unfinished", "notfinished", "stoppedreading",
    ]
    private static let onHoldShelves: Set<String> = ["paused", "onhold", "hold", "onpause"]
    /// Shelves of books wanted and not owned yet.
    private static let wantedShelves: Set<String> = ["wishlist", "wanttobuy", "wanttoown", "tobuy", "wanttoread"]
}
