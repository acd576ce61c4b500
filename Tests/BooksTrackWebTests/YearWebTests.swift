import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

/// The year in books (issue 41) on the web page, in the API, as a share link and on home.
@Suite("The year in books: page, API, share link and home", .timeLimit(.minutes(5)))
struct YearWebTests {
    /// Four books finished over 2024–2026 (the clock is 15 March 2026), one of them by a name
    /// that must be escaped.
    static var books: [[String: Any]] {
        [
            [
                "title": "Norwegian Wood", "authors": ["Haruki Murakami"], "status": "read", "finishedOn": "2024-05-02",
                "pageCount": 296,
            ],
            [
                "title": "Americanah", "authors": ["Chimamanda Ngozi Adichie"], "status": "read", "finishedOn": "2025-02-14",
                "pageCount": 588,
            ],
            [
                "title": "Purple Hibiscus", "authors": ["Chimamanda Ngozi Adichie"], "status": "read", "finishedOn": "2025-03-01",
                "pageCount": 307,
            ],
            ["title": "<b>Bold</b> & Brave", "authors": ["A <i>Writer</i>"], "status": "read", "finishedOn": "2025-12-30"],
            [
                "title": "Kindred", "authors": ["Octavia E. Butler"], "status": "read", "finishedOn": "2026-03-01",
                "pageCount": 264,
            ],
        ]
    }

