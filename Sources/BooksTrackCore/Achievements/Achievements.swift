import Foundation

/// How rare an achievement is (seed 003): what the badge's colour and border say.
public enum Rarity: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    case common, uncommon, rare, epic, legendary

    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    public static func < (lhs: Rarity, rhs: Rarity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What a reader has done, as far as achievements look (SPEC F7): worked out from the library,
/// the reading days and the curator contributions.
public struct AchievementFacts: Hashable, Sendable, Codable {
    /// Books read: a finished read-through, or marked read without a date.
    public var books: Int
    /// Distinct cultural regions of the authors of the books read (known ones only).
    public var regions: Int
    /// Distinct original languages of the books read (known ones only).
    public var languages: Int
    /// Books read with a rating, and their average in stars.
    public var ratedBooks: Int
    public var averageRating: Double?
    /// The longest run of consecutive reading days ever.
    public var longestStreak: Int
    public var contributions: Int

    public init(
        books: Int = 0, regions: Int = 0, languages: Int = 0, ratedBooks: Int = 0, averageRating: Double? = nil,
        longestStreak: Int = 0, contributions: Int = 0
    ) {
        self.books = books
        self.regions = regions
        self.languages = languages
        self.ratedBooks = ratedBooks
        self.averageRating = averageRating
        self.longestStreak = longestStreak
        self.contributions = contributions
    }
}

extension AchievementFacts {
    /// The facts from what the database counts, for a process that keeps no copy of the reader's
    /// library (the command line, or a server's first write for a reader): the same figures as
    /// ``LibraryFigures/achievementFacts(contributions:)`` works out from a kept one. `books`,
    /// `regions`, `languages` and the ratings are over the books read at some time; `finished`
    /// are the dates of every finished read-through, and with the sessions and progress updates
    /// they make the reading days (in `timeZone`, as ``Streak`` counts them).
    public init(
        books: Int, regions: Int, languages: Int, ratedBooks: Int, ratingQuarters: Int, finished: [LocalDate],
        sessions: [(start: Date, end: Date?)], progress: [Date], timeZone: TimeZone, contributions: Int
    ) {
        let days = ReadingDays(finished: finished, progress: progress, sessions: sessions, timeZone: timeZone).days
        self.init(
            books: books, regions: regions, languages: languages, ratedBooks: ratedBooks,
            averageRating: ratedBooks > 0 ? Double(ratingQuarters) / Double(ratedBooks) / 4 : nil,
            longestStreak: ReadingDays.longestRun(days), contributions: contributions)
    }
}

/// An achievement and its rule: every requirement must be met.
public struct Achievement: Hashable, Sendable {
    /// The stable identifier stored with an unlock ("firstSteps", "curator").
    public var id: String
    public var name: String
    /// The rule in words: "Read 10 books".
    public var rule: String
    public var rarity: Rarity
    public var symbol: String
    public var requirements: [Requirement]

    public enum Measure: String, Hashable, Sendable, Codable {
        case books, regions, languages, ratedBooks, averageRating, streakDays, contributions

        /// The unit after a figure: "7 / 10 books".
        public var unit: String {
            switch self {
            case .books: "books"
            case .regions: "regions"
            case .languages: "languages"
            case .ratedBooks: "rated books"
            case .averageRating: "average stars"
            case .streakDays: "days in a row"
            case .contributions: "facts added"
            }
        }

        func value(in facts: AchievementFacts) -> Double {
            switch self {
            case .books: Double(facts.books)
            case .regions: Double(facts.regions)
            case .languages: Double(facts.languages)
            case .ratedBooks: Double(facts.ratedBooks)
            case .averageRating: facts.averageRating ?? 0
            case .streakDays: Double(facts.longestStreak)
            case .contributions: Double(facts.contributions)
            }
        }
    }

    public struct Requirement: Hashable, Sendable {
        public var measure: Measure
        public var target: Double
    }
}

/// Where a reader stands on one achievement: unlocked (with its date, once stored) or how far
/// along ("7 / 10 books").
public struct AchievementStanding: Hashable, Sendable {
    public var achievement: Achievement
    /// Each requirement's figure now.
    public var parts: [Part]
    /// When it was unlocked, once stored.
    public var unlockedAt: Date?

    public struct Part: Hashable, Sendable {
        public var measure: Achievement.Measure
        public var current: Double
        public var target: Double
        public var met: Bool { current >= target }
    }

    /// Whether every requirement is met now.
    public var earned: Bool { parts.allSatisfy(\.met) }

    /// 0…1: the least advanced requirement (what is left decides).
    public var fraction: Double {
        parts.map { $0.target > 0 ? min(1, max(0, $0.current / $0.target)) : 1 }.min() ?? 1
    }

    /// "7 / 10 books", or "12 / 20 books · 3 / 5 regions".
    public var progressText: String {
        parts.map { part in
            part.measure == .averageRating
                ? "average \(String(format: "%.2f", part.current)) / \(String(format: "%.1f", part.target)) stars"
                : "\(Int(part.current.rounded(.down))) / \(Int(part.target)) \(part.measure.unit)"
        }.joined(separator: " · ")
    }
}

/// The achievements (SPEC F7 and seed 003, plus streak badges and the curator levels), and
/// their rules: pure, from ``AchievementFacts``.
public enum Achievements {
    static func books(_ target: Double) -> [Achievement.Requirement] { [.init(measure: .books, target: target)] }
    static func regions(_ target: Double) -> [Achievement.Requirement] { [.init(measure: .regions, target: target)] }
    /// An average of at least `stars` over at least 10 rated books.
    static func quality(_ stars: Double) -> [Achievement.Requirement] {
        [.init(measure: .ratedBooks, target: 10), .init(measure: .averageRating, target: stars)]
    }
    static func streak(_ days: Double) -> [Achievement.Requirement] { [.init(measure: .streakDays, target: days)] }
    static func curator(_ level: Int) -> [Achievement.Requirement] {
        [.init(measure: .contributions, target: Double(Curation.levels[level].threshold))]
    }

    public static let all: [Achievement] = [
        Achievement(
            id: "firstSteps", name: "First Steps", rule: "Read your first book", rarity: .common, symbol: "📖",
            requirements: books(1)),
        Achievement(
            id: "bookworm", name: "Bookworm", rule: "Read 10 books", rarity: .common, symbol: "🐛", requirements: books(10)),
        Achievement(
            id: "avidReader", name: "Avid Reader", rule: "Read 25 books", rarity: .uncommon, symbol: "📚",
            requirements: books(25)),
        Achievement(
            id: "libraryMaster", name: "Library Master", rule: "Read 50 books", rarity: .rare, symbol: "🏛️",
            requirements: books(50)),
        Achievement(
            id: "readingLegend", name: "Reading Legend", rule: "Read 100 books", rarity: .legendary, symbol: "👑",
            requirements: books(100)),
        Achievement(
            id: "qualityReader", name: "Quality Reader", rule: "Average 4 stars or more over at least 10 rated books",
            rarity: .rare, symbol: "⭐", requirements: quality(4)),
        Achievement(
            id: "globalPerspective", name: "Global Perspective", rule: "Read an author from 1 cultural region",
            rarity: .common, symbol: "🌍", requirements: regions(1)),
        Achievement(
            id: "cultureExplorer", name: "Culture Explorer", rule: "Read authors from 3 cultural regions",
            rarity: .uncommon, symbol: "🧭", requirements: regions(3)),
        Achievement(
            id: "worldTraveler", name: "World Traveler", rule: "Read authors from 5 cultural regions", rarity: .rare,
            symbol: "✈️", requirements: regions(5)),
        Achievement(
            id: "diversityChampion", name: "Diversity Champion", rule: "Read authors from 10 cultural regions",
            rarity: .epic, symbol: "🏆", requirements: regions(10)),
        Achievement(
            id: "polyglot", name: "Polyglot", rule: "Read books first written in 3 languages", rarity: .uncommon,
            symbol: "🗣️", requirements: [.init(measure: .languages, target: 3)]),
        Achievement(
            id: "balancedReader", name: "Balanced Reader", rule: "Read 20 books from 5 cultural regions", rarity: .rare,
            symbol: "⚖️", requirements: books(20) + regions(5)),
        Achievement(
            id: "masterExplorer", name: "Master Explorer",
            rule: "Read 50 books from 8 cultural regions, averaging 4 stars over at least 10 rated books",
            rarity: .legendary, symbol: "🗺️", requirements: books(50) + regions(8) + quality(4)),
        Achievement(
            id: "consistentReader", name: "Consistent Reader", rule: "Read 7 days in a row", rarity: .uncommon,
            symbol: "🔥", requirements: streak(7)),
        Achievement(
            id: "habitFormed", name: "Habit Formed", rule: "Read 30 days in a row", rarity: .rare, symbol: "📅",
            requirements: streak(30)),
        Achievement(
            id: "hundredDays", name: "Hundred Days", rule: "Read 100 days in a row", rarity: .epic, symbol: "💯",
            requirements: streak(100)),
        Achievement(
            id: "yearRound", name: "Year-Round Reader", rule: "Read 365 days in a row", rarity: .legendary, symbol: "🌞",
            requirements: streak(365)),
        Achievement(
            id: Curation.achievement, name: "Curator", rule: "Add 5 facts about your authors", rarity: .uncommon,
            symbol: "🏅", requirements: curator(0)),
        Achievement(
            id: "dedicatedCurator", name: "Dedicated Curator", rule: "Add 25 facts about your authors", rarity: .rare,
            symbol: "🔎", requirements: curator(1)),
        Achievement(
            id: "expertCurator", name: "Expert Curator", rule: "Add 100 facts about your authors", rarity: .epic,
            symbol: "🎓", requirements: curator(2)),
        Achievement(
            id: "masterCurator", name: "Master Curator", rule: "Add 250 facts about your authors", rarity: .legendary,
            symbol: "💎", requirements: curator(3)),
    ]

    /// The achievement with this id, if BooksTrack knows it.
    public static func achievement(_ id: String) -> Achievement? { all.first { $0.id == id } }

    /// Every achievement with where the reader stands: the figures now, and the date of each
    /// stored unlock. An unlock once stored stays (an achievement is never taken back when a
    /// book is deleted).
    public static func standings(_ facts: AchievementFacts, unlocked: [AchievementUnlock]) -> [AchievementStanding] {
        let dates = Dictionary(unlocked.map { ($0.achievement, $0.unlockedAt) }, uniquingKeysWith: min)
        return all.map { achievement in
            AchievementStanding(
                achievement: achievement,
                parts: achievement.requirements.map {
                    .init(measure: $0.measure, current: $0.measure.value(in: facts), target: $0.target)
                }, unlockedAt: dates[achievement.id])
        }
    }

    /// The achievements the facts earn that are not unlocked yet, unlocked `now`.
    public static func newlyEarned(_ facts: AchievementFacts, unlocked: Set<String>, now: Date) -> [AchievementUnlock] {
        standings(facts, unlocked: []).filter { $0.earned && !unlocked.contains($0.achievement.id) }.map {
            AchievementUnlock(achievement: $0.achievement.id, unlockedAt: now)
        }
    }
}
