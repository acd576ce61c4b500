/// Where a notification leads: a place in the product, named by what it is rather than by an
/// address. The web app turns it into a path (`NoticeDestination.path`, BooksTrackWeb); it is
/// stored as ``stored``.
public enum NoticeDestination: Hashable, Sendable {
    /// One goal.
    case goal(Goal.ID)
    /// The goals page.
    case goals
    /// The achievements on the reading page.
    case achievements
    /// The reader's curator contributions.
    case contributions
    /// The books the reader is reading now.
    case readingNow
    /// The notification centre.
    case notifications

    /// How it is kept in the database ("goal:…", "goals", …).
    public var stored: String {
        switch self {
        case .goal(let id): "goal:" + id.string
        case .goals: "goals"
        case .achievements: "achievements"
        case .contributions: "contributions"
        case .readingNow: "reading-now"
        case .notifications: "notifications"
        }
    }

    /// A stored destination; `nil` for one this build does not know.
    public init?(stored: String) {
        switch stored {
        case "goals": self = .goals
        case "achievements": self = .achievements
        case "contributions": self = .contributions
        case "reading-now": self = .readingNow
        case "notifications": self = .notifications
        default:
            guard stored.hasPrefix("goal:"), let id = Goal.ID(String(stored.dropFirst(5))) else { return nil }
            self = .goal(id)
        }
    }
}

extension NoticeDestination: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let destination = NoticeDestination(stored: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a notice destination: \(text)")
        }
        self = destination
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stored)
    }
}
