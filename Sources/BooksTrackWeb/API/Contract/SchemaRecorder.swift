import Foundation

/// Records the JSON Schema of `Encodable` values by encoding them: an `Encoder` that writes no
/// JSON but notes what each container is asked to hold.
///
/// - A field written with `encode` is required; one written with `encodeIfPresent` is optional
///   (synthesized `Encodable` calls it for every optional property, `nil` or not, with the
///   static type, so a missing value still tells its type).
/// - A list's items are described by its first item, or by its element type when it is empty.
/// - A `CaseIterable` enumeration of strings is a string with those cases.
/// - An ``APISchema`` becomes a `$ref` to its own component, recorded once.
/// - A ``DescribedJSON`` type's notes are laid over what was recorded.
final class SchemaRecorder {
    /// The named schemas recorded so far, by ``APISchema/schemaName``.
    private(set) var components: [String: JSONSchema] = [:]
    private var inProgress: Set<String> = []

    /// The schema of a value: a `$ref` for an ``APISchema``, inline for anything else.
    func schema<Value: Encodable>(of value: Value) throws -> JSONSchema {
        if let optional = value as? any OptionalValue {
            return try (optional.wrappedValue.map { try schema(of: $0) } ?? schema(ofType: type(of: optional).wrappedType)).orNull
        }
        if let leaf = Value.self as? any JSONLeaf.Type { return leaf.leafSchema }
        if let choices = Self.cases(of: Value.self) { return JSONSchema(kinds: [.string], choices: choices) }
        if let named = Value.self as? any APISchema.Type { return try reference(to: named) }
        if let list = value as? any ListValue {
            return .array(of: try list.firstItem.map { try schema(of: $0) } ?? schema(ofType: type(of: list).itemType))
        }
        if let map = value as? any MapValue {
            return .map(of: try map.firstValue.map { try schema(of: $0) } ?? schema(ofType: type(of: map).valueType))
        }
        let encoder = RecordingEncoder(recorder: self)
        try value.encode(to: encoder)
        return try Self.noted(try encoder.node.schema(), by: Value.self)
    }

    /// The schema of a type, without a value of it (an optional field left out, an empty list).
    func schema(ofType type: any Encodable.Type) throws -> JSONSchema {
        if let leaf = type as? any JSONLeaf.Type { return leaf.leafSchema }
        if let choices = Self.cases(of: type) { return JSONSchema(kinds: [.string], choices: choices) }
        if let named = type as? any APISchema.Type { return try reference(to: named) }
        if let optional = type as? any OptionalValue.Type { return try schema(ofType: optional.wrappedType).orNull }
        if let list = type as? any ListValue.Type { return .array(of: try schema(ofType: list.itemType)) }
        if let map = type as? any MapValue.Type { return .map(of: try schema(ofType: map.valueType)) }
        switch type {
        case is String.Type: return .string
        case is Bool.Type: return .boolean
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type: return .integer
        case is Double.Type, is Float.Type: return .number
        default: break
        }
        if let decodable = type as? any (Encodable & Decodable).Type { return try schema(of: try Prototype.make(decodable)) }
        throw SchemaRecordingError("\(type) has no value to record: give it an example (APISchema) or make it Decodable.")
    }

    /// A request body's declared schema, under its name.
    func reference(toRequest type: any DocumentedRequest.Type) -> JSONSchema {
        components[type.schemaName] = type.requestSchema
        return .reference(type.schemaName)
    }

    /// Records a named schema once (and only a `$ref` while it is being recorded, for a type
    /// that contains itself).
    func reference(to type: any APISchema.Type) throws -> JSONSchema {
        let name = type.schemaName
        if components[name] == nil, !inProgress.contains(name) {
            inProgress.insert(name)
            defer { inProgress.remove(name) }
            components[name] = try record(type)
        }
        return .reference(name)
    }

    private func record<Value: APISchema>(_ type: Value.Type) throws -> JSONSchema {
        let encoder = RecordingEncoder(recorder: self)
        try Value.example.encode(to: encoder)
        return try Self.noted(try encoder.node.schema(), by: Value.self)
    }

    /// The raw values of a `CaseIterable` enumeration of strings.
    static func cases(of type: Any.Type) -> [JSON]? {
        guard let enumeration = type as? any CaseIterable.Type else { return nil }
        let values = allRawValues(enumeration)
        return values.isEmpty ? nil : values.map(JSON.string)
    }

    private static func allRawValues<Choice: CaseIterable>(_ type: Choice.Type) -> [String] {
        type.allCases.compactMap { ($0 as? any RawRepresentable)?.rawValue as? String }
    }

