import Foundation

/// Discovery beyond the reader's shelves (issue 20 item 6): for each cultural region with no book
/// at all on the reader's shelves (any status, the wishlist included), writers of that region
/// from the bundled author table (``AuthorTable``) the reader has no book by. A region is a
/// writer's when the first country the table gives them belongs to it (``CountryRegions``); the
/// table cannot tell who is Indigenous or International, so those gaps are named without writers.
public enum Discovery {
    /// A writer to try, as the table describes them ("Nigeria, female, born 1977").
    public struct Writer: Hashable, Sendable {
        public var name: String
        public var summary: String
    }

    /// A region with nothing on the shelves and the writers suggested for it (possibly none).
    public struct Gap: Hashable, Sendable {
        public var region: CulturalRegion
        public var writers: [Writer]
    }

    /// The gaps of a library with `perRegion` writers each. The choice rotates with `seed` (the
    /// application gives the reader and the week), so it changes from week to week but not from
    /// one page to the next, and never depends on the order the table was written in.
    public static func gaps(
        present: Set<CulturalRegion>, knownAuthors: Set<String>, table: AuthorTable, seed: UInt64, perRegion: Int = 3
    ) -> [Gap] {
        let missing = CulturalRegion.allCases.sorted().filter { !present.contains($0) }
        guard !missing.isEmpty else { return [] }
        return missing.map { region in
            // A stable order first (by name), then a seeded shuffle of it.
            var people = (table.regionPeople[region] ?? []).filter { !knownAuthors.contains($0.key) }.map {
                table.people[$0.offset]
            }
            var generator = SeededGenerator(seed: seed ^ Discovery.seed(region.rawValue))
            people.shuffle(using: &generator)
            return Gap(
                region: region,
                writers: people.prefix(perRegion).map { Writer(name: $0.name, summary: $0.summary) })
        }
    }

    /// A number from text that is the same in every process (Swift's `hashValue` is not).
    public static func seed(_ text: String) -> UInt64 {
        text.utf8.reduce(14_695_981_039_346_656_037 as UInt64) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }
}

/// SplitMix64: small, fast and the same everywhere, for choices that must not change between
/// processes.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
