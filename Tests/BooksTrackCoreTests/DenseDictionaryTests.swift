import Testing

@testable import BooksTrackCore

/// The kept library's works and editions (``DenseDictionary``) must answer as a `Dictionary`
/// would: a lost or wrong work after a deletion would show a reader another book's title.
@Suite("Dense dictionaries answer as dictionaries do")
struct DenseDictionaryTests {
    @Test("Any run of sets, replacements and removals leaves the pairs a Dictionary has", arguments: 0..<20)
    func sameAsDictionary(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        var dense: DenseDictionary<Int, String> = [:]
        var model: [Int: String] = [:]
        for step in 0..<600 {
            let key = Int.random(in: 0..<80, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                #expect(dense.removeValue(forKey: key) == model.removeValue(forKey: key))
            case 1:
                dense[key] = nil
                model[key] = nil
            case 2:
                #expect(dense.updateValue("u\(step)", forKey: key) == model.updateValue("u\(step)", forKey: key))
            default:
                dense[key] = "s\(step)"
                model[key] = "s\(step)"
            }
            #expect(dense.count == model.count)
        }
        for key in 0..<80 {
            #expect(dense[key] == model[key], "key \(key)")
            #expect(dense.keys.contains(key) == (model[key] != nil))
        }
        #expect(Dictionary(uniqueKeysWithValues: dense.map { ($0.key, $0.value) }) == model)
        #expect(Set(dense.keys) == Set(model.keys))
        #expect(dense.values.sorted() == model.values.sorted())
    }

    @Test("Equal when they hold the same pairs, in whatever order; hashed alike then")
    func equality() {
        let forward = DenseDictionary(uniqueKeysWithValues: (0..<50).map { ($0, "v\($0)") })
        let backward = DenseDictionary(uniqueKeysWithValues: (0..<50).reversed().map { ($0, "v\($0)") })
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        var changed = backward
        changed[7] = "other"
        #expect(forward != changed)
        changed[7] = nil
        #expect(forward != changed)
    }

    @Test("filter, merge and mapValues keep keys with their values")
    func derived() throws {
        var numbers: DenseDictionary<String, Int> = ["a": 1, "b": 2, "c": 3]
        let odd = numbers.filter { $0.value % 2 == 1 }
        #expect(odd == ["a": 1, "c": 3])
        numbers.removeValue(forKey: "a")
        numbers.merge(["c": 30, "d": 4]) { current, _ in current }
        #expect(numbers == ["b": 2, "c": 3, "d": 4])
        #expect(numbers.mapValues { $0 * 10 } == ["b": 20, "c": 30, "d": 40])
        let position = try #require(numbers.index(forKey: "d"))
        numbers[valueAt: position] += 1
        #expect(numbers["d"] == 5)
    }
}