    private static func noted(_ schema: JSONSchema, by type: Any.Type) throws -> JSONSchema {
        guard let described = type as? any DescribedJSON.Type else { return schema }
        let known = Set(schema.properties?.keys.map { $0 } ?? [])
        if let stray = described.fieldNotes.keys.filter({ !known.contains($0) }).sorted().first {
            throw SchemaRecordingError("\(type) has a note about “\(stray)”, a field it does not encode.")
        }
        return schema.merged(with: JSONSchema(properties: described.fieldNotes)).merged(with: described.jsonNote)
    }
}

struct SchemaRecordingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - What the recorder asks of a value

/// An optional, seen through a generic parameter.
protocol OptionalValue {
    var wrappedValue: (any Encodable)? { get }
    static var wrappedType: any Encodable.Type { get }
}

extension Optional: OptionalValue where Wrapped: Encodable {
    var wrappedValue: (any Encodable)? { self }
    static var wrappedType: any Encodable.Type { Wrapped.self }
}

protocol ListValue {
    var firstItem: (any Encodable)? { get }
    static var itemType: any Encodable.Type { get }
}

extension Array: ListValue where Element: Encodable {
    var firstItem: (any Encodable)? { first }
    static var itemType: any Encodable.Type { Element.self }
}

protocol MapValue {
    var firstValue: (any Encodable)? { get }
    static var valueType: any Encodable.Type { get }
}

extension Dictionary: MapValue where Key == String, Value: Encodable {
    var firstValue: (any Encodable)? { first?.value }
    static var valueType: any Encodable.Type { Value.self }
}

// MARK: - The encoder

/// What one value encoded into: an object, a list or a single value.
private final class Node {
    enum Content {
        case nothing
        case object(fields: [String: Field], required: Set<String>)
        case list([Field])
        case single(JSONSchema)
    }

    enum Field {
        case recorded(JSONSchema)
        case nested(Node)

        func schema() throws -> JSONSchema {
            switch self {
            case .recorded(let schema): schema
            case .nested(let node): try node.schema()
            }
        }
    }

    var content = Content.nothing

    func set(_ field: Field, for key: String, required: Bool) {
        var (fields, requiredKeys): ([String: Field], Set<String>) = ([:], [])
        if case .object(let existing, let existingRequired) = content { (fields, requiredKeys) = (existing, existingRequired) }
        fields[key] = field
        if required { requiredKeys.insert(key) } else { requiredKeys.remove(key) }
        content = .object(fields: fields, required: requiredKeys)
    }

    func append(_ field: Field) {
        if case .list(let items) = content { content = .list(items + [field]) } else { content = .list([field]) }
    }

    func schema() throws -> JSONSchema {
        switch content {
        case .nothing: return JSONSchema()
        case .single(let schema): return schema
        case .list(let items): return .array(of: try items.first?.schema() ?? JSONSchema())
        case .object(let fields, let required):
            return .object(try fields.mapValues { try $0.schema() }, required: required.sorted())
        }
    }
}

