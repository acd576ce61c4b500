import Foundation

/// A book as a person enters or edits it. The web form reads its text into one
/// (``read(_:as:today:)``), the JSON API decodes its typed values into one, and both ask the same
/// rules of it (``checked(today:unread:stored:)``), so they accept and refuse exactly the same things.
public struct BookDraft: Hashable, Sendable {
    public var title: String
    public var authors: [String]
    public var translators: [String]
    public var isbn: ISBNEntry
    public var pageCount: Int?
    public var firstPublishedYear: Int?
    public var originalLanguage: LanguageCode?
    public var editionLanguage: LanguageCode?
    public var format: BookFormat?
    public var publisher: String?
    public var ownVoices: YesNo?
    public var status: ReadingStatus
    public var rating: Rating?
    public var owned: Bool
    public var addedOn: LocalDate?
    public var finishedOn: LocalDate?
    public var currentPage: Int?
    public var shelves: [String]
    public var review: String?
    public var notes: String?

    /// A draft; what is not given is empty (a new book starts from `BookDraft()`).
    public init(
        title: String = "", authors: [String] = [], translators: [String] = [], isbn: ISBNEntry = .set(nil),
        pageCount: Int? = nil,
        firstPublishedYear: Int? = nil, originalLanguage: LanguageCode? = nil, editionLanguage: LanguageCode? = nil,
        format: BookFormat? = nil, publisher: String? = nil, ownVoices: YesNo? = nil, status: ReadingStatus = .toRead,
        rating: Rating? = nil, owned: Bool = false, addedOn: LocalDate? = nil, finishedOn: LocalDate? = nil,
        currentPage: Int? = nil, shelves: [String] = [], review: String? = nil, notes: String? = nil
    ) {
        self.title = title
        self.authors = authors
        self.translators = translators
        self.isbn = isbn
        self.pageCount = pageCount
        self.firstPublishedYear = firstPublishedYear
        self.originalLanguage = originalLanguage
        self.editionLanguage = editionLanguage
        self.format = format
        self.publisher = publisher
        self.ownVoices = ownVoices
        self.status = status
        self.rating = rating
        self.owned = owned
        self.addedOn = addedOn
        self.finishedOn = finishedOn
        self.currentPage = currentPage
        self.shelves = shelves
        self.review = review
        self.notes = notes
    }

    /// An edition's ISBN as a draft holds it. A book's current draft holds it ``asStored(isbn10:isbn13:)``:
    /// the edition's text, valid or not (backups and some imports store it unchecked), so an edit
    /// that leaves the ISBN alone writes back exactly what was there. Once a person ``set(_:)`` it,
    /// it is an ``ISBN`` whose check digit holds, stored in both its forms.
    public enum ISBNEntry: Hashable, Sendable {
        case asStored(isbn10: String?, isbn13: String?)
        case set(ISBN?)

        /// The ISBN a person set; `nil` when it is kept as stored, or cleared.
        public var newISBN: ISBN? {
            guard case .set(let isbn) = self else { return nil }
            return isbn
        }

        /// What the edition stores: the text as it was, or both forms of the ISBN set.
        public var stored: (isbn10: String?, isbn13: String?) {
            switch self {
            case .asStored(let isbn10, let isbn13): (isbn10, isbn13)
            case .set(let isbn): (isbn?.isbn10, isbn?.isbn13)
            }
        }

        /// The ISBN as a person reads it: the ISBN-13 when there is one, else the ISBN-10.
        public var text: String? { stored.isbn13 ?? stored.isbn10 }
    }

    /// Every field of a book a person can send, named as the JSON API names them.
    public enum Field: String, CaseIterable, Sendable {
        case title, authors, translators, isbn, pageCount, firstPublishedYear, originalLanguage, editionLanguage, format
        case publisher, ownVoices, status, rating, owned, addedOn, finishedOn, currentPage, shelves, review, notes

