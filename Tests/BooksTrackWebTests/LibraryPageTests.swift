import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackWeb

@Suite("Library list: search, filters in the URL, badges, pages", .timeLimit(.minutes(5)))
struct LibraryPageTests {
    static let fixture = Fixtures.goodreadsFiles[3]

    /// The titles listed on a library page, in order.
    static func titles(_ page: Page) -> [String] {
        page.body.components(separatedBy: "class=\"book-title\"").dropFirst().compactMap { chunk in
            chunk.split(separator: ">", maxSplits: 1).last?.split(separator: "<", maxSplits: 1).first.map {
                Page(status: .ok, headers: [:], body: String($0)).text.trimmed
            }
        }
    }

    /// The entries linked from a library page, in order.
    static func entryIDs(_ page: Page) -> [String] {
        // The title links (each row's ring links to the same book's facts).
        page.body.components(separatedBy: "class=\"book-title\" href=\"/books/").dropFirst().map { String($0.prefix(36)) }.filter
        {
            $0.count == 36 && !$0.contains("\"")
        }
    }

    @Test("A status in the URL lists only those books, says how many match, and shows a badge that removes it")
    func statusFilter() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await app.importFixture(Self.fixture, for: user)
            let counts = try await app.store.reader(user.id).browse.statusCounts()
            let total = counts.values.reduce(0, +)
            let read = try #require(counts[.read])
            let page = try await browser.get("/library?status=read")
            #expect(page.status == .ok)
            #expect(page.text.contains("\(read) of \(total) books match"))
            #expect(page.body.components(separatedBy: "class=\"status status-").count - 1 == min(read, LibraryQuery.pageSize))
            #expect(!page.body.contains("class=\"status status-toRead\""))
            #expect(page.body.contains("aria-label=\"Remove filter: Status: Read\""))
            #expect(page.body.contains("<a class=\"filter-badge\" href=\"/library\""))
            // The control shows the active filter.
            #expect(page.body.contains("<option value=\"read\" selected>Read</option>"))
        }
    }

    @Test("Every book in the list wears its completion ring, the same figure as on its page")
    func completionRings() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let kindred = try await BookPageTests.add(BookPageTests.kindred, with: browser)
            _ = try await BookPageTests.add(["title": "Nothing Known", "authors": "A. Nobody"], with: browser)
            let list = try await browser.get("/library")
            #expect(list.body.components(separatedBy: #"<a class="list-ring" href="/books/"#).count - 1 == 2)
            // The ring says what it is and opens the book's facts.
            #expect(list.body.contains(#"aria-label="Book data 0% complete: fill in the rest""#))
            #expect(list.text.contains("known"))
            #expect(list.body.contains(#"aria-label="Book data 0% complete""#), "a book with nothing known")
            let page = try await browser.get(kindred)
            let label = try #require(
                page.body.range(of: #"Book data \d+% complete"#, options: .regularExpression).map { String(page.body[$0]) })
            #expect(label != "Book data 0% complete")
            #expect(list.body.contains("aria-label=\"\(label)\""), "the list says what the book's page says")
        }
    }

    @Test("Removing one badge keeps the other filters")
    func removeOneBadge() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await app.importFixture(Self.fixture, for: user)
            let page = try await browser.get("/library?status=read&sort=title&q=the")
            #expect(
                page.body.contains("href=\"/library?status=read&amp;sort=title\" aria-label=\"Remove filter: Search: “the”\""))
            #expect(page.body.contains("href=\"/library?q=the&amp;sort=title\" aria-label=\"Remove filter: Status: Read\""))
        }
    }

    @Test("Search finds books by a word of the title and by an author's name, ignoring case and accents")
    func search() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let reader = app.store.reader(user.id)
            for (title, author) in [
                ("Cien años de soledad", "Gabriel García Márquez"), ("Kindred", "Octavia E. Butler"),
                ("Beloved", "Toni Morrison"),
            ] {
                _ = try await reader.books.add(
                    try BookDraft.parse(["title": title, "authors": author], today: WebHarness.today).get(),
                    today: WebHarness.today, now: TestClock.now)
            }
            #expect(Self.titles(try await browser.get("/library?q=SOLEDAD")) == ["Cien años de soledad"])
            #expect(Self.titles(try await browser.get("/library?q=garcia+marquez")) == ["Cien años de soledad"])
            #expect(Self.titles(try await browser.get("/library?q=morrison")) == ["Beloved"])
            let none = try await browser.get("/library?q=zzz")
            #expect(none.text.contains("No books match"))
            #expect(none.text.contains("Clear all filters"))
        }
    }

    @Test("Sorting by title orders the list, and reversing the order reverses it")
    func sortByTitle() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let reader = app.store.reader(user.id)
            for title in ["Beloved", "Americanah", "Kindred"] {
                _ = try await reader.books.add(
                    try BookDraft.parse(["title": title, "authors": "Someone \(title)"], today: WebHarness.today).get(),
                    today: WebHarness.today, now: TestClock.now)
            }
            #expect(Self.titles(try await browser.get("/library?sort=title")) == ["Americanah", "Beloved", "Kindred"])
            #expect(Self.titles(try await browser.get("/library?sort=title&order=desc")) == ["Kindred", "Beloved", "Americanah"])
        }
    }

    @Test("Long libraries come in pages of 50 with previous and next links")
    func pagination() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let report = try await app.importFixture(Self.fixture, for: user)
            let total = report.imported
            let pages = (total + 49) / 50
            let first = try await browser.get("/library")
            #expect(Self.titles(first).count == 50)
            #expect(first.text.contains("Page 1 of \(pages)"))
            #expect(first.body.contains("href=\"/library?page=2\" rel=\"next\""))
            let last = try await browser.get("/library?page=\(pages)")
            #expect(Self.titles(last).count == total - 50 * (pages - 1))
            #expect(!last.body.contains("rel=\"next\""))
            // Walking every page lists every book exactly once.
            var seen: [String] = []
            for number in 1...pages { seen += Self.entryIDs(try await browser.get("/library?page=\(number)&sort=title")) }
            let all = try await app.store.reader(user.id).library.whole().entries.map(\.id.string)
            #expect(seen.count == total)
            #expect(Set(seen) == Set(all))
        }
    }

    @Test("A filter value that makes no sense is ignored, and the page says so")
    func badFilterValue() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await app.importFixture(Self.fixture, for: user)
            let page = try await browser.get("/library?status=sideways&page=-3")
            #expect(page.status == .ok)
            #expect(page.text.contains("“sideways” is not a value status can have"))
            #expect(Self.titles(page).count == 50)
        }
    }

    @Test("An empty library says what to do next")
    func emptyLibrary() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let page = try await browser.get("/library")
            #expect(page.text.contains("Your library is empty"))
            #expect(page.body.contains("href=\"/import\""))
            let home = try await browser.get("/")
            #expect(home.text.contains("Load a demo library"))
        }
    }

    @Test("The home dashboard counts books by status, each linking to its list")
    func homeCounts() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await app.importFixture(Self.fixture, for: user)
            let counts = try await app.store.reader(user.id).browse.statusCounts()
            let home = try await browser.get("/")
            #expect(home.text.contains("\(counts.values.reduce(0, +)) books"))
            for (status, count) in counts {
                #expect(home.body.contains("href=\"/library?status=\(status.rawValue)\""))
                #expect(home.text.contains("\(status.displayName) \(count)"))
            }
        }
    }

    @Test("The demo library loads once, into an empty library")
    func demoLibrary() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            try await browser.get("/")
            let loaded = try await browser.post("/demo")
            #expect(loaded.location == "/")
            let count = try await app.store.reader(user.id).browse.statusCounts().values.reduce(0, +)
            #expect(count == 34)
            try await browser.get("/")
            #expect(try await browser.post("/demo").status == .conflict)
            #expect(try await app.store.reader(user.id).browse.statusCounts().values.reduce(0, +) == count)
        }
    }

    @Test("Pages need a signed-in reader; API calls answer 401 with a problem document")
    func signInRequired() async throws {
        try await WebHarness.run { app in
            _ = try await app.signedInReader("dana")
            let browser = app.browser()
            for path in ["/", "/library", "/import", "/account", "/insights", "/goals", "/books/new"] {
                let page = try await browser.get(path)
                #expect(page.status == .seeOther, "\(path)")
                #expect(page.location?.hasPrefix("/login") == true, "\(path)")
            }
            let api = try await browser.get("/api/v1/entries")
            #expect(api.status == .unauthorized)
            #expect(try api.json()["status"] as? Int == 401)
        }
    }

    @Test("Unknown addresses get a helpful 404 page")
    func notFound() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let page = try await browser.get("/no/such/page")
            #expect(page.status == .notFound)
            #expect(page.text.contains("There is nothing at this address"))
            #expect(page.text.contains("Go to your library"))
            #expect(try await browser.get("/books/not-a-uuid").status == .notFound)
        }
    }

    @Test("Health answers with the database's state, and every response has the security headers")
    func healthAndHeaders() async throws {
        try await WebHarness.run { app in
            let page = try await app.browser().get("/health")
            #expect(page.status == .ok)
            #expect(try page.json()["status"] as? String == "ok")
            let csp = try #require(page.headers[.contentSecurityPolicy])
            #expect(csp.contains("script-src 'self'") && csp.contains("style-src 'self'") && !csp.contains("unsafe-inline"))
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test("The stylesheet and script are linked by a hash of their content and may be cached for a year")
    func assets() async throws {
        try await WebHarness.run { app in
            let browser = app.browser()
            let page = try await browser.get("/setup")
            let css = try #require(
                page.body.range(of: "/assets/app.css\\?v=[0-9a-f]{12}", options: .regularExpression).map { String(page.body[$0]) }
            )
            let stylesheet = try await browser.get(css)
            #expect(stylesheet.status == .ok)
            #expect(stylesheet.headers[.contentType] == "text/css; charset=utf-8")
            #expect(stylesheet.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(stylesheet.body.contains("--radius-card: 12px"))
            #expect(try await browser.get("/assets/app.js").body.contains("[data-poll]"))
            #expect(try await browser.get("/assets/nothing.css").status == .notFound)
            #expect(try await browser.get("/manifest.webmanifest").headers[.contentType] == "application/manifest+json")
        }
    }
}
