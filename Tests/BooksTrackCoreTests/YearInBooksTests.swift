import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackCore

/// The year in books (issue 41), on a library small enough to work every figure out by hand.
@Suite("The year in books")
struct YearInBooksTests {
    static let today = LocalDate("2026-11-21")!

    /// 2025: four books (one finished twice in the year, one by two authors); 2024: two books.
    static func library() -> (LibraryBuilder, [String: LibraryEntry.ID]) {
        var b = LibraryBuilder(primaryLanguage: "en")
        let adichie = b.author("Chimamanda Ngozi Adichie", country: "NG", gender: .female)
        let murakami = b.author("Haruki Murakami", country: "JP", gender: .male)
        let ferrante = b.author("Elena Ferrante", country: "IT", gender: .female)
        let unknown = b.author("Someone Unknown")
        var ids: [String: LibraryEntry.ID] = [:]
        ids["Norwegian Wood"] = b.book(
            "Norwegian Wood", by: [murakami], language: "ja", status: .read, finished: "2024-05-02", pages: 296)
        ids["Half of a Yellow Sun"] = b.book(
            "Half of a Yellow Sun", by: [adichie], language: "en", finished: "2024-09-10", pages: 448)
        ids["Americanah"] = b.book("Americanah", by: [adichie], language: "en", finished: "2025-02-14", pages: 588)
        ids["Purple Hibiscus"] = b.book("Purple Hibiscus", by: [adichie], language: "en", finished: "2025-03-01", pages: 307)
        ids["My Brilliant Friend"] = b.book(
            "My Brilliant Friend", by: [ferrante, unknown], language: "it", finished: "2025-03-20", pages: 331)
        ids["Kafka on the Shore"] = b.book(
            "Kafka on the Shore", by: [murakami], language: "ja", finished: "2025-12-30", pages: 505, editionLanguage: "ja")
        ids["Unread"] = b.book("Unread", by: [unknown], status: .toRead)
        return (b, ids)
    }

    static func year(_ year: Int, _ b: LibraryBuilder) -> YearInBooks? {
        YearInBooks.compute(
            year, library: b.library, figures: LibraryFigures(b.library, timeZone: TimeZone(identifier: "UTC")!),
            today: today)
    }

    @Test("The year's books, first and last, longest and shortest, authors read most")
    func books() throws {
        var (b, ids) = Self.library()
        // Americanah read again in December: still one book of the year, by its first finish.
        b.library.entries[b.library.entries.firstIndex { $0.id == ids["Americanah"] }!].state.readings.append(
            Reading(finishedOn: LocalDate("2025-12-01")!, outcome: .finished, origin: .user))
        let year = try #require(Self.year(2025, b))
        #expect(year.books.map(\.title) == ["Americanah", "Purple Hibiscus", "My Brilliant Friend", "Kafka on the Shore"])
        #expect(year.totals.books == 4)
        #expect(year.first?.title == "Americanah")
        #expect(year.first?.finishedOn == LocalDate("2025-02-14"))
        #expect(year.last?.title == "Kafka on the Shore")
        #expect(year.longest?.title == "Americanah")
        #expect(year.shortest?.title == "Purple Hibiscus")
        #expect(year.mostRead == [YearInBooks.AuthorCount(name: "Chimamanda Ngozi Adichie", books: 2)])
        #expect(year.totals.authors == 4)
        #expect(year.complete)
        #expect(year.years == [2025, 2024])
        // Read again in December, Americanah still counts in February only.
        #expect(year.months[11].books == 1 && year.months[1].books == 1)
        #expect(year.months.map(\.books).reduce(0, +) == year.totals.books)
    }

    @Test("The busiest month, pages of finished books per month")
    func months() throws {
        let year = try #require(Self.year(2025, Self.library().0))
        #expect(year.months.count == 12)
        #expect(year.busiestMonth?.label == "March")
        #expect(year.busiestMonth?.books == 2)
        #expect(year.months[2].pages == 307 + 331)
        #expect(year.totals.pages == 588 + 307 + 331 + 505)
        #expect(year.months[0].books == 0)
        // A tie names no busiest month.
        let earlier = try #require(Self.year(2024, Self.library().0))
        #expect(earlier.busiestMonth == nil)
    }

