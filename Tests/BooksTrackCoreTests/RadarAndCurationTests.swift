import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

@testable import BooksTrackCore

@Suite("Representation radar, completion, prompts and curator points", .today("2026-06-30"))
struct RadarAndCurationTests {
    var today: LocalDate { TestClock.today }

    func report(_ builder: LibraryBuilder, scope: InsightScope = .read, unit: CountingUnit = .books) -> InsightsReport {
        InsightsReport.compute(
            InsightRequest(scope: scope, unit: unit), library: builder.library, today: today, timeZone: .gmt)
    }

    func work(_ builder: inout LibraryBuilder, _ entry: LibraryEntry.ID, _ change: (inout Work) -> Void) {
        let id = builder.library.entries.first { $0.id == entry }!.workID
        change(&builder.library.works[id]!)
    }

    @Test("An empty library: every axis a ghost, no overall, 0% complete")
    func empty() {
        let radar = report(LibraryBuilder()).radar
        #expect(radar.axes.map(\.axis) == RadarAxis.library)
        #expect(radar.axes.allSatisfy { $0.isGhost })
        #expect(radar.overall == nil && radar.band == nil)
        #expect(radar.completion == 0)
        #expect(radar.accessibleSummary.hasPrefix("No data yet. Cultural origin: no data, Gender: no data"))
    }

    @Test("Each library axis follows its definition; unknown data is coverage, never a value")
    func libraryAxes() {
        var b = LibraryBuilder(primaryLanguage: "en")
        let adichie = b.author("Chimamanda Ngozi Adichie", country: "NG", gender: .female)
        let murakami = b.author("Haruki Murakami", country: "JP", gender: .male)
        let unknown = b.author("Anonymous")
        let one = b.book("Half of a Yellow Sun", by: [adichie], language: "en", year: 2006)
        b.book("Norwegian Wood", by: [murakami], language: "ja", year: 1987)
        b.book("Kafka on the Shore", by: [murakami], language: "ja", year: 2002, editionLanguage: "ja")
        b.book("Mystery", by: [unknown])
        work(&b, one) { $0.ownVoices = .yes }
        let radar = report(b).radar
        func value(_ axis: RadarAxis) -> Double? { radar.axis(axis)?.value }
        func coverage(_ axis: RadarAxis) -> Double? { radar.axis(axis)?.coverage }
        // Regions: Africa and Asia of 11, known for 3 of 4 books.
        #expect(value(.cultural) == 2.0 / 11)
        #expect(coverage(.cultural) == 0.75)
        // Genders 1 female book : 2 male books → entropy 0.918 bits.
        #expect(abs((value(.gender) ?? 0) - 0.9183) < 0.001)
        // Languages: English, Japanese of 5.
        #expect(value(.language) == 0.4)
        // Marginalized: Adichie (woman, Africa) yes; Murakami (man, Asia — not in the default set) no.
        #expect(abs((value(.marginalized) ?? 0) - 1.0 / 3) < 1e-9)
        // Translation: Norwegian Wood is read in English (the reader's language), from Japanese;
        // Kafka on the Shore is read in Japanese; Half of a Yellow Sun in English.
        #expect(abs((value(.translation) ?? 0) - 1.0 / 3) < 1e-9)
        #expect(coverage(.translation) == 0.75)
        // Own voices: known for one book only, and yes.
        #expect(value(.ownVoices) == 1)
        #expect(coverage(.ownVoices) == 0.25)
        #expect(radar.axis(.ownVoices)?.isPartial == true)
        // Eras: 2001–2020 and 1951–2000 of 5.
        #expect(value(.era) == 0.4)
        #expect(radar.completion == radar.axes.map(\.coverage).reduce(0, +) / 7)
        #expect(radar.books == 4)
        // docs/metrics.md, worked example 4: each axis is known for 3 books or fewer, under the 5
        // an axis needs to count, so there is no overall yet.
        #expect(radar.counted.isEmpty && radar.overall == nil && radar.withheldVerdict == "Not enough data yet")
        #expect(InsightFormat.percent(radar.completion) == "68%")

        // The same shelf five times over: every axis is known for at least 5 books and counts.
        var five = LibraryBuilder(primaryLanguage: "en")
        let adichie5 = five.author("Chimamanda Ngozi Adichie", country: "NG", gender: .female)
        let murakami5 = five.author("Haruki Murakami", country: "JP", gender: .male)
        let unknown5 = five.author("Anonymous")
        for copy in 1...5 {
            let first = five.book("Half of a Yellow Sun \(copy)", by: [adichie5], language: "en", year: 2006)
            five.book("Norwegian Wood \(copy)", by: [murakami5], language: "ja", year: 1987)
            five.book("Kafka on the Shore \(copy)", by: [murakami5], language: "ja", year: 2002, editionLanguage: "ja")
            five.book("Mystery \(copy)", by: [unknown5])
            work(&five, first) { $0.ownVoices = .yes }
        }
        let full = report(five).radar
        #expect(full.counted == RadarAxis.library)
        let present = full.axes.compactMap(\.value)
        #expect(full.overall == present.reduce(0, +) / Double(present.count) * 100)
        #expect(InsightFormat.percentValue((full.overall ?? 0) / 100) == 51)
        #expect(full.band == .moderate)
    }

