import BooksTrackCore
import Foundation

/// Writes a library as a Goodreads-compatible CSV (the 24-column layout Goodreads exports
/// since 2022), which Goodreads, StoryGraph and most trackers import.
///
/// The format cannot carry everything: ratings are whole stars (3.75 becomes 4), only the latest
/// read date fits, and author facts, sessions and goals have no column. The JSON backup is the
/// lossless export.
public enum GoodreadsCSVWriter {
    public static let columns = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
        "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
        "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
        "Spoiler", "Private Notes", "Read Count", "Owned Copies",
    ]

    /// The CSV text, CRLF-terminated as RFC 4180 asks, entries ordered by date added then title.
    public static func csv(for library: ReaderLibrary) -> String {
        var lines = [columns.map(escape).joined(separator: ",")]
        let entries = library.entries.sorted {
            ($0.state.addedOn?.dayNumber ?? 0, library.works[$0.workID]?.title ?? "")
                < ($1.state.addedOn?.dayNumber ?? 0, library.works[$1.workID]?.title ?? "")
        }
        for entry in entries {
            lines.append(row(entry, library: library).map(escape).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func row(_ entry: LibraryEntry, library: ReaderLibrary) -> [String] {
        let work = library.works[entry.workID]
        let edition = entry.editionID.flatMap { library.editions[$0] }?.details ?? EditionDetails()
        let authors = library.authors(of: entry)
        let others =
            authors.dropFirst().map(\.name)
            + (work?.contributors ?? []).compactMap { library.authors[$0.authorID]?.name }
        let state = entry.state
        let (exclusive, extraShelf) = exclusiveShelf(state)
        let shelves = state.shelves + (extraShelf.map { [$0] } ?? [])
        let lastRead = state.readings.compactMap(\.finishedOn).max()
        let ownedCopies = state.owned ? (state.extras["Owned Copies"] ?? "1") : "0"
        let text = neutralized
        return [
            text(work?.identifiers.first { $0.scheme == .goodreads }?.value ?? ""),
            text(work?.title ?? ""),
            text(authors.first?.name ?? ""),
            text(authors.first?.sortName ?? ""),
            text(others.joined(separator: ", ")),
            spreadsheetText(edition.isbn10 ?? ""),
            spreadsheetText(edition.isbn13 ?? ""),
            state.rating.map { String(Int($0.stars.rounded())) } ?? "0",
            "",
            text(edition.publisher ?? ""),
            text(edition.binding ?? edition.format?.displayName ?? ""),
            edition.pageCount.map(String.init) ?? "",
            edition.year.map(String.init) ?? "",
            work?.firstPublishedYear.map(String.init) ?? "",
            lastRead?.slashed ?? "",
            state.addedOn?.slashed ?? "",
            text(shelves.joined(separator: ", ")),
            text(shelves.enumerated().map { "\($0.element) (#\($0.offset + 1))" }.joined(separator: ", ")),
            text(exclusive),
            text(state.review ?? ""),
            text(state.extras["Spoiler"] ?? ""),
            text(state.notes ?? ""),
            String(state.timesRead),
            ownedCopies,
        ]
    }

    /// The Goodreads exclusive shelf for a status, and a shelf to add when the reader has none
    /// that says it (a DNF book needs a DNF-like shelf for Goodreads to know).
    static func exclusiveShelf(_ state: EntryState) -> (String, String?) {
        switch state.status {
        case .read: return ("read", nil)
        case .reading: return ("currently-reading", nil)
        case .toRead, .wishlist: return ("to-read", nil)
        case .dnf, .onHold:
            if let shelf = state.shelves.first(where: { ShelfMapping.status(forCustomShelf: $0) == state.status }) {
                return (shelf, nil)
            }
            let name = state.status == .dnf ? "did-not-finish" : "on-hold"
            return (name, name)
        }
    }

    /// A reader's text made safe for a spreadsheet (OWASP "CSV injection"): a cell starting with
    /// `=`, `+`, `-`, `@`, a tab or a carriage return would run as a formula when the file is
    /// opened, so it gets a leading `'`, which spreadsheets show as text. Plain numbers ("-800")
    /// stay as they are.
    static func neutralized(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return value }
        if value.wholeMatch(of: /[-+]?[0-9]+(\.[0-9]+)?/) != nil { return value }
        return "'" + value
    }

    /// `="…"`, the way Goodreads keeps spreadsheets from eating leading zeros.
    static func spreadsheetText(_ value: String) -> String { "=\"\(value)\"" }

    /// Quotes a field when it holds a comma, quote, line break or surrounding space.
    static func escape(_ field: String) -> String {
        guard
            field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                || field.first == " " || field.last == " "
        else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
