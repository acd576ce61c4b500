import Foundation

/// A calendar day with no time and no time zone: the day a book was added, started or finished.
///
/// Stored and encoded as `YYYY-MM-DD`. Reading dates are days in the reader's own calendar, so
/// they are never converted between time zones.
public struct LocalDate: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid Gregorian date, or `nil` (`2021-02-30` is `nil`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`, `YYYY/MM/DD` and `YYYY.MM.DD` (one- or two-digit month and day).
    public init?(_ text: String) {
        // The form the database stores, read back for every reading of a library: digits by
        // byte, without splitting the text.
        var text = text
        if let (year, month, day) = text.withUTF8(Self.isoDigits) {
            self.init(year: year, month: month, day: day)
            return
        }
        let trimmed = TextNormalization.trim(text)
        let parts = trimmed.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard parts.count == 3, parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Year, month and day of exactly `YYYY-MM-DD`; `nil` for any other text.
    private static func isoDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ positions: Range<Int>) -> Int? {
            var value = 0
            for position in positions {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    /// The day an instant falls on in a time zone.
    public init(_ instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        self.year = parts.year!
        self.month = parts.month!
        self.day = parts.day!
    }

    /// `YYYY-MM-DD`.
    public var description: String { formatted(separator: "-") }

    /// `YYYY/MM/DD`, the Goodreads spelling.
    public var slashed: String { formatted(separator: "/") }

    private func formatted(separator: Character) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
        return padded(year, 4) + String(separator) + padded(month, 2) + String(separator) + padded(day, 2)
    }

    /// Days since 1970-01-01 (negative before), for day arithmetic without a calendar.
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The date `days` days later (or earlier, when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(dayNumber: dayNumber + days)
    }

    /// The date with the given day number (see ``dayNumber``).
    /// The first day of this date's month.
    public var firstOfMonth: LocalDate { LocalDate(year: year, month: month, day: 1)! }

    public init(dayNumber: Int) {
        let z = dayNumber + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "“\(text)” is not a date (YYYY-MM-DD)")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension LocalDate {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// The month's English name: "November".
    public var monthName: String { Self.monthNames[month - 1] }

    /// "14 November", as sentences about goals say it.
    public var dayAndMonth: String { "\(day) \(monthName)" }
    /// "25 November 2026".
    public var longDescription: String { "\(dayAndMonth) \(year)" }
}
