/// A valid ISBN, kept in its canonical 13-digit form with the 10-digit form when one exists.
///
/// ISBNs are identifiers, not numbers: leading zeros are significant and an ISBN-10 may end in
/// `X`. Anything that fails the check digit is not an ISBN.
public struct ISBN: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 13 digits.
    public let isbn13: String

    /// The ISBN-10 form, for 978-prefixed ISBNs.
    public var isbn10: String? {
        guard isbn13.hasPrefix("978") else { return nil }
        let body = String(isbn13.dropFirst(3).prefix(9))
        return body + ISBN.checkCharacter10(body)
    }

    /// Accepts 10 or 13 characters after removing hyphens and spaces, checking the check digit.
    public init?(_ text: String) {
        let cleaned = text.uppercased().filter { $0 != "-" && $0 != " " }
        if cleaned.count == 13, cleaned.allSatisfy(\.isASCIIDigit),
            cleaned.hasPrefix("978") || cleaned.hasPrefix("979"),
            ISBN.checkCharacter13(String(cleaned.prefix(12))) == String(cleaned.last!)
        {
            isbn13 = cleaned
        } else if cleaned.count == 10, cleaned.prefix(9).allSatisfy(\.isASCIIDigit),
            cleaned.last!.isASCIIDigit || cleaned.last == "X",
            ISBN.checkCharacter10(String(cleaned.prefix(9))) == String(cleaned.last!)
        {
            let body = "978" + cleaned.prefix(9)
            isbn13 = body + ISBN.checkCharacter13(body)
        } else {
            return nil
        }
    }

    public var description: String { isbn13 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.isbn13 < rhs.isbn13 }

    static func checkCharacter13(_ twelve: String) -> String {
        let sum = twelve.compactMap(\.wholeNumberValue).enumerated()
            .reduce(0) { $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 1 : 3) }
        return String((10 - sum % 10) % 10)
    }

    static func checkCharacter10(_ nine: String) -> String {
        let sum = nine.compactMap(\.wholeNumberValue).enumerated()
            .reduce(0) { $0 + $1.element * (10 - $1.offset) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : String(check)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
