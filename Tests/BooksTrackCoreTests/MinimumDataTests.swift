import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

@testable import BooksTrackCore

@Suite("Enough data before a verdict (SPEC §4): each rule at its threshold", .today("2026-06-30"))
struct MinimumDataTests {
    var today: LocalDate { TestClock.today }

    func report(_ builder: LibraryBuilder, scope: InsightScope = .library) -> InsightsReport {
        InsightsReport.compute(InsightRequest(scope: scope), library: builder.library, today: today, timeZone: .gmt)
    }

    func axes(_ values: [(Double?, Double)]) -> [RepresentationRadar.Axis] {
        zip(RadarAxis.library, values).map { RepresentationRadar.Axis(axis: $0, value: $1.0, coverage: $1.1) }
    }

    @Test("A headline share needs 5 books and 25% known")
    func shareThresholds() {
        #expect(!MinimumData.allowsShare(books: 4, coverage: 1))
        #expect(MinimumData.allowsShare(books: 5, coverage: 0.25))
        #expect(!MinimumData.allowsShare(books: 5, coverage: 0.2499))
        #expect(MinimumData.allowsShare(books: 500, coverage: 0.9))
    }

    @Test("One answer about one of 18 authors is not 'Women authors 100%'; 5 of 18 known is")
    func oneAnswerIsNotAShare() {
        var b = LibraryBuilder()
        var authors: [Author.ID] = []
        for index in 0..<18 {
            let author = b.author("Author \(index)", gender: index == 0 ? .female : nil)
            authors.append(author)
            b.book("Book \(index)", by: [author], year: 1990 + index)
        }
        let thin = report(b).diversity
        #expect(thin.figure(for: .female)?.figure.share == 1)  // what the page must not headline
        #expect(!thin.allowsShares(.gender))
        #expect(!thin.allowsShares(.marginalized))
        #expect(thin.score.isProvisional)
        // A quarter of the books (5 of 18 = 27.8%) with a gender: the share may be shown.
        let female = b.library.authors[authors[0]]?.gender
        for index in 1..<5 { b.library.authors[authors[index]]?.gender = female }
        let enough = report(b).diversity
        #expect(enough.allowsShares(.gender))
        #expect(enough.authorsWithGender == 5)
        // 4 of 18 (22%) is not enough.
        b.library.authors[authors[4]]?.gender = nil
        #expect(!report(b).diversity.allowsShares(.gender))
    }

    @Test("The score is provisional below 25% coverage, never when empty")
    func provisionalScore() {
        func score(_ coverage: Double, empty: Bool = false) -> DiversityScore {
            DiversityScore(region: 1, gender: 1, language: 1, marginalized: 1, coverage: coverage, isEmpty: empty)
        }
        #expect(score(0.2499).isProvisional)
        #expect(!score(0.25).isProvisional)
        #expect(!score(0, empty: true).isProvisional)
    }

    @Test("The radar's overall is the mean of the axes known for 25% and 5 books; it needs 3 of them")
    func radarVerdict() {
        let three = RepresentationRadar(
            axes: axes([(1, 0.25), (1, 0.25), (1, 0.25), (nil, 0), (nil, 0), (nil, 0), (nil, 0)]), books: 20)
        #expect(three.overall == 100 && three.band == .highlyDiverse)
        #expect(three.counted == [.cultural, .gender, .language] && three.overallBasis == nil)
        let thin = RepresentationRadar(
            axes: axes([(1, 0.25), (1, 0.25), (1, 0.24), (1, 0.1), (nil, 0), (nil, 0), (nil, 0)]), books: 20)
        #expect(thin.overall == nil && thin.band == nil)
        #expect(thin.withheldVerdict == "Not enough data yet")
        #expect(thin.accessibleSummary.hasPrefix("Not enough data yet."))
        // A quarter of 8 books is 2: too few books for an axis to count, whatever the share.
        let few = RepresentationRadar(
            axes: axes([(1, 0.25), (1, 0.25), (1, 0.25), (nil, 0), (nil, 0), (nil, 0), (nil, 0)]), books: 8)
        #expect(few.overall == nil && few.counted.isEmpty)
        let none = RepresentationRadar(axes: axes(Array(repeating: (nil, 0), count: 7)), books: 8)
        #expect(none.withheldVerdict == "No data yet")
    }

    @Test("Filling in an axis known for 1% of the books leaves the overall as it was, and the radar says why")
    func thinAxisStaysOut() {
        // 200 books: four axes well known; language and translation learnt for 2 books.
        let before = RepresentationRadar(
            axes: axes([(0.6, 0.9), (0.8, 0.9), (nil, 0), (0.5, 0.5), (nil, 0), (nil, 0), (0.8, 0.7)]), books: 200)
        let after = RepresentationRadar(
            axes: axes([(0.6, 0.9), (0.8, 0.9), (0.2, 0.01), (0.5, 0.5), (0, 0.01), (nil, 0), (0.8, 0.7)]), books: 200)
        #expect(before.overall != nil && after.overall == before.overall && after.band == before.band)
        #expect(after.leftOut == [.language, .translation])
        #expect(after.overallBasis == "Overall from 4 axes; Language and Translation have too little data to count yet.")
        #expect(after.accessibleSummary.contains("Overall from 4 axes"))
    }

