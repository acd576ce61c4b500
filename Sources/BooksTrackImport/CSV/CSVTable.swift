import BooksTrackCore
import Foundation

/// A CSV or TSV file's header: its column names, found by name.
struct CSVTable: Sendable {
    let headers: [String]
    private let indexByName: [String: Int]

    init(header: [String]) {
        headers = header.map { TextNormalization.collapseWhitespace($0) }
        var map: [String: Int] = [:]
        for (index, name) in headers.enumerated() where map[name.lowercased()] == nil {
            map[name.lowercased()] = index
            // The name as written too, so the usual lookups need no lower-casing.
            if map[name] == nil { map[name] = index }
        }
        indexByName = map
    }

    /// The index of the first column with one of these names (compared without case).
    func column(_ names: String...) -> Int? {
        for name in names {
            if let index = indexByName[name] ?? indexByName[name.lowercased()] { return index }
        }
        return nil
    }

    /// Whether the header has a column with this name.
    func has(_ name: String) -> Bool { indexByName[name.lowercased()] != nil }
}

/// One data row with the helpers parsers need: trimmed values and accumulated warnings.
struct RowReader {
    let row: CSVTokenizer.Row
    let table: CSVTable
    var warnings: [ImportWarning] = []

    init(row: CSVTokenizer.Row, table: CSVTable) {
        self.row = row
        self.table = table
        for index in row.invalidUTF8Fields {
            let name = index < table.headers.count ? table.headers[index] : "column \(index + 1)"
            warnings.append(
                ImportWarning(
                    field: name, "held bytes that are not valid UTF-8; they were replaced with “\u{FFFD}”"))
        }
    }

    /// The trimmed text of a column; `nil` when the column is missing or the cell is empty.
    func text(_ column: Int?) -> String? {
        guard let column, column < row.fields.count else { return nil }
        let value = TextNormalization.trim(row.fields[column])
        return value.isEmpty ? nil : value
    }

    /// The header name of a column, for warnings.
    func name(_ column: Int?) -> String? {
        guard let column, column < table.headers.count else { return nil }
        return table.headers[column]
    }

    /// Why the row cannot be read at all because its shape does not match the header, or `nil`.
    /// Rows with fewer fields are read with the missing ones empty (and a warning).
    mutating func shapeProblem() -> String? {
        let expected = table.headers.count
        let actual = row.fields.count
        if actual > expected,
            row.fields[expected...].contains(where: {
                !TextNormalization.trim($0).isEmpty
            })
        {
            return "The row has \(actual) fields but the header has \(expected), so its columns cannot be "
                + "matched to the header (a comma inside a field that is not in quotes?)."
        }
        if actual < expected {
            warnings.append(
                ImportWarning(
                    "the row has \(actual) of the header's \(expected) columns; the missing ones were read as empty"))
        }
        return nil
    }

    /// The row's title, or the skipped record when the row cannot be read: it is empty, its
    /// shape does not match the header, or it has no title and nothing else that names a book.
    /// A row with no title but an ISBN or an author is kept, titled from its ISBN or "Untitled",
    /// with a warning that asks for the title: the data it has is not lost.
    mutating func titleOrSkip(number: Int) -> Result<String, Skipped> {
        let title = text(table.column("Title")).map(HTMLText.decodeEntities) ?? ""
        if isBlank { return .failure(Skipped(.skipped(row: number, line: row.line, title: "", reason: "The row is empty."))) }
        if let problem = shapeProblem() {
            return .failure(Skipped(.skipped(row: number, line: row.line, title: title, reason: problem, warnings: warnings)))
        }
        guard !title.isEmpty else {
            var isbnText: String?
            for name in ["ISBN13", "ISBN", "ISBN/UID", "ISBNs", "isbn"] where isbnText == nil {
                isbnText = text(table.column(name))
            }
            var author: String?
            for name in ["Author", "Authors", "Primary Author", "author"] where author == nil {
                author = text(table.column(name))
            }
            var isbn: String?
            if case .isbn(let found, _) = FieldParsing.isbn(isbnText) { isbn = found.isbn13 }
            guard isbn != nil || author != nil else {
                return .failure(
                    Skipped(.skipped(row: number, line: row.line, title: "", reason: "The row has no title.", warnings: warnings))
                )
            }
            let named = isbn.map { "\(Work.untitled) (ISBN \($0))" } ?? Work.untitled
            warnings.append(
                ImportWarning(
                    field: "Title", "the row has no title; the book was imported as “\(named)”: give it its title on its page"))
            return .success(named)
        }
        return .success(title)
    }

    /// A row that cannot be imported, as its report record.
    struct Skipped: Error {
        let record: ImportRecord
        init(_ record: ImportRecord) { self.record = record }
    }

    /// Whether every cell is empty.
    var isBlank: Bool { row.fields.allSatisfy { TextNormalization.trim($0).isEmpty } }
}
