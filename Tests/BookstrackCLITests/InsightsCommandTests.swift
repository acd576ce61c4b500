import BooksTrackTestSupport
import Foundation
import Testing

@Suite("bookstrack insights")
struct InsightsCommandTests {
    @Test("The text report and the JSON tell the same figures for the demo library")
    func demo() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["demo", "--user", "dana"])
        let json = try cli.run(["insights", "--user", "dana", "--json"])
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diversity = try #require(document["diversity"] as? [String: Any])
        let score = try #require((diversity["score"] as? [String: Any])?["total"] as? Double)
        let represented = try #require(diversity["regionsRepresented"] as? Int)
        let languages = try #require(diversity["languages"] as? [[String: Any]])
        #expect(represented == 11)  // the demo covers every region
        let text = try cli.run(["insights", "--user", "dana"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Diversity score  \(String(format: "%.1f", score)) / 10"))
        #expect(text.stdout.contains("11 of 11 regions"))
        #expect(text.stdout.contains("\(languages.count) original languages"))
        #expect(text.stdout.contains("  Africa *"))
        // Books the demo finished this year only.
        let year = try cli.run(["insights", "--user", "dana", "--period", "this-year", "--json"])
        let books =
            (try JSONSerialization.jsonObject(with: Data(year.stdout.utf8)) as? [String: Any])
            .flatMap { $0["diversity"] as? [String: Any] }?["books"] as? Int
        #expect((books ?? 0) > 0 && (books ?? 0) <= (diversity["books"] as? Int ?? 0))

        // --csv: the same figures, one row per figure (the page's "Download CSV").
        let csv = try cli.run(["insights", "--user", "dana", "--csv"])
        #expect(csv.status == 0)
        let rows = csv.stdout.components(separatedBy: "\r\n")
        #expect(rows.first == "section,item,value,percent,authors,known,total,note")
        #expect(rows.filter { $0.hasPrefix("regions,") && !$0.hasPrefix("regions,coverage") }.count == 11)
        #expect(rows.filter { $0.hasPrefix("languages,") && !$0.hasPrefix("languages,coverage") }.count == languages.count)
        #expect(try cli.run(["insights", "--user", "dana", "--csv", "--json"]).status == 64)
    }

    @Test("--reading prints the reading insights and achievements, the same figures as the API")
    func reading() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["demo", "--user", "dana"])
        let json = try cli.run(["insights", "--user", "dana", "--reading", "all", "--json"])
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let books = try #require((document["current"] as? [String: Any])?["books"] as? Int)
        let text = try cli.run(["insights", "--user", "dana", "--reading", "all"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Reading velocity: \(books) books"))
        #expect(text.stdout.contains("First Steps (common): unlocked"))
        #expect(text.stdout.contains("Reading Legend (legendary): locked, \(books) / 100 books"))
        let wrong = try cli.run(["insights", "--user", "dana", "--reading", "fortnight"])
        #expect(wrong.status == 64)
    }

    @Test("A period that cannot be understood is a usage error that says why")
    func badPeriod() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "dana"])
        let result = try cli.run(["insights", "--user", "dana", "--period", "custom", "--from", "2026-05-01"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("needs an end date"))
        let empty = try cli.run(["insights", "--user", "dana"])
        #expect(empty.status == 0 && empty.stdout.contains("No books yet"))
        #expect(try cli.run(["insights", "--user", "nobody"]).status == 67)
    }
}

@Suite("bookstrack insights --year")
struct YearCommandTests {
    @Test("The year in books as text and as the API's JSON; a year without reading names the years with some")
    func year() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["demo", "--user", "dana"])
        let all = try cli.run(["insights", "--user", "dana", "--year", "1999"])
        #expect(all.status == 65)
        let years = try #require(all.stderr.range(of: "Years with reading: [0-9, ]+", options: .regularExpression))
        let newest = try #require(Int(all.stderr[years].dropFirst("Years with reading: ".count).prefix(4)))
        let json = try cli.run(["insights", "--user", "dana", "--year", String(newest), "--json"])
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let books = try #require(document["books"] as? [[String: Any]])
        #expect(!books.isEmpty)
        let text = try cli.run(["insights", "--user", "dana", "--year", String(newest)])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("\(newest) in books — "))
        #expect(text.stdout.contains("\(books.count) \(books.count == 1 ? "book" : "books")"))
        for book in books { #expect(text.stdout.contains(book["title"] as? String ?? "?")) }
        #expect(try cli.run(["insights", "--user", "dana", "--year", "0"]).status == 64)
        #expect(try cli.run(["insights", "--user", "dana", "--year", "2025", "--csv"]).status == 64)
    }
}
