import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackWeb

@Suite(
    "Beyond your shelves: writers for the regions missing from the library, each one link from the wishlist",
    .timeLimit(.minutes(5)))
struct DiscoveryWebTests {
    @Test("The insights page names the missing regions with writers from the table; Add to Want to read fills in the form")
    func discover() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            try await InsightsWebTests.book(
                "Things Fall Apart", by: "Chinua Achebe", facts: [(.country, "NG"), (.gender, "male")], language: "English",
                finished: "2026-02-01", for: user, in: app)
            let page = try await browser.get("/insights")
            #expect(page.text.contains("Beyond your shelves"))
            #expect(page.text.contains("No book on your shelves is known to come from Asia, Europe"))
            #expect(!page.body.contains(#"id="discover-africa""#), "Africa is on the shelves")
            #expect(page.body.contains(#"<h3 id="discover-asia">Asia</h3>"#))
            #expect(page.text.contains("look-ups are off on this BooksTrack"))
            #expect(!page.body.contains("openlibrary.org"), "no outside links while look-ups are off")
            #expect(page.text.contains("Indigenous and International: the author table cannot tell who belongs here"))
            // Each writer's "Add to Want to read" opens the add-book form filled in.
            let range = try #require(page.body.range(of: #"href="/books/new?authors="#))
            let href = String(page.body[page.body.index(range.lowerBound, offsetBy: 6)...].prefix { $0 != "\"" })
                .replacingOccurrences(of: "&amp;", with: "&")
            #expect(href.hasSuffix("&status=wishlist"))
            let form = try await browser.get(href)
            #expect(form.status == .ok)
            #expect(form.body.contains(#"<option value="wishlist" selected>"#))
            let name = try #require(
                href.dropFirst("/books/new?authors=".count).prefix { $0 != "&" }.removingPercentEncoding)
            // Escaped as any attribute is (a writer such as Ngũgĩ wa Thiong'o has an apostrophe).
            let escaped = HTMLEscaping.attribute(name)
            #expect(form.body.contains(#"value="\#(escaped)""#) || form.body.contains(">\(escaped)</textarea>"))
            // The same page twice: the same writers (they change with the week, not the request).
            #expect(try await browser.get("/insights").body.contains(href.replacingOccurrences(of: "&", with: "&amp;")))
        }
    }

    @Test("An empty library has no discovery card (it asks for books first)")
    func empty() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            #expect(!(try await browser.get("/insights").text.contains("Beyond your shelves")))
        }
    }
}
