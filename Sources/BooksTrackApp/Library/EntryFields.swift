import BooksTrackCore
import BooksTrackStore

/// A reader's book as the fields a person edits (``BookDraft/Field``): what an edit form starts
/// from, and what a partial update (`PATCH`) keeps when it does not name a field.
public enum EntryFields {
    public static func current(_ detail: EntryDetail) -> [BookDraft.Field: String] {
        let work = detail.work
        let state = detail.entry.state
        let edition = detail.edition?.details
        var values = currentLists(detail).mapValues { $0.joined(separator: ", ") }
        values[.title] = work.title
        values[.status] = state.status.rawValue
        values[.owned] = state.owned ? "on" : ""
        values[.isbn] = edition?.isbn13 ?? edition?.isbn10
        values[.pageCount] = edition?.pageCount.map(String.init)
        values[.firstPublishedYear] = work.firstPublishedYear.map(String.init)
        values[.originalLanguage] = work.originalLanguage?.code
        values[.editionLanguage] = edition?.language?.code
        values[.format] = edition?.format?.rawValue
        values[.publisher] = edition?.publisher
        values[.ownVoices] = work.ownVoices?.rawValue
        values[.rating] = state.rating?.description
        values[.addedOn] = state.addedOn?.description
        values[.currentPage] = state.currentPage.map(String.init)
        values[.review] = state.review
        values[.notes] = state.notes
        return values
    }

    /// The current lists, as lists (a name may contain a comma).
    public static func currentLists(_ detail: EntryDetail) -> [BookDraft.Field: [String]] {
        [
            .authors: detail.authors.map(\.name),
            .translators: detail.contributors.filter { $0.role == .translator }.map(\.author.name),
            .shelves: detail.entry.state.shelves,
        ]
    }
}
