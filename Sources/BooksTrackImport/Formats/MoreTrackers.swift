import BooksTrackCore
import Foundation

/// Exports of BookWyrm, Openreads and Calibre (issue 16): each row read with the same leniency,
/// report, matching and idempotence as the others. Test files were written from the headers
/// these trackers publish (no real export was at hand).
struct MoreTrackersParser {
    let table: CSVTable
    let format: ImportFormat
    let today: LocalDate

    /// One row, whatever the tracker: the cells each names differently, then one shape.
    private struct Row {
        var authors: [String] = []
        var identifiers: [ExternalID] = []
        var edition = EditionDetails()
        var firstPublished: Int?
        var status: ReadingStatus = .toRead
        var owned = false
        var rating: Rating?
        var addedOn: LocalDate?
        var shelves: [String] = []
        var review: String?
        var notes: String?
        var readings: [Reading] = []
        var carries: EntryFields = [.status, .edition]
        var skip: String?
    }

    func record(_ csvRow: CSVTokenizer.Row, number: Int) -> ImportRecord {
        var reader = RowReader(row: csvRow, table: table)
        // Openreads and BookWyrm name the title `title`, which the shared reader finds too.
        let title: String
        switch reader.titleOrSkip(number: number) {
        case .success(let text): title = text
        case .failure(let skipped): return skipped.record
        }
        var warnings = reader.warnings
        var row = Row()
        switch format {
        case .bookWyrm: bookWyrm(reader, into: &row, warnings: &warnings)
        case .openreads: openreads(reader, into: &row, warnings: &warnings)
        default: calibre(reader, into: &row, warnings: &warnings)
        }
        if let skip = row.skip {
            return .skipped(row: number, line: csvRow.line, title: title, reason: skip, warnings: warnings)
        }
        if row.authors.isEmpty { warnings.append(ImportWarning(field: "author", "no author; the book was imported without one")) }
        let entry = EntryState(
            status: row.status, rating: row.rating, owned: row.owned, addedOn: row.addedOn, shelves: row.shelves,
            review: row.review, notes: row.notes, readings: row.readings)
        return ImportRecord(
            row: number, line: csvRow.line, title: TextNormalization.collapseWhitespace(HTMLText.decodeEntities(title)),
            authors: row.authors, identifiers: row.identifiers, firstPublishedYear: row.firstPublished, edition: row.edition,
            entry: entry, carries: row.carries, warnings: warnings)
    }

    private func text(_ reader: RowReader, _ name: String) -> String? { reader.text(table.column(name)) }

    private func date(_ reader: RowReader, _ name: String, _ warnings: inout [ImportWarning]) -> LocalDate? {
        FieldParsing.date(text(reader, name), field: name, today: today, warnings: &warnings)
    }

    private func names(_ text: String?, field: String, separator: String? = nil, _ warnings: inout [ImportWarning])
        -> [String]
    {
        let decoded = HTMLText.decodeEntities(text ?? "")
        let parts =
            separator.map { decoded.components(separatedBy: $0).map { PersonName.clean($0) }.filter { !$0.isEmpty } }
            ?? PersonName.splitList(decoded)
        return parts.map { FieldParsing.personName($0, field: field, warnings: &warnings) }
    }

    private func identifier(_ scheme: ExternalID.Scheme, _ value: String?, into row: inout Row) {
        guard let value, !value.isEmpty else { return }
        let id = ExternalID(scheme, value)
        if !row.identifiers.contains(id) { row.identifiers.append(id) }
    }

