/// What a change to a kept library touched: the entries read again, the works and editions a
/// write declared changed (what other entries may show), the authors read again. The figures
/// kept with the library are patched by them instead of flattening the whole library again
/// (issue 42: a write on a 100,000-book library waited for that flattening).
public struct LibraryTouch: Sendable, Equatable {
    public var entries: Set<LibraryEntry.ID>
    public var works: Set<Work.ID>
    public var editions: Set<Edition.ID>
    public var authors: Set<Author.ID>

    public init(
        entries: Set<LibraryEntry.ID> = [], works: Set<Work.ID> = [], editions: Set<Edition.ID> = [],
        authors: Set<Author.ID> = []
    ) {
        self.entries = entries
        self.works = works
        self.editions = editions
        self.authors = authors
    }

    /// Both changes, one after the other.
    public func union(_ other: LibraryTouch) -> LibraryTouch {
        LibraryTouch(
            entries: entries.union(other.entries), works: works.union(other.works), editions: editions.union(other.editions),
            authors: authors.union(other.authors))
    }
}
