/// A JSON Schema (the 2020-12 dialect OpenAPI 3.1 uses), as much of it as the API needs.
///
/// The recorder (``SchemaRecorder``) makes most of them from the Swift types themselves; a type
/// adds what its declaration cannot say — a bound, a pattern, a description — as a *note*: a
/// partial schema laid over the recorded one (``merged(with:)``).
struct JSONSchema: Hashable, Sendable {
    enum Kind: String, Hashable, Sendable, CaseIterable {
        case string, number, integer, boolean, array, object, null
    }

    /// Empty in a note that leaves the recorded type alone.
    var kinds: [Kind] = []
    /// The name of a schema under `components/schemas`.
    var reference: String?
    var description: String?
    var format: String?
    var pattern: String?
    var choices: [JSON]?
    var minimum: JSON?
    var maximum: JSON?
    var minLength: Int?
    var maxLength: Int?
    var minItems: Int?
    var maxItems: Int?
    var defaultValue: JSON?
    var properties: [String: JSONSchema]?
    var required: [String]?
    /// `false` for a request body that refuses names it does not take.
    var additionalProperties: Bool?
    /// The schema of every value of a map (`additionalProperties` as a schema).
    var values: [JSONSchema] = []
    /// One schema (arrays) — kept in a list because a struct cannot hold itself.
    var itemSchemas: [JSONSchema] = []
    var allOf: [JSONSchema]?
    var oneOf: [JSONSchema]?

    var items: JSONSchema? {
        get { itemSchemas.first }
        set { itemSchemas = newValue.map { [$0] } ?? [] }
    }
}

// MARK: - Building schemas and notes

extension JSONSchema {
    init(_ kinds: Kind...) { self.kinds = kinds }

    static let string = JSONSchema(.string)
    static let integer = JSONSchema(.integer)
    static let number = JSONSchema(.number)
    static let boolean = JSONSchema(.boolean)
    /// An object of any shape.
    static let anyObject = JSONSchema(.object)

    static func reference(_ name: String) -> JSONSchema { JSONSchema(reference: name) }

    static func array(of items: JSONSchema) -> JSONSchema {
        var schema = JSONSchema(.array)
        schema.items = items
        return schema
    }

    static func object(_ properties: [String: JSONSchema], required: [String] = [], closed: Bool = false) -> JSONSchema {
        var schema = JSONSchema(.object)
        schema.properties = properties
        schema.required = required.isEmpty ? nil : required
        schema.additionalProperties = closed ? false : nil
        return schema
    }

    /// A map from names to values of one schema (`{"read": 3, "toRead": 5}`).
    static func map(of values: JSONSchema) -> JSONSchema {
        var schema = JSONSchema(.object)
        schema.values = [values]
        return schema
    }

    /// A note with a description alone.
    static func described(_ text: String) -> JSONSchema { JSONSchema(description: text) }

    /// A note: the raw values of a Swift enumeration (a string that is a `ReadingStatus`, say).
    static func cases<Choice: CaseIterable & RawRepresentable>(of type: Choice.Type) -> JSONSchema
    where Choice.RawValue == String {
        JSONSchema(choices: type.allCases.map { .string($0.rawValue) })
    }

    /// A note: one of these strings.
    static func oneOf(_ values: [String]) -> JSONSchema { JSONSchema(choices: values.map(JSON.string)) }

    /// A note: a whole number or number within bounds.
    static func bounded(_ minimum: Int? = nil, _ maximum: Int? = nil) -> JSONSchema {
        JSONSchema(minimum: minimum.map(JSON.integer), maximum: maximum.map(JSON.integer))
    }

    static func formatted(_ format: String) -> JSONSchema { JSONSchema(format: format) }
    static func matching(_ pattern: String) -> JSONSchema { JSONSchema(pattern: pattern) }

    /// A note about the items of a list.
    static func eachItem(_ note: JSONSchema) -> JSONSchema {
        var schema = JSONSchema()
        schema.items = note
        return schema
    }

