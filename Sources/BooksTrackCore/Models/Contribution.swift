import Foundation

/// Curator points a reader earned by saving a fact (SPEC F4).
public struct Contribution: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<Contribution>

    public var id: ID
    public var userID: User.ID
    public var authorID: Author.ID?
    public var workID: Work.ID?
    /// The dimension answered: an ``AuthorFactKind`` raw value or a work fact (`originalLanguage`…).
    public var fact: String
    /// The answer in its stored form ("africa", "1958"), when recorded.
    public var value: String?
    /// The reader's optional free text with the answer; private to them.
    public var note: String?
    public var points: Int
    public var recordedAt: Date

    public init(
        id: ID = .random(), userID: User.ID, authorID: Author.ID? = nil, workID: Work.ID? = nil,
        fact: String, value: String? = nil, note: String? = nil, points: Int, recordedAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.authorID = authorID
        self.workID = workID
        self.fact = fact
        self.value = value
        self.note = note
        self.points = points
        self.recordedAt = recordedAt
    }
}

/// An achievement a reader unlocked, stored with its date and notified once (SPEC F7).
public struct AchievementUnlock: Hashable, Sendable, Codable {
    /// The achievement's stable identifier ("firstSteps", "cultureExplorer").
    public var achievement: String
    public var unlockedAt: Date

    public init(achievement: String, unlockedAt: Date) {
        self.achievement = achievement
        self.unlockedAt = unlockedAt
    }
}

/// A message in the reader's in-app notification centre.
public struct AppNotification: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<AppNotification>

    public var id: ID
    public var userID: User.ID
    public var kind: String
    public var title: String
    public var body: String
    /// Where it leads.
    public var destination: NoticeDestination?
    public var createdAt: Date
    public var readAt: Date?
    /// What it is about, once only ("achievement:bookworm", "goal:…:50").
    public var key: String?

    public init(
        id: ID = .random(), userID: User.ID, kind: String, title: String, body: String,
        destination: NoticeDestination? = nil, createdAt: Date, readAt: Date? = nil, key: String? = nil
    ) {
        self.key = key
        self.id = id
        self.userID = userID
        self.kind = kind
        self.title = title
        self.body = body
        self.destination = destination
        self.createdAt = createdAt
        self.readAt = readAt
    }
}
