import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

@testable import BooksTrackCore

@Suite("Insights as CSV", .today("2026-11-24"))
struct InsightsCSVTests {
    var today: LocalDate { TestClock.today }

    func rows(_ builder: LibraryBuilder) -> [String] {
        let report = InsightsReport.compute(
            InsightRequest(scope: .library), library: builder.library, today: today, timeZone: .gmt)
        return InsightsCSV.render(report).components(separatedBy: "\r\n")
    }

    @Test("A share the minimum-data rule withholds is empty and says why; the coverage row says how much is known")
    func withheldShares() {
        var b = LibraryBuilder()
        for index in 0..<18 {
            let author = b.author("Author \(index)", gender: index == 0 ? .female : nil)
            b.book("Book \(index)", by: [author], year: 1990 + index)
        }
        let thin = rows(b)
        // One answer of 18: never "Female 100%".
        #expect(thin.contains("gender,Female,1,,1,,,too little known"))
        #expect(thin.contains("gender,coverage,,5.6,,1,18,known of all"))
        #expect(thin.contains { $0.hasPrefix("score,overall,") && $0.hasSuffix("provisional: too little known to compare") })
        #expect(thin.last == "")  // every row ends with CRLF
        #expect(thin.dropLast().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count >= 8 })
    }

    @Test("Publication eras: books by first publication year, every era listed, with how many years are known")
    func eras() {
        var b = LibraryBuilder()
        let author = b.author("Someone")
        for (index, year) in [1850, 1960, 1975, 2010, nil, 1999].enumerated() {
            b.book("Book \(index)", by: [author], year: year)
        }
        let report = InsightsReport.compute(InsightRequest(scope: .library), library: b.library, today: today, timeZone: .gmt)
        let d = report.diversity
        #expect(d.eras.map(\.era) == PublicationEra.allCases)
        #expect(d.eras.map(\.books) == [1, 0, 3, 1, 0])
        #expect(d.eras[2].share == 3.0 / 5)
        #expect(d.eraCoverage.known == 5 && d.eraCoverage.total == 6)
        let csv = InsightsCSV.render(report).components(separatedBy: "\r\n")
        #expect(csv.contains("eras,1951–2000,3,60.0,,,,"))
        #expect(csv.contains("eras,coverage,,83.3,,5,6,known of all"))
    }

    @Test("Gender × region: every pair, zeros included, then how many books know both")
    func intersections() {
        var b = LibraryBuilder()
        let woman = b.author("Woman", country: "NG", gender: .female)
        for index in 0..<4 { b.book("Book \(index)", by: [woman]) }
        b.book("Unknown", by: [b.author("Nobody")])
        let csv = rows(b)
        #expect(csv.filter { $0.hasPrefix("gender x region,") }.count == 44 + 1)
        #expect(csv.contains("gender x region,Female · Africa,4,100.0,1,,,"))
        #expect(csv.contains("gender x region,Male · Asia,0,0.0,0,,,"))
        #expect(csv.contains("gender x region,coverage,,80.0,,4,5,known of all"))
    }

    @Test("Cells are quoted where a comma or quote needs it, and never run as a spreadsheet formula")
    func cells() {
        #expect(InsightsCSV.cell("Africa") == "Africa")
        #expect(InsightsCSV.cell("Latin America, Caribbean") == "\"Latin America, Caribbean\"")
        #expect(InsightsCSV.cell("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(InsightsCSV.cell("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(InsightsCSV.cell("@SUM(A1)") == "'@SUM(A1)")
        #expect(InsightsCSV.cell("-3") == "-3")  // a number stays a number
        #expect(InsightsCSV.number(2.5) == "2.5")
        #expect(InsightsCSV.number(1.0 / 3) == "0.33")
        #expect(InsightsCSV.number(4) == "4")
        #expect(InsightsCSV.percent(1.0 / 3) == "33.3")
        #expect(InsightsCSV.percent(1) == "100.0")
    }
}
