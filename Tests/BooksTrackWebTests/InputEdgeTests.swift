import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Input edges: each refused with a clear problem, nothing changed", .timeLimit(.minutes(5)))
struct InputEdgeTests {
    static func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    @Test("A NUL character is refused everywhere text goes in: JSON, forms, query strings")
    func nul() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            let created = try await api.request(.post, "/api/v1/entries", body: Self.json(#"{"title": "Kin\u0000dred"}"#))
            #expect(created.status == .badRequest)
            #expect(created.headers[.contentType] == "application/problem+json")
            #expect(try created.json()["detail"] as? String == "title: " + InputMiddleware.message)
            let nested = try await api.request(
                .post, "/api/v1/entries", body: Self.json(#"{"title": "Kindred", "authors": ["Octavia", "B\u0000utler"]}"#))
            #expect(nested.status == .badRequest)
            #expect((try nested.json()["detail"] as? String)?.hasPrefix("authors[1]:") == true)
            #expect(try await api.request(.get, "/api/v1/entries?q=a%00b").status == .badRequest)
            #expect(try await app.store.reader(user.id).browse.statusCounts().values.reduce(0, +) == 0)

            let (other, browser) = try await app.signedInReader("erin")
            try await browser.get("/books/new")
            let form = try await browser.post("/books", ["title": "Kin\0dred", "status": "read"])
            #expect(form.status == .badRequest)
            #expect(form.text.contains("NUL character"))
            #expect(try await app.store.reader(other.id).browse.statusCounts().values.reduce(0, +) == 0)
        }
    }

    @Test("Numbers far out of range are refused, never a crash: a rating of 1e300, a page count of 1e20")
    func hugeNumbers() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            for body in [
                #"{"title": "Kindred", "rating": -4.5e164}"#, #"{"title": "Kindred", "rating": "1e300"}"#,
                #"{"title": "Kindred", "pageCount": 1e20}"#, #"{"title": "Kindred", "firstPublishedYear": -9.2e18}"#,
                #"{"title": "Kindred", "currentPage": "99999999999999999999"}"#, #"{"title": 6.5e16, "notes": 1.7e308}"#,
            ] {
                let answer = try await api.request(.post, "/api/v1/entries", body: Self.json(body))
                #expect((200..<500).contains(Int(answer.status.code)), "\(body)")
            }
            // A Goodreads file with an absurd rating imports the book without it, with a warning.
            let csv = "Book Id,Title,Author,Exclusive Shelf,My Rating\n1,Kindred,Octavia E. Butler,read,1e300\n"
            let imported = try await api.request(.post, "/api/v1/imports", body: ByteBuffer(string: csv), contentType: "text/csv")
            #expect(imported.status == .created)
            #expect(try await api.request(.get, "/api/v1/me").status == .ok)
        }
    }

