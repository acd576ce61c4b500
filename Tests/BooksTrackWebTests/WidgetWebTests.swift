import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackWeb

@Suite("/widget: streak, the book being read and a goal's ring, on one compact page", .timeLimit(.minutes(5)))
struct WidgetWebTests {
    @Test("Empty, then filled: the streak, the current book with how far, the books goal's ring")
    func widget() async throws {
        try await WebHarness.run { app in
            #expect(try await app.browser().get("/widget").location == "/login?next=%2Fwidget")
            let (user, browser) = try await app.signedInReader("dana")
            let empty = try await browser.get("/widget")
            #expect(empty.status == .ok)
            #expect(
                empty.text.contains("0 days") && empty.text.contains("No book on the go.")
                    && empty.text.contains("No goal running."))
            #expect(!empty.body.contains(#"class="site-header""#))
            #expect(!empty.body.contains(#"http-equiv="refresh""#), "no timed refresh (WCAG 2.2.1)")

            try await browser.get("/books/new")
            let added = try await browser.post(
                "/books", ["title": "Kindred", "authors": "Octavia E. Butler", "status": "reading", "pages": "200"])
            let path = try #require(added.location)
            try await browser.get(path)
            #expect(try await browser.post(path + "/progress", ["page": "50"]).status == .seeOther)
            try await browser.get("/goals/new")
            #expect(try await browser.post("/goals", ["kind": "books", "target": "12", "title": "Twelve"]).status == .seeOther)
            let page = try await browser.get("/widget")
            #expect(page.text.contains("Kindred") && page.text.contains("Octavia E. Butler") && page.text.contains("25% read"))
            #expect(page.text.contains("1 day"), "noting a page makes today a reading day")
            #expect(page.text.contains("Twelve") && page.text.contains("0 / 12 books (0%)"))
            #expect(page.body.contains(#"class="completion-ring""#))
            #expect(try await browser.post(path + "/sessions").status == .seeOther)
            let running = try await browser.get("/widget")
            #expect(running.body.contains(#"<a href="\#(path)#sessions">A session is running — open it</a>"#))
            _ = user
        }
    }
}