    @Test("Property: the overall moves only when an axis counted moves, or an axis crosses into or out of the overall")
    func overallMovesOnlyWithItsAxes() {
        var generator = SeededGenerator(seed: 44)
        for _ in 0..<2_000 {
            let books = Int.random(in: 1...400, using: &generator)
            func randomAxis() -> (Double?, Double) {
                let coverage = Double(Int.random(in: 0...books, using: &generator)) / Double(books)
                return coverage == 0 ? (nil, 0) : (Double.random(in: 0...1, using: &generator), coverage)
            }
            let values = (0..<7).map { _ in randomAxis() }
            let before = RepresentationRadar(axes: axes(values), books: books)
            // One fact filled in: one axis learns more (its value may change with it).
            var changed = values
            let index = Int.random(in: 0..<7, using: &generator)
            let known = Int((changed[index].1 * Double(books)).rounded())
            let more = min(books, known + Int.random(in: 1...max(1, books / 20), using: &generator))
            changed[index] = (changed[index].0 ?? Double.random(in: 0...1, using: &generator), Double(more) / Double(books))
            let after = RepresentationRadar(axes: axes(changed), books: books)
            // Only the axis that learnt more can enter the overall, and only across the 25% / 5 books line.
            let crossed = Set(after.counted).symmetricDifference(before.counted)
            #expect(crossed.isSubset(of: [RadarAxis.library[index]]))
            if let axis = crossed.first {
                #expect(after.counted.contains(axis) && after.axes[index].coverage >= MinimumData.coverage)
            }
            if before.counted == after.counted && !after.counted.contains(RadarAxis.library[index]) {
                #expect(after.overall == before.overall, "an axis outside the overall moved it: \(values) → \(changed)")
            }
        }
    }

    @Test("A library with only publication years known is never 'Highly diverse'")
    func yearsOnly() {
        var b = LibraryBuilder()
        for (index, year) in [1850, 1920, 1970, 2010, 2022].enumerated() {
            b.book("Book \(index)", by: [b.author("Author \(index)")], year: year)
        }
        let radar = report(b).radar
        #expect(radar.axis(.era)?.value == 1)  // every era: the axis alone would read 100%
        #expect(radar.overall == nil && radar.band == nil)
    }

    @Test("A book's band needs 3 of its 5 axes")
    func bookBand() throws {
        var b = LibraryBuilder(primaryLanguage: "en")
        let adichie = b.author("Chimamanda Ngozi Adichie", country: "NG", gender: .female)
        let entry = b.book("Purple Hibiscus", by: [adichie])
        let twoAxes = RepresentationRadar.book(
            try #require(b.library.facts(of: b.library.entries[0])), underrepresented: CulturalRegion.defaultUnderrepresented)
        #expect(twoAxes.axes.filter { !$0.isGhost }.count == 2)
        #expect(twoAxes.band == nil)
        let workID = try #require(b.library.entries.first { $0.id == entry }?.workID)
        b.library.works[workID]?.ownVoices = .yes
        let threeAxes = RepresentationRadar.book(
            try #require(b.library.facts(of: b.library.entries[0])), underrepresented: CulturalRegion.defaultUnderrepresented)
        #expect(threeAxes.band == .highlyDiverse)
    }

    @Test("Marginalized voices are told only for complete cases: gender and region both known")
    func completeCases() {
        let set = CulturalRegion.defaultUnderrepresented
        let provenance = Provenance(source: .user, recordedAt: Date(timeIntervalSince1970: 0))
        func author(_ gender: Gender?, _ country: String?, flag: YesNo? = nil) -> Author {
            var author = Author(name: "A")
            author.gender = gender.map { AuthorFact(value: $0, provenance: provenance) }
            author.country = country.flatMap(CountryCode.init(lenient:)).map { AuthorFact(value: $0, provenance: provenance) }
            author.marginalized = flag.map { AuthorFact(value: $0, provenance: provenance) }
            return author
        }
        #expect(marginalizedVoice(author(.female, nil), underrepresented: set) == nil)
        #expect(marginalizedVoice(author(nil, "NG"), underrepresented: set) == nil)
        #expect(marginalizedVoice(author(.male, nil, flag: .yes), underrepresented: set) == nil)
        #expect(marginalizedVoice(author(.female, "GB"), underrepresented: set) == true)
        #expect(marginalizedVoice(author(.male, "NG"), underrepresented: set) == true)
        #expect(marginalizedVoice(author(.male, "GB", flag: .yes), underrepresented: set) == true)
        #expect(marginalizedVoice(author(.male, "GB"), underrepresented: set) == false)
    }

    @Test("A change is shown as it happened: whole percentages, one decimal when they would not move")
    func percentChange() {
        #expect(InsightFormat.percentChange(0.14, 0.29) == "14% → 29%")
        #expect(InsightFormat.percentChange(0.142, 0.144) == "14.2% → 14.4%")
        #expect(InsightFormat.percentChange(0.142, 0.146) == "14% → 15%")
        #expect(InsightFormat.percentChange(0.14, 0.14) == "14% → 14%")
    }
}
