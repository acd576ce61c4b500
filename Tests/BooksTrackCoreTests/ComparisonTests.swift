import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackCore

@Suite("Compare with readers here: the diversity figures beside the reading ones (issue 44 item 8)")
struct ComparisonTests {
    static let none = ReadingInsights.Figures(
        books: 2, pages: 0, minutes: 0, pagesPerHour: nil, cultures: 1, genres: 0, ratedBooks: 0, averageRating: nil,
        longestStreak: 0)

    static func diversity(women: Double?, score: Double? = 5) -> InstanceComparison.Diversity {
        InstanceComparison.Diversity(score: score, women: women, marginalized: nil, languages: 2)
    }

    @Test("A diversity average is rounded, and only over ten readers who have the figure known")
    func diversityRows() throws {
        // Ten readers, women's shares 40%, 42%, … 58%: the mean 49% is shown as "about 50%".
        let everyone = (0..<10).map { (Self.none, Self.diversity(women: 0.40 + Double($0) * 0.02)) }
        let compared = InstanceComparison.compute(span: .year, own: everyone[0], everyone: everyone)
        let women = try #require(compared.rows.first { $0.measure == "women" })
        #expect(women.youText == "40%" && women.averageText == "about 50%" && women.average == 0.5)
        let score = try #require(compared.rows.first { $0.measure == "score" })
        #expect(score.averageText == "about 5 / 10")
        #expect(compared.rows.map(\.measure).suffix(4) == ["score", "women", "marginalized", "languages"])
        // One reader whose women's share is not known: nine are too few to average, and a reader
        // without it known is told so rather than shown 0%.
        var thin = everyone
        thin[3].1.women = nil
        let fewer = InstanceComparison.compute(span: .year, own: thin[3], everyone: thin)
        let row = try #require(fewer.rows.first { $0.measure == "women" })
        #expect(row.average == nil && row.averageText == "known for 9 of 10 readers: too few to average")
        #expect(row.you == nil && row.youText == "too little known yet")
        let marginalized = try #require(fewer.rows.first { $0.measure == "marginalized" })
        #expect(marginalized.averageText == "known for 0 of 10 readers: too few to average")
    }

    @Test("A library's diversity for a stretch: shares only with enough data, no score for an empty year")
    func libraryDiversity() {
        var b = LibraryBuilder(primaryLanguage: "en")
        for number in 0..<6 {
            let author = b.author("Author \(number)", country: number < 3 ? "NG" : "GB", gender: number < 4 ? .female : .male)
            b.book("Book \(number)", by: [author], language: number < 2 ? "yo" : "en", finished: "2026-0\(number + 1)-10")
        }
        let figures = LibraryFigures(b.library, timeZone: TimeZone(identifier: "UTC")!)
        let year = figures.diversity(.year, today: LocalDate("2026-07-02")!)
        #expect(year.women.map { abs($0 - 4.0 / 6) < 1e-9 } == true && year.languages == 2 && year.score != nil)
        let last = figures.diversity(.year, today: LocalDate("2027-03-01")!)
        #expect(last.score == nil && last.women == nil && last.languages == 0, "nothing finished in 2027 yet")
    }
}

@Suite("Achievements dated by the reading that earned them (issue 44 item 6)")
struct AchievementDatingTests {
    @Test("An import of years of reading: First Steps on the first finish, three regions on the book that made three")
    func datedByReading() throws {
        var b = LibraryBuilder()
        let nigeria = b.author("A", country: "NG")
        let japan = b.author("B", country: "JP")
        let france = b.author("C", country: "FR")
        b.book("One", by: [nigeria], language: "en", finished: "2019-04-02")
        b.book("Two", by: [japan], language: "ja", finished: "2020-06-10")
        b.book("Three", by: [france], language: "fr", finished: "2022-01-15")
        let figures = LibraryFigures(b.library, timeZone: TimeZone(identifier: "America/New_York")!)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let dated = figures.dated([
            AchievementUnlock(achievement: "firstSteps", unlockedAt: now),
            AchievementUnlock(achievement: "cultureExplorer", unlockedAt: now),
            AchievementUnlock(achievement: "polyglot", unlockedAt: now),
            AchievementUnlock(achievement: "curator", unlockedAt: now),
        ])
        let zone = TimeZone(identifier: "America/New_York")!
        #expect(LocalDate(dated[0].unlockedAt, in: zone) == LocalDate("2019-04-02"))
        #expect(LocalDate(dated[1].unlockedAt, in: zone) == LocalDate("2022-01-15"), "the third region")
        #expect(LocalDate(dated[2].unlockedAt, in: zone) == LocalDate("2022-01-15"), "the third language")
        #expect(dated[3].unlockedAt == now, "curation is dated by the write")
    }
}