    static func library(_ api: APIClient) async throws {
        for book in books { #expect(try await api.request(.post, "/api/v1/entries", json: book).status == .created) }
    }

    @Test("The API tells the year's books, its story and the year before; a year without reading is 404")
    func api() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            try await Self.library(api)
            let answer = try await api.request(.get, "/api/v1/insights/year/2025")
            #expect(answer.status == .ok)
            let year = try answer.json()
            let books = try #require(year["books"] as? [[String: Any]])
            #expect(books.map { $0["title"] as? String } == ["Americanah", "Purple Hibiscus", "<b>Bold</b> & Brave"])
            #expect((year["longest"] as? [String: Any])?["title"] as? String == "Americanah")
            #expect((year["first"] as? [String: Any])?["finishedOn"] as? String == "2025-02-14")
            #expect((year["mostRead"] as? [[String: Any]])?.first?["name"] as? String == "Chimamanda Ngozi Adichie")
            #expect(((year["previous"] as? [String: Any])?["books"] as? Int) == 1)
            #expect(year["complete"] as? Bool == true)
            #expect(year["years"] as? [Int] == [2026, 2025, 2024])
            // Too few books for a share: what is known is said, no share stated.
            let women = try #require(year["women"] as? [String: Any])
            #expect(women["total"] as? Int == 3 && women["share"] == nil)

            let running = try await api.request(.get, "/api/v1/insights/year/2026").json()
            #expect(running["complete"] as? Bool == false)

            let none = try await api.request(.get, "/api/v1/insights/year/2019")
            #expect(none.status == .notFound)
            #expect(none.body.contains("Years with reading: 2026, 2025, 2024"))
            for wrong in ["0", "10000", "abc", "2025.5", "-1", "00000002025"] {
                #expect(try await api.request(.get, "/api/v1/insights/year/\(wrong)").status == .notFound, "\(wrong)")
            }
            // Another reader's year is theirs alone.
            let (_, erin) = try await app.apiReader("erin")
            #expect(try await erin.request(.get, "/api/v1/insights/year/2025").status == .notFound)
        }
    }

    @Test("The page tells the year, escapes what readers typed, and links to the other years")
    func page() async throws {
        try await WebHarness.run { app in
            let (user, dana) = try await app.signedInReader("dana")
            try await Self.library(try await app.apiClient(for: user))
            let page = try await dana.get("/insights/year/2025")
            #expect(page.status == .ok)
            #expect(page.body.contains("<h1>2025 in books</h1>"))
            #expect(page.text.contains("The whole year: 3 books finished."))
            #expect(page.text.contains("Americanah"))
            #expect(page.text.contains("Chimamanda Ngozi Adichie — 2 books"))
            // Three months with one book each: none is the busiest.
            #expect(page.text.contains("No month stands out: February, March and December each had 1 book."))
            #expect(page.text.contains("Against 2024, in brackets: 3 books (1)"))
            // Three books are too few for a share, whatever is known.
            #expect(page.text.contains("Too few books (3) to state a share: it takes at least 5."))
            #expect(!page.body.contains("<b>Bold</b>") && page.body.contains("&lt;b&gt;Bold&lt;/b&gt; &amp; Brave"))
            #expect(!page.body.contains("<i>Writer</i>"))
            for other in ["/insights/year/2026", "/insights/year/2024"] { #expect(page.body.contains("href=\"\(other)\"")) }
            #expect(page.body.contains(#"name="card" value="year""#))
            #expect(page.body.contains(#"data-image="/insights/year/2025/image.svg""#))

            let latest = try await dana.get("/insights/year")
            #expect(latest.status == .seeOther)
            #expect(latest.headers[.location] == "/insights/year/2026")
            let none = try await dana.get("/insights/year/2019")
            #expect(none.status == .notFound)
            #expect(none.text.contains("Years with reading: 2026, 2025, 2024"))
            #expect(try await dana.get("/insights/year/abc").status == .notFound)

            let image = try await dana.get("/insights/year/2025/image.svg")
            #expect(image.status == .ok)
            #expect(image.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
            #expect(image.body.contains("3 books"))
            #expect(!image.body.contains("<b>Bold"))
            #expect(try await dana.get("/insights").body.contains(#"href="/insights/year""#))
        }
    }

    @Test("Shared as a link: the year's cards, frozen, leading nowhere but their picture")
    func share() async throws {
        try await WebHarness.run { app in
            let (user, dana) = try await app.signedInReader("dana")
            let api = try await app.apiClient(for: user)
            try await Self.library(api)
            try await dana.get("/insights/year/2025")
            let created = try await dana.post("/shares", ["card": "year", "year": "2025"])
            #expect(created.status == .created)
            let link = try ShareLinkWebTests.link(in: created)
            let shared = try await app.browser().get(link)
            #expect(shared.status == .ok)
            #expect(shared.text.contains("2025 in books") && shared.text.contains("Purple Hibiscus"))
            let hrefs = shared.body.matches(of: /<a [^>]*href="([^"]*)"/).map { String($0.1) }
            #expect(hrefs == [link + "/image.svg"])
            #expect(!shared.body.contains("<form"))

            #expect(try await dana.post("/shares", ["card": "year", "year": "2019"]).status == .unprocessableContent)
            #expect(try await dana.post("/shares", ["card": "year", "year": "twenty"]).status == .unprocessableContent)
            let byAPI = try await api.request(.post, "/api/v1/shares", json: ["card": "year", "year": 2024])
            #expect(byAPI.status == .created)
            #expect(try byAPI.json()["title"] as? String == "2024 in books")
            // A year no calendar has is refused even with a card that does not use it.
            for card in ["year", "radar"] {
                let past = try await api.request(.post, "/api/v1/shares", json: ["card": card, "year": 10000])
                #expect(past.status == .unprocessableContent, "\(card)")
            }
        }
    }

    @Test("Home offers the year in books in December and January, not in March")
    func home() async throws {
        for (day, offered) in [("2026-12-10T12:00:00Z", "2026"), ("2027-01-20T12:00:00Z", "2026"), ("2026-03-15T12:00:00Z", nil)]
        {
            let now = ISO8601DateFormatter().date(from: day)!
            let clock: @Sendable () -> Date = { now }
            try await WebHarness.run(clock: clock) { app in
                let (user, dana) = try await app.signedInReader("dana")
                try await Self.library(try await app.apiClient(for: user))
                let home = try await dana.get("/")
                if let offered {
                    #expect(home.body.contains(#"href="/insights/year/\#(offered)""#), "\(day)")
                    #expect(home.text.contains("Your \(offered) in books"))
                } else {
                    #expect(!home.body.contains("/insights/year/"), "\(day)")
                }
            }
        }
    }
}
