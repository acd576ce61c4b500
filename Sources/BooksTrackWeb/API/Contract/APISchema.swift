import BooksTrackApp
import BooksTrackCore
import Foundation

/// What a JSON type says about itself that its Swift declaration cannot: a description, and
/// per field a bound, a pattern, the cases of the enumeration a `String` field holds, a
/// description. ``SchemaRecorder`` lays these notes over the schema it records; a note naming a
/// field the type does not encode is an error, so a renamed field cannot leave its note behind.
protocol DescribedJSON {
    /// A note about the whole value (its description, `additionalProperties: false`).
    static var jsonNote: JSONSchema { get }
    /// Notes about fields, by their JSON name.
    static var fieldNotes: [String: JSONSchema] { get }
}

extension DescribedJSON {
    static var jsonNote: JSONSchema { JSONSchema() }
    static var fieldNotes: [String: JSONSchema] { [:] }
}

/// A JSON body of the API with its own entry under `components/schemas`: its schema is recorded
/// from ``example`` by ``SchemaRecorder``.
protocol APISchema: Encodable, DescribedJSON {
    /// The name under `components/schemas` (the type's name unless it says otherwise).
    static var schemaName: String { get }
    /// A value to record the schema from. Every optional field the type can leave out must be
    /// recorded: synthesized `Encodable` calls `encodeIfPresent` for those, present or not.
    static var example: Self { get throws }
}

extension APISchema {
    static var schemaName: String { String(describing: Self.self) }
}

extension APISchema where Self: Decodable {
    /// A prototype: every optional present, every list with one item (``Prototype``).
    static var example: Self { get throws { try Prototype.make(Self.self) } }
}

/// A value ``Prototype`` cannot decode from nothing (its decoder checks what it reads): it
/// gives one itself.
protocol JSONPrototype {
    static var prototype: Self { get }
}

/// A value JSON shows as one string or number of a known form (a day, an instant, an id): the
/// recorder does not look inside it, and the prototype decoder does not build it.
protocol JSONLeaf: JSONPrototype {
    static var leafSchema: JSONSchema { get }
}

extension Date: JSONLeaf {
    static var leafSchema: JSONSchema { JSONSchema.string.formatted("date-time") }
    static var prototype: Date { Date(timeIntervalSince1970: 0) }
}

extension LocalDate: JSONLeaf {
    static var leafSchema: JSONSchema { JSONSchema.string.formatted("date") }
    static var prototype: LocalDate { LocalDate(dayNumber: 0) }
}

extension TypedID: JSONLeaf {
    static var leafSchema: JSONSchema { JSONSchema.string.formatted("uuid") }
    static var prototype: TypedID { .random() }
}

extension CountryCode: JSONLeaf {
    static var leafSchema: JSONSchema { JSONSchema.string.matching("^[A-Z]{2}$").described("ISO 3166-1 alpha-2.") }
    static var prototype: CountryCode { all[0] }
}

extension LanguageCode: JSONLeaf {
    static var leafSchema: JSONSchema { JSONSchema.string.described("An ISO 639 code.") }
    static var prototype: LanguageCode { all[0] }
}
