import BooksTrackCore
import Testing

@Suite("Goodreads and StoryGraph statuses map onto the six canonical ones")
struct ReadingStatusMappingTests {
    @Test("Standard Goodreads shelves map to read, reading, and to-read or wishlist by ownership")
    func standardShelves() {
        #expect(ShelfMapping.goodreads(exclusiveShelf: "read", ownedCopies: 0).status == .read)
        #expect(ShelfMapping.goodreads(exclusiveShelf: "currently-reading", ownedCopies: 0).status == .reading)
        #expect(ShelfMapping.goodreads(exclusiveShelf: "to-read", ownedCopies: 0).status == .wishlist)
        #expect(ShelfMapping.goodreads(exclusiveShelf: "to-read", ownedCopies: 2).status == .toRead)
        #expect(ShelfMapping.goodreads(exclusiveShelf: "read", ownedCopies: 0).isCustomShelf == false)
    }

    @Test(
        "Every did-not-finish spelling readers use becomes DNF",
        arguments: [
            "did-not-finish", "dnf", "DNF", "abandoned", "dropped", "quit", "wont-finish", "Did Not Finish",
        ])
    func dnfShelves(shelf: String) {
        let mapped = ShelfMapping.goodreads(exclusiveShelf: shelf, ownedCopies: 0)
        #expect(mapped.status == .dnf)
        #expect(mapped.isCustomShelf)
    }

    @Test("Paused and on-hold shelves become on hold", arguments: ["paused", "on-hold", "On Hold"])
    func onHoldShelves(shelf: String) {
        #expect(ShelfMapping.goodreads(exclusiveShelf: shelf, ownedCopies: 0).status == .onHold)
    }

    @Test("Any other custom exclusive shelf is to-read and kept as a tag")
    func customShelf() {
        let mapped = ShelfMapping.goodreads(exclusiveShelf: "kidz", ownedCopies: 0)
        #expect(mapped.status == .toRead)
        #expect(mapped.isCustomShelf)
    }

    @Test("StoryGraph statuses map the same way")
    func storyGraph() {
        #expect(ShelfMapping.storyGraph(readStatus: "read", owned: false) == .read)
        #expect(ShelfMapping.storyGraph(readStatus: "currently-reading", owned: false) == .reading)
        #expect(ShelfMapping.storyGraph(readStatus: "to-read", owned: false) == .wishlist)
        #expect(ShelfMapping.storyGraph(readStatus: "to-read", owned: true) == .toRead)
        #expect(ShelfMapping.storyGraph(readStatus: "paused", owned: false) == .onHold)
        #expect(ShelfMapping.storyGraph(readStatus: "did-not-finish", owned: false) == .dnf)
        #expect(ShelfMapping.storyGraph(readStatus: "reading-later", owned: false) == nil)
    }

    @Test("Canonical status names round-trip and lenient spellings parse")
    func names() {
        for status in ReadingStatus.allCases { #expect(ReadingStatus(rawValue: status.rawValue) == status) }
        #expect(ReadingStatus.allCases.map(\.rawValue) == ["wishlist", "toRead", "reading", "read", "onHold", "dnf"])
        #expect(ReadingStatus(lenient: "to-read") == .toRead)
        #expect(ReadingStatus(lenient: "Currently Reading") == .reading)
        #expect(ReadingStatus(lenient: "DNF") == .dnf)
        #expect(ReadingStatus(lenient: "maybe") == nil)
    }
}

@Suite("Taxonomies")
struct TaxonomyTests {
    @Test("Publication eras have the spec's boundaries, negative years included")
    func eras() {
        #expect(PublicationEra(year: -800) == .before1900)
        #expect(PublicationEra(year: 1899) == .before1900)
        #expect(PublicationEra(year: 1900) == .from1900To1950)
        #expect(PublicationEra(year: 1950) == .from1900To1950)
        #expect(PublicationEra(year: 1951) == .from1951To2000)
        #expect(PublicationEra(year: 2000) == .from1951To2000)
        #expect(PublicationEra(year: 2001) == .from2001To2020)
        #expect(PublicationEra(year: 2020) == .from2001To2020)
        #expect(PublicationEra(year: 2021) == .from2021)
    }

    @Test("There are exactly eleven cultural regions, two of which only people choose")
    func regions() {
        #expect(CulturalRegion.allCases.count == 11)
        #expect(CulturalRegion.allCases.filter(\.isChosenByPeopleOnly) == [.indigenous, .international])
        #expect(CulturalRegion.defaultUnderrepresented == [.africa, .indigenous, .middleEast, .southAmerica, .centralAsia])
        #expect(CulturalRegion(lenient: "south-america") == .southAmerica)
        #expect(CulturalRegion(lenient: "Latin America") == .southAmerica)
        #expect(CulturalRegion(lenient: "Middle East") == .middleEast)
    }

    @Test("Unknown gender is absent, never a category")
    func gender() {
        #expect(Gender.allCases == [.female, .male, .nonBinary, .other])
        #expect(Gender(lenient: "non-binary") == .nonBinary)
        #expect(Gender(lenient: "F") == .female)
        #expect(Gender(lenient: "unknown") == nil)
    }

    @Test(
        "Bindings from every tracker map onto formats",
        arguments: [
            ("Kindle Edition", BookFormat.ebook), ("Audio CD", .audiobook), ("Audible Audio", .audiobook),
            ("Mass Market Paperback", .massMarket), ("Hardcover Slipcased", .hardcover), ("Capa Mole", .paperback),
            ("Broché", .paperback), ("Livro de Bolso", .massMarket), ("Leather Bound", .other), ("digital", .ebook),
            ("audio", .audiobook),
        ])
    func bindings(binding: String, format: BookFormat) {
        #expect(BookFormat(binding: binding) == format)
    }

    @Test("Contributor roles from StoryGraph and LibraryThing")
    func roles() {
        #expect(ContributorRole(lenient: "Translator") == .translator)
        #expect(ContributorRole(lenient: "Narrator") == .narrator)
        #expect(ContributorRole(lenient: "Illustrator") == .illustrator)
        #expect(ContributorRole(lenient: "") == .author)
        #expect(ContributorRole(lenient: "Foreword") == .contributor)
    }

    @Test("Languages are recognised by code or English name, and unknown text is not guessed")
    func languages() {
        #expect(LanguageCode(lenient: "Swahili")?.code == "sw")
        #expect(LanguageCode(lenient: "swa")?.code == "sw")
        #expect(LanguageCode(lenient: "eng")?.code == "en")
        #expect(LanguageCode(lenient: "en-GB")?.code == "en")
        #expect(LanguageCode(lenient: "Latin")?.code == "la")
        #expect(LanguageCode(lenient: "Ancient Greek")?.code == "grc")
        #expect(LanguageCode(lenient: "Klingonese") == nil)
    }
}
