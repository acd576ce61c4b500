import Foundation

/// A reader's rating from 0 to 5 stars in quarter-star steps (SPEC §3).
///
/// Kept as a whole number of quarter stars so that 3.75 is exact everywhere, in SQLite and
/// PostgreSQL alike.
public struct Rating: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// Quarter stars, 0…20.
    public let quarters: Int

    /// `nil` unless 0…20.
    public init?(quarters: Int) {
        guard (0...20).contains(quarters) else { return nil }
        self.quarters = quarters
    }

    /// `nil` unless `stars` is within 0…5 and a multiple of 0.25.
    public init?(stars: Double) {
        // Checked before any arithmetic: 1e300 stars must be refused, not overflow an Int.
        guard stars.isFinite, (0...5).contains(stars) else { return nil }
        let quarters = (stars * 4).rounded()
        guard abs(quarters - stars * 4) < 1e-9 else { return nil }
        self.init(quarters: Int(quarters))
    }

    /// Parses "4", "3.75", "4,5"; `nil` for anything that is not a quarter-star value.
    public init?(_ text: String) {
        let trimmed = TextNormalization.trim(text)
        let normalized = trimmed.utf8.contains(44) ? trimmed.replacingOccurrences(of: ",", with: ".") : trimmed
        guard let stars = Double(normalized) else { return nil }
        self.init(stars: stars)
    }

    /// The rating in stars.
    public var stars: Double { Double(quarters) / 4 }

    /// "3.75", "4" — the shortest exact spelling.
    public var description: String {
        quarters % 4 == 0 ? String(quarters / 4) : String(format: "%g", stars)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.quarters < rhs.quarters }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let stars = try container.decode(Double.self)
        guard let rating = Rating(stars: stars) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(stars) is not a rating (0–5 in quarter steps)")
        }
        self = rating
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stars)
    }
}
