import Foundation

/// A country or territory as its ISO 3166-1 alpha-2 code (`NG`, `JP`, `NA` for Namibia).
/// `XK` (Kosovo, a user-assigned code in wide use) is accepted too.
public struct CountryCode: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The uppercase alpha-2 code.
    public let alpha2: String

    /// Accepts an alpha-2 or alpha-3 code or an English country name, ignoring case.
    /// Text that names no known country is `nil`.
    public init?(lenient text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let upper = trimmed.uppercased()
        if CountryRegions.rowsByAlpha2[upper] != nil {
            alpha2 = upper
        } else if let row = CountryRegions.rowsByAlpha3[upper] {
            alpha2 = row.alpha2
        } else if let row = CountryRegions.rowsByName[trimmed.lowercased()] {
            alpha2 = row.alpha2
        } else {
            return nil
        }
    }

    /// The country's English name ("Nigeria").
    public var name: String { CountryRegions.rowsByAlpha2[alpha2]?.name ?? alpha2 }

    /// The cultural region the country belongs to, by the rules of ``CountryRegions``.
    public var region: CulturalRegion? { CountryRegions.region(for: self) }

    public var description: String { alpha2 }

    /// Every country BooksTrack knows, by English name: the choices of a country picker.
    public static let all: [CountryCode] = CountryRegions.rowsByAlpha2.keys.compactMap { CountryCode(lenient: $0) }
        .sorted { $0.name < $1.name }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.alpha2 < rhs.alpha2 }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = CountryCode(lenient: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "“\(text)” is not an ISO 3166 country")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(alpha2)
    }
}
