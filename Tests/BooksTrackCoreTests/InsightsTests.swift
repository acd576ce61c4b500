import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

func close(_ a: Double?, _ b: Double, within tolerance: Double = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

@Suite("Diversity figures and the score")
struct DiversityFiguresTests {
    /// The seed's example (docs/metrics.md, worked example 1).
    @Test("Africa/female/Swahili, Asia/male/Japanese, Europe/female/English score 6.1")
    func seedExample() {
        var b = LibraryBuilder()
        b.book("Book A", by: [b.author("Kenyan writer", country: "KE", gender: .female)], language: "sw")
        b.book("Book B", by: [b.author("Japanese writer", country: "JP", gender: .male)], language: "ja")
        b.book("Book C", by: [b.author("British writer", country: "GB", gender: .female)], language: "en")
        let d = b.report().diversity
        #expect(d.books == 3 && d.authors == 3)
        #expect(d.regionsRepresented == 3)
        #expect(d.figure(for: .africa)?.figure.count == 1 && d.figure(for: .africa)?.underrepresented == true)
        #expect(d.figure(for: .asia)?.figure.count == 1 && d.figure(for: .asia)?.underrepresented == false)
        #expect(close(d.figure(for: .female)?.figure.share, 2.0 / 3))
        #expect(close(d.genderEntropy, 0.918296, within: 1e-6))
        #expect(close(d.marginalized.share, 2.0 / 3))
        #expect(d.languages.map(\.language.code).sorted() == ["en", "ja", "sw"])
        #expect(close(d.score.region, 3.0 / 11 * 3))
        #expect(close(d.score.gender, 2.754888, within: 1e-6))
        #expect(close(d.score.language, 1.2))
        #expect(close(d.score.marginalized, 4.0 / 3))
        #expect(close(d.score.total, 6.106403, within: 1e-6))
        #expect(close(d.score.coverage, 1))
    }

    /// docs/metrics.md, worked example 2: fractional credit and unknown values.
    @Test("Co-authors share a book; unknown values are coverage, not categories")
    func fractionalAndUnknown() {
        var b = LibraryBuilder()
        let x = b.author("X", country: "NG", gender: .female)
        let y = b.author("Y", gender: .male)
        let z = b.author("Z", country: "FR")
        let w = b.author("W")
        b.book("One", by: [x, y], language: "en")
        b.book("Two", by: [z])
        b.book("Three", by: [w], language: "fr")
        let d = b.report().diversity
        #expect(close(d.figure(for: .africa)?.figure.count, 0.5))
        #expect(close(d.figure(for: .africa)?.figure.share, 1.0 / 3))
        #expect(close(d.figure(for: .europe)?.figure.share, 2.0 / 3))
        #expect(close(d.regionCoverage.fraction, 0.5))
        #expect(close(d.figure(for: .female)?.figure.share, 0.5))
        #expect(close(d.genderCoverage.fraction, 1.0 / 3))
        #expect(close(d.languageCoverage.fraction, 2.0 / 3))
        #expect(close(d.marginalized.share, 1))
        #expect(close(d.marginalizedCoverage.fraction, 1.0 / 6))
        #expect(close(d.score.region, 2.0 / 11 * 3))
        #expect(close(d.score.gender, 3))
        #expect(close(d.score.language, 0.8))
        #expect(close(d.score.marginalized, 2))
        #expect(close(d.score.total, 6.345454, within: 1e-6))
        #expect(close(d.score.coverage, (0.5 + 1.0 / 3 + 2.0 / 3 + 1.0 / 6) / 4))
        // The shares add up to 100% of what is known.
        #expect(close(d.regions.compactMap(\.figure.share).reduce(0, +), 1))

        let authors = b.report(InsightRequest(unit: .authors)).diversity
        #expect(authors.authors == 4)
        #expect(close(authors.figure(for: .africa)?.figure.count, 1))
        #expect(close(authors.regionCoverage.fraction, 0.5))
        #expect(close(authors.genderCoverage.fraction, 0.5))
        #expect(close(authors.figure(for: .male)?.figure.share, 0.5))
    }

    @Test("Gender × region counts complete cases only: a co-author pair splits its book, a one-fact author is left out")
    func intersections() {
        var b = LibraryBuilder()
        let nigerianWoman = b.author("Chimamanda", country: "NG", gender: .female)
        let frenchMan = b.author("Albert", country: "FR", gender: .male)
        let onlyGender = b.author("Unplaced", gender: .female)
        let onlyRegion = b.author("Ungendered", country: "JP")
        b.book("Together", by: [nigerianWoman, frenchMan])
        b.book("Half Known", by: [onlyGender])
        b.book("Other Half", by: [onlyRegion])
        b.book("Again", by: [nigerianWoman])
        let d = b.report().diversity
        #expect(d.intersections.count == 11 * 4)
        #expect(close(d.figure(for: .female, in: .africa)?.count, 1.5))
        #expect(close(d.figure(for: .male, in: .europe)?.count, 0.5))
        #expect(d.figure(for: .female, in: .africa)?.authors == 1)
        // Two books' worth of complete cases out of four books: the other two each know one fact.
        #expect(close(d.intersectionCoverage.known, 2))
        #expect(close(d.intersectionCoverage.fraction, 0.5))
        #expect(close(d.figure(for: .female, in: .africa)?.share, 0.75))
        #expect(d.intersections.filter { $0.region == .asia || $0.gender == .nonBinary }.allSatisfy { $0.count == 0 })
        // Four books: below the minimum for a share.
        #expect(!d.allowsShares(.intersection))
        b.book("Fifth", by: [frenchMan])
        #expect(b.report().diversity.allowsShares(.intersection))

        let authors = b.report(InsightRequest(unit: .authors)).diversity
        #expect(close(authors.figure(for: .female, in: .africa)?.count, 1))
        #expect(close(authors.intersectionCoverage.known, 2))
        #expect(close(authors.intersectionCoverage.total, 4))
    }

    @Test("A book with no known facts never raises the score")
    func unknownIsNeverDiversity() {
        var b = LibraryBuilder()
        b.book("Known", by: [b.author("A", country: "GB", gender: .male)], language: "en")
        let before = b.report().diversity.score
        b.book("Unknown", by: [b.author("Nobody knows")])
        b.book("No author at all", by: [])
        let after = b.report().diversity
        #expect(after.score.total == before.total)
        #expect(close(after.regionCoverage.fraction, 1.0 / 3))
        #expect(after.score.coverage < before.coverage)
        #expect(after.marginalized.share == 0)
    }

    @Test("An empty library scores 0.0 and says so")
    func empty() {
        let d = LibraryBuilder().report().diversity
        #expect(d.score.total == 0 && d.score.isEmpty)
        #expect(d.regions.count == 11 && d.regions.allSatisfy { $0.figure.share == nil })
        #expect(d.marginalized.share == nil)
    }

    @Test("Eleven regions, balanced genders and five languages reach the maximum parts")
    func maximum() {
        var b = LibraryBuilder()
        let languages = ["en", "fr", "ja", "sw", "es"]
        for (index, region) in CulturalRegion.allCases.enumerated() {
            let gender: Gender = index.isMultiple(of: 2) ? .female : .male
            b.book(
                "Book \(index)", by: [b.author("Author \(index)", region: region, gender: gender)],
                language: languages[index % 5])
        }
        let score = b.report().diversity.score
        #expect(close(score.region, 3) && close(score.language, 2))
        #expect(score.gender > 2.9)  // 6 women, 5 men: entropy 0.994 bits
        #expect(score.total <= 10)
    }

    @Test("The underrepresented regions are the reader's own")
    func readersOwnBaseline() {
        var lagos = LibraryBuilder(underrepresented: [.europe])
        lagos.book("Home", by: [lagos.author("Nigerian man", country: "NG", gender: .male)])
        lagos.book("Abroad", by: [lagos.author("French man", country: "FR", gender: .male)])
        let d = lagos.report().diversity
        #expect(close(d.marginalized.share, 0.5))
        #expect(d.figure(for: .europe)?.underrepresented == true)
        #expect(d.figure(for: .africa)?.underrepresented == false)
        // A recorded marginalized identity counts whatever the region.
        var leeds = LibraryBuilder()
        leeds.book("One", by: [leeds.author("British man", country: "GB", gender: .male, marginalized: .yes)])
        #expect(close(leeds.report().diversity.marginalized.share, 1))
    }

    @Test("Shannon entropy in bits")
    func entropy() {
        #expect(shannonEntropyBits([]) == 0)
        #expect(shannonEntropyBits([5, 0]) == 0)
        #expect(close(shannonEntropyBits([1, 1]), 1))
        #expect(close(shannonEntropyBits([1, 1, 1, 1]), 2))
    }
}

@Suite("Periods, scopes and reading stats")
struct PeriodAndReadingStatsTests {
    @Test("Periods and their previous periods of equal length")
    func periods() {
        let today = LocalDate("2026-11-21")!
        #expect(InsightPeriod.thisYear.range(today: today) == LocalDate("2026-01-01")!...LocalDate("2026-12-31")!)
        #expect(InsightPeriod.thisYear.previousRange(today: today) == LocalDate("2025-01-01")!...LocalDate("2025-12-31")!)
        #expect(InsightPeriod.last30Days.range(today: today) == LocalDate("2026-10-23")!...today)
        #expect(InsightPeriod.last30Days.previousRange(today: today) == LocalDate("2026-09-23")!...LocalDate("2026-10-22")!)
        let custom = InsightPeriod.custom(from: LocalDate("2026-03-01")!, to: LocalDate("2026-03-10")!)
        #expect(custom.previousRange(today: today) == LocalDate("2026-02-19")!...LocalDate("2026-02-28")!)
        #expect(InsightPeriod.allTime.range(today: today) == nil && InsightPeriod.allTime.previousRange(today: today) == nil)
    }

    @Test("Period parameters: good ones parse, bad ones say what is wrong")
    func parsing() throws {
        #expect(try InsightPeriod.parse("2024", from: nil, to: nil).get() == .year(2024))
        #expect(try InsightPeriod.parse(nil, from: nil, to: nil).get() == .allTime)
        #expect(try InsightPeriod.parse("this-year", from: nil, to: nil).get() == .thisYear)
        let messages = [
            ("custom", "2026-05-01", "2026-04-01"), ("custom", "2026-02-30", "2026-03-01"), ("forever", nil, nil),
            ("custom", "1000-01-01", "2026-01-01"), ("99999", nil, nil),
        ].compactMap { period, from, to -> String? in
            if case .failure(let error) = InsightPeriod.parse(period, from: from, to: to) { return error.message }
            return nil
        }
        #expect(messages.count == 5)
        #expect(messages[0].contains("after its end"))
        if case .failure(let error) = InsightRequest.parse(["scope": "everything"]) {
            #expect(error.message.contains("not a scope"))
        } else {
            Issue.record("an unknown scope was accepted")
        }
        let request = try InsightRequest.parse(["period": "custom", "from": "2026-01-01", "to": "2026-02-01", "unit": "authors"])
            .get()
        #expect(
            request.parameters.map { "\($0)=\($1)" } == ["period=custom", "from=2026-01-01", "to=2026-02-01", "unit=authors"])
    }

    @Test("Read scope: finished in the period; all time adds books read without a date")
    func readScope() {
        var b = LibraryBuilder()
        let a = b.author("A", country: "KE", gender: .female)
        b.book("Last year", by: [a], finished: "2025-06-01")
        b.book("This year", by: [a], finished: "2026-02-01")
        b.book("Undated", by: [a])
        b.book("Unread", by: [a], status: .toRead, added: "2026-03-01")
        b.book("Re-reading", by: [a], status: .reading, finished: "2026-04-01")
        #expect(b.report(InsightRequest(period: .thisYear)).diversity.books == 2)
        #expect(b.report(InsightRequest(period: .year(2025))).diversity.books == 1)
        #expect(b.report().diversity.books == 4)
        #expect(b.report(InsightRequest(scope: .library)).diversity.books == 5)
        #expect(b.report(InsightRequest(period: .thisYear, scope: .library)).diversity.books == 1)
        let report = b.report(InsightRequest(period: .thisYear))
        #expect(report.previous?.diversity.books == 1)
        #expect(report.previous?.period.label == "2025")
        #expect(report.libraryBooks == 5)
    }

    /// docs/metrics.md, worked example 3.
    @Test("Reading stats count session pages in the reader's time zone, plus finished books without sessions")
    func readingStats() {
        var b = LibraryBuilder()
        let a = b.author("A")
        b.book("Without sessions", by: [a], finished: "2026-03-10", pages: 300)
        let timed = b.book("With sessions", by: [a], finished: "2026-11-01", pages: 500)
        b.book("No page count", by: [a], finished: "2026-05-05")
        b.session(timed, start: "2026-10-30T10:00:00Z", minutes: 60, pages: 0...40)
        b.session(timed, start: "2026-11-01T23:30:00Z", minutes: 30, pages: 40...70)
        // 23:30 on December 31 in New York: 2025 there, 2026 in UTC.
        b.session(timed, start: "2026-01-01T04:30:00Z", minutes: 15, pages: 70...80)
        let stats = b.report(InsightRequest(period: .thisYear), zone: "America/New_York").reading
        #expect(stats.booksFinished == 3)
        #expect(stats.pagesRead == 40 + 30 + 300)
        #expect(stats.booksWithoutPageCount == 1)
        #expect(stats.days == 325)
        #expect(close(stats.pagesPerDay, 370.0 / 325))
        #expect(close(stats.booksPerMonth, 3 / (325 / (365.2425 / 12))))
        #expect(stats.readingMinutes == 90)
        #expect(close(stats.pagesPerHour, 70 / 1.5))
        let previous = b.report(InsightRequest(period: .thisYear), zone: "America/New_York").previous?.reading
        #expect(previous?.pagesRead == 10 && previous?.readingMinutes == 15 && previous?.days == 365)
        #expect(b.report(InsightRequest(period: .thisYear), zone: "UTC").reading.pagesRead == 380)
    }

    @Test("A running session on a finished book does not take the book's pages out of the stats")
    func runningSession() {
        var b = LibraryBuilder()
        let book = b.book("Rereading", by: [b.author("A")], finished: "2026-03-10", pages: 300)
        b.library.sessions.append(
            ReadingSession(
                userID: b.library.user.id, entryID: book, startedAt: ISO8601DateFormatter().date(from: "2026-11-20T10:00:00Z")!,
                startPage: 12))
        let stats = b.report().reading
        #expect(stats.pagesRead == 300)
        #expect(stats.sessions == 0 && stats.readingMinutes == 0)
    }

    @Test("A period with nothing read has zero figures and no pace")
    func emptyPeriod() {
        var b = LibraryBuilder()
        b.book("Old", by: [b.author("A")], finished: "2020-01-01", pages: 100)
        let stats = b.report(InsightRequest(period: .last30Days)).reading
        #expect(stats.booksFinished == 0 && stats.pagesRead == 0 && stats.pagesPerHour == nil)
        #expect(stats.days == 30)
        let allTime = b.report().reading
        #expect(allTime.from == LocalDate("2020-01-01") && allTime.pagesRead == 100)
    }
}

