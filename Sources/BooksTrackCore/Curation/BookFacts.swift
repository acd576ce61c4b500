import Foundation

/// A fact about a book that progressive profiling asks for (SPEC F4). Region and gender are
/// facts about the book's authors (shared by all their books); the others belong to the work,
/// except the reading language, which is the reader's edition. Genre is asked like the others but
/// is not diversity data: it is left out of a book's completion (``diversity``) and has no radar axis.
public enum BookFact: String, Codable, Hashable, Sendable, CaseIterable {
    case region, gender, originalLanguage, readingLanguage, firstPublished, ownVoices, accessibility, genre

    /// The facts a book's completion ring counts: every fact but genre.
    public static let diversity: [BookFact] = allCases.filter { $0 != .genre }

    public var displayName: String {
        switch self {
        case .region: "Author’s cultural background"
        case .gender: "Author’s gender"
        case .originalLanguage: "Original language"
        case .readingLanguage: "Language you read it in"
        case .firstPublished: "First published"
        case .ownVoices: "Own voices"
        case .accessibility: "Accessible formats"
        case .genre: "Genre"
        }
    }

    /// The success message's title: "Cultural background saved!".
    public var savedTitle: String {
        switch self {
        case .region: "Cultural background saved!"
        case .gender: "Gender saved!"
        case .originalLanguage: "Original language saved!"
        case .readingLanguage: "Reading language saved!"
        case .firstPublished: "Publication year saved!"
        case .ownVoices: "Own-voices answer saved!"
        case .accessibility: "Accessible format saved!"
        case .genre: "Genre saved!"
        }
    }

    /// A stored answer ("africa", "ja", "yes") as a reader reads it; unknown text as it is.
    public func displayValue(of stored: String) -> String {
        switch self {
        case .region: CulturalRegion(rawValue: stored)?.displayName ?? stored
        case .gender: Gender(rawValue: stored)?.displayName ?? stored
        case .originalLanguage, .readingLanguage: LanguageCode(lenient: stored)?.englishName ?? stored
        case .firstPublished: stored
        case .ownVoices: YesNo(rawValue: stored).map { $0 == .yes ? "Yes" : "No" } ?? stored
        case .accessibility: AccessibilityTag.label(stored)
        case .genre: stored
        }
    }

    /// The author fact this answers, for facts about authors.
    public var authorFactKind: AuthorFactKind? {
        switch self {
        case .region: .region
        case .gender: .gender
        default: nil
        }
    }

    /// The radar axis a "+" for this fact belongs to first; none for genre.
    public var axis: RadarAxis? {
        switch self {
        case .region: .cultural
        case .gender: .gender
        case .originalLanguage: .language
        case .readingLanguage: .translation
        case .firstPublished: .era
        case .ownVoices: .ownVoices
        case .accessibility: .accessibility
        case .genre: nil
        }
    }
}

/// What is known about one of a reader's books, for its radar, its completion ring and the
/// questions still to ask.
public struct BookFacts: Hashable, Sendable {
    public var entryID: LibraryEntry.ID
    public var workID: Work.ID
    public var title: String
    /// The work's authors in order (not translators).
    public var authors: [Author]
    public var originalLanguage: LanguageCode?
    /// The edition's language.
    public var editionLanguage: LanguageCode?
    /// The reader's primary language, assumed when the edition's is unknown (SPEC §4).
    public var primaryLanguage: LanguageCode?
    public var firstPublishedYear: Int?
    public var ownVoices: YesNo?
    public var accessibilityTags: [String]
    public var genres: [String]
    /// Whether the work names a translator: then the edition's language is not its original.
    public var hasTranslator = false

    public init(entry: LibraryEntry, work: Work, edition: Edition?, authors: [Author], primaryLanguage: LanguageCode?) {
        entryID = entry.id
        workID = work.id
        title = work.title
        self.authors = authors
        originalLanguage = work.originalLanguage
        editionLanguage = edition?.details.language
        self.primaryLanguage = primaryLanguage
        firstPublishedYear = work.firstPublishedYear
        ownVoices = work.ownVoices
        accessibilityTags = work.accessibilityTags
        genres = work.genres
        hasTranslator = work.contributors.contains { $0.role == .translator }
    }

    /// The language the book was read in: the edition's, else the reader's primary language.
    public var readingLanguage: LanguageCode? { editionLanguage ?? primaryLanguage }

    /// Read in translation: the reading language differs from the original; `nil` when either is unknown.
    public var translated: Bool? {
        guard let originalLanguage, let readingLanguage else { return nil }
        return originalLanguage != readingLanguage
    }

    /// Whether a fact is known. Author facts are known when every author has them.
    public func isKnown(_ fact: BookFact) -> Bool {
        switch fact {
        case .region: !authors.isEmpty && authors.allSatisfy { $0.region != nil }
        case .gender: !authors.isEmpty && authors.allSatisfy { $0.gender != nil }
        case .originalLanguage: originalLanguage != nil
        case .readingLanguage: readingLanguage != nil
        case .firstPublished: firstPublishedYear != nil
        case .ownVoices: ownVoices != nil
        case .accessibility: !accessibilityTags.isEmpty
        case .genre: !genres.isEmpty
        }
    }

    /// The diversity facts not known yet, in asking order.
    public var missing: [BookFact] { BookFact.diversity.filter { !isKnown($0) } }

    /// The completion ring's value: known diversity facts ÷ all of them (0…1).
    public var completion: Double {
        Double(BookFact.diversity.count - missing.count) / Double(BookFact.diversity.count)
    }

    /// The current value of a fact as a reader reads it ("Africa", "1958"); `nil` when unknown.
    public func display(_ fact: BookFact) -> String? {
        func joined(_ values: [String]) -> String? {
            let unique = values.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            return unique.isEmpty ? nil : unique.joined(separator: ", ")
        }
        switch fact {
        case .region: return joined(authors.compactMap { $0.region?.displayName })
        case .gender: return joined(authors.compactMap { $0.gender?.value.displayName })
        case .originalLanguage: return originalLanguage?.englishName
        case .readingLanguage:
            guard let readingLanguage else { return nil }
            return readingLanguage.englishName + (editionLanguage == nil ? " (your usual language)" : "")
        case .firstPublished: return firstPublishedYear.map(String.init)
        case .ownVoices: return ownVoices.map { $0 == .yes ? "Yes" : "No" }
        case .accessibility:
            return accessibilityTags.isEmpty ? nil : accessibilityTags.map(AccessibilityTag.label).joined(separator: ", ")
        case .genre: return joined(genres)
        }
    }
}

extension ReaderLibrary {
    /// The facts of one of the reader's entries.
    public func facts(of entry: LibraryEntry) -> BookFacts? {
        guard let work = works[entry.workID] else { return nil }
        return BookFacts(
            entry: entry, work: work, edition: entry.editionID.flatMap { editions[$0] }, authors: authors(of: entry),
            primaryLanguage: user.settings.primaryLanguage)
    }
}
