import Foundation

/// A language, as an ISO 639 code: the two-letter ISO 639-1 code where one exists
/// (`en`, `sw`, `ja`), else the three-letter ISO 639-3 code (`grc` for Ancient Greek).
public struct LanguageCode: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The canonical lowercase code.
    public let code: String

    /// Accepts a known ISO 639-1, 639-2 (B or T) or 639-3 code, or an English language name
    /// ("Swahili", "Ancient Greek"), and returns its canonical code. Region subtags are
    /// dropped (`en-GB` → `en`). Unknown text is `nil`, never guessed.
    public init?(lenient text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !trimmed.isEmpty else { return nil }
        let primary = trimmed.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init)
        if let primary, let entry = LanguageTable.byCode[primary] {
            self.code = entry.code
        } else if let entry = LanguageTable.byName[trimmed] {
            self.code = entry.code
        } else {
            return nil
        }
    }

    /// The English name ("Swahili"); the code itself for a code without a name.
    public var englishName: String { LanguageTable.byCode[code]?.name ?? code }

    public var description: String { code }

    /// Every language BooksTrack knows by name, by English name: the choices of a language picker.
    public static let all: [LanguageCode] = LanguageTable.entries.compactMap { LanguageCode(lenient: $0.code) }
        .sorted { $0.englishName < $1.englishName }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.code < rhs.code }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = LanguageCode(lenient: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "“\(text)” is not a known ISO 639 language")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
