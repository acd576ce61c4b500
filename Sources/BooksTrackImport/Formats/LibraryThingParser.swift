import BooksTrackCore
import Foundation

/// Reads LibraryThing's tab-separated and comma-separated exports. Authors are "Last, First";
/// secondary authors and their roles are `|`-separated lists; ISBNs may be bracketed.
struct LibraryThingParser {
    let table: CSVTable
    let format: ImportFormat
    let today: LocalDate

    func record(_ row: CSVTokenizer.Row, number: Int) -> ImportRecord {
        var reader = RowReader(row: row, table: table)
        if reader.isBlank { return .skipped(row: number, line: row.line, title: "", reason: "The row is empty.") }
        if let problem = reader.shapeProblem() {
            let title = reader.text(table.column("Title")) ?? ""
            return .skipped(row: number, line: row.line, title: title, reason: problem, warnings: reader.warnings)
        }
        return LibraryThingMapping.record(book(reader, number: number), format: format, today: today)
    }

    private func book(_ reader: RowReader, number: Int) -> LibraryThingBook {
        func text(_ names: String...) -> String? {
            for name in names { if let value = reader.text(table.column(name)) { return value } }
            return nil
        }
        var book = LibraryThingBook(row: number, line: reader.row.line, warnings: reader.warnings)
        book.bookID = text("Book Id", "Book ID")
        book.workID = text("Work id", "Work ID")
        book.title = text("Title") ?? ""
        if let primary = text("Primary Author") {
            book.people.append((PersonName.fromLastFirst(primary), text("Primary Author Role") ?? ""))
        }
        let secondary = (text("Secondary Author") ?? "").split(separator: "|", omittingEmptySubsequences: false)
        let roles = (text("Secondary Author Roles", "Secondary Author Role") ?? "").split(
            separator: "|", omittingEmptySubsequences: false)
        for (index, name) in secondary.enumerated() where !name.trimmingCharacters(in: .whitespaces).isEmpty {
            let role = index < roles.count ? String(roles[index]) : ""
            book.people.append((PersonName.fromLastFirst(String(name)), role))
        }
        let isbnText = [text("ISBN"), text("ISBNs")].compactMap { $0 }.joined(separator: ",")
        book.isbns = isbnText.split(whereSeparator: { ",[] ".contains($0) }).map(String.init)
        book.publisher = text("Publication").map(Self.publisher)
        book.year = text("Date")
        book.pages = text("Page Count", "Pages")
        book.media = text("Media")
        book.languages = FieldParsing.list(text("Languages", "Language"))
        book.originalLanguages = FieldParsing.list(text("Original Languages", "Original Language"))
        book.copies = text("Copies")
        book.entryDate = text("Entry Date", "Acquired")
        book.dateStarted = text("Date Started")
        book.dateRead = text("Date Read")
        book.rating = text("Rating")
        book.review = text("Review")
        book.comment = text("Comment", "Comments")
        book.privateComment = text("Private Comment")
        book.tags = FieldParsing.list(text("Tags"))
        book.collections = FieldParsing.list(text("Collections"))
        return book
    }

    /// "Dover (1971), Edition: 1st, Paperback" → "Dover".
    static func publisher(_ publication: String) -> String {
        let name = publication.components(separatedBy: " (").first ?? publication
        return name.components(separatedBy: ", Edition:").first?.trimmingCharacters(in: .whitespaces) ?? name
    }
}
