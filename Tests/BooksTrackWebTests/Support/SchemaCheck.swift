import Foundation

/// A JSON value that keeps booleans and numbers apart (Foundation's JSONSerialization does not,
/// on every platform).
indirect enum JSONValue: Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    static func parse(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .string(let value): value
        case .array(let values): "[\(values.count) items]"
        case .object: "{…}"
        }
    }
}

/// Checks a JSON value against the subset of JSON Schema the OpenAPI document uses:
/// `$ref`, `type` (with `null`), `required`, `properties`, `additionalProperties`, `items`,
/// `enum` and `oneOf`. Returns the problems, each with its path.
struct SchemaCheck {
    let components: [String: JSONValue]

    func problems(_ value: JSONValue, against schema: JSONValue, at path: String = "$") -> [String] {
        guard case .object(let schema) = schema else { return [] }
        if case .string(let ref)? = schema["$ref"] {
            let name = String(ref.split(separator: "/").last ?? "")
            guard let target = components[name] else { return ["\(path): unknown schema \(ref)"] }
            return problems(value, against: target, at: path)
        }
        if case .array(let choices)? = schema["oneOf"] {
            return choices.contains { problems(value, against: $0, at: path).isEmpty }
                ? [] : ["\(path): matches no choice of oneOf"]
        }
        if let type = schema["type"] {
            let types: [String] =
                switch type {
                case .string(let one): [one]
                case .array(let many): many.map(\.description)
                default: []
                }
            if !types.contains(where: { Self.value(value, is: $0) }) {
                return ["\(path): \(value) is not \(types.joined(separator: " or "))"]
            }
        }
        if case .array(let allowed)? = schema["enum"], !allowed.contains(where: { $0.description == value.description }) {
            return ["\(path): \(value) is not one of \(allowed.map(\.description))"]
        }
        var found: [String] = []
        if case .object(let object) = value {
            if case .array(let required)? = schema["required"] {
                for key in required.map(\.description) where object[key] == nil { found.append("\(path).\(key): missing") }
            }
            var properties: [String: JSONValue] = [:]
            if case .object(let declared)? = schema["properties"] { properties = declared }
            for (key, item) in object {
                if let property = properties[key] {
                    found += problems(item, against: property, at: "\(path).\(key)")
                } else if case .object? = schema["additionalProperties"], let extra = schema["additionalProperties"] {
                    found += problems(item, against: extra, at: "\(path).\(key)")
                } else if !properties.isEmpty {
                    found.append("\(path).\(key): not documented")
                }
            }
        }
        if case .array(let array) = value, let items = schema["items"] {
            for (index, item) in array.enumerated() { found += problems(item, against: items, at: "\(path)[\(index)]") }
        }
        return found
    }

    static func value(_ value: JSONValue, is type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
            ("string", .string),
            ("array", .array), ("object", .object):
            true
        default: false
        }
    }
}
