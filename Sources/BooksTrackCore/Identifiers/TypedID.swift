import Foundation

/// An identifier that carries the type it identifies, so that a `Work.ID` can never be passed
/// where an `Author.ID` is expected.
///
/// Identifiers are UUIDs. They are encoded as their lowercase string form (in JSON and in the
/// database), which keeps them portable between SQLite and PostgreSQL.
public struct TypedID<Owner>: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The underlying UUID.
    public let uuid: UUID
    /// The lowercase string form used in URLs, JSON and the database (kept, as it is used often).
    public let string: String

    /// Wraps an existing UUID.
    public init(_ uuid: UUID) {
        self.uuid = uuid
        self.string = RandomIdentifiers.string(uuid)
    }

    /// Parses the string form; `nil` when the text is not a UUID.
    public init?(_ string: String) {
        guard let (uuid, lowercase) = RandomIdentifiers.parse(string) else { return nil }
        self.uuid = uuid
        // Identifiers come back from the database in their own lowercase form: kept as they are.
        self.string = lowercase ? string : RandomIdentifiers.string(uuid)
    }

    /// A new random identifier.
    public static func random() -> Self { Self(RandomIdentifiers.next()) }

    public var description: String { string }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.uuid == rhs.uuid }

    public func hash(into hasher: inout Hasher) { hasher.combine(uuid) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.string < rhs.string }
}

extension TypedID: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = Self(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "“\(text)” is not an identifier")
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