    /// A rating on the tracker's scale: 0–5 stars, or 0–10 / 0–50 where the tracker keeps more
    /// steps (Calibre's half stars, Openreads' tenths), brought to quarter stars.
    private func rating(_ text: String?, field: String, scale: Double, _ warnings: inout [ImportWarning]) -> Rating? {
        guard let text else { return nil }
        guard let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
            warnings.append(ImportWarning(field: field, "“\(text)” is not a rating; it was left out"))
            return nil
        }
        let stars = ((value / scale) * 4).rounded() / 4
        guard value > 0, let rating = Rating(stars: stars) else {
            if value != 0 {
                warnings.append(ImportWarning(field: field, "“\(text)” is not a rating from 0 to 5; it was left out"))
            }
            return nil
        }
        return rating
    }

    // MARK: BookWyrm

    /// `title, author_text, remote_id, openlibrary_key, …, isbn_10, isbn_13, start_date, finish_date,
    /// stopped_date, rating, review_…, shelf, shelf_name, shelf_date`: one row per book on a shelf.
    private func bookWyrm(_ reader: RowReader, into row: inout Row, warnings: inout [ImportWarning]) {
        row.authors = names(text(reader, "author_text"), field: "author_text", &warnings)
        ISBNFields.read(
            isbn10Text: text(reader, "isbn_10"), isbn13Text: text(reader, "isbn_13"), field10: "isbn_10", field13: "isbn_13",
            into: &row.edition, identifiers: &row.identifiers, warnings: &warnings)
        identifier(.goodreads, text(reader, "goodreads_key"), into: &row)
        identifier(.libraryThing, text(reader, "librarything_key"), into: &row)
        identifier(.openLibrary, text(reader, "openlibrary_key"), into: &row)
        identifier(.wikidata, text(reader, "wikidata").flatMap { AuthorFactKind.wikidataID.canonical($0) }, into: &row)
        identifier(.asin, text(reader, "asin"), into: &row)
        let shelf = text(reader, "shelf") ?? ""
        let shelfName = text(reader, "shelf_name") ?? shelf
        switch shelf.lowercased() {
        case "read": row.status = .read
        case "reading": row.status = .reading
        case "to-read": row.status = .wishlist
        case "stopped-reading": row.status = .dnf
        case "": row.status = .wishlist
        default:
            row.status = ShelfMapping.status(forCustomShelf: shelfName) ?? .toRead
            row.shelves.append(shelfName)
        }
        row.carries.formUnion([.readings, .shelves, .addedOn])
        if table.has("rating") { row.carries.insert(.rating) }
        if table.has("review_content") { row.carries.insert(.review) }
        row.rating = rating(text(reader, "rating"), field: "rating", scale: 1, &warnings)
        row.review = text(reader, "review_content").map(HTMLText.plainText).nonEmpty
        row.addedOn = date(reader, "shelf_date", &warnings)
        let started = date(reader, "start_date", &warnings)
        let finished = date(reader, "finish_date", &warnings)
        let stopped = date(reader, "stopped_date", &warnings)
        row.readings = ReadingDrafts.forStatus(
            row.status, started: started, finished: row.status == .dnf ? stopped : finished, origin: .imported(.bookWyrm))
    }

    // MARK: Openreads

    /// `title, subtitle, author, description, status, favourite, deleted, rating, pages,
    /// publication_year, isbn, olid, tags, my_review, notes, book_format, readings, date_added,
    /// date_modified`; `readings` holds several `start|finish|time` items separated by `;`.
    private func openreads(_ reader: RowReader, into row: inout Row, warnings: inout [ImportWarning]) {
        if let deleted = text(reader, "deleted"), ["true", "1", "yes"].contains(deleted.lowercased()) {
            row.skip = "The book is in Openreads’ bin (deleted), so it was not imported."
            return
        }
        row.authors = names(text(reader, "author"), field: "author", &warnings)
        ISBNFields.read(
            isbn10Text: nil, isbn13Text: text(reader, "isbn"), field13: "isbn", into: &row.edition,
            identifiers: &row.identifiers, warnings: &warnings)
        identifier(.openLibrary, text(reader, "olid"), into: &row)
        row.edition.pageCount = FieldParsing.integer(
            text(reader, "pages"), field: "pages", in: 1...100_000, what: "a number of pages", warnings: &warnings)
        row.firstPublished = FieldParsing.year(
            text(reader, "publication_year"), field: "publication_year", today: today, warnings: &warnings)
        row.edition.binding = text(reader, "book_format")
        row.edition.format = row.edition.binding.flatMap(BookFormat.init(binding:))
        let status = (text(reader, "status") ?? "").lowercased().filter { $0.isLetter || $0.isNumber }
        switch status {
        case "0", "read", "finished": row.status = .read
        case "1", "inprogress", "reading": row.status = .reading
        case "2", "forlater", "planned", "toread": row.status = .wishlist
        case "3", "unfinished", "abandoned", "dnf": row.status = .dnf
        default:
            row.status = .wishlist
            if !status.isEmpty {
                warnings.append(
                    ImportWarning(
                        field: "status", "“\(text(reader, "status")!)” is not an Openreads status; the book was marked wishlist"))
            }
        }
        row.shelves = FieldParsing.list(text(reader, "tags")).flatMap { $0.components(separatedBy: "|||") }.filter { !$0.isEmpty }
        if let favourite = text(reader, "favourite"), ["true", "1", "yes"].contains(favourite.lowercased()) {
            row.shelves.append("favourites")
        }
        row.carries.formUnion([.readings, .shelves, .addedOn, .review, .notes, .rating])
        // Openreads keeps tenths of a star (0–50) in its database; a CSV may write either scale.
        let ratingText = text(reader, "rating")
        let ratingScale: Double = ratingText.flatMap(Double.init).map { $0 > 5 ? 10 : 1 } ?? 1
        row.rating = rating(ratingText, field: "rating", scale: ratingScale, &warnings)
        row.review = text(reader, "my_review").map(HTMLText.plainText).nonEmpty
        row.notes = text(reader, "notes").map(HTMLText.plainText).nonEmpty
        row.addedOn = date(reader, "date_added", &warnings)
        let outcome: Reading.Outcome = row.status == .read ? .finished : row.status == .dnf ? .abandoned : .inProgress
        for item in (text(reader, "readings") ?? "").split(separator: ";") {
            let parts = item.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let start = FieldParsing.date(
                parts.first.flatMap { $0.isEmpty ? nil : $0 }, field: "readings", today: today, warnings: &warnings)
            let end = FieldParsing.date(
                parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil, field: "readings", today: today, warnings: &warnings)
            guard start != nil || end != nil else { continue }
            row.readings.append(
                Reading(
                    startedOn: start, finishedOn: end,
                    outcome: end == nil ? .inProgress : (outcome == .abandoned ? .abandoned : .finished),
                    origin: .imported(.openreads)))
        }
        if row.readings.isEmpty {
            row.readings = ReadingDrafts.forStatus(row.status, started: nil, finished: nil, origin: .imported(.openreads))
        }
    }

    // MARK: Calibre

    /// Calibre's catalogue (`authors, author_sort, rating, library_name, timestamp, formats, size,
    /// isbn, identifiers, comments, tags, series, series_index, languages, cover, title,
    /// publisher, pubdate, id, uuid`): owned e-books, so to-read unless a tag says otherwise.
    private func calibre(_ reader: RowReader, into row: inout Row, warnings: inout [ImportWarning]) {
        row.authors = names(text(reader, "authors"), field: "authors", separator: " & ", &warnings)
        var isbn = text(reader, "isbn")
        for pair in FieldParsing.list(text(reader, "identifiers")) {
            let parts = pair.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            switch parts[0].lowercased() {
            case "isbn": isbn = isbn ?? value
            case "goodreads": identifier(.goodreads, value, into: &row)
            case "amazon", "mobi-asin", "asin": identifier(.asin, value, into: &row)
            case "librarything": identifier(.libraryThing, value, into: &row)
            case "openlibrary", "olid": identifier(.openLibrary, value, into: &row)
            case "wikidata": identifier(.wikidata, AuthorFactKind.wikidataID.canonical(value), into: &row)
            default: continue
            }
        }
        ISBNFields.read(
            isbn10Text: nil, isbn13Text: isbn, field13: "isbn", into: &row.edition, identifiers: &row.identifiers,
            warnings: &warnings)
        row.edition.publisher = text(reader, "publisher")
        if let pubdate = text(reader, "pubdate"), let year = Int(pubdate.prefix(4)), (1000...today.year + 1).contains(year) {
            row.edition.year = year
        }
        row.edition.language = FieldParsing.list(text(reader, "languages")).lazy.compactMap { LanguageCode(lenient: $0) }.first
        let formats = FieldParsing.list(text(reader, "formats"))
        row.edition.binding = formats.first
        row.edition.format =
            formats.isEmpty ? nil : (formats.contains { ["mp3", "m4b"].contains($0.lowercased()) } ? .audiobook : .ebook)
        row.owned = true
        let tags = FieldParsing.list(text(reader, "tags"))
        row.status = .toRead
        for tag in tags {
            let key = tag.lowercased().filter { $0.isLetter }
            if key == "read" {
                row.status = .read
            } else if key == "currentlyreading" || key == "reading" {
                row.status = .reading
            } else if let status = ShelfMapping.status(forCustomShelf: tag) {
                row.status = status
            }
        }
        row.shelves = tags.filter {
            !["read", "currentlyreading", "reading", "toread"].contains($0.lowercased().filter { $0.isLetter })
        }
        if let series = text(reader, "series") {
            row.shelves.append("series: \(series)")
        }
        row.carries.formUnion([.owned, .shelves, .addedOn, .rating])
        // Calibre rates in half stars, 0–10 in its database; catalogues write either scale.
        let ratingText = text(reader, "rating")
        let ratingScale: Double = ratingText.flatMap(Double.init).map { $0 > 5 ? 2 : 1 } ?? 1
        row.rating = rating(ratingText, field: "rating", scale: ratingScale, &warnings)
        row.addedOn = date(reader, "timestamp", &warnings)
        row.readings = ReadingDrafts.forStatus(row.status, started: nil, finished: nil, origin: .imported(.calibre))
    }
}