    func described(_ text: String) -> JSONSchema { merged(with: .described(text)) }
    func bounded(_ minimum: Int? = nil, _ maximum: Int? = nil) -> JSONSchema { merged(with: .bounded(minimum, maximum)) }
    func formatted(_ format: String) -> JSONSchema { merged(with: .formatted(format)) }
    func matching(_ pattern: String) -> JSONSchema { merged(with: .matching(pattern)) }

    /// The same schema, accepting `null` too.
    var orNull: JSONSchema {
        guard reference == nil else { return JSONSchema(oneOf: [self, JSONSchema(.null)]) }
        var schema = self
        if !schema.kinds.contains(.null) { schema.kinds.append(.null) }
        if let choices = schema.choices, !choices.contains(.null) { schema.choices = choices + [.null] }
        return schema
    }

    /// This schema with `note` laid over it: what the note says wins; properties and items are
    /// merged one by one.
    func merged(with note: JSONSchema) -> JSONSchema {
        var schema = self
        if !note.kinds.isEmpty { schema.kinds = note.kinds }
        schema.reference = note.reference ?? reference
        schema.description = note.description ?? description
        schema.format = note.format ?? format
        schema.pattern = note.pattern ?? pattern
        schema.choices = note.choices ?? choices
        if schema.kinds.contains(.null), let choices = schema.choices, !choices.contains(.null) {
            schema.choices = choices + [.null]
        }
        schema.minimum = note.minimum ?? minimum
        schema.maximum = note.maximum ?? maximum
        schema.minLength = note.minLength ?? minLength
        schema.maxLength = note.maxLength ?? maxLength
        schema.minItems = note.minItems ?? minItems
        schema.maxItems = note.maxItems ?? maxItems
        schema.defaultValue = note.defaultValue ?? defaultValue
        schema.required = note.required ?? required
        schema.additionalProperties = note.additionalProperties ?? additionalProperties
        schema.allOf = note.allOf ?? allOf
        schema.oneOf = note.oneOf ?? oneOf
        if let notes = note.properties {
            var properties = properties ?? [:]
            for (name, propertyNote) in notes { properties[name] = (properties[name] ?? JSONSchema()).merged(with: propertyNote) }
            schema.properties = properties
        }
        if let itemNote = note.items { schema.items = (items ?? JSONSchema()).merged(with: itemNote) }
        if let valueNote = note.values.first { schema.values = [(values.first ?? JSONSchema()).merged(with: valueNote)] }
        return schema
    }
}

// MARK: - As JSON

extension JSONSchema {
    var json: JSON {
        if let reference {
            let ref: JSON = .object(["$ref": .string("#/components/schemas/\(reference)")])
            // A description beside a $ref is allowed in 3.1 and says what this use means.
            guard let description else { return ref }
            return .object(ref.members.merging(["description": .string(description)]) { first, _ in first })
        }
        var object: [String: JSON] = [:]
        if kinds.count == 1 { object["type"] = .string(kinds[0].rawValue) }
        if kinds.count > 1 { object["type"] = .array(kinds.map { .string($0.rawValue) }) }
        object["description"] = description.map(JSON.string)
        object["format"] = format.map(JSON.string)
        object["pattern"] = pattern.map(JSON.string)
        object["enum"] = choices.map(JSON.array)
        object["minimum"] = minimum
        object["maximum"] = maximum
        object["minLength"] = minLength.map(JSON.integer)
        object["maxLength"] = maxLength.map(JSON.integer)
        object["minItems"] = minItems.map(JSON.integer)
        object["maxItems"] = maxItems.map(JSON.integer)
        object["default"] = defaultValue
        object["properties"] = properties.map { .object($0.mapValues(\.json)) }
        object["required"] = required.map { .array($0.sorted().map(JSON.string)) }
        if let values = values.first {
            object["additionalProperties"] = values.json
        } else {
            object["additionalProperties"] = additionalProperties.map(JSON.bool)
        }
        object["items"] = items?.json
        object["allOf"] = allOf.map { .array($0.map(\.json)) }
        object["oneOf"] = oneOf.map { .array($0.map(\.json)) }
        return .object(object)
    }
}
