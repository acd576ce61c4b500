import BooksTrackCore
import Foundation

/// A LibraryThing catalogue entry, from its TSV, CSV or JSON export, before mapping.
struct LibraryThingBook {
    var row: Int
    var line: Int?
    var bookID: String?
    var workID: String?
    var title: String = ""
    /// Names in "First Last" order with their LibraryThing role ("" for author).
    var people: [(name: String, role: String)] = []
    var isbns: [String] = []
    var publisher: String?
    var year: String?
    var pages: String?
    var media: String?
    var languages: [String] = []
    var originalLanguages: [String] = []
    var copies: String?
    var entryDate: String?
    var dateStarted: String?
    var dateRead: String?
    var rating: String?
    var review: String?
    var comment: String?
    var privateComment: String?
    var tags: [String] = []
    var collections: [String] = []
    var genres: [String] = []
    var warnings: [ImportWarning] = []
}

/// Maps LibraryThing entries onto records. LibraryThing has no reading status, only
/// collections: "Currently reading", "Read but unowned", "To read" and "Wishlist" say one; a
/// date read or started says one; otherwise the book is on the shelf unread (to-read when a copy
/// is owned) and the status is not treated as something the file says, so a re-import never
/// undoes a status the reader set in BooksTrack. Other collections are kept as tags.
enum LibraryThingMapping {
    static func record(_ book: LibraryThingBook, format: ImportFormat, today: LocalDate) -> ImportRecord {
        var warnings = book.warnings
        let title = TextNormalization.collapseWhitespace(HTMLText.decodeEntities(book.title))
        guard !title.isEmpty else {
            return .skipped(row: book.row, line: book.line, title: "", reason: "The book has no title.", warnings: warnings)
        }
        var identifiers: [ExternalID] = []
        if let id = book.bookID, !id.isEmpty { identifiers.append(ExternalID(.libraryThing, id)) }
        if let id = book.workID, !id.isEmpty { identifiers.append(ExternalID(.libraryThingWork, id)) }
        var edition = EditionDetails()
        for text in book.isbns {
            if case .isbn(let isbn, let original) = FieldParsing.isbn(text) {
                if original.count == 10 {
                    edition.isbn10 = edition.isbn10 ?? original
                } else {
                    edition.isbn13 = edition.isbn13 ?? original
                }
                if !identifiers.contains(ExternalID(.isbn, isbn.isbn13)) { identifiers.append(ExternalID(.isbn, isbn.isbn13)) }
            } else if case .lostToScientificNotation = FieldParsing.isbn(text) {
                warnings.append(ISBNFields.lostISBN(text, field: "ISBN"))
            }
        }
        edition.publisher = book.publisher.map(HTMLText.decodeEntities)
        edition.year = FieldParsing.year(book.year.flatMap(firstYear), field: "Date", today: today, warnings: &warnings)
        edition.pageCount = FieldParsing.pageCount(book.pages.flatMap(firstNumber), field: "Page Count", warnings: &warnings)
        edition.binding = book.media
        edition.format = book.media.flatMap(BookFormat.init(binding:))
        edition.language = language(book.languages, field: "Languages", warnings: &warnings)

        let (authors, contributors) = people(book.people, warnings: &warnings)
        let (entry, statusIsExplicit) = entryState(book, origin: .imported(format), today: today, warnings: &warnings)
        var carries: EntryFields = [.owned, .addedOn, .shelves, .edition, .readings]
        if statusIsExplicit { carries.insert(.status) }
        if book.rating != nil { carries.insert(.rating) }
        if book.review != nil || book.comment != nil { carries.insert(.review) }
        if book.privateComment != nil { carries.insert(.notes) }
        return ImportRecord(
            row: book.row, line: book.line, title: title, authors: authors, contributors: contributors,
            identifiers: identifiers,
            originalLanguage: language(book.originalLanguages, field: "Original Languages", warnings: &warnings),
            genres: book.genres, edition: edition, entry: entry, carries: carries, warnings: warnings)
    }

    private static func people(_ people: [(name: String, role: String)], warnings: inout [ImportWarning])
        -> ([String], [ContributorName])
    {
        var authors: [String] = []
        var contributors: [ContributorName] = []
        for person in people {
            let name = FieldParsing.personName(person.name, field: "Authors", warnings: &warnings)
            guard !name.isEmpty else { continue }
            let role = ContributorRole(lenient: person.role)
            if role == .author { authors.append(name) } else { contributors.append(ContributorName(name: name, role: role)) }
        }
        // An anthology lists only its editors: the first of them stands as its author.
        if authors.isEmpty, let first = contributors.first {
            authors = [first.name]
            contributors.removeFirst()
        }
        return (authors, contributors)
    }

    private static func entryState(
        _ book: LibraryThingBook, origin: Reading.Origin, today: LocalDate, warnings: inout [ImportWarning]
    )
        -> (EntryState, Bool)
    {
        let collections = Set(book.collections.map { $0.lowercased() })
        let copies = Int(book.copies ?? "") ?? 0
        let unowned = collections.contains("wishlist") || collections.contains("read but unowned")
        let owned = collections.contains("your library") || (copies > 0 && !unowned)
        let started = FieldParsing.date(book.dateStarted, field: "Date Started", today: today, warnings: &warnings)
        let finished = FieldParsing.date(book.dateRead, field: "Date Read", today: today, warnings: &warnings)
        var status: ReadingStatus
        var explicit = true
        if collections.contains("currently reading") {
            status = .reading
        } else if collections.contains("read but unowned") || finished != nil {
            status = .read
        } else if started != nil {
            status = .reading
        } else if collections.contains("to read") {
            status = owned ? .toRead : .wishlist
        } else if collections.contains("wishlist") {
            status = .wishlist
        } else {
            status = owned ? .toRead : .wishlist
            explicit = false
        }
        let statusCollections: Set<String> = ["your library", "currently reading", "read but unowned", "to read", "wishlist"]
        let shelves =
            book.tags.map(HTMLText.decodeEntities)
            + book.collections.filter { !statusCollections.contains($0.lowercased()) }
        let review = [book.review, book.comment].compactMap { $0.map(HTMLText.plainText).nonEmpty }.joined(separator: "\n\n")
        let state = EntryState(
            status: status,
            rating: FieldParsing.rating(book.rating, field: "Rating", zeroMeansUnrated: true, warnings: &warnings),
            owned: owned,
            addedOn: FieldParsing.date(book.entryDate, field: "Entry Date", today: today, warnings: &warnings),
            shelves: shelves, review: review.isEmpty ? nil : review,
            notes: book.privateComment.map(HTMLText.plainText).nonEmpty,
            readings: ReadingDrafts.forStatus(status, started: started, finished: finished, origin: origin))
        return (state, explicit)
    }

    /// The first language LibraryThing lists that BooksTrack recognises ("All" is not a language).
    private static func language(_ names: [String], field: String, warnings: inout [ImportWarning]) -> LanguageCode? {
        let candidates = names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0.lowercased() != "all" }
        for name in candidates { if let code = LanguageCode(lenient: name) { return code } }
        if let first = candidates.first {
            warnings.append(ImportWarning(field: field, "“\(first)” is not a language BooksTrack knows; it was left out"))
        }
        return nil
    }

    private static func firstYear(_ text: String) -> String? {
        text.range(of: #"-?\d{1,4}"#, options: .regularExpression).map { String(text[$0]) }
    }

    private static func firstNumber(_ text: String) -> String? {
        text.range(of: #"\d+"#, options: .regularExpression).map { String(text[$0]) }
    }
}
