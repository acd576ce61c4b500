import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Download as image: the radar, an unlocked achievement and a completed goal as pictures", .timeLimit(.minutes(5)))
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
            // The page's name for coverage (issue 44), not the old "Diversity data … complete".
            #expect(image.body.contains(">Data known: ") && !image.body.contains("Diversity data"))
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
            #expect(image.body.contains(">Unlocked 1 February 2026.</text>"), "the day the first book was finished")
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

    @Test("Each insights card has a picture of its own figures; an unknown card is not found")
    func everyCard() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await InsightsWebTests.seedLibrary(for: user, in: app)
            let page = try await browser.get("/insights")
            let expected: [(SharedCard, [String])] = [
                (
                    .hero,
                    [
                        ">3 of 11 regions</text>", ">Women authors: too few books yet for a</text>",
                        ">share: 3 of the 5 it takes.</text>", #"class="tile-value" x="24" y="110">3/11</text>"#,
                    ]
                ),
                (.score, [">Diversity score ", #"class="chart bar-chart""#, ">Regions</text>"]),
                (.gender, [">Too little known yet</text>"]),
                (.regions, [">3 of 11 regions</text>", ">Africa</text>", #"class="chart bar-chart""#]),
                (.languages, [">3 original</text>", ">languages</text>", ">Swahili</text>"]),
                (.eras, [">No publication years known yet</text>"]),
                (.reading, [">3 books finished</text>"]),
            ]
            for (card, texts) in expected {
                #expect(
                    page.body.contains(
                        #"href="/insights/\#(card.rawValue)/image.svg" download="bookstrack-\#(card.rawValue).svg""#),
                    "\(card) offers its picture")
                let image = try await browser.get("/insights/\(card.rawValue)/image.svg")
                #expect(image.status == .ok && image.headers[.contentType] == "image/svg+xml; charset=utf-8", "\(card)")
                #expect(image.body.contains(">\(card.title) · All time</text>"), "\(card)")
                for text in texts { #expect(image.body.contains(text), "\(card): \(text)") }
                #expect(!image.body.contains("<a ") && !image.body.contains("href="), "\(card): no links in a picture")
            }
            #expect(try await browser.get("/insights/everything/image.svg").status == .notFound)
            #expect(try await browser.get("/insights/score/image.svg?period=someday").status == .badRequest)
            #expect(try await app.browser().get("/insights/score/image.svg").status != .ok)
        }
    }

    /// The first bytes of a PNG of `width` × `height`: what the server looks at.
    static func pngHead(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        for value in [width, height] { data.append(contentsOf: withUnsafeBytes(of: value.bigEndian, Array.init)) }
        data.append(contentsOf: [8, 6, 0, 0, 0, 0, 0, 0, 0] + Array(repeating: 0, count: 40))
        return data
    }

    @Test("A share link shows the card's picture; with the PNG the sharer's browser drew, link previews get it too")
    func shareLinkPicture() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await InsightsWebTests.seedLibrary(for: user, in: app)
            try await browser.get("/insights")
            let png = Self.pngHead(width: 1200, height: 630)
            let made = try await browser.post(
                "/shares", ["card": "score", "png": "data:image/png;base64," + png.base64EncodedString()])
            let link = try ShareLinkWebTests.link(in: made)
            let stranger = app.browser()
            let shared = try await stranger.get(link)
            #expect(shared.body.contains(#"<meta property="og:title" content="Diversity score"/>"#))
            #expect(shared.body.contains(#"<meta property="og:image" content="http://localhost\#(link)/image.png"/>"#))
            #expect(shared.body.contains(#"<meta name="twitter:card" content="summary_large_image"/>"#))
            #expect(shared.body.contains(#"<img src="\#(link)/image.svg" width="1200" height="630""#))
            let svg = try await stranger.get(link + "/image.svg")
            #expect(svg.status == .ok && svg.body.contains(">Diversity score · All time</text>"))
            let picture = try await stranger.get(link + "/image.png")
            #expect(picture.status == .ok && picture.headers[.contentType] == "image/png" && Data(picture.bytes) == png)

            // A PNG of another size (or not a PNG) is dropped: the link works, without a preview picture.
            try await browser.get("/insights")
            for sent in [
                "data:image/png;base64," + Self.pngHead(width: 1, height: 1).base64EncodedString(),
                "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=", "not a picture",
            ] {
                let other = try ShareLinkWebTests.link(in: try await browser.post("/shares", ["card": "gender", "png": sent]))
                let page = try await stranger.get(other)
                #expect(page.status == .ok && !page.body.contains("og:image"), "\(sent.prefix(30))")
                #expect(try await stranger.get(other + "/image.png").status == .notFound)
                #expect(try await stranger.get(other + "/image.svg").status == .ok)
            }

            // Revoked: the pictures go with it.
            let id = try #require(try await app.store.shareLinks.links(of: user.id).last?.id)
            _ = try await app.store.shareLinks.delete(id, of: user.id)
            #expect(try await stranger.get(link + "/image.svg").status == .notFound)
            #expect(try await stranger.get(link + "/image.png").status == .notFound)
        }
    }
}
