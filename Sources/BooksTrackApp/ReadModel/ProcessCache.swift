import Synchronization

/// Values worked out in this process, at most `limit` of them. Past the limit the cache starts
/// over rather than tracking use: every value can be worked out again, and the limits are far
/// above what one process serves between two writes.
final class ProcessCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let values = Mutex<[Key: Value]>([:])
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// The value kept for `key`, when `usable` accepts it.
    func value(for key: Key, where usable: (Value) -> Bool = { _ in true }) -> Value? {
        values.withLock { kept in kept[key].flatMap { usable($0) ? $0 : nil } }
    }

    /// Keeps `value` for `key`, unless `replaces` says the value kept there must stay (a newer one).
    func put(_ value: Value, for key: Key, replaces: (_ kept: Value) -> Bool = { _ in true }) {
        values.withLock { kept in
            if let old = kept[key], !replaces(old) { return }
            if kept.count >= limit && kept[key] == nil { kept.removeAll(keepingCapacity: true) }
            kept[key] = value
        }
    }
}
