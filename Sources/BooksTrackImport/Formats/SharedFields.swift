import BooksTrackCore
import Foundation

/// Reading ISBN cells into an edition and the identifiers used for matching.
enum ISBNFields {
    /// Reads an ISBN-10 cell and an ISBN-13 cell (either may be missing). Valid ISBNs become the
    /// edition's ISBNs and an `isbn` identifier; invalid ones are reported and dropped.
    static func read(
        isbn10Text: String?, isbn13Text: String?, field10: String = "ISBN", field13: String = "ISBN13",
        into edition: inout EditionDetails, identifiers: inout [ExternalID], warnings: inout [ImportWarning]
    ) {
        for (text, field) in [(isbn10Text, field10), (isbn13Text, field13)] {
            switch FieldParsing.isbn(text) {
            case .none: continue
            case .isbn(let isbn, let original):
                if original.count == 10 {
                    edition.isbn10 = edition.isbn10 ?? original
                } else {
                    edition.isbn13 = edition.isbn13 ?? original
                }
                let id = ExternalID(.isbn, isbn.isbn13)
                if !identifiers.contains(id) { identifiers.append(id) }
            case .lostToScientificNotation:
                warnings.append(lostISBN(text ?? "", field: field))
            case .notISBN(let value):
                warnings.append(
                    ImportWarning(field: field, "“\(value)” is not a valid ISBN (wrong length or check digit); it was left out"))
            }
        }
    }

    static func lostISBN(_ text: String, field: String) -> ImportWarning {
        ImportWarning(
            field: field,
            "“\(text)” is an ISBN a spreadsheet turned into scientific notation; its digits are lost, so it was left out and the book was matched by title and author"
        )
    }
}

/// The reading records an export's status and dates describe.
enum ReadingDrafts {
    /// A read book gets one finished reading (with whatever dates are known); a book being read
    /// or abandoned gets one when a date is known; other statuses none.
    static func forStatus(_ status: ReadingStatus, started: LocalDate?, finished: LocalDate?, origin: Reading.Origin) -> [Reading]
    {
        switch status {
        case .read:
            return [Reading(startedOn: started, finishedOn: finished, outcome: .finished, origin: origin)]
        case .reading, .onHold:
            guard started != nil else { return [] }
            return [Reading(startedOn: started, outcome: .inProgress, origin: origin)]
        case .dnf:
            guard started != nil || finished != nil else { return [] }
            return [Reading(startedOn: started, finishedOn: finished, outcome: .abandoned, origin: origin)]
        case .toRead, .wishlist:
            return []
        }
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}

extension Optional where Wrapped == String {
    /// `nil` for `nil` and for an empty string.
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