@Suite("What to read next")
struct ReadingSuggestionTests {
    @Test("Underrepresented regions missing from what was read come first, from the to-read shelves")
    func suggestions() {
        var b = LibraryBuilder()
        let man = b.author("British man", country: "GB", gender: .male)
        for index in 0..<4 { b.book("Read \(index)", by: [man], language: "en", finished: "2026-01-0\(index + 1)") }
        let african = b.author("Kenyan woman", country: "KE", gender: .female)
        b.book("TBR 1", by: [african], language: "sw", status: .toRead)
        b.book("TBR 2", by: [african], language: "en", status: .wishlist)
        b.book("TBR 3", by: [b.author("Japanese man", country: "JP", gender: .male)], language: "ja", status: .toRead)
        b.book("Finished African", by: [african], status: .dnf)
        let suggestions = b.report().suggestions
        #expect(suggestions.count == 3)
        #expect(suggestions[0].gap == .region(.africa) && suggestions[0].books == 2)
        #expect(suggestions[0].message.hasPrefix("2 books by authors from Africa"))
        #expect(suggestions[1].gap == .gender(.female) && suggestions[1].books == 2)
        #expect(suggestions[2].gap == .region(.asia))
    }

    @Test("Without candidates on the shelves, the gaps still say what would fill them")
    func none() {
        var b = LibraryBuilder()
        b.book("Read", by: [b.author("A", country: "GB", gender: .male)], finished: "2026-01-01")
        let suggestions = b.report().suggestions
        #expect(suggestions.map(\.books) == [0, 0])
        #expect(suggestions.map(\.gap) == [.region(.africa), .gender(.female)])
        #expect(suggestions[0].message.contains("none on your to-read list: one would fill this gap"))
    }

    @Test("A library from every region asks only about what it lacks (Indigenous authors, which only a reader can name)")
    func noGap() {
        var b = LibraryBuilder()
        for (index, country) in ["NG", "IN", "BR", "EG", "JP", "US", "FR", "MX", "AU", "JM", "KZ"].enumerated() {
            b.book(
                "Read \(index)", by: [b.author("A\(index)", country: country, gender: index.isMultiple(of: 2) ? .female : .male)],
                finished: "2026-01-01")
        }
        let gaps = b.report().suggestions.filter { $0.books == 0 && $0.gap.kind == "region" }
        #expect(gaps.map(\.gap) == [.region(.indigenous)])
        #expect(gaps.first?.message.hasPrefix("No books by Indigenous authors") == true)
    }
}
