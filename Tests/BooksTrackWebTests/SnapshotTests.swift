import BooksTrackTestSupport
import Foundation
import SnapshotTesting
import Testing

/// Issue 42 item 6: five key pages and the API's main answers, kept as a reader reads them
/// (``Snapshot``) in `__Snapshots__/SnapshotTests/`, so any change to what they say shows as a
/// diff in review. After an intended change: `SNAPSHOT_TESTING_RECORD=all swift test --filter
/// SnapshotTests`, then read `git diff` before committing.
@Suite("What the key pages and the API say, kept as snapshots", .timeLimit(.minutes(5)))
struct SnapshotTests {
    @Test("Home, the library, a book, insights and goals on the demo library, as a reader reads them")
    func pages() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("sam")
            try await browser.get("/books/new")
            #expect(try await browser.post("/demo").status == .seeOther)
            try await browser.post("/goals", ["template": "52-books"])
            let library = try await browser.get("/library?sort=title")
            let book = try #require(
                library.body.firstMatch(of: /href="(\/books\/[0-9a-f-]{36})"/).map { String($0.1) }, "a book's link")
            for (name, path) in [
                ("home", "/"), ("library", "/library?sort=title"), ("book", book), ("insights", "/insights"),
                ("goals", "/goals"),
            ] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                assertSnapshot(of: Snapshot.namingIDs(Snapshot.readable(page.body)), as: .lines, named: "page-\(name)")
            }
        }
    }

    @Test("The diversity insights, a page of entries and the goals in the API, on a real Goodreads export")
    func api() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("sam")
            _ = try await app.importFixture(Fixtures.goodreadsFiles[3], for: user)
            #expect(try await api.request(.post, "/api/v1/goals", json: ["template": "read-women"]).status == .created)
            for (name, path) in [
                ("insights-diversity", "/api/v1/insights/diversity"), ("entries", "/api/v1/entries?sort=title"),
                ("goals", "/api/v1/goals"),
            ] {
                let answer = try await api.request(.get, path)
                #expect(answer.status == .ok, "\(path)")
                assertSnapshot(of: Snapshot.namingIDs(try Snapshot.json(answer.body)), as: .lines, named: "api-\(name)")
            }
        }
    }
}
