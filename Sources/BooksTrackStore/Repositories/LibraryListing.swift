import BooksTrackCore
import Foundation

/// One book in a library list.
public struct LibraryListItem: Sendable, Hashable {
    public var entryID: LibraryEntry.ID
    public var workID: Work.ID
    public var title: String
    public var authors: [String]
    public var status: ReadingStatus
    public var rating: Rating?
    public var owned: Bool
    public var addedOn: LocalDate?
    public var finishedOn: LocalDate?
    public var firstPublishedYear: Int?
    public var format: BookFormat?
    public var shelves: [String]
}

/// A page of a library list and how many books match in all.
public struct LibraryPage: Sendable {
    public var items: [LibraryListItem]
    public var total: Int
    public var query: LibraryQuery

    /// The number of pages (at least 1).
    public var pageCount: Int { max(1, (total + LibraryQuery.pageSize - 1) / LibraryQuery.pageSize) }
}

/// One of the reader's books with everything its page shows.
public struct EntryDetail: Sendable {
    public var entry: LibraryEntry
    public var work: Work
    public var edition: Edition?
    /// Authors in order, with their facts.
    public var authors: [Author]
    /// Translators, illustrators and others, with their roles.
    public var contributors: [(author: Author, role: ContributorRole)]
    public var sessions: [ReadingSession]
    /// Every statement about each author, oldest first, for the provenance view.
    public var factHistory: [Author.ID: [AuthorFactAssertion]]
    /// How far through the book the reader said they are, in percent, when the edition has no
    /// page count and the latest progress update was a percentage.
    public var percentRead: Int? = nil
}

/// A shelf and how many of the reader's books are on it.
public struct ShelfCount: Sendable, Hashable {
    public var name: String
    public var count: Int
}