private struct RecordingEncoder: Encoder {
    let recorder: SchemaRecorder
    var node = Node()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(recorder: SchemaRecorder, node: Node = Node()) {
        self.recorder = recorder
        self.node = node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .nothing = node.content { node.content = .object(fields: [:], required: []) }
        return KeyedEncodingContainer(KeyedRecorder<Key>(recorder: recorder, node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .nothing = node.content { node.content = .list([]) }
        return UnkeyedRecorder(recorder: recorder, node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleRecorder(recorder: recorder, node: node) }
}

private struct KeyedRecorder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: SchemaRecorder
    let node: Node
    var codingPath: [any CodingKey] = []

    mutating func encodeNil(forKey key: Key) throws {
        node.set(.recorded(JSONSchema(.null)), for: key.stringValue, required: true)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        node.set(.recorded(.boolean), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        node.set(.recorded(.string), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        node.set(.recorded(.number), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        node.set(.recorded(.number), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        node.set(.recorded(.integer), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        node.set(.recorded(.integer), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        node.set(.recorded(.integer), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        node.set(.recorded(.integer), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        node.set(.recorded(.integer), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        node.set(.recorded(.integer), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        node.set(.recorded(.integer), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        node.set(.recorded(.integer), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        node.set(.recorded(.integer), for: key.stringValue, required: true)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        node.set(.recorded(.integer), for: key.stringValue, required: true)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(.recorded(try recorder.schema(of: value)), for: key.stringValue, required: true)
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        let schema = try value.map { try recorder.schema(of: $0) } ?? recorder.schema(ofType: T.self)
        node.set(.recorded(schema), for: key.stringValue, required: false)
    }

    // The concrete overloads synthesized code calls: each one is the generic case.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeIfPresent(value as Bool?, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeIfPresent(value as String?, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeIfPresent(value as Double?, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeIfPresent(value as Float?, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeIfPresent(value as Int?, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeIfPresent(value as Int8?, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeIfPresent(value as Int16?, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeIfPresent(value as Int32?, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeIfPresent(value as Int64?, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeIfPresent(value as UInt?, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeIfPresent(value as UInt8?, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeIfPresent(value as UInt16?, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeIfPresent(value as UInt32?, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeIfPresent(value as UInt64?, key) }

    private mutating func encodeIfPresent<T: Encodable>(_ value: T?, _ key: Key) throws {
        let schema = try value.map { try recorder.schema(of: $0) } ?? recorder.schema(ofType: T.self)
        node.set(.recorded(schema), for: key.stringValue, required: false)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = Node()
        node.set(.nested(child), for: key.stringValue, required: true)
        return RecordingEncoder(recorder: recorder, node: child).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = Node()
        node.set(.nested(child), for: key.stringValue, required: true)
        return RecordingEncoder(recorder: recorder, node: child).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { RecordingEncoder(recorder: recorder, node: node) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = Node()
        node.set(.nested(child), for: key.stringValue, required: true)
        return RecordingEncoder(recorder: recorder, node: child)
    }
}

private struct UnkeyedRecorder: UnkeyedEncodingContainer {
    let recorder: SchemaRecorder
    let node: Node
    var codingPath: [any CodingKey] = []
    var count: Int {
        if case .list(let items) = node.content { items.count } else { 0 }
    }

    mutating func encodeNil() throws { node.append(.recorded(JSONSchema(.null))) }
    mutating func encode(_ value: Bool) throws { node.append(.recorded(.boolean)) }
    mutating func encode(_ value: String) throws { node.append(.recorded(.string)) }
    mutating func encode(_ value: Double) throws { node.append(.recorded(.number)) }
    mutating func encode(_ value: Float) throws { node.append(.recorded(.number)) }
    mutating func encode(_ value: Int) throws { node.append(.recorded(.integer)) }
    mutating func encode(_ value: Int8) throws { node.append(.recorded(.integer)) }
    mutating func encode(_ value: Int16) throws { node.append(.recorded(.integer)) }
    mutating func encode(_ value: Int32) throws { node.append(.recorded(.integer)) }
    mutating func encode(_ value: Int64) throws { node.append(.recorded(.integer)) }
    mutating func encode(_ value: UInt) throws { node.append(.recorded(.integer)) }
    mutating func encode(_ value: UInt8) throws { node.append(.recorded(.integer)) }
    mutating func encode(_ value: UInt16) throws { node.append(.recorded(.integer)) }
    mutating func encode(_ value: UInt32) throws { node.append(.recorded(.integer)) }
    mutating func encode(_ value: UInt64) throws { node.append(.recorded(.integer)) }
    mutating func encode<T: Encodable>(_ value: T) throws { node.append(.recorded(try recorder.schema(of: value))) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = Node()
        node.append(.nested(child))
        return RecordingEncoder(recorder: recorder, node: child).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Node()
        node.append(.nested(child))
        return RecordingEncoder(recorder: recorder, node: child).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = Node()
        node.append(.nested(child))
        return RecordingEncoder(recorder: recorder, node: child)
    }
}

private struct SingleRecorder: SingleValueEncodingContainer {
    let recorder: SchemaRecorder
    let node: Node
    var codingPath: [any CodingKey] = []

    mutating func encodeNil() throws { node.content = .single(JSONSchema(.null)) }
    mutating func encode(_ value: Bool) throws { node.content = .single(.boolean) }
    mutating func encode(_ value: String) throws { node.content = .single(.string) }
    mutating func encode(_ value: Double) throws { node.content = .single(.number) }
    mutating func encode(_ value: Float) throws { node.content = .single(.number) }
    mutating func encode(_ value: Int) throws { node.content = .single(.integer) }
    mutating func encode(_ value: Int8) throws { node.content = .single(.integer) }
    mutating func encode(_ value: Int16) throws { node.content = .single(.integer) }
    mutating func encode(_ value: Int32) throws { node.content = .single(.integer) }
    mutating func encode(_ value: Int64) throws { node.content = .single(.integer) }
    mutating func encode(_ value: UInt) throws { node.content = .single(.integer) }
    mutating func encode(_ value: UInt8) throws { node.content = .single(.integer) }
    mutating func encode(_ value: UInt16) throws { node.content = .single(.integer) }
    mutating func encode(_ value: UInt32) throws { node.content = .single(.integer) }
    mutating func encode(_ value: UInt64) throws { node.content = .single(.integer) }
    mutating func encode<T: Encodable>(_ value: T) throws { node.content = .single(try recorder.schema(of: value)) }
}
