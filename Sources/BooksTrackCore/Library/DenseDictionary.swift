/// A dictionary whose values sit packed in one array, found through a table of their positions:
/// what a kept library holds its works and editions in (issue 42: a 100,000-book library in
/// ≤ 150 MB).
///
/// `Dictionary` keeps room for a whole value in each of its buckets, and has between 1⅓ and 2⅔
/// buckets per value (it doubles past three quarters full): 100,000 editions of 144 bytes took
/// 262,144 buckets, 42 MB. Here a bucket holds a 4-byte position and each value its own size
/// once: 22 MB. What it gives up is order (a removal moves the last value into the gap), which a
/// dictionary never promised either; two are equal when they hold the same pairs.
public struct DenseDictionary<Key: Hashable, Value> {
    private var positions: [Key: Int32]
    private var storedKeys: [Key]
    /// The values, in no particular order.
    public private(set) var values: [Value]

    public init() {
        (positions, storedKeys, values) = ([:], [], [])
    }

    public init(minimumCapacity: Int) {
        self.init()
        reserveCapacity(minimumCapacity)
    }

    public init(uniqueKeysWithValues pairs: some Sequence<(Key, Value)>) {
        self.init()
        reserveCapacity(pairs.underestimatedCount)
        for (key, value) in pairs {
            precondition(positions[key] == nil, "Duplicate key \(key)")
            append(value, forKey: key)
        }
    }

    public var count: Int { values.count }
    public var isEmpty: Bool { values.isEmpty }

    public mutating func reserveCapacity(_ capacity: Int) {
        positions.reserveCapacity(capacity)
        storedKeys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// The keys, in the values' order; `contains` is a look-up, not a walk.
    public var keys: Keys { Keys(positions: positions, keys: storedKeys) }

    public subscript(key: Key) -> Value? {
        get { positions[key].map { values[Int($0)] } }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    public subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[key] ?? defaultValue() }
        set { updateValue(newValue, forKey: key) }
    }

    /// Sets the value of `key`; returns the value it replaced.
    @discardableResult
    public mutating func updateValue(_ value: consuming Value, forKey key: Key) -> Value? {
        // One look-up: the key gets the next position unless it has one already.
        precondition(values.count < Int32.max, "A dense dictionary holds fewer than 2^31 values.")
        let next = Int32(values.count)
        let position = { (slot: inout Int32) in slot }(&positions[key, default: next])
        guard position != next else {
            storedKeys.append(key)
            values.append(value)
            return nil
        }
        let replaced = values[Int(position)]
        values[Int(position)] = value
        return replaced
    }

    /// Removes `key` and its value (the last value moves into its place); returns the value.
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let position = positions.removeValue(forKey: key).map(Int.init) else { return nil }
        let last = values.count - 1
        if position != last {
            storedKeys.swapAt(position, last)
            values.swapAt(position, last)
            positions[storedKeys[position]] = Int32(position)
        }
        storedKeys.removeLast()
        return values.removeLast()
    }

    /// The position of `key`'s value, for ``subscript(valueAt:)``.
    public func index(forKey key: Key) -> Int? { positions[key].map(Int.init) }

    /// The value at a position, changed in place (no copy of it out and back).
    public subscript(valueAt position: Int) -> Value {
        get { values[position] }
        _modify { yield &values[position] }
    }

    /// The pairs `isIncluded` keeps, as a dense dictionary (as `Dictionary.filter` gives one).
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
        var kept = Self()
        for (key, value) in zip(storedKeys, values) where try isIncluded((key, value)) { kept.append(value, forKey: key) }
        return kept
    }

    /// Adds `other`'s pairs, `combine` choosing the value of a key both have.
    public mutating func merge(_ other: Self, uniquingKeysWith combine: (Value, Value) throws -> Value) rethrows {
        for (key, value) in other {
            if let position = positions[key].map(Int.init) {
                values[position] = try combine(values[position], value)
            } else {
                append(value, forKey: key)
            }
        }
    }

    public func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> DenseDictionary<Key, T> {
        var mapped = DenseDictionary<Key, T>()
        (mapped.positions, mapped.storedKeys) = (positions, storedKeys)
        mapped.values = try values.map(transform)
        return mapped
    }

    private mutating func append(_ value: consuming Value, forKey key: Key) {
        precondition(values.count < Int32.max, "A dense dictionary holds fewer than 2^31 values.")
        positions[key] = Int32(values.count)
        storedKeys.append(key)
        values.append(value)
    }

    /// The keys of a dense dictionary.
    public struct Keys: RandomAccessCollection {
        fileprivate let positions: [Key: Int32]
        fileprivate let keys: [Key]

        public var startIndex: Int { keys.startIndex }
        public var endIndex: Int { keys.endIndex }
        public subscript(position: Int) -> Key { keys[position] }
        public func contains(_ key: Key) -> Bool { positions[key] != nil }
    }
}

extension DenseDictionary: RandomAccessCollection {
    public typealias Element = (key: Key, value: Value)

    public var startIndex: Int { values.startIndex }
    public var endIndex: Int { values.endIndex }
    public subscript(position: Int) -> Element { (storedKeys[position], values[position]) }
}

extension DenseDictionary: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (Key, Value)...) {
        self.init(uniqueKeysWithValues: elements)
    }
}

extension DenseDictionary: Equatable where Value: Equatable {
    /// The same pairs, in whatever order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && zip(lhs.storedKeys, lhs.values).allSatisfy { rhs[$0] == $1 }
    }
}

extension DenseDictionary: Hashable where Value: Hashable {
    /// Order-independent, as equality is.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        var sum = 0
        for (key, value) in zip(storedKeys, values) {
            var pair = Hasher()
            pair.combine(key)
            pair.combine(value)
            sum &+= pair.finalize()
        }
        hasher.combine(sum)
    }
}

extension DenseDictionary: Sendable where Key: Sendable, Value: Sendable {}

extension DenseDictionary: CustomStringConvertible {
    public var description: String {
        "[" + zip(storedKeys, values).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
    }
}
