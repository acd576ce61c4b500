/// The largest and smallest numbers BooksTrack takes from anyone (SPEC §6). Every number that
/// enters — a form, JSON, a query, a CSV or TSV export, a backup, the command line — is checked
/// against these where it enters, so a figure summed over a library can never overflow.
public enum Limits {
    /// A page number or a page count: no printed book has more than 100,000 pages.
    public static let pages = 0...100_000
    /// The minutes of one reading session: a minute to a whole day.
    public static let sessionMinutes = 1...1_440
    /// Times a book was read.
    public static let readCount = 0...1_000
    /// A year of publication, birth or death (antiquity to a far future).
    public static let year = -5_000...3_000
    /// Points of one curation contribution.
    public static let contributionPoints = 0...1_000
    /// A percentage.
    public static let percent = 0...100
}

extension Int {
    /// The nearest `Int` to a `Double`, saturating at the ends; `nan` is 0. Unlike `Int(_:)` it
    /// never traps, whatever a division or a stored value made of the figure.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }

    /// `self + other`, stopping at `Int.max` or `Int.min` instead of trapping.
    public func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}

extension Sequence {
    /// The sum of `value` over the elements, saturating instead of trapping.
    public func saturatingSum(_ value: (Element) throws -> Int) rethrows -> Int {
        try reduce(0) { $0.saturatingAdding(try value($1)) }
    }
}
