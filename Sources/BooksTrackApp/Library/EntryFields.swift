import BooksTrackCore
import BooksTrackStore

/// A reader's book as the draft a person edits (``BookDraft``): what an edit form starts from,
/// and what a partial update (`PATCH`) keeps when it does not name a field.
public enum EntryFields {
    /// The book's current draft. Its ISBN is the edition's text as stored, valid or not, so an
    /// edit that leaves it alone keeps it. Its finished day is left out: one is asked for when a
    /// book moves to read, never kept from before.
    public static func draft(_ detail: EntryDetail) -> BookDraft {
        let work = detail.work
        let state = detail.entry.state
        let edition = detail.edition?.details
        return BookDraft(
            title: work.title, authors: detail.authors.map(\.name),
            translators: detail.contributors.filter { $0.role == .translator }.map(\.author.name),
            isbn: .asStored(isbn10: edition?.isbn10, isbn13: edition?.isbn13), pageCount: edition?.pageCount,
            firstPublishedYear: work.firstPublishedYear, originalLanguage: work.originalLanguage,
            editionLanguage: edition?.language, format: edition?.format, publisher: edition?.publisher,
            ownVoices: work.ownVoices, status: state.status, rating: state.rating, owned: state.owned,
            addedOn: state.addedOn, currentPage: state.currentPage, shelves: state.shelves, review: state.review,
            notes: state.notes)
    }
}