    @Test("Without a primary language, a book with no edition language is not known to be translated")
    func translationNeedsALanguage() {
        var b = LibraryBuilder()
        let author = b.author("Haruki Murakami", country: "JP", gender: .male)
        b.book("Norwegian Wood", by: [author], language: "ja")
        #expect(report(b).radar.axis(.translation)?.isGhost == true)
    }

    @Test("The radar counts books whatever the insights' counting unit")
    func unitIndependent() {
        var b = LibraryBuilder()
        let a = b.author("A", country: "NG", gender: .female)
        let c = b.author("C", country: "FR", gender: .male)
        b.book("One", by: [a])
        b.book("Two", by: [a])
        b.book("Three", by: [c])
        #expect(report(b, unit: .authors).radar == report(b, unit: .books).radar)
    }

    @Test("Score bands: 90–100, 70–89, 50–69, 30–49, 0–29 by the rounded score")
    func bands() {
        #expect(ScoreBand(percent: 100) == .highlyDiverse)
        #expect(ScoreBand(percent: 89.6) == .highlyDiverse)
        #expect(ScoreBand(percent: 89.4) == .diverse)
        #expect(ScoreBand(percent: 70) == .diverse)
        #expect(ScoreBand(percent: 69) == .moderate)
        #expect(ScoreBand(percent: 50) == .moderate)
        #expect(ScoreBand(percent: 49) == .limited)
        #expect(ScoreBand(percent: 30) == .limited)
        #expect(ScoreBand(percent: 29) == .notDiverse)
        #expect(ScoreBand(percent: 0) == .notDiverse)
    }

