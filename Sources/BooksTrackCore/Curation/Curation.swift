import Foundation

/// An answer to a prompt, checked: which fact of which book or author becomes what.
public enum FactChange: Hashable, Sendable {
    case author(Author.ID, AuthorFactKind, String)
    case originalLanguage(LanguageCode)
    case readingLanguage(LanguageCode)
    case firstPublished(Int)
    case ownVoices(YesNo)
    /// Adds an accessibility tag.
    case accessibility(String)

    /// Checks a reader's answer to a prompt for a fact. `authorID` is required for author facts.
    public static func parse(_ fact: BookFact, authorID: Author.ID?, value raw: String) throws(PromptInputError) -> FactChange {
        let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { throw PromptInputError("Choose an answer, or skip the question.") }
        switch fact {
        case .region, .gender:
            guard let authorID, let kind = fact.authorFactKind else {
                throw PromptInputError("This question is about an author; reload it and answer again.")
            }
            guard let canonical = kind.canonical(value) else {
                throw PromptInputError(
                    fact == .region ? "“\(value)” is not one of the 11 regions." : "“\(value)” is not one of the genders offered."
                )
            }
            return .author(authorID, kind, canonical)
        case .originalLanguage, .readingLanguage:
            guard let language = LanguageCode(lenient: value) else {
                throw PromptInputError("“\(value)” is not a language BooksTrack knows; pick one from the list.")
            }
            return fact == .originalLanguage ? .originalLanguage(language) : .readingLanguage(language)
        case .firstPublished:
            guard let year = Int(value), (-5000...3000).contains(year) else {
                throw PromptInputError("Enter the year as a number, like 1958 (or −800 for 800 BCE).")
            }
            return .firstPublished(year)
        case .ownVoices:
            guard let answer = YesNo(lenient: value) else { throw PromptInputError("Answer yes or no.") }
            return .ownVoices(answer)
        case .accessibility:
            guard let tag = AccessibilityTag.canonical(value) else {
                throw PromptInputError("“\(value)” is not one of the formats offered.")
            }
            return .accessibility(tag)
        }
    }

    /// The value in its stored text form.
    public var storedValue: String {
        switch self {
        case .author(_, _, let value): value
        case .originalLanguage(let language), .readingLanguage(let language): language.code
        case .firstPublished(let year): String(year)
        case .ownVoices(let answer): answer.rawValue
        case .accessibility(let tag): tag
        }
    }

    /// The fact this changes.
    public var fact: BookFact {
        switch self {
        case .author(_, let kind, _): kind == .gender ? .gender : .region
        case .originalLanguage: .originalLanguage
        case .readingLanguage: .readingLanguage
        case .firstPublished: .firstPublished
        case .ownVoices: .ownVoices
        case .accessibility: .accessibility
        }
    }

    /// The value as a reader reads it.
    public var displayValue: String { fact.displayValue(of: storedValue) }

    public var authorID: Author.ID? {
        if case .author(let id, _, _) = self { return id }
        return nil
    }
}

/// A prompt answer that cannot be saved, with the message a reader sees.
public struct PromptInputError: Error, Hashable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Curator points and levels (SPEC F4).
public enum Curation {
    public static let pointsPerFact = 5
    /// For each further book of the author an author fact fills in.
    public static let pointsPerExtraBook = 5
    /// Longest optional free text kept with an answer.
    public static let noteLimit = 500

    /// The points of one saved fact that fills in `books` of the reader's books (at least one).
    public static func points(books: Int) -> Int { pointsPerFact + pointsPerExtraBook * max(0, books - 1) }

    public struct Level: Hashable, Sendable, Codable {
        public var name: String
        /// Contributions needed.
        public var threshold: Int
    }

    /// The Curator badge at 5 contributions, then three more levels.
    public static let levels: [Level] = [
        Level(name: "Curator", threshold: 5), Level(name: "Dedicated curator", threshold: 25),
        Level(name: "Expert curator", threshold: 100), Level(name: "Master curator", threshold: 250),
    ]

    /// The achievement unlocked at the first level (SPEC F7 "Curator").
    public static let achievement = "curator"
}

/// A reader's curator standing: contributions, points, level and what the next level needs.
public struct CuratorStanding: Codable, Hashable, Sendable {
    public var contributions: Int
    public var points: Int
    /// `nil` before the first level.
    public var level: Curation.Level?
    public var nextLevel: Curation.Level?

    public init(_ contributions: [Contribution]) {
        self.contributions = contributions.count
        points = contributions.reduce(0) { $0 + $1.points }
        level = Curation.levels.last { $0.threshold <= contributions.count }
        nextLevel = Curation.levels.first { $0.threshold > contributions.count }
    }

    /// Contributions still needed for the next level.
    public var toNextLevel: Int? { nextLevel.map { $0.threshold - contributions } }
}
