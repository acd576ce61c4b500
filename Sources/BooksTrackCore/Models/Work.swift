import Foundation

/// A book in the abstract, shared by every reader on the instance.
public struct Work: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<Work>

    public var id: ID
    public var title: String
    /// Authors in order, primary first. Translators, illustrators and others are
    /// ``contributors``, never authors.
    public var authorIDs: [Author.ID]
    public var contributors: [Contributor]
    public var originalLanguage: LanguageCode?
    /// May be negative (`-800`).
    public var firstPublishedYear: Int?
    public var genres: [String]
    public var ownVoices: YesNo?
    public var accessibilityTags: [String]
    public var identifiers: [ExternalID]

    public init(
        id: ID = .random(), title: String, authorIDs: [Author.ID], contributors: [Contributor] = [],
        originalLanguage: LanguageCode? = nil, firstPublishedYear: Int? = nil, genres: [String] = [],
        ownVoices: YesNo? = nil, accessibilityTags: [String] = [], identifiers: [ExternalID] = []
    ) {
        self.id = id
        self.title = title
        self.authorIDs = authorIDs
        self.contributors = contributors
        self.originalLanguage = originalLanguage
        self.firstPublishedYear = firstPublishedYear
        self.genres = genres
        self.ownVoices = ownVoices
        self.accessibilityTags = accessibilityTags
        self.identifiers = identifiers
    }

    /// The title a book imported from a row without one is given ("Untitled", or "Untitled (ISBN
    /// 978…)" when the row has an ISBN) until the reader or a look-up by its ISBN gives it its own.
    public static let untitled = "Untitled"

    /// Whether a title is that placeholder.
    public static func isUntitled(_ title: String) -> Bool {
        title == untitled || (title.hasPrefix(untitled + " (ISBN ") && title.hasSuffix(")"))
    }

    /// The key that matches the same book across trackers when no identifier does: folded title
    /// (without a series marker) and the primary author's folded name.
    public static func matchKey(title: String, primaryAuthor: String?) -> String {
        TextNormalization.titleKey(title) + "|" + (primaryAuthor.map(TextNormalization.nameKey) ?? "")
    }

    /// The publication era of the work, when its first publication year is known.
    public var era: PublicationEra? { firstPublishedYear.map(PublicationEra.init(year:)) }

    /// Everyone the work names: its authors, then its other contributors (translators, editors).
    public var namedAuthorIDs: [Author.ID] { authorIDs + contributors.map(\.authorID) }
}

/// A person's part in a work other than authorship.
public struct Contributor: Hashable, Sendable, Codable {
    public var authorID: Author.ID
    public var role: ContributorRole

    public init(authorID: Author.ID, role: ContributorRole) {
        self.authorID = authorID
        self.role = role
    }
}

/// An identifier a work or edition has elsewhere.
public struct ExternalID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public enum Scheme: String, Sendable, Codable, Hashable, CaseIterable, Comparable {
        /// A Goodreads book id (an edition on Goodreads).
        case goodreads
        /// A LibraryThing book id (one copy in one catalogue).
        case libraryThing
        /// A LibraryThing work code (every edition of the work).
        case libraryThingWork
        /// A StoryGraph id that is not an ISBN or ASIN.
        case storyGraph
        /// An ISBN in its canonical 13-digit form.
        case isbn
        /// An Amazon ASIN.
        case asin
        case openLibrary
        case wikidata

        /// Schemes whose values name one source's record of a book: two different values of
        /// the same scheme are two different books, so a title match must not merge them.
        public var identifiesSourceRecord: Bool {
            self == .goodreads || self == .libraryThingWork || self == .storyGraph
        }

        /// Schemes that name one edition (rather than the work as a whole).
        public var identifiesEdition: Bool {
            switch self {
            case .goodreads, .libraryThing, .storyGraph, .isbn, .asin: true
            case .libraryThingWork, .openLibrary, .wikidata: false
            }
        }

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }

        /// Declaration order, for sorting.
        var ordinal: Int {
            switch self {
            case .goodreads: 0
            case .libraryThing: 1
            case .libraryThingWork: 2
            case .storyGraph: 3
            case .isbn: 4
            case .asin: 5
            case .openLibrary: 6
            case .wikidata: 7
            }
        }
    }

    public var scheme: Scheme
    public var value: String

    public init(_ scheme: Scheme, _ value: String) {
        self.scheme = scheme
        self.value = value
    }

    public var description: String { "\(scheme.rawValue):\(value)" }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.scheme, lhs.value) < (rhs.scheme, rhs.value) }
}

/// A published form of a work.
public struct Edition: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<Edition>

    public var id: ID
    public var workID: Work.ID
    public var details: EditionDetails

    public init(id: ID = .random(), workID: Work.ID, details: EditionDetails) {
        self.id = id
        self.workID = workID
        self.details = details
    }
}

/// What is known about an edition, independent of where it is stored.
public struct EditionDetails: Hashable, Sendable, Codable {
    public var isbn10: String?
    public var isbn13: String?
    public var publisher: String?
    public var year: Int?
    public var pageCount: Int?
    public var format: BookFormat?
    /// The binding text as the source wrote it ("Kindle Edition"), kept for exports.
    public var binding: String?
    public var language: LanguageCode?

    public init(
        isbn10: String? = nil, isbn13: String? = nil, publisher: String? = nil, year: Int? = nil,
        pageCount: Int? = nil, format: BookFormat? = nil, binding: String? = nil,
        language: LanguageCode? = nil
    ) {
        self.isbn10 = isbn10
        self.isbn13 = isbn13
        self.publisher = publisher
        self.year = year
        self.pageCount = pageCount
        self.format = format
        self.binding = binding
        self.language = language
    }

    /// Whether anything at all is known.
    public var isEmpty: Bool { self == EditionDetails() }
}