        /// The name of the web form's field.
        public var formName: String {
            switch self {
            case .pageCount: "pages"
            case .firstPublishedYear: "year"
            case .originalLanguage: "language"
            case .editionLanguage: "edition_language"
            case .ownVoices: "own_voices"
            case .addedOn: "added"
            case .finishedOn: "finished"
            case .currentPage: "current_page"
            default: rawValue
            }
        }

        /// Fields that hold a list of names.
        public var isList: Bool { self == .authors || self == .translators || self == .shelves }
    }

    /// What is wrong with a draft, by field.
    public struct Problems: Error, Hashable, Sendable {
        public var messages: [Field: String]

        public init(messages: [Field: String]) { self.messages = messages }

        /// The problems by form field name (``Field/formName``).
        public var byFormName: FieldErrors {
            FieldErrors(Dictionary(uniqueKeysWithValues: messages.map { ($0.key.formName, $0.value) }))
        }
    }

    /// Replaces one field with `other`'s: a partial update lays what was sent over a book's
    /// current draft this way, field by field.
    public mutating func take(_ field: Field, from other: BookDraft) {
        switch field {
        case .title: title = other.title
        case .authors: authors = other.authors
        case .translators: translators = other.translators
        case .isbn: isbn = other.isbn
        case .pageCount: pageCount = other.pageCount
        case .firstPublishedYear: firstPublishedYear = other.firstPublishedYear
        case .originalLanguage: originalLanguage = other.originalLanguage
        case .editionLanguage: editionLanguage = other.editionLanguage
        case .format: format = other.format
        case .publisher: publisher = other.publisher
        case .ownVoices: ownVoices = other.ownVoices
        case .status: status = other.status
        case .rating: rating = other.rating
        case .owned: owned = other.owned
        case .addedOn: addedOn = other.addedOn
        case .finishedOn: finishedOn = other.finishedOn
        case .currentPage: currentPage = other.currentPage
        case .shelves: shelves = other.shelves
        case .review: review = other.review
        case .notes: notes = other.notes
        }
    }

    static func cleanNames(_ names: [String]) -> [String] { names.map(PersonName.clean).filter { !$0.isEmpty } }

    /// The draft as an import record of one book, for adding it to a library.
    public func record(today: LocalDate) -> ImportRecord {
        var readings: [Reading] = []
        switch status {
        case .read: readings = [Reading(finishedOn: finishedOn ?? today, outcome: .finished, origin: .user)]
        case .reading: readings = [Reading(startedOn: today, outcome: .inProgress, origin: .user)]
        default: break
        }
        return ImportRecord(
            row: 1, title: title, authors: authors,
            contributors: translators.map { ContributorName(name: $0, role: .translator) },
            identifiers: (isbn.newISBN ?? isbn.text.flatMap(ISBN.init)).map { [ExternalID(.isbn, $0.isbn13)] } ?? [],
            originalLanguage: originalLanguage,
            firstPublishedYear: firstPublishedYear, ownVoices: ownVoices, edition: editionDetails,
            entry: EntryState(
                status: status, rating: rating, owned: owned, addedOn: addedOn ?? today,
                currentPage: currentPage, shelves: shelves, review: review, notes: notes, readings: readings),
            carries: .all)
    }

    /// The edition part of the draft.
    public var editionDetails: EditionDetails {
        EditionDetails(
            isbn10: isbn.stored.isbn10, isbn13: isbn.stored.isbn13, publisher: publisher, pageCount: pageCount, format: format,
            binding: format?.displayName, language: editionLanguage)
    }
}

/// Problems with a form, by field name.
public struct FieldErrors: Error, Hashable, Sendable {
    public var messages: [String: String] = [:]

    public init(_ messages: [String: String] = [:]) { self.messages = messages }

    public subscript(field: String) -> String? {
        get { messages[field] }
        set { messages[field] = newValue }
    }

    public var isEmpty: Bool { messages.isEmpty }
}

/// Splitting a comma-separated list a person typed.
public enum FieldList {
    public static func split(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == "\n" }).map { TextNormalization.collapseWhitespace(String($0)) }
            .filter { !$0.isEmpty }
    }
}
