import Foundation

/// Builds a value of a `Decodable` type from nothing, to record its schema from: every optional
/// field present, every list with one item, every enumeration at its first case, every
/// ``JSONLeaf`` at its prototype, and empty text and zeros elsewhere. Maps come out empty (their
/// keys are data); the recorder describes their values by type.
enum Prototype {
    static func make<Value: Decodable>(_ type: Value.Type) throws -> Value {
        if let given = type as? any JSONPrototype.Type, let value = given.prototype as? Value { return value }
        if let enumeration = type as? any CaseIterable.Type, let value = firstCase(of: enumeration) as? Value { return value }
        return try Value(from: PrototypeDecoder())
    }

    private static func firstCase<Choice: CaseIterable>(of type: Choice.Type) -> Choice? { type.allCases.first }
}

private struct PrototypeDecoder: Decoder {
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedPrototype<Key>())
    }

    func unkeyedContainer() -> any UnkeyedDecodingContainer { UnkeyedPrototype() }
    func singleValueContainer() -> any SingleValueDecodingContainer { SinglePrototype() }
}

private struct KeyedPrototype<Key: CodingKey>: KeyedDecodingContainerProtocol {
    var codingPath: [any CodingKey] = []
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) -> Bool { false }
    func decode(_ type: Bool.Type, forKey key: Key) -> Bool { false }
    func decode(_ type: String.Type, forKey key: Key) -> String { "" }
    func decode(_ type: Double.Type, forKey key: Key) -> Double { 0 }
    func decode(_ type: Float.Type, forKey key: Key) -> Float { 0 }
    func decode(_ type: Int.Type, forKey key: Key) -> Int { 0 }
    func decode(_ type: Int8.Type, forKey key: Key) -> Int8 { 0 }
    func decode(_ type: Int16.Type, forKey key: Key) -> Int16 { 0 }
    func decode(_ type: Int32.Type, forKey key: Key) -> Int32 { 0 }
    func decode(_ type: Int64.Type, forKey key: Key) -> Int64 { 0 }
    func decode(_ type: UInt.Type, forKey key: Key) -> UInt { 0 }
    func decode(_ type: UInt8.Type, forKey key: Key) -> UInt8 { 0 }
    func decode(_ type: UInt16.Type, forKey key: Key) -> UInt16 { 0 }
    func decode(_ type: UInt32.Type, forKey key: Key) -> UInt32 { 0 }
    func decode(_ type: UInt64.Type, forKey key: Key) -> UInt64 { 0 }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try Prototype.make(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedDecodingContainer<NestedKey>
    {
        KeyedDecodingContainer(KeyedPrototype<NestedKey>())
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer { UnkeyedPrototype() }
    func superDecoder() -> any Decoder { PrototypeDecoder() }
    func superDecoder(forKey key: Key) -> any Decoder { PrototypeDecoder() }
}

private struct UnkeyedPrototype: UnkeyedDecodingContainer {
    var codingPath: [any CodingKey] = []
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= 1 }

    mutating func decodeNil() -> Bool { false }

    mutating func decode(_ type: Bool.Type) -> Bool {
        currentIndex += 1
        return false
    }

    mutating func decode(_ type: String.Type) -> String {
        currentIndex += 1
        return ""
    }

    mutating func decode(_ type: Double.Type) -> Double {
        currentIndex += 1
        return 0
    }

    mutating func decode(_ type: Float.Type) -> Float {
        currentIndex += 1
        return 0
    }

    mutating func decode(_ type: Int.Type) -> Int {
        currentIndex += 1
        return 0
    }

    mutating func decode(_ type: Int8.Type) -> Int8 {
        currentIndex += 1
        return 0
    }

    mutating func decode(_ type: Int16.Type) -> Int16 {
        currentIndex += 1
        return 0
    }

    mutating func decode(_ type: Int32.Type) -> Int32 {
        currentIndex += 1
        return 0
    }

    mutating func decode(_ type: Int64.Type) -> Int64 {
        currentIndex += 1
        return 0
    }

    mutating func decode(_ type: UInt.Type) -> UInt {
        currentIndex += 1
        return 0
    }

    mutating func decode(_ type: UInt8.Type) -> UInt8 {
        currentIndex += 1
        return 0
    }

    mutating func decode(_ type: UInt16.Type) -> UInt16 {
        currentIndex += 1
        return 0
    }

    mutating func decode(_ type: UInt32.Type) -> UInt32 {
        currentIndex += 1
        return 0
    }

    mutating func decode(_ type: UInt64.Type) -> UInt64 {
        currentIndex += 1
        return 0
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        return try Prototype.make(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        return KeyedDecodingContainer(KeyedPrototype<NestedKey>())
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return UnkeyedPrototype()
    }

    mutating func superDecoder() -> any Decoder {
        currentIndex += 1
        return PrototypeDecoder()
    }
}

private struct SinglePrototype: SingleValueDecodingContainer {
    var codingPath: [any CodingKey] = []

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) -> Bool { false }
    func decode(_ type: String.Type) -> String { "" }
    func decode(_ type: Double.Type) -> Double { 0 }
    func decode(_ type: Float.Type) -> Float { 0 }
    func decode(_ type: Int.Type) -> Int { 0 }
    func decode(_ type: Int8.Type) -> Int8 { 0 }
    func decode(_ type: Int16.Type) -> Int16 { 0 }
    func decode(_ type: Int32.Type) -> Int32 { 0 }
    func decode(_ type: Int64.Type) -> Int64 { 0 }
    func decode(_ type: UInt.Type) -> UInt { 0 }
    func decode(_ type: UInt8.Type) -> UInt8 { 0 }
    func decode(_ type: UInt16.Type) -> UInt16 { 0 }
    func decode(_ type: UInt32.Type) -> UInt32 { 0 }
    func decode(_ type: UInt64.Type) -> UInt64 { 0 }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try Prototype.make(type) }
}