    @Test("A book's radar: 1.0/0.2 cultural, 1.0/0.2 gender, 1.0/0.1 translation, 1/0 own voices, accessibility")
    func bookRadar() throws {
        var b = LibraryBuilder(primaryLanguage: "en")
        let adichie = b.author("Chimamanda Ngozi Adichie", country: "NG", gender: .female)
        let ishiguro = b.author("Kazuo Ishiguro", country: "GB", gender: .male)
        let first = b.book("Purple Hibiscus", by: [adichie], language: "en")
        let second = b.book("Klara and the Sun", by: [ishiguro], language: "en")
        work(&b, first) {
            $0.ownVoices = .yes
            $0.accessibilityTags = ["audiobook"]
        }
        work(&b, second) {
            $0.ownVoices = .no
            $0.accessibilityTags = ["standard print only"]
        }
        let set = CulturalRegion.defaultUnderrepresented
        let radarOne = RepresentationRadar.book(
            try #require(b.library.facts(of: b.library.entries[0])), underrepresented: set)
        #expect(radarOne.axes.map(\.value) == [1.0, 1.0, 0.1, 1.0, 1.0])
        let radarTwo = RepresentationRadar.book(
            try #require(b.library.facts(of: b.library.entries[1])), underrepresented: set)
        #expect(radarTwo.axes.map(\.value) == [0.2, 0.2, 0.1, 0.0, 0.5])
        // Own voices "no" is data (0%), not a ghost.
        #expect(radarTwo.axis(.ownVoices)?.isGhost == false)
        #expect(radarTwo.overall.map { Int($0.rounded()) } == 20)
        #expect(radarTwo.band == .notDiverse)
        // With the reader's own set, Europe counts.
        let european = RepresentationRadar.book(
            try #require(b.library.facts(of: b.library.entries[1])), underrepresented: [.europe])
        #expect(european.axis(.cultural)?.value == 1.0)
    }

    @Test("A book with nothing known is all ghosts, and its facts list everything as missing")
    func bookGhost() throws {
        var b = LibraryBuilder()
        let nobody = b.author("Nobody Known")
        b.book("Blank", by: [nobody])
        let facts = try #require(b.library.facts(of: b.library.entries[0]))
        let radar = RepresentationRadar.book(facts, underrepresented: [])
        #expect(radar.axes.allSatisfy { $0.isGhost })
        #expect(facts.missing == BookFact.diversity)
        #expect(facts.completion == 0)
    }

    @Test("The next library prompt is the first read book missing the axis; a skip hides it for 30 days")
    func nextPrompt() throws {
        var b = LibraryBuilder()
        let known = b.author("Known", country: "NG", gender: .female)
        let unknown = b.author("Unknown Person")
        let other = b.author("Other Person")
        b.book("Wishlist book", by: [other], status: .wishlist, added: "2026-06-01")
        b.book("Known book", by: [known], status: .read, added: "2026-05-01")
        let read = b.book("Read book", by: [unknown], status: .read, added: "2026-01-01")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let prompt = try #require(ProfilingPrompts.next(for: .cultural, library: b.library, skips: [], now: now))
        #expect(prompt.entryID == read)
        #expect(prompt.fact == .region)
        #expect(prompt.authorName == "Unknown Person")
        #expect(prompt.question == "What is Unknown Person’s cultural background?")
        #expect(prompt.choices.count == 11)
        let workID = b.library.entries.first { $0.id == read }!.workID
        let skip = PromptSkip(workID: workID, fact: .region, skippedAt: now.addingTimeInterval(-29 * 86_400))
        let afterSkip = try #require(ProfilingPrompts.next(for: .cultural, library: b.library, skips: [skip], now: now))
        #expect(afterSkip.bookTitle == "Wishlist book")
        let old = PromptSkip(workID: workID, fact: .region, skippedAt: now.addingTimeInterval(-31 * 86_400))
        #expect(ProfilingPrompts.next(for: .cultural, library: b.library, skips: [old], now: now)?.entryID == read)
        // Asking for this very fact of the book shows it even after a skip.
        let facts = try #require(b.library.facts(of: b.library.entries.first { $0.id == read }!))
        let asked = ProfilingPrompts.forBook(
            facts, fact: .region, context: .init(b.library), skips: [skip], now: now)
        #expect(asked?.fact == .region)
        #expect(ProfilingPrompts.forBook(facts, axis: .cultural, context: .init(b.library), skips: [skip], now: now) == nil)
    }

    @Test("Fill missing data asks first what fills the most books: the author of three books before a one-book author")
    func widestFirst() throws {
        var b = LibraryBuilder()
        let single = b.author("One Book")
        let prolific = b.author("Three Books")
        b.book("Lonely", by: [single], status: .read, added: "2026-06-01")
        for number in 1...3 { b.book("Series \(number)", by: [prolific], status: .toRead, added: "2026-0\(number)-01") }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try #require(ProfilingPrompts.next(for: nil, library: b.library, skips: [], now: now))
        #expect(first.authorName == "Three Books" && first.fact == .region && first.authorBooks == 3)
        let gender = try #require(ProfilingPrompts.next(for: .gender, library: b.library, skips: [], now: now))
        #expect(gender.authorName == "Three Books" && gender.fact == .gender)
        // Known for the prolific author: the one-book author's facts come next, in the book order.
        let index = b.library.authors.index(forKey: prolific)!
        b.library.authors.values[index].country = AuthorFact(
            value: CountryCode(lenient: "JP")!, provenance: .init(source: .user, recordedAt: now))
        b.library.authors.values[index].gender = AuthorFact(value: .male, provenance: .init(source: .user, recordedAt: now))
        #expect(ProfilingPrompts.next(for: nil, library: b.library, skips: [], now: now)?.authorName == "One Book")
    }

    @Test("The original-language question offers the likely answer first, and never the read language of a translated book")
    func likelyLanguage() throws {
        var b = LibraryBuilder(primaryLanguage: "en")
        let murakami = b.author("Haruki Murakami", country: "JP", gender: .male)
        let rubin = b.author("Jay Rubin")
        let id = b.book("Norwegian Wood", by: [murakami], editionLanguage: "en")
        let entry = b.library.entries.first { $0.id == id }!
        b.library.works[entry.workID]!.contributors = [Contributor(authorID: rubin, role: .translator)]
        let facts = try #require(b.library.facts(of: entry))
        let prompt = try #require(ProfilingPrompts.question(.originalLanguage, about: facts, context: .init(b.library)))
        #expect(prompt.choices.first?.label == "Japanese")
        #expect(!prompt.choices.contains { $0.label == "English" })
        #expect(prompt.hint == "It has a translator, so it was not first written in English.")
        // Without a translator English stays a choice, after the likely Japanese.
        b.library.works[entry.workID]!.contributors = []
        let untranslated = try #require(b.library.facts(of: entry))
        let plain = try #require(ProfilingPrompts.question(.originalLanguage, about: untranslated, context: .init(b.library)))
        #expect(plain.choices.prefix(2).map(\.label) == ["Japanese", "English"] && plain.hint == nil)
    }

    @Test("Skipping a question about an author skips it for their other books too")
    func authorSkip() throws {
        var b = LibraryBuilder()
        let achebe = b.author("Chinua Achebe")
        let butler = b.author("Octavia E. Butler")
        let first = b.book("Things Fall Apart", by: [achebe], added: "2026-03-01")
        b.book("Arrow of God", by: [achebe], added: "2026-02-01")
        b.book("Kindred", by: [butler], added: "2026-01-01")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(ProfilingPrompts.next(for: .gender, library: b.library, skips: [], now: now)?.entryID == first)
        let workID = b.library.entries.first { $0.id == first }!.workID
        let skip = PromptSkip(workID: workID, fact: .gender, skippedAt: now)
        #expect(
            ProfilingPrompts.next(for: .gender, library: b.library, skips: [skip], now: now)?.authorName == "Octavia E. Butler")
        // Another question about the same author is still asked.
        #expect(ProfilingPrompts.next(for: .cultural, library: b.library, skips: [skip], now: now)?.entryID == first)
    }

    @Test("An author fact from Wikidata is offered for a yes/no check once nothing is missing")
    func verification() throws {
        var b = LibraryBuilder(primaryLanguage: "en")
        var author = Author(name: "Chinua Achebe")
        let looked = Provenance(source: .wikidata, recordedAt: b.recorded)
        author.gender = AuthorFact(value: .male, provenance: looked)
        author.country = AuthorFact(value: CountryCode(lenient: "NG")!, provenance: looked)
        b.library.authors[author.id] = author
        let entry = b.book("Things Fall Apart", by: [author.id], language: "en", year: 1958)
        work(&b, entry) {
            $0.ownVoices = .yes
            $0.accessibilityTags = ["audiobook"]
        }
        let facts = try #require(b.library.facts(of: b.library.entries[0]))
        #expect(facts.missing.isEmpty)
        let prompt = try #require(
            ProfilingPrompts.forBook(facts, context: .init(b.library), skips: [], now: b.recorded))
        #expect(prompt.style == .verify)
        #expect(prompt.fact == .region)
        #expect(prompt.question == "Wikidata says Chinua Achebe’s cultural background is Africa. Is that right?")
        #expect(prompt.choices.map(\.value) == ["africa"])
        // With the checks skipped, the genre (not diversity data) is asked last.
        let skips = [BookFact.region, .gender].map { PromptSkip(workID: facts.workID, fact: $0, skippedAt: b.recorded) }
        let genre = try #require(ProfilingPrompts.forBook(facts, context: .init(b.library), skips: skips, now: b.recorded))
        #expect(genre.fact == .genre)
        #expect(ProfilingPrompts.next(for: nil, library: b.library, skips: skips, now: b.recorded)?.fact == .genre)
        #expect(ProfilingPrompts.next(for: .cultural, library: b.library, skips: skips, now: b.recorded) == nil)
    }

    @Test("Answers are checked: unknown choices, impossible years and empty answers are refused with a message")
    func answers() throws {
        let author = Author.ID.random()
        #expect(
            try FactChange.parse(.region, authorID: author, value: "africa", today: today) == .author(author, .region, "africa"))
        #expect(
            try FactChange.parse(.gender, authorID: author, value: " Female ", today: today) == .author(author, .gender, "female")
        )
        #expect(try FactChange.parse(.firstPublished, authorID: nil, value: "-800", today: today) == .firstPublished(-800))
        #expect(
            try FactChange.parse(.originalLanguage, authorID: nil, value: "Japanese", today: today)
                == .originalLanguage(LanguageCode(lenient: "ja")!))
        #expect(
            try FactChange.parse(.accessibility, authorID: nil, value: "Large-print", today: today)
                == .accessibility("large print"))
        #expect(throws: PromptInputError("“Atlantis” is not one of the 11 regions.")) {
            try FactChange.parse(.region, authorID: author, value: "Atlantis", today: today)
        }
        #expect(throws: PromptInputError.self) { try FactChange.parse(.region, authorID: nil, value: "africa", today: today) }
        #expect(throws: PromptInputError.self) {
            try FactChange.parse(.firstPublished, authorID: nil, value: "99999", today: today)
        }
        // Not after next year, as the book form says.
        #expect(try FactChange.parse(.firstPublished, authorID: nil, value: "2027", today: today) == .firstPublished(2027))
        #expect(throws: PromptInputError.self) {
            try FactChange.parse(.firstPublished, authorID: nil, value: "2028", today: today)
        }
        #expect(throws: PromptInputError.self) { try FactChange.parse(.ownVoices, authorID: nil, value: "maybe", today: today) }
        #expect(throws: PromptInputError("Choose an answer, or skip the question.")) {
            try FactChange.parse(.gender, authorID: author, value: "  ", today: today)
        }
        #expect(throws: PromptInputError.self) {
            try FactChange.parse(.readingLanguage, authorID: nil, value: "Klingonese", today: today)
        }
    }

    @Test("Points: 5 a fact, 5 more per further book; Curator at 5 contributions, then three more levels")
    func curatorPoints() {
        #expect(Curation.points(books: 1) == 5)
        #expect(Curation.points(books: 4) == 20)
        func contributions(_ n: Int) -> [Contribution] {
            (0..<n).map { _ in Contribution(userID: .random(), fact: "region", points: 5, recordedAt: Date()) }
        }
        #expect(CuratorStanding(contributions(4)).level == nil)
        #expect(CuratorStanding(contributions(4)).toNextLevel == 1)
        #expect(CuratorStanding(contributions(5)).level?.name == "Curator")
        #expect(CuratorStanding(contributions(5)).points == 25)
        #expect(CuratorStanding(contributions(25)).level?.name == "Dedicated curator")
        #expect(CuratorStanding(contributions(250)).nextLevel == nil)
    }
}
