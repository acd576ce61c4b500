/// Where a book stands for one reader. These six values are final (SPEC §3); the seeds'
/// other spellings are mapped onto them by the importers.
public enum ReadingStatus: String, CaseIterable, Sendable, Codable, Hashable {
    /// Wanted, not owned.
    case wishlist
    /// Owned, not read yet.
    case toRead
    case reading
    case read
    case onHold
    /// Did not finish.
    case dnf

    /// The label a reader sees: one name per status on every face (SPEC §3), so "Want to read"
    /// is always the wishlist and "To read (owned)" always the books the reader has.
    public var displayName: String {
        switch self {
        case .wishlist: "Want to read"
        case .toRead: "To read (owned)"
        case .reading: "Reading"
        case .read: "Read"
        case .onHold: "On hold"
        case .dnf: "Did not finish"
        }
    }

    /// Parses the canonical name, also accepting the usual variants (`to-read`, `DNF`, `on hold`).
    public init?(lenient text: String) {
        let key = text.lowercased().filter { $0.isLetter }
        switch key {
        case "wishlist", "wanttoread", "want": self = .wishlist
        case "toread", "tbr", "tobe read", "toberead": self = .toRead
        case "reading", "currentlyreading": self = .reading
        case "read", "finished": self = .read
        case "onhold", "paused": self = .onHold
        case "dnf", "didnotfinish", "abandoned": self = .dnf
        default: return nil
        }
    }
}