    @Test("Countries and regions met for the first time are the ones no earlier book had")
    func newPlaces() throws {
        let year = try #require(Self.year(2025, Self.library().0))
        #expect(year.countries.map(\.alpha2) == ["IT", "JP", "NG"])
        // Nigeria and Japan were read in 2024; Italy is new.
        #expect(year.newCountries.map(\.alpha2) == ["IT"])
        #expect(year.newRegions.count == 1)
        let earlier = try #require(Self.year(2024, Self.library().0))
        #expect(earlier.newCountries.map(\.alpha2) == ["JP", "NG"])
        #expect(!earlier.readBefore && year.readBefore)
        // A book read at a time not known may be from any year: its country is never "new".
        var (b, _) = Self.library()
        let undated = b.author("Another Writer", country: "JP")
        b.book("Read once, date lost", by: [undated], status: .read)
        let withUndated = try #require(Self.year(2024, b))
        #expect(withUndated.newCountries.map(\.alpha2) == ["NG"] && withUndated.readBefore)
    }

    @Test("Shares come with what they are of, and none is stated on too little")
    func shares() throws {
        let year = try #require(Self.year(2025, Self.library().0))
        // Co-authors share a book: My Brilliant Friend is half Elena Ferrante's, half unknown.
        #expect(year.women.total == 4)
        #expect(year.women.known == 3.5)
        #expect(year.women.count == 2.5)
        // Four books are under the minimum a share is stated on (SPEC §4).
        #expect(year.women.share == nil)
        #expect(year.translated.known == 4)
        #expect(year.translated.count == 1)  // My Brilliant Friend: Italian, read in English
        #expect(year.languages.map(\.language.code) == ["en", "it", "ja"])
        var (b, _) = Self.library()
        let author = b.author("Many Books", country: "KE", gender: .female)
        for number in 0..<12 { b.book("More \(number)", by: [author], finished: "2025-06-1\(number % 10)") }
        let more = try #require(Self.year(2025, b))
        #expect(more.women.count == 14.5)
        #expect(more.women.share == 14.5 / 15.5)
    }

    @Test("The year before is there to compare, or nil when nothing was read in it")
    func previous() throws {
        let year = try #require(Self.year(2025, Self.library().0))
        #expect(year.previous?.books == 2)
        #expect(year.previous?.pages == 296 + 448)
        #expect(try #require(Self.year(2024, Self.library().0)).previous == nil)
    }

    @Test("The year's goals and how they ended")
    func goals() throws {
        var (b, _) = Self.library()
        let reached = Goal(
            userID: b.library.user.id, title: "Three books", kind: .books, target: 3, cadence: .year,
            startsOn: LocalDate("2025-01-01")!,
            endsOn: LocalDate("2025-12-31")!, createdAt: b.recorded)
        let missed = Goal(
            userID: b.library.user.id, title: "Ten books", kind: .books, target: 10, cadence: .year,
            startsOn: LocalDate("2025-01-01")!,
            endsOn: LocalDate("2025-12-31")!, createdAt: b.recorded)
        let other = Goal(
            userID: b.library.user.id, title: "Last year", kind: .books, target: 1, cadence: .year,
            startsOn: LocalDate("2024-01-01")!,
            endsOn: LocalDate("2024-12-31")!, createdAt: b.recorded)
        b.library.goals = [missed, reached, other]
        let year = try #require(Self.year(2025, b))
        #expect(year.goals.map(\.title) == ["Ten books", "Three books"])
        #expect(year.goals.map(\.outcome) == [.missed, .completed])
        #expect(year.goals[0].progress == "4 / 10 books")
    }

    @Test("A year outside the calendar has no year in books")
    func bounds() {
        #expect(Self.year(0, Self.library().0) == nil)
        #expect(Self.year(10_000, Self.library().0) == nil)
        #expect(Self.year(1, Self.library().0)?.books == [])
    }
}
