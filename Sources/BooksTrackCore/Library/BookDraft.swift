import Foundation

/// A book as a person enters or edits it, checked field by field. Both the web form and the
/// API build one from text, so they accept and refuse exactly the same things.
public struct BookDraft: Hashable, Sendable {
    public var title: String
    public var authors: [String]
    public var translators: [String]
    public var isbn: ISBN?
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
    }

    /// The fields a form sends, by name.
    public static let fieldNames = Field.allCases.map(\.formName)

    /// Parses form fields (by ``Field/formName``); problems are reported by form field name.
    public static func parse(_ fields: [String: String], today: LocalDate) -> Result<BookDraft, FieldErrors> {
        var input: [Field: String] = [:]
        for field in Field.allCases { input[field] = fields[field.formName] }
        return parse(input, today: today).mapError { errors in
            FieldErrors(Dictionary(uniqueKeysWithValues: errors.messages.map { ($0.key.formName, $0.value) }))
        }
    }

    /// Parses a book's fields: text as a person typed it, and lists sent as lists (taken as given:
    /// a name may contain a comma). Every problem is reported against its field, in words a person
    /// can act on; nothing is guessed. The web form and the API both come here, so they accept and
    /// refuse exactly the same things.
    public static func parse(_ fields: [Field: String], lists: [Field: [String]] = [:], today: LocalDate) -> Result<
        BookDraft, Problems
    > {
        var reader = FieldReader(fields: fields, lists: lists, today: today)
        let title = reader.title()
        let authors = reader.authors()
        let isbn = reader.isbn()
        let status = reader.status()
        let rating = reader.rating()
        let format = reader.format()
        let ownVoices = reader.ownVoices()
        let (pageCount, currentPage) = reader.pages()
        let draft = BookDraft(
            title: title ?? "", authors: authors, translators: reader.names(.translators),
            isbn: isbn, pageCount: pageCount,
            firstPublishedYear: reader.number(.firstPublishedYear, -5000...(today.year + 1), "a year"),
            originalLanguage: reader.language(.originalLanguage), editionLanguage: reader.language(.editionLanguage),
            format: format, publisher: reader.text(.publisher), ownVoices: ownVoices, status: status, rating: rating,
            owned: ["on", "true", "yes", "1"].contains(fields[.owned]?.lowercased() ?? ""),
            addedOn: reader.date(.addedOn), finishedOn: reader.date(.finishedOn), currentPage: currentPage,
            shelves: reader.shelves(),
            review: reader.text(.review, limit: 20_000), notes: reader.text(.notes, limit: 20_000))
        return reader.errors.isEmpty ? .success(draft) : .failure(Problems(messages: reader.errors))
    }

    /// Reads a draft's fields one by one, noting against each field what is wrong with it. A field
    /// read twice keeps its last problem.
    private struct FieldReader {
        let fields: [Field: String]
        let lists: [Field: [String]]
        let today: LocalDate
        var errors: [Field: String] = [:]

        /// A field's text with its whitespace tidied (kept inside a review or notes), `nil` when
        /// empty or longer than `limit`.
        mutating func text(_ name: Field, limit: Int = 500) -> String? {
            guard let raw = fields[name] else { return nil }
            let value =
                name == .review || name == .notes ? TextNormalization.trim(raw) : TextNormalization.collapseWhitespace(raw)
            guard !value.isEmpty else { return nil }
            if value.count > limit {
                errors[name] = "Keep this under \(limit) characters."
                return nil
            }
            return value
        }

        /// A whole number in `range` (commas and spaces between digits allowed); `what` names it in
        /// the problem.
        mutating func number(_ name: Field, _ range: ClosedRange<Int>, _ what: String) -> Int? {
            guard let value = text(name) else { return nil }
            guard let parsed = Int(value.filter { $0 != "," && $0 != " " }), range.contains(parsed) else {
                errors[name] = "Enter \(what) between \(range.lowerBound) and \(range.upperBound)."
                return nil
            }
            return parsed
        }

        /// A date as YYYY-MM-DD; one after tomorrow is in the future.
        mutating func date(_ name: Field) -> LocalDate? {
            guard let value = text(name) else { return nil }
            guard let parsed = LocalDate(value) else {
                errors[name] = "Enter a real date as YYYY-MM-DD."
                return nil
            }
            if parsed > today.adding(days: 1) { errors[name] = "This date is in the future." }
            return parsed
        }

        /// A language by its English name or ISO code.
        mutating func language(_ name: Field) -> LanguageCode? {
            guard let value = text(name) else { return nil }
            guard let code = LanguageCode(lenient: value) else {
                errors[name] = "“\(value)” is not a language BooksTrack knows; use its English name or ISO code."
                return nil
            }
            return code
        }

        /// People's names: the list as sent, cleaned, or the text split into names.
        mutating func names(_ name: Field) -> [String] {
            lists[name].map(BookDraft.cleanNames) ?? PersonName.splitList(text(name, limit: 2000) ?? "")
        }

        /// The shelves: the list as sent with its whitespace tidied, or the text split at commas.
        mutating func shelves() -> [String] {
            lists[.shelves].map { $0.map(TextNormalization.collapseWhitespace).filter { !$0.isEmpty } }
                ?? FieldList.split(text(.shelves, limit: 2000) ?? "")
        }

        /// The title, which every book needs.
        mutating func title() -> String? {
            let title = text(.title)
            if title == nil, errors[.title] == nil { errors[.title] = "Every book needs a title." }
            return title
        }

        /// The authors: at most 20, each name at most 200 characters.
        mutating func authors() -> [String] {
            let authors = names(.authors)
            if authors.count > 20 { errors[.authors] = "A book can have at most 20 authors here." }
            if authors.contains(where: { $0.count > 200 }) {
                errors[.authors] = "An author's name can be at most 200 characters."
            }
            return authors
        }

        /// An ISBN-10 or ISBN-13 whose check digit holds.
        mutating func isbn() -> ISBN? {
            guard let value = text(.isbn) else { return nil }
            let isbn = ISBN(value)
            if isbn == nil { errors[.isbn] = "“\(value)” is not a valid ISBN-10 or ISBN-13 (check the digits)." }
            return isbn
        }

        /// The reading status, to read when none is given (or when the one given is not known).
        mutating func status() -> ReadingStatus {
            guard let value = text(.status) else { return .toRead }
            if ReadingStatus(rawValue: value) == nil, ReadingStatus(lenient: value) == nil {
                errors[.status] = "Choose a status from the list."
            }
            return ReadingStatus(rawValue: value) ?? ReadingStatus(lenient: value) ?? .toRead
        }

        /// A rating from 0 to 5 in quarter stars.
        mutating func rating() -> Rating? {
            guard let value = text(.rating) else { return nil }
            let rating = Rating(value)
            if rating == nil { errors[.rating] = "A rating goes from 0 to 5 in quarter stars (3.75, 4, 4.25…)." }
            return rating
        }

        /// A format from the list.
        mutating func format() -> BookFormat? {
            guard let value = text(.format) else { return nil }
            let format = BookFormat(rawValue: value)
            if format == nil { errors[.format] = "Choose a format from the list." }
            return format
        }

        /// Own voices as yes or no; "unknown" leaves it unset.
        mutating func ownVoices() -> YesNo? {
            guard let value = text(.ownVoices), value != "unknown" else { return nil }
            let ownVoices = YesNo(lenient: value)
            if ownVoices == nil { errors[.ownVoices] = "Choose yes, no or unknown." }
            return ownVoices
        }

        /// The edition's page count and the page the reader is on, which cannot be after the last.
        mutating func pages() -> (pageCount: Int?, currentPage: Int?) {
            let pageCount = number(.pageCount, 1...100_000, "a page count")
            let currentPage = number(.currentPage, 0...100_000, "a page")
            if let currentPage, let pageCount, currentPage > pageCount {
                errors[.currentPage] = "The current page cannot be after the last page (\(pageCount))."
            }
            return (pageCount, currentPage)
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
            identifiers: isbn.map { [ExternalID(.isbn, $0.isbn13)] } ?? [], originalLanguage: originalLanguage,
            firstPublishedYear: firstPublishedYear, ownVoices: ownVoices, edition: editionDetails,
            entry: EntryState(
                status: status, rating: rating, owned: owned, addedOn: addedOn ?? today,
                currentPage: currentPage, shelves: shelves, review: review, notes: notes, readings: readings),
            carries: .all)
    }

    /// The edition part of the draft.
    public var editionDetails: EditionDetails {
        EditionDetails(
            isbn10: isbn?.isbn10, isbn13: isbn?.isbn13, publisher: publisher, pageCount: pageCount, format: format,
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
