import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

/// "The world you have read" (issue 41): the map and its table on the insights page, `countries`
/// in the API, the library filtered by country, and a countries goal.
@Suite("The world you have read: map, countries, the country filter and its goal", .timeLimit(.minutes(5)))
struct WorldWebTests {
    /// Books by authors from Nigeria (two), Japan, Singapore (too small for the map) and one of no
    /// known country; the authors' countries set through the API.
    static func library(_ api: APIClient) async throws {
        let books: [(String, String, String?)] = [
            ("Americanah", "Chimamanda Ngozi Adichie", "NG"), ("Purple Hibiscus", "Chimamanda Ngozi Adichie", "NG"),
            ("Norwegian Wood", "Haruki Murakami", "JP"), ("Sugarbread", "Balli Kaur Jaswal", "SG"),
            ("Unplaced", "Someone Unknown", nil),
        ]
        for (title, author, country) in books {
            let created = try await api.request(
                .post, "/api/v1/entries",
                json: ["title": title, "authors": [author], "status": "read", "finishedOn": "2026-02-01"])
            #expect(created.status == .created)
            guard let country else { continue }
            let authors = try #require(try created.json()["authors"] as? [[String: Any]])
            let id = try #require(authors.first?["id"] as? String)
            let patched = try await api.request(.patch, "/api/v1/authors/\(id)/facts", json: ["country": country])
            #expect((200..<300).contains(Int(patched.status.code)), "\(patched.body)")
        }
    }

    @Test("The API and the page name the countries, the map links each to the filtered library")
    func countries() async throws {
        try await WebHarness.run { app in
            let (user, dana) = try await app.signedInReader("dana")
            let api = try await app.apiClient(for: user)
            try await Self.library(api)

            let report = try await api.request(.get, "/api/v1/insights/diversity?period=this-year").json()
            let diversity = try #require(report["diversity"] as? [String: Any])
            let countries = try #require(diversity["countries"] as? [[String: Any]])
            #expect(countries.map { $0["country"] as? String } == ["NG", "JP", "SG"])
            #expect(countries.first?["books"] as? Int == 2 && countries.first?["authors"] as? Int == 1)
            #expect(countries.first?["region"] as? String == "africa")
            #expect((diversity["countryCoverage"] as? [String: Any])?["known"] as? Double == 4)
            #expect(report["newCountries"] as? [String] == ["JP", "NG", "SG"])

            let page = try await dana.get("/insights?period=this-year")
            #expect(page.text.contains("3 countries · 3 new in this period"))
            #expect(page.body.contains(#"<svg class="chart world-map""#))
            let nigeria = "/library?country=NG&amp;read=2026-01-01..2026-12-31"
            #expect(page.body.contains(#"href="\#(nigeria)""#), "the map and the table link to the books")
            #expect(page.body.contains("Nigeria: 2 books"))
            #expect(page.text.contains("Too small to draw at this scale, listed in the table: Singapore."))

            let filtered = try await dana.get("/library?country=NG")
            #expect(filtered.text.contains("Americanah") && filtered.text.contains("Purple Hibiscus"))
            #expect(!filtered.text.contains("Norwegian Wood"))
            #expect(filtered.text.contains("Country: Nigeria"))
            // The filter form offers the countries of the reader's authors, the chosen one selected.
            #expect(filtered.body.contains(#"<option value="NG" selected>Nigeria</option>"#))
            #expect(filtered.body.contains(#"<option value="SG">Singapore</option>"#))
            #expect(!filtered.body.contains(#"value="FR""#))
            let listed = try await api.request(.get, "/api/v1/entries?country=JP").json()
            #expect((listed["items"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Norwegian Wood"])
            #expect(try await api.request(.get, "/api/v1/entries?country=Japan").status == .badRequest)
            #expect(try await api.request(.get, "/api/v1/entries?country=ZZ").status == .badRequest)

            let image = try await dana.get("/insights/world/image.svg?period=this-year")
            #expect(image.status == .ok && image.body.contains("3 countries"))
        }
    }

    @Test(
        "A real export after the bundled author table: the map shows the countries its facts name, and its table agrees with the regions",
        arguments: [2, 3, 4])
    func realLibrary(_ fixture: Int) async throws {
        try await WebHarness.run { app in
            let (user, dana) = try await app.signedInReader("dana")
            let api = try await app.apiClient(for: user)
            _ = try await app.importFixture(Fixtures.goodreadsFiles[fixture], for: user)
            // What `bookstrack enrich --offline` does.
            _ = try await app.app.enrichment.applyTable(for: user.id)
            let diversity = try #require(
                try await api.request(.get, "/api/v1/insights/diversity").json()["diversity"] as? [String: Any])
            let countries = try #require(diversity["countries"] as? [[String: Any]])
            #expect(!countries.isEmpty, "the author table names countries")
            // Each region's authors are its countries' authors: no author here has a region of
            // their own choosing, so every region comes from a country.
            var authorsByRegion: [String: Int] = [:]
            for country in countries {
                authorsByRegion[country["region"] as? String ?? "", default: 0] += country["authors"] as? Int ?? 0
            }
            for region in try #require(diversity["regions"] as? [[String: Any]]) {
                let name = try #require(region["region"] as? String)
                let authors = try #require((region["figure"] as? [String: Any])?["authors"] as? Int)
                #expect(authorsByRegion[name, default: 0] == authors, "\(name)")
            }
            let page = try await dana.get("/insights")
            for country in countries.prefix(10) {
                let name = try #require(country["name"] as? String)
                #expect(page.text.contains(name), "\(name) in the table")
            }
        }
    }

    @Test("A countries goal counts the distinct countries of the books finished")
    func goal() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            try await Self.library(api)
            let created = try await api.request(.post, "/api/v1/goals", json: ["template": "read-the-world"])
            #expect(created.status == .created, "\(created.body)")
            let goal = try created.json()
            #expect(goal["kind"] as? String == "countriesExplored" && goal["target"] as? Int == 25)
            let progress = try #require(goal["progress"] as? [String: Any])
            #expect(progress["current"] as? Double == 3)
            #expect(
                try await api.request(.post, "/api/v1/goals", json: ["kind": "countriesExplored", "target": 251]).status
                    == .unprocessableContent)
        }
    }
}
