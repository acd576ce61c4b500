import Foundation

/// A reading goal (SPEC F6). Progress is never stored: it is derived from the library.
public struct Goal: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<Goal>

    public enum Kind: String, Sendable, Codable, Hashable, CaseIterable {
        case books
        case pages
        case minutes
        case streakDays
        /// A count of books matching ``Criteria`` ("5 books from Africa").
        case diversity
        /// A share of books matching ``Criteria`` ("≥ 50% women authors"); target is a percentage.
        case share
        /// Books in a genre or on a shelf, or owned books ("TBR stack buster").
        case category
        case authorsExplored
        case genresExplored
        /// Distinct cultural regions of the authors read ("Around the world: all 11 regions").
        case regionsExplored
        /// Distinct countries of the authors read ("Read the world: 25 countries").
        case countriesExplored
        /// Distinct decades of first publication, from ``Criteria/sinceYear``'s decade on ("a book
        /// from every decade since 1850").
        case decadesExplored
    }

    public enum Status: String, Sendable, Codable, Hashable, CaseIterable {
        case active
        case paused
        case completed
        case abandoned
    }

    public enum Cadence: String, Sendable, Codable, Hashable, CaseIterable {
        case year
        case month
        case week
        case custom
    }

    /// What a book must be to count toward a diversity, share or category goal.
    public struct Criteria: Hashable, Sendable, Codable {
        public var regions: [CulturalRegion]
        public var genders: [Gender]
        public var marginalizedOnly: Bool
        public var languages: [LanguageCode]
        public var translatedOnly: Bool
        public var genre: String?
        public var shelf: String?
        public var ownedOnly: Bool
        /// A decades goal's first decade (a year ending in 0); books first published before it, or
        /// with no known year, do not count.
        public var sinceYear: Int?
        /// A share goal's fewest books with the fact known for it to complete (SPEC F6; nil:
        /// ``Goal/defaultShareMinimum``).
        public var minimumBooks: Int?

        public init(
            regions: [CulturalRegion] = [], genders: [Gender] = [], marginalizedOnly: Bool = false,
            languages: [LanguageCode] = [], translatedOnly: Bool = false, genre: String? = nil,
            shelf: String? = nil, ownedOnly: Bool = false, sinceYear: Int? = nil, minimumBooks: Int? = nil
        ) {
            self.sinceYear = sinceYear
            self.minimumBooks = minimumBooks
            self.regions = regions
            self.genders = genders
            self.marginalizedOnly = marginalizedOnly
            self.languages = languages
            self.translatedOnly = translatedOnly
            self.genre = genre
            self.shelf = shelf
            self.ownedOnly = ownedOnly
        }

        private enum CodingKeys: String, CodingKey {
            case regions, genders, marginalizedOnly, languages, translatedOnly, genre, shelf, ownedOnly, sinceYear
            case minimumBooks
        }

        /// Read leniently: a criterion left out means "any" (a backup written by hand, or before the
        /// field existed), so a goal is never refused for what it does not ask.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                regions: try c.decodeIfPresent([CulturalRegion].self, forKey: .regions) ?? [],
                genders: try c.decodeIfPresent([Gender].self, forKey: .genders) ?? [],
                marginalizedOnly: try c.decodeIfPresent(Bool.self, forKey: .marginalizedOnly) ?? false,
                languages: try c.decodeIfPresent([LanguageCode].self, forKey: .languages) ?? [],
                translatedOnly: try c.decodeIfPresent(Bool.self, forKey: .translatedOnly) ?? false,
                genre: try c.decodeIfPresent(String.self, forKey: .genre),
                shelf: try c.decodeIfPresent(String.self, forKey: .shelf),
                ownedOnly: try c.decodeIfPresent(Bool.self, forKey: .ownedOnly) ?? false,
                sinceYear: try c.decodeIfPresent(Int.self, forKey: .sinceYear),
                minimumBooks: try c.decodeIfPresent(Int.self, forKey: .minimumBooks))
        }
    }

    /// The final figures of a completed goal, kept even if the library is later reset.
    public struct Snapshot: Hashable, Sendable, Codable {
        public var progress: Double
        public var books: Int
        public var pages: Int
        public var countries: Int
        /// A goal that asks for regions: the regions its books reached (absent in snapshots
        /// taken before they were kept, and for other goals).
        public var regions: [CulturalRegion]?

        public init(progress: Double, books: Int, pages: Int, countries: Int, regions: [CulturalRegion]? = nil) {
            self.progress = progress
            self.books = books
            self.pages = pages
            self.countries = countries
            self.regions = regions
        }
    }

    public var id: ID
    public var userID: User.ID
    public var title: String
    public var kind: Kind
    public var target: Int
    public var cadence: Cadence
    /// Whether a year/month/week goal starts again when its period ends.
    public var recurring: Bool
    public var startsOn: LocalDate
    public var endsOn: LocalDate
    public var criteria: Criteria
    public var status: Status
    public var createdAt: Date
    public var completedAt: Date?
    public var snapshot: Snapshot?
    /// When the stored goal last changed (an edit, a status, completion): its version for
    /// If-Match, so the later of two devices' edits is told (`nil` until it is stored).
    public var updatedAt: Date?

    public init(
        id: ID = .random(), userID: User.ID, title: String, kind: Kind, target: Int,
        cadence: Cadence, recurring: Bool = false, startsOn: LocalDate, endsOn: LocalDate,
        criteria: Criteria = Criteria(), status: Status = .active, createdAt: Date,
        completedAt: Date? = nil, snapshot: Snapshot? = nil, updatedAt: Date? = nil
    ) {
        self.updatedAt = updatedAt
        self.id = id
        self.userID = userID
        self.title = title
        self.kind = kind
        self.target = target
        self.cadence = cadence
        self.recurring = recurring
        self.startsOn = startsOn
        self.endsOn = endsOn
        self.criteria = criteria
        self.status = status
        self.createdAt = createdAt
        self.completedAt = completedAt
        self.snapshot = snapshot
    }
}

/// A goal's 25/50/75/100% mark, recorded once when first crossed.
public struct Milestone: Hashable, Sendable, Codable {
    public var goalID: Goal.ID
    public var percent: Int
    public var reachedAt: Date

    public init(goalID: Goal.ID, percent: Int, reachedAt: Date) {
        self.goalID = goalID
        self.percent = percent
        self.reachedAt = reachedAt
    }
}

extension Goal {
    /// Active and `day` falls in its dates: a goal the reader is working on that day.
    public func isRunning(on day: LocalDate) -> Bool { status == .active && startsOn <= day && day <= endsOn }
}
