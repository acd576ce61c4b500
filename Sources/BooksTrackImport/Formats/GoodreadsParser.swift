import BooksTrackCore
import Foundation

/// Reads a Goodreads library export: the 31-column layout (to 2022), the 24-column one (after),
/// and files edited by hand that add, drop, reorder or pad columns. Columns are found by name.
///
/// Mapping decisions (see `docs/import.md`): `Additional Authors` become contributors with an
/// unknown role, because Goodreads lists translators and illustrators there without saying so;
/// `Author l-f`, `Bookshelves with positions` and `Average Rating` are not kept (the first two
/// are derived, the last is not the reader's); other columns BooksTrack does not model are kept
/// as the entry's extras so that nothing the reader wrote is lost.
struct GoodreadsParser: Sendable {
    let table: CSVTable
    let today: LocalDate

    /// Columns read into the model or deliberately not kept; every other non-empty cell is kept
    /// in the entry's extras under its column name.
    static let modelledColumns: Set<String> = [
        "book id", "title", "author", "author l-f", "additional authors", "isbn", "isbn13",
        "my rating", "average rating", "publisher", "binding", "number of pages", "year published",
        "original publication year", "date read", "date added", "date started", "bookshelves",
        "bookshelves with positions", "exclusive shelf", "my review", "private notes", "read count",
        "owned copies",
    ]

    /// Columns kept as extras, found once per file.
    var extraColumns: [ExtraColumn] {
        table.headers.enumerated().filter { !$0.element.isEmpty && !Self.modelledColumns.contains($0.element.lowercased()) }
            .map { ExtraColumn(index: $0.offset, name: $0.element) }
    }

    /// What the file's columns say about the whole file.
    var fileWarnings: [ImportWarning] {
        var fileWarnings: [ImportWarning] = []
        if table.column("Exclusive Shelf") == nil {
            fileWarnings.append(
                ImportWarning(
                    "The file has no “Exclusive Shelf” column: books with a “Date Read” are marked read, the others to-read or wishlist."
                ))
        }
        if table.column("Author") == nil {
            fileWarnings.append(ImportWarning("The file has no “Author” column: books are imported without authors."))
        }
        return fileWarnings
    }

    /// The entry fields the file carries, from the columns it has.
    var carries: EntryFields {
        var fields: EntryFields = [.edition, .extras, .status, .readings]
        if table.has("My Rating") { fields.insert(.rating) }
        if table.has("Owned Copies") { fields.insert(.owned) }
        if table.has("Date Added") { fields.insert(.addedOn) }
        if table.has("Read Count") { fields.insert(.readCount) }
        if table.has("Bookshelves") || table.has("Exclusive Shelf") { fields.insert(.shelves) }
        if table.has("My Review") { fields.insert(.review) }
        if table.has("Private Notes") { fields.insert(.notes) }
        return fields
    }

    func record(_ row: CSVTokenizer.Row, number: Int) -> ImportRecord {
        record(row, number: number, extras: extraColumns, carries: carries)
    }

    func record(_ row: CSVTokenizer.Row, number: Int, extras: [ExtraColumn], carries: EntryFields) -> ImportRecord {
        var reader = RowReader(row: row, table: table)
        let title: String
        switch reader.titleOrSkip(number: number) {
        case .success(let text): title = text
        case .failure(let skipped): return skipped.record
        }
        var fields = GoodreadsRow(reader: reader, table: table, today: today, extraColumns: extras)
        return fields.record(number: number, title: title, carries: carries)
    }
}

/// One Goodreads row being read; collects warnings as it goes.
private struct GoodreadsRow {
    let reader: RowReader
    let table: CSVTable
    let today: LocalDate
    let extraColumns: [ExtraColumn]
    var warnings: [ImportWarning]

    init(reader: RowReader, table: CSVTable, today: LocalDate, extraColumns: [ExtraColumn]) {
        self.reader = reader
        self.table = table
        self.today = today
        self.extraColumns = extraColumns
        self.warnings = reader.warnings
    }

    func text(_ name: String) -> String? { reader.text(table.column(name)) }

