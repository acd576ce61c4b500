import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

/// KOReader's statistics uploaded in the browser and sent to the API (issue 41): recognised by
/// their content, previewed with their sessions, imported once.
@Suite("KOReader's statistics through the web app and the API", .timeLimit(.minutes(5)))
struct KOReaderWebTests {
    static let fixture = "koreader/statistics.sqlite3"

    @Test("Uploaded: the preview names the format and the sessions; confirmed, the books are there")
    func upload() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let preview = try await ImportFlowTests.upload(Self.fixture, with: browser)
            let page = try await browser.get(preview)
            #expect(page.text.contains("BooksTrack read this file as KOReader’s reading statistics with 5 rows."))
            #expect(page.text.contains("Reading sessions 15 in the file"))
            #expect(page.text.contains("New books 3"))
            let report = try await ImportFlowTests.confirm(preview, with: browser)
            #expect(report.text.contains("KOReader statistics"))
            #expect(report.text.contains("No reading time recorded in KOReader for this book."))
            #expect(report.text.contains("The file carried 15 reading sessions"))
            let counts = try await app.store.reader(user.id).browse.statusCounts()
            #expect(counts.values.reduce(0, +) == 3)
        }
    }

    @Test("Sent to the API: a dry run, then the import; sent again, nothing more")
    func api() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let file = ByteBuffer(bytes: try Fixtures.bytes(Self.fixture))
            let dry = try await api.request(
                .post, "/api/v1/imports?dryRun=true", body: file, contentType: "application/octet-stream")
            #expect(dry.status == .ok)
            let preview = try dry.json()
            #expect(preview["format"] as? String == "koreader" && preview["sessionsInFile"] as? Int == 15)
            let real = try await api.request(.post, "/api/v1/imports", body: file, contentType: "application/octet-stream")
            let imported = try real.json()["imported"] as? Int
            #expect(real.status == .created && imported == 3)
            let again = try await api.request(.post, "/api/v1/imports", body: file, contentType: "application/octet-stream")
            let importedAgain = try again.json()["imported"] as? Int
            #expect(importedAgain == 0)
            // The stored report says what the answer said.
            let stored = try await api.request(.get, try #require(real.headers[.location])).json()
            #expect(stored["sessionsInFile"] as? Int == 15)
            let reading = try await api.request(.get, "/api/v1/insights/reading?period=all").json()
            let minutes = try #require((reading["current"] as? [String: Any])?["minutes"] as? Int)
            #expect(abs(minutes - (36_257 + 9_732 + 9_738) / 60) <= 15, "imported twice, counted once")
            // Another SQLite database is refused with a message, not as "not text".
            var other = Array("SQLite format 3\0".utf8)
            other += [UInt8](repeating: 0, count: 84)
            let refused = try await api.request(
                .post, "/api/v1/imports", body: ByteBuffer(bytes: other), contentType: "application/octet-stream")
            #expect(refused.status == .unprocessableContent)
            #expect(refused.body.contains("not KOReader’s reading statistics"))
        }
    }
}
