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
    /// Adds a genre (one of ``GenreChoice/labels``).
    case genre(String)

    /// Checks a reader's answer to a prompt for a fact. `authorID` is required for author facts;
    /// `today` bounds a first publication as the book form does (not after next year).
    public static func parse(_ fact: BookFact, authorID: Author.ID?, value raw: String, today: LocalDate) throws(PromptInputError)
        -> FactChange
    {
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
            guard let year = Int(value) else {
                throw PromptInputError("Enter the year as a number, like 1958 (or −800 for 800 BCE).")
            }
            let latest = today.year + 1
            guard (-5000...latest).contains(year) else {
                throw PromptInputError("Enter a year from −5000 (5000 BCE) to \(latest); “\(value)” is outside them.")
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
        case .genre:
            guard let genre = GenreChoice.canonical(value) else {
                throw PromptInputError("“\(value)” is not one of the genres offered; pick the nearest one.")
            }
            return .genre(genre)
        }
    }

    /// The value in its stored text form.
    public var storedValue: String {
        switch self {
        case .author(_, _, let value): value
        case .originalLanguage(let language), .readingLanguage(let language): language.code
        case .firstPublished(let year): String(year)
        case .ownVoices(let answer): answer.rawValue
        case .accessibility(let tag), .genre(let tag): tag
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
        case .genre: .genre
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

// MARK: Decisions the store carries out

extension FactChange {
    /// Whether recording this author fact changes anything, given every statement made about the
    /// author so far: not when a person's statement of this very value already stands (a double
    /// submit, or a second reader agreeing), which then earns no points either.
    public func changesAuthorFact(history: [AuthorFactAssertion]) -> Bool {
        guard case .author(_, let kind, let value) = self else { return false }
        guard let winner = AuthorFactAssertion.winner(among: history.filter { $0.kind == kind }) else { return true }
        return !(winner.value == value && winner.provenance.source.isEnteredByPerson)
    }

    /// The work with this change applied, or `nil` when it already says so (or the change is not
    /// about the work).
    public func applied(to work: Work) -> Work? {
        var changed = work
        switch self {
        case .author, .readingLanguage: return nil
        case .originalLanguage(let language): changed.originalLanguage = language
        case .firstPublished(let year): changed.firstPublishedYear = year
        case .ownVoices(let answer): changed.ownVoices = answer
        case .accessibility(let tag):
            guard !work.accessibilityTags.contains(tag) else { return nil }
            changed.accessibilityTags.append(tag)
        case .genre(let genre):
            let key = genre.lowercased()
            guard !work.genres.contains(where: { $0.lowercased() == key }) else { return nil }
            changed.genres.append(genre)
        }
        return changed == work ? nil : changed
    }

    /// The edition details with the reading language applied, or `nil` when they already say so
    /// (or the change is not about the edition).
    public func applied(to details: EditionDetails) -> EditionDetails? {
        guard case .readingLanguage(let language) = self, details.language != language else { return nil }
        var changed = details
        changed.language = language
        return changed
    }
}

extension Curation {
    /// What saving one answer earns.
    public struct Award: Hashable, Sendable {
        /// The contribution to record; `nil` when the answer changed nothing.
        public var contribution: Contribution?
        /// Achievements the contribution unlocks (the Curator badge at the first level).
        public var unlocks: [AchievementUnlock]
    }

    /// Decides the contribution and the badges of an answer that filled in `books` of the
    /// reader's books, from what the reader had before: `contributions` so far and the
    /// achievements already unlocked.
    public static func award(
        _ change: FactChange, changed: Bool, books: Int, userID: User.ID, workID: Work.ID, note: String?,
        contributions: Int, unlocked: Set<String>, now: Date
    ) -> Award {
        guard changed else { return Award(contribution: nil, unlocks: []) }
        let note = note.map(TextNormalization.trim).map { String($0.prefix(noteLimit)) }
        let contribution = Contribution(
            userID: userID, authorID: change.authorID, workID: workID, fact: change.fact.rawValue, value: change.storedValue,
            note: note?.isEmpty == false ? note : nil, points: points(books: books), recordedAt: now)
        let reachesCurator = contributions + 1 >= levels[0].threshold && !unlocked.contains(achievement)
        return Award(
            contribution: contribution,
            unlocks: reachesCurator ? [AchievementUnlock(achievement: achievement, unlockedAt: now)] : [])
    }
}
