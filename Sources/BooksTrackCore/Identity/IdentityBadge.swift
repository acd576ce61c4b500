import Foundation

/// The four identity badges of seed 002 (issue 20 item 5). A reader records which apply to a book
/// or to one of its authors — only where the author or a public source states it, never by
/// guessing — and each carries who said so and where, like every other fact.
public enum IdentityBadgeKind: String, CaseIterable, Sendable, Codable, Hashable {
    case ownVoices = "own-voices"
    case cultural
    case queer
    case neurodivergent

    public var displayName: String {
        switch self {
        case .ownVoices: "Own voices"
        case .cultural: "Cultural"
        case .queer: "Queer"
        case .neurodivergent: "Neurodivergent"
        }
    }

    /// What the badge says, for the form and the insights card.
    public var meaning: String {
        switch self {
        case .ownVoices: "The author shares the identity or experience at the heart of the book."
        case .cultural: "The author writes from and about their own culture or community."
        case .queer: "The author is LGBTQ+, or the book centres LGBTQ+ lives as the author says."
        case .neurodivergent: "The author is neurodivergent (autistic, ADHD, dyslexic…), in their own words."
        }
    }

    public init?(lenient text: String) {
        let key = text.lowercased().filter { $0.isLetter }
        guard
            let kind = Self.allCases.first(where: {
                $0.rawValue.filter(\.isLetter) == key || $0.displayName.lowercased().filter(\.isLetter) == key
            })
        else { return nil }
        self = kind
    }
}

/// Who states that a badge applies: the only two grounds BooksTrack counts.
public enum BadgeStatement: String, CaseIterable, Sendable, Codable, Hashable {
    /// The author says so: an interview, their own site, a foreword.
    case author
    /// A public source says so: the publisher, an encyclopaedia, a news article.
    case publicSource = "public-source"

    public var displayName: String {
        switch self {
        case .author: "The author says so"
        case .publicSource: "A public source says so"
        }
    }
}

/// What a badge is about: the reader's book, or one of its authors.
public enum BadgeSubject: Hashable, Sendable {
    case work(Work.ID)
    case author(Author.ID)
}

/// A recorded badge as a reader sees it.
public struct IdentityBadgeRecord: Hashable, Sendable {
    public typealias ID = TypedID<IdentityBadgeRecord>
    public var id: ID
    public var kind: IdentityBadgeKind
    public var subject: BadgeSubject
    public var statedBy: BadgeStatement
    /// Where it is stated: an address, or the interview, book or page.
    public var source: String
    /// Shown to the instance's other readers of the author (only an author's badge with a public
    /// source's address).
    public var shared: Bool
    /// Whether the reader looking recorded it (else another reader shared it).
    public var mine: Bool
    public var recordedAt: Date

    public init(
        id: ID, kind: IdentityBadgeKind, subject: BadgeSubject, statedBy: BadgeStatement, source: String, shared: Bool,
        mine: Bool, recordedAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.subject = subject
        self.statedBy = statedBy
        self.source = source
        self.shared = shared
        self.mine = mine
        self.recordedAt = recordedAt
    }

    /// The source's address when it is one (`http`/`https`), for a link.
    public var sourceURL: URL? { IdentityBadgeDraft.webAddress(source) }
}
