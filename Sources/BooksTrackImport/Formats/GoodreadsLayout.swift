import BooksTrackCore

/// The two column layouts Goodreads exports have had, to recognise a file whose header row was
/// removed (a common result of editing the export in a spreadsheet) by its shape alone.
enum GoodreadsLayout {
    /// Before late 2022: 31 columns.
    static let before2022 = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating", "Average Rating",
        "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year", "Date Read", "Date Added",
        "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review", "Spoiler", "Private Notes", "Read Count",
        "Recommended For", "Recommended By", "Owned Copies", "Original Purchase Date", "Original Purchase Location",
        "Condition", "Condition Description", "BCID",
    ]
    /// Since late 2022: the first 23 columns, then Owned Copies.
    static let since2022 = Array(before2022.prefix(23)) + ["Owned Copies"]

    /// The header a headerless file's rows fit, or `nil`: every row (the first at least, and
    /// most of the others) has one layout's column count, a numeric Book Id first, and an
    /// Exclusive Shelf in its place (`read`, `to-read`, `currently-reading` or a shelf name).
    static func header(forHeaderless rows: [CSVTokenizer.Row]) -> [String]? {
        guard let first = rows.first else { return nil }
        for layout in [before2022, since2022] where first.fields.count == layout.count {
            let shelf = layout.firstIndex(of: "Exclusive Shelf")!
            func fits(_ row: CSVTokenizer.Row) -> Bool {
                guard row.fields.count == layout.count else { return false }
                let id = TextNormalization.trim(row.fields[0])
                let shelfName = TextNormalization.trim(row.fields[shelf])
                return !id.isEmpty && id.allSatisfy(\.isASCIIDigitCharacter) && !shelfName.isEmpty
                    && !shelfName.contains(where: \.isNewline) && shelfName.count <= 60
            }
            let sample = rows.prefix(50)
            guard fits(first), sample.filter(fits).count * 10 >= sample.count * 9 else { continue }
            return layout
        }
        return nil
    }
}
