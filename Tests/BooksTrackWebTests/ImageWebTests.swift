import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackWeb

@Suite("Download as image: the radar, an unlocked achievement and a completed goal as pictures")
struct ImageWebTests {
    @Test("The radar's picture: an SVG that stands alone, with its figure, what it rests on and the chart")
    func radar() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await InsightsWebTests.seedLibrary(for: user, in: app)
            let page = try await browser.get("/insights")
            #expect(page.body.contains(#"href="/insights/radar.svg" download="bookstrack-radar.svg""#))
            #expect(page.body.contains(#"data-png="/insights/radar.svg""#))
            let image = try await browser.get("/insights/radar.svg")
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/svg+xml; charset=utf-8")
            #expect(image.headers[.contentSecurityPolicy] == "default-src 'none'; style-src 'unsafe-inline'; sandbox")
            #expect(image.body.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630""#))
            #expect(image.body.contains(">Representation radar · All time</text>"))
            #expect(image.body.contains(">From 3 books; "))
            #expect(image.body.contains(#"<svg x="660" y="70" width="480" height="440" class="chart radar-chart""#))
            #expect(image.body.contains("<style>") && image.body.contains(".radar-area.band-"))
            #expect(!image.body.contains("<script"))
            // The page's selection is the picture's.
            let year = try await browser.get("/insights/radar.svg?period=2026")
            #expect(year.body.contains(">Representation radar · 2026</text>"))
            #expect(try await browser.get("/insights/radar.svg?period=someday").status == .badRequest)
            // Signed out, nothing.
            #expect(try await app.browser().get("/insights/radar.svg").status != .ok)
        }
    }

    @Test("An unlocked achievement has a picture in its rarity's colour; a locked one has none")
    func achievement() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await InsightsWebTests.seedLibrary(for: user, in: app)
            let reading = try await browser.get("/insights/reading")
            #expect(reading.body.contains(#"href="/achievements/firstSteps/image.svg""#))
            #expect(!reading.body.contains(#"href="/achievements/bookworm/image.svg""#), "locked: no picture")
            let image = try await browser.get("/achievements/firstSteps/image.svg")
            #expect(image.status == .ok)
            #expect(image.body.contains(">Achievement unlocked · Common</text>"))
            #expect(image.body.contains(">First Steps</text>"))
            #expect(image.body.contains(#"font-size="150">📖</text>"#), "the badge drawn large")
            #expect(image.body.contains(">Unlocked 15 March 2026.</text>"))
            #expect(image.body.contains(##"fill="#7b838d""##))
            #expect(try await browser.get("/achievements/bookworm/image.svg").status == .notFound)
            #expect(try await browser.get("/achievements/nothing/image.svg").status == .notFound)
        }
    }

    @Test("A completed goal has a picture; a running one is a conflict; another reader's goal is not found")
    func goal() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            try await browser.get("/goals/new")
            let created = try await browser.post("/goals", ["kind": "books", "target": "1", "title": "One <good> book"])
            let path = try #require(created.location)
            #expect(try await browser.get(path + "/image.svg").status == .conflict)
            try await browser.get("/books/new")
            try await browser.post(
                "/books", ["title": "Kindred", "authors": "Octavia E. Butler", "status": "read", "finished": "2026-03-10"])
            let page = try await browser.get(path)
            #expect(page.body.contains(#"href="\#(path)/image.svg""#))
            let image = try await browser.get(path + "/image.svg")
            #expect(image.status == .ok)
            #expect(image.body.contains(">Goal complete 🎉</text>"))
            #expect(image.body.contains(">One &lt;good&gt; book</text>"), "the reader's words are escaped")
            #expect(image.body.contains(">1 / 1 books (100%)</text>"))
            let (_, other) = try await app.signedInReader("sam")
            #expect(try await other.get(path + "/image.svg").status == .notFound)
        }
    }
}