    mutating func record(number: Int, title: String, carries: EntryFields) -> ImportRecord {
        var identifiers: [ExternalID] = []
        if let bookID = text("Book Id") {
            if bookID.allSatisfy(\.isASCIIDigitCharacter) {
                identifiers.append(ExternalID(.goodreads, bookID))
            } else {
                warnings.append(ImportWarning(field: "Book Id", "“\(bookID)” is not a Goodreads book id; it was left out"))
            }
        }
        var edition = EditionDetails()
        ISBNFields.read(
            isbn10Text: text("ISBN"), isbn13Text: text("ISBN13"), into: &edition,
            identifiers: &identifiers, warnings: &warnings)
        edition.publisher = text("Publisher").map(HTMLText.decodeEntities)
        edition.binding = text("Binding")
        edition.format = edition.binding.flatMap(BookFormat.init(binding:))
        edition.pageCount = FieldParsing.pageCount(text("Number of Pages"), field: "Number of Pages", warnings: &warnings)
        edition.year = FieldParsing.year(text("Year Published"), field: "Year Published", today: today, warnings: &warnings)
        let firstPublished = FieldParsing.year(
            text("Original Publication Year"), field: "Original Publication Year",
            today: today, warnings: &warnings)

        var authors: [String] = []
        if let author = text("Author") {
            authors = [FieldParsing.personName(author, field: "Author", warnings: &warnings)]
        } else if table.column("Author") != nil {
            warnings.append(ImportWarning(field: "Author", "no author; the book was imported without one"))
        }
        var contributors: [ContributorName] = []
        for name in PersonName.splitList(HTMLText.decodeEntities(text("Additional Authors") ?? "")) {
            let cleaned = FieldParsing.personName(name, field: "Additional Authors", warnings: &warnings)
            contributors.append(ContributorName(name: cleaned, role: .contributor))
        }
        let entry = entryState()
        return ImportRecord(
            row: number, line: reader.row.line, title: TextNormalization.collapseWhitespace(title),
            authors: authors, contributors: contributors, identifiers: identifiers,
            firstPublishedYear: firstPublished, edition: edition, entry: entry, carries: carries,
            warnings: warnings)
    }

    private mutating func entryState() -> EntryState {
        let ownedCopies =
            FieldParsing.integer(
                text("Owned Copies"), field: "Owned Copies", in: 0...10_000,
                what: "number of copies", warnings: &warnings) ?? 0
        let dateRead = FieldParsing.date(text("Date Read"), field: "Date Read", today: today, warnings: &warnings)
        let dateStarted = FieldParsing.date(text("Date Started"), field: "Date Started", today: today, warnings: &warnings)
        var shelves = FieldParsing.list(text("Bookshelves")).filter { !ShelfMapping.isStandardGoodreadsShelf($0) }
        let status: ReadingStatus
        if let exclusive = text("Exclusive Shelf") {
            let mapped = ShelfMapping.goodreads(exclusiveShelf: exclusive, ownedCopies: ownedCopies)
            status = mapped.status
            if mapped.isCustomShelf { shelves.append(exclusive) }
        } else {
            status = dateRead != nil ? .read : (ownedCopies > 0 ? .toRead : .wishlist)
        }
        var extras = unmodelledCells()
        if ownedCopies > 1 { extras["Owned Copies"] = String(ownedCopies) }
        var readings = ReadingDrafts.forStatus(status, started: dateStarted, finished: dateRead, origin: .imported(.goodreads))
        if let dateRead, !readings.contains(where: { $0.finishedOn == dateRead }) {
            // A Date Read on a book not on the read shelf (a re-read, or one to read again) is a
            // past reading: kept, and said.
            readings.insert(Reading(finishedOn: dateRead, outcome: .finished, origin: .imported(.goodreads)), at: 0)
            warnings.append(
                ImportWarning(
                    field: "Date Read",
                    "the book is on the “\(text("Exclusive Shelf") ?? status.displayName)” shelf but was read on \(dateRead); that reading was kept"
                ))
        }
        return EntryState(
            status: status,
            rating: FieldParsing.rating(text("My Rating"), field: "My Rating", zeroMeansUnrated: true, warnings: &warnings),
            owned: ownedCopies > 0,
            addedOn: FieldParsing.date(text("Date Added"), field: "Date Added", today: today, warnings: &warnings),
            readCount: FieldParsing.integer(
                text("Read Count"), field: "Read Count", in: 0...1000, what: "read count", warnings: &warnings),
            shelves: shelves,
            review: text("My Review").map(HTMLText.plainText).nonEmpty,
            notes: text("Private Notes").map(HTMLText.plainText).nonEmpty,
            readings: readings, extras: extras)
    }

    /// Non-empty cells of columns BooksTrack does not model, by column name.
    private func unmodelledCells() -> [String: String] {
        var extras: [String: String] = [:]
        for column in extraColumns {
            if let value = reader.text(column.index) { extras[column.name] = value }
        }
        return extras
    }
}

/// A column kept as an extra, by position and header name.
struct ExtraColumn: Sendable {
    let index: Int
    let name: String
}