    @Test("status: null is a 400, never a silent default; a missing status on the status route too")
    func nullStatus() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            let refused = try await api.request(.post, "/api/v1/entries", json: ["title": "Kindred", "status": NSNull()])
            #expect(refused.status == .badRequest)
            #expect((try refused.json()["detail"] as? String)?.contains("status cannot be null") == true)
            let created = try await api.request(.post, "/api/v1/entries", json: ["title": "Kindred", "status": "reading"])
            let id = try #require(try created.json()["id"] as? String)
            #expect(try await api.request(.patch, "/api/v1/entries/\(id)", json: ["status": NSNull()]).status == .badRequest)
            #expect(
                try await api.request(.post, "/api/v1/entries/\(id)/status", json: ["status": NSNull()]).status == .badRequest)
            #expect(try await api.request(.post, "/api/v1/entries/\(id)/status", json: [:]).status == .badRequest)
            #expect(try await app.store.reader(user.id).browse.statusCounts() == [.reading: 1])
        }
    }

    @Test("A death year before the birth year is refused, on the API and the form, naming both")
    func deathBeforeBirth() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let (entry, author) = try await InsightsWebTests.book(
                "Kindred", by: "Octavia E. Butler", facts: [(.birthYear, "1947")], language: nil, finished: nil, for: user,
                in: app)
            let token = try await AccountTools.issueToken(named: "t", for: user, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            let refused = try await api.request(.patch, "/api/v1/authors/\(author.string)/facts", json: ["deathYear": 1906])
            #expect(refused.status == .unprocessableContent)
            let errors = try refused.json()["errors"] as? [String: String]
            #expect(errors?["deathYear"] == "The year of death (1906) is before the year of birth (1947); check both.")
            // Both at once, in the wrong order, are refused too; the right order is saved.
            let both = try await api.request(
                .patch, "/api/v1/authors/\(author.string)/facts", json: ["birthYear": 2000, "deathYear": 1990])
            #expect(both.status == .unprocessableContent)
            try await browser.get("/books/\(entry.string)/authors/\(author.string)")
            let form = try await browser.post(
                "/books/\(entry.string)/authors/\(author.string)", ["birthYear": "1947", "deathYear": "1900"])
            #expect(form.status == .unprocessableContent)
            #expect(form.text.contains("The year of death (1900) is before the year of birth (1947)"))
            let saved = try await api.request(.patch, "/api/v1/authors/\(author.string)/facts", json: ["deathYear": 2006])
            #expect(saved.status == .ok)
            #expect(try await app.store.reader(user.id).browse.author(author)?.0.deathYear?.value == 2006)
        }
    }

    @Test("Query flags and parameters spelled wrongly are errors, never a default: ?dryrun=true imports nothing")
    func strictQueries() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            let file = ByteBuffer(bytes: try Fixtures.bytes(Fixtures.goodreadsFiles[2]))
            for query in ["dryrun=true", "dryRun=null", "dryRun=yes", "dryRun=1", "dryRun=TRUE"] {
                let answer = try await api.request(.post, "/api/v1/imports?\(query)", body: file, contentType: "text/csv")
                #expect(answer.status == .badRequest, "\(query)")
            }
            #expect(try await app.store.reader(user.id).imports.runs().isEmpty)
            #expect(try await app.store.reader(user.id).browse.statusCounts().isEmpty)
            let dry = try await api.request(.post, "/api/v1/imports?dryRun=true", body: file, contentType: "text/csv")
            #expect(dry.status == .ok)
            #expect(try await app.store.reader(user.id).browse.statusCounts().isEmpty)
            for path in [
                "/api/v1/entries?page=0", "/api/v1/entries?page=two", "/api/v1/entries?status=bogus",
                "/api/v1/entries?colour=red", "/api/v1/insights/diversity?perod=all", "/api/v1/radar?axis=gender",
                "/api/v1/imports?page=-1", "/api/v1/prompts/next?fact=gender", "/api/v1/export?format=json&zip=yes",
            ] {
                let answer = try await api.request(.get, path)
                #expect(answer.status == .badRequest, "\(path)")
                #expect(answer.headers[.contentType] == "application/problem+json", "\(path)")
            }
            #expect(try await api.request(.get, "/api/v1/entries?page=1&status=read").status == .ok)
        }
    }

    @Test("The Goodreads CSV export neutralises cells a spreadsheet would run as formulas")
    func csvFormulas() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            _ = try await api.request(
                .post, "/api/v1/entries",
                json: [
                    "title": "=HYPERLINK(\"http://evil.example\",\"click\")", "authors": ["@Someone", "+Plus"],
                    "firstPublishedYear": -800, "notes": "-1+1", "status": "read",
                ])
            let csv = try await api.request(.get, "/api/v1/export?format=goodreads").body
            #expect(csv.contains("\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"click\"\")\""))
            #expect(csv.contains(",'@Someone,"))
            #expect(csv.contains("'+Plus"))
            #expect(csv.contains(",'-1+1,"))
            #expect(csv.contains(",-800,"))  // a number stays a number
            #expect(!csv.contains(",=HYPERLINK") && !csv.contains(",@Someone"))
        }
    }

    @Test("A rejected upload quotes at most a short excerpt of the file")
    func shortRejection() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            // Five megabytes on one line: a "header row" of one enormous column.
            let line = String(repeating: "not an export ", count: 375_000)
            let answer = try await api.request(.post, "/api/v1/imports", body: ByteBuffer(string: line), contentType: "text/csv")
            #expect((400..<500).contains(Int(answer.status.code)))
            #expect(answer.body.count < 2_000)
            let (_, browser) = try await app.signedInReader("erin")
            try await browser.get("/import")
            let page = try await browser.upload("/import", fileName: "big.csv", bytes: Array(line.utf8))
            #expect((400..<500).contains(Int(page.status.code)))
            #expect(page.body.count < 40_000)
        }
    }
}
