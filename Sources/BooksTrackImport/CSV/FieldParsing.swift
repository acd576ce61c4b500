import BooksTrackCore
import Foundation

/// Cleaning rules for the values exports carry, each returning the value and, when something
/// was wrong, a warning a person can act on.
enum FieldParsing {
    /// Removes the spreadsheet wrapping Goodreads puts around ISBNs (`="0553560735"`).
    static func unwrapSpreadsheetText(_ text: String) -> String {
        var value = Substring(TextNormalization.trim(text))
        if value.first == "=" { value = value.dropFirst() }
        while let first = value.first, first == "\"" || first == " " { value = value.dropFirst() }
        while let last = value.last, last == "\"" || last == " " { value = value.dropLast() }
        return String(value)
    }

    /// Whether the text is a number in scientific notation (`9.78053E+12`): what a spreadsheet
    /// leaves of a long ISBN.
    static func isScientificNotation(_ text: String) -> Bool {
        let parts = text.split(whereSeparator: { $0 == "E" || $0 == "e" })
        guard parts.count == 2 else { return false }
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(mantissa.count), mantissa[0].count == 1,
            mantissa.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitValue) })
        else { return false }
        let exponent = parts[1].first == "+" ? parts[1].dropFirst() : parts[1]
        return !exponent.isEmpty && exponent.allSatisfy(\.isASCIIDigitValue)
    }

    enum ISBNReading: Equatable {
        case none
        case isbn(ISBN, original: String)
        /// Not an ISBN; the cleaned text is returned for callers that keep other identifiers.
        case notISBN(String)
        case lostToScientificNotation
    }

    /// Reads an ISBN cell. Scientific notation (`9.78053E+12`) means a spreadsheet destroyed the
    /// digits: it is reported and never stored as if it were right.
    static func isbn(_ text: String?) -> ISBNReading {
        guard let text else { return .none }
        let value = unwrapSpreadsheetText(text)
        if value.isEmpty { return .none }
        if isScientificNotation(value) { return .lostToScientificNotation }
        if let isbn = ISBN(value) { return .isbn(isbn, original: value.uppercased().filter { $0 != "-" && $0 != " " }) }
        return .notISBN(value)
    }

    /// An integer within a range; text that is not one yields a warning.
    static func integer(
        _ text: String?, field: String?, in range: ClosedRange<Int>,
        what: String, warnings: inout [ImportWarning]
    ) -> Int? {
        guard let text else { return nil }
        let cleaned = text.utf8.contains(44) ? text.replacingOccurrences(of: ",", with: "") : text
        guard let value = Int(cleaned) ?? Double(cleaned).flatMap({ $0.rounded() == $0 ? Int(exactly: $0) : nil })
        else {
            warnings.append(ImportWarning(field: field, "“\(text)” is not \(what); it was left out"))
            return nil
        }
        guard range.contains(value) else {
            warnings.append(ImportWarning(field: field, "\(value) is not a possible \(what); it was left out"))
            return nil
        }
        return value
    }

    /// A page count: 1…100,000. Zero means unknown.
    static func pageCount(_ text: String?, field: String?, warnings: inout [ImportWarning]) -> Int? {
        if let text, Int(text) == 0 { return nil }
        return integer(text, field: field, in: 1...100_000, what: "page count", warnings: &warnings)
    }

    /// A publication year, possibly negative (`-800`), not after next year.
    static func year(_ text: String?, field: String?, today: LocalDate, warnings: inout [ImportWarning]) -> Int? {
        integer(text, field: field, in: -5000...(today.year + 1), what: "publication year", warnings: &warnings)
    }

    /// A day a reader added, started or finished a book: a real calendar date between 1900 and
    /// a year from now.
    /// A reading date: `YYYY/MM/DD` (or dashes, dots, a time after it), LibraryThing's bracketed
    /// `[2021-07-30]`, and with `monthFirst` the American `10/12/2022` (month, day, year) that
    /// older StoryGraph exports write.
    static func date(
        _ text: String?, field: String?, today: LocalDate, monthFirst: Bool = false, warnings: inout [ImportWarning]
    ) -> LocalDate? {
        guard let text else { return nil }
        var value = TextNormalization.trim(text)
        if value.hasPrefix("["), value.hasSuffix("]") { value = TextNormalization.trim(String(value.dropFirst().dropLast())) }
        guard !value.isEmpty else { return nil }
        let candidate = LocalDate(value) ?? LocalDate(String(value.prefix(10))) ?? (monthFirst ? americanDate(value) : nil)
        guard let date = candidate else {
            warnings.append(ImportWarning(field: field, "“\(text)” is not a date (expected YYYY/MM/DD); it was left out"))
            return nil
        }
        guard date.year >= 1900, date <= today.adding(days: 366) else {
            warnings.append(ImportWarning(field: field, "\(date) is not a possible reading date; it was left out"))
            return nil
        }
        return date
    }

    /// `M/D/YYYY` (one or two digits for month and day).
    static func americanDate(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "/")
        guard parts.count == 3, parts[2].count == 4, parts[0].count <= 2, parts[1].count <= 2,
            let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2])
        else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// A star rating in quarter steps from 0 to 5. `zeroMeansUnrated` for Goodreads, where 0 is
    /// "no rating".
    static func rating(
        _ text: String?, field: String?, zeroMeansUnrated: Bool,
        warnings: inout [ImportWarning]
    ) -> Rating? {
        guard let text else { return nil }
        guard let rating = Rating(text) else {
            warnings.append(
                ImportWarning(field: field, "“\(text)” is not a rating from 0 to 5 in quarter stars; it was left out"))
            return nil
        }
        return zeroMeansUnrated && rating.quarters == 0 ? nil : rating
    }

    /// Splits a list cell on commas (or another separator) into trimmed, non-empty items.
    static func list(_ text: String?, separator: Character = ",") -> [String] {
        guard let text else { return [] }
        return text.split(separator: separator).map {
            TextNormalization.collapseWhitespace(String($0))
        }.filter { !$0.isEmpty }
    }

    /// A person's name from a cell, cleaned, with a warning when look-alike letters from another
    /// script were replaced.
    static func personName(_ text: String, field: String?, warnings: inout [ImportWarning]) -> String {
        let decoded = HTMLText.decodeEntities(text)
        let cleaned = PersonName.clean(decoded)
        if TextNormalization.hasMixedScriptLookalikes(TextNormalization.collapseWhitespace(decoded)) {
            warnings.append(
                ImportWarning(
                    field: field,
                    "“\(TextNormalization.collapseWhitespace(decoded))” mixes Latin letters with look-alike letters from another alphabet; it was read as “\(cleaned)”"
                ))
        }
        return cleaned
    }
}

extension Character {
    var isASCIIDigitValue: Bool { ("0"..."9").contains(self) }
}
