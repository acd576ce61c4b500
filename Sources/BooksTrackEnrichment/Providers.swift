import BooksTrackCore
import Foundation

/// Where people are looked up: Wikidata in the product (``WikidataClient``). A protocol, so that
/// the enrichment job can be pointed at another directory — or a test's stand-in.
public protocol AuthorDirectory: Sendable {
    /// The ids of the items a name search finds, best first.
    func search(_ name: String) async throws -> [String]
    /// Items by id, keyed by the id asked for (redirects resolved); missing ids are absent.
    func entities(_ ids: [String]) async throws -> [String: WikidataEntity]
}

/// Where books are looked up: Open Library in the product (``OpenLibraryClient``).
public protocol BookCatalogue: Sendable {
    /// The edition with this ISBN, `nil` when unknown.
    func edition(isbn: String) async throws -> OpenLibraryEdition?
    /// A work by key (`/works/OL45804W`), `nil` when unknown.
    func work(_ key: String) async throws -> OpenLibraryWork?
    /// A work's original language as its translated editions tell it, `nil` when none does.
    func originalLanguage(ofWork key: String) async throws -> LanguageCode?
    /// An author by key (`/authors/OL34184A`), `nil` when unknown.
    func author(_ key: String) async throws -> OpenLibraryAuthor?
    /// Works whose title and author match, for a book without an ISBN.
    func search(title: String, author: String) async throws -> [OpenLibrarySearchHit]
}

extension WikidataClient: AuthorDirectory {}
extension OpenLibraryClient: BookCatalogue {}

/// One work a title and author search found.
public struct OpenLibrarySearchHit: Sendable, Hashable {
    public var key: String?
    public var title: String
    public var authors: [String]
    public var firstPublished: Int?

    public init(key: String?, title: String, authors: [String], firstPublished: Int?) {
        self.key = key
        self.title = title
        self.authors = authors
        self.firstPublished = firstPublished
    }

    /// The first publication year of a book from search hits, only when a hit has exactly its
    /// title and one of its authors (spelling folded): Open Library often holds one book as
    /// several works, so the earliest year among those exact matches.
    public static func firstPublished(of title: String, by authors: [String], in hits: [OpenLibrarySearchHit]) -> Int? {
        let titleKey = AuthorTable.key(title)
        let authorKeys = Set(authors.map(AuthorTable.key))
        return
            hits
            .filter { AuthorTable.key($0.title) == titleKey && $0.authors.contains { authorKeys.contains(AuthorTable.key($0)) } }
            .compactMap(\.firstPublished).min()
    }
}
