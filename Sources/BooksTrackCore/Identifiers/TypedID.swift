import Foundation

/// An identifier that carries the type it identifies, so that a `Work.ID` can never be passed
/// where an `Author.ID` is expected.
///
/// Identifiers are UUIDs. They are encoded as their lowercase string form (in JSON and in the
/// database), which keeps them portable between SQLite and PostgreSQL. In memory an identifier is
/// its 128 bits and nothing else — 16 bytes, compared and hashed as two integers — and its text is
/// written when asked for: a kept library holds about ten identifiers per book, and each kept as
/// text cost a heap object of ~80 bytes (issue 42).
public struct TypedID<Owner>: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The UUID's bytes 0–7 and 8–15, big-endian: ordered as the lowercase text is.
    private let high: UInt64
    private let low: UInt64

    /// Wraps an existing UUID.
    public init(_ uuid: UUID) {
        (high, low) = RandomIdentifiers.halves(uuid)
    }

    /// Parses the string form (either case); `nil` when the text is not a UUID.
    public init?(_ string: String) {
        var string = string
        guard let halves = string.withUTF8(RandomIdentifiers.parse) else { return nil }
        (high, low) = halves
    }

    /// Parses the string form from its UTF-8 bytes (as a database hands them over, without
    /// making a `String` of them first); `nil` when they are not a UUID.
    public init?(utf8: UnsafeBufferPointer<UInt8>) {
        guard let halves = RandomIdentifiers.parse(utf8) else { return nil }
        (high, low) = halves
    }

    /// The identifier from its 128 bits as ``bits`` gives them (compact storage: the library archive).
    public init(bits: (high: UInt64, low: UInt64)) {
        (high, low) = bits
    }

    /// The 128 bits, big-endian halves: bytes 0–7 and 8–15 of the UUID.
    public var bits: (high: UInt64, low: UInt64) { (high, low) }

    /// A new random identifier.
    public static func random() -> Self { Self(RandomIdentifiers.next()) }

    /// The underlying UUID.
    public var uuid: UUID { RandomIdentifiers.uuid(high, low) }

    /// The lowercase string form used in URLs, JSON and the database.
    public var string: String { RandomIdentifiers.string(high, low) }

    public var description: String { string }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.high, lhs.low) < (rhs.high, rhs.low) }
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
