import Foundation
import Testing

@testable import BooksTrackCore

@Suite("Discovery: writers of the regions missing from the shelves, from the bundled table")
struct DiscoveryTests {
    func person(_ name: String, _ country: String, born: Int? = nil) -> AuthorTable.Person {
        AuthorTable.Person(
            name: name, aliases: [], wikidataID: nil, gender: .female, genderSource: "x",
            countries: [CountryCode(lenient: country)!], countrySource: "x", birthYear: born, birthSource: nil)
    }

    @Test("Only regions with nothing on the shelves; writers of that region the reader has no book by; the rest named")
    func gaps() {
        let table = AuthorTable(people: [
            person("Chimamanda Ngozi Adichie", "NG"), person("Yōko Ogawa", "JP"), person("Banana Yoshimoto", "JP"),
            person("Natsuo Kirino", "JP"), person("Annie Ernaux", "FR"), person("Han Kang", "KR"),
        ])
        let gaps = Discovery.gaps(
            present: [.africa, .europe], knownAuthors: [AuthorTable.key("Natsuo Kirino")], table: table, seed: 7,
            perRegion: 4)
        #expect(!gaps.map(\.region).contains(.africa) && !gaps.map(\.region).contains(.europe))
        let asia = try? #require(gaps.first { $0.region == .asia })
        #expect(Set(asia?.writers.map(\.name) ?? []) == ["Yōko Ogawa", "Banana Yoshimoto", "Han Kang"])
        #expect(asia?.writers.first { $0.name == "Han Kang" }?.summary == "South Korea, female")
        // The table knows countries, not communities: these gaps have no writers.
        #expect(gaps.first { $0.region == .indigenous }?.writers == [])
        #expect(gaps.first { $0.region == .international }?.writers == [])
        #expect(Discovery.gaps(present: Set(CulturalRegion.allCases), knownAuthors: [], table: table, seed: 7).isEmpty)
    }

    @Test("The choice is the same for one seed in every process and changes with the seed")
    func rotation() {
        let table = AuthorTable(people: (1...40).map { person("Writer \($0)", "JP", born: 1900 + $0) })
        func pick(_ seed: UInt64) -> [String] {
            Discovery.gaps(present: [], knownAuthors: [], table: table, seed: seed, perRegion: 4)
                .first { $0.region == .asia }?.writers.map(\.name) ?? []
        }
        #expect(pick(1).count == 4)
        #expect(pick(1) == pick(1))
        #expect(Set((1...5).map { pick(UInt64($0)) }).count > 1)
        #expect(Discovery.seed("reader:2950") == Discovery.seed("reader:2950"))
        #expect(Discovery.seed("reader:2950") != Discovery.seed("reader:2951"))
    }
}
