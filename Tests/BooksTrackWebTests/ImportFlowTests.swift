import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackWeb

@Suite("Importing in the browser: upload, preview, confirm, report, history, export", .timeLimit(.minutes(5)))
struct ImportFlowTests {
    static let fixture = Fixtures.goodreadsFiles[0]

    /// Uploads a file and returns the preview's address.
    static func upload(_ path: String, with browser: Browser) async throws -> String {
        try await browser.get("/import")
        let uploaded = try await browser.upload(
            "/import", fileName: (path as NSString).lastPathComponent, bytes: try Fixtures.bytes(path))
        guard uploaded.status == .seeOther, let location = uploaded.location else {
            Issue.record("Upload answered \(uploaded.status.code)")
            throw HarnessError.unexpected("upload")
        }
        return location
    }

    /// Confirms an import and follows it to its report.
    static func confirm(_ preview: String, with browser: Browser) async throws -> Page {
        try await browser.get(preview)
        var page = try await browser.post(preview)
        for _ in 0..<50 where page.location?.hasPrefix("/imports/") != true {
            try await Task.sleep(for: .milliseconds(100))
            page = try await browser.get(preview)
        }
        return try await browser.follow(page)
    }

    @Test("Books imported from rows with no title: home asks for their titles, the library lists them, naming one answers it")
    func untitledBooksAskForTitles() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let file = "Title,Author,ISBN13,Exclusive Shelf\n,Ann Nobody,9780306406157,read\nKindred,Octavia E. Butler,,read\n"
            let batch = try LibraryFileReader.read(bytes: Array(file.utf8), today: WebHarness.today)
            let report = try await app.store.reader(user.id).imports.import(batch, dryRun: false, now: TestClock.now)
            #expect(report.imported == 2)
            let home = try await browser.get("/")
            #expect(home.text.contains("Books without a title"))
            #expect(home.text.contains("One book came from a row with no title."))
            #expect(home.body.contains("href=\"/library?missing=title\""))
            let list = try await browser.get("/library?missing=title")
            #expect(list.text.contains("Untitled (ISBN 9780306406157)") && !list.text.contains("Kindred"))
            #expect(list.body.contains("Missing a title"))
            // Once the reader gives it its title, nothing asks any more.
            let entry = try #require(
                try await app.store.reader(user.id).browse.list(LibraryQuery(missing: .title), primaryLanguage: nil).items.first)
            let draft = try BookDraft.parse(
                ["title": "Ann's Book", "authors": "Ann Nobody", "status": "read", "isbn": "9780306406157"],
                today: WebHarness.today
            ).get()
            try await app.store.reader(user.id).books.update(
                entry.entryID, with: draft, today: WebHarness.today, now: TestClock.now)
            #expect(try await !browser.get("/").text.contains("Books without a title"))
            #expect(try await browser.get("/library?missing=title").text.contains("No books match"))
        }
    }

    @Test("The preview counts what will happen before anything changes, and the report lists every row")
    func uploadPreviewConfirm() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let batch = try LibraryFileReader.read(bytes: try Fixtures.bytes(Self.fixture), today: WebHarness.today)
            let expected = try await app.store.reader(user.id).imports.import(batch, dryRun: true, now: TestClock.now)
            let previewPath = try await Self.upload(Self.fixture, with: browser)
            let preview = try await browser.get(previewPath)
            #expect(preview.text.contains("as a Goodreads CSV with \(expected.rows) rows. Nothing has changed yet."))
            #expect(preview.text.contains("New books \(expected.imported)"))
            for (status, count) in expected.byStatus { #expect(preview.text.contains("\(status.displayName) \(count)")) }
            #expect(try await app.store.reader(user.id).browse.statusCounts().isEmpty)

            let report = try await Self.confirm(previewPath, with: browser)
            #expect(report.text.contains("\(expected.rows) rows, every one listed below"))
            #expect(report.body.components(separatedBy: "<tr class=\"outcome-").count - 1 == expected.rows)
            #expect(try await app.store.reader(user.id).browse.statusCounts().values.reduce(0, +) == expected.imported)
            let library = try await browser.get("/library")
            #expect(library.text.contains("\(expected.imported) books"))
            let history = try await browser.get("/import")
            #expect(history.text.contains((Self.fixture as NSString).lastPathComponent))
        }
    }

    @Test("Confirming twice imports once")
    func doubleSubmit() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let previewPath = try await Self.upload(Self.fixture, with: browser)
            try await browser.get(previewPath)
            async let first = browser.post(previewPath)
            async let second = browser.post(previewPath)
            _ = try await (first, second)
            _ = try await Self.confirm(previewPath, with: browser)
            #expect(try await app.store.reader(user.id).imports.runs().count == 1)
        }
    }

    @Test("Importing the same file again finds every book already there and changes nothing")
    func reimport() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let first = try await app.importFixture(Self.fixture, for: user)
            let version = try await app.store.reader(user.id).dataVersion()
            let previewPath = try await Self.upload(Self.fixture, with: browser)
            let preview = try await browser.get(previewPath)
            #expect(preview.text.contains("New books 0"))
            #expect(preview.text.contains("Already in your library \(first.imported)"))
            // Nothing to confirm: the page says so and leads to the library (issue 40, item 5).
            #expect(preview.text.contains("Nothing new in this file"))
            #expect(preview.body.contains(#"<a class="button" href="/library">Go to your library</a>"#))
            #expect(!preview.body.contains("confirm-import"))
            #expect(!preview.text.contains("Import \(first.imported) books"))
            // A confirmation sent anyway (an older tab) still changes nothing.
            let report = try await Self.confirm(previewPath, with: browser)
            #expect(report.text.contains("Unchanged \(first.imported)"))
            #expect(try await app.store.reader(user.id).dataVersion() == version)
        }
    }

    @Test("A file that is not an export is refused with a message, and nothing is kept")
    func wrongFiles() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            try await browser.get("/import")
            let binary = try await browser.upload(
                "/import", fileName: "photo.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 1])
            #expect(binary.status == .unprocessableContent)
            #expect(binary.text.contains("“photo.jpg”:"))
            try await browser.get("/import")
            let empty = try await browser.upload("/import", fileName: "empty.csv", bytes: [])
            #expect(empty.status == .unprocessableContent)
            try await browser.get("/import")
            let nothing = try await browser.post("/import", [:])
            #expect(nothing.text.contains("Choose a file to import first."))
            #expect(try await app.store.reader(user.id).imports.runs().isEmpty)
        }
    }

    @Test("Cancelling a preview forgets the upload")
    func cancel() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let previewPath = try await Self.upload(Self.fixture, with: browser)
            try await browser.get(previewPath)
            let cancelled = try await browser.post(previewPath + "/cancel")
            #expect(cancelled.location == "/import")
            #expect(try await browser.get(previewPath).status == .notFound)
            #expect(try await app.store.reader(user.id).browse.statusCounts().isEmpty)
        }
    }

    @Test("The report can show only the skipped rows, with their reasons")
    func skippedRows() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let csv =
                "Title,Author,Exclusive Shelf\nKindred,Octavia E. Butler,read\n,,read\nBeloved,Toni Morrison,to-read\n"
            try await browser.get("/import")
            let uploaded = try await browser.upload("/import", fileName: "small.csv", bytes: Array(csv.utf8))
            let report = try await Self.confirm(try #require(uploaded.location), with: browser)
            #expect(report.text.contains("Skipped 1"))
            let reportPath = try #require(
                report.body.range(of: "/imports/[0-9a-f-]{36}", options: .regularExpression).map { String(report.body[$0]) })
            let skipped = try await browser.get(reportPath + "?outcome=skipped")
            #expect(skipped.body.components(separatedBy: "<tr class=\"outcome-").count - 1 == 1)
            #expect(skipped.text.contains("Skipped"))
        }
    }

    @Test("Export downloads a complete backup and a Goodreads CSV")
    func export() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let report = try await app.importFixture(Self.fixture, for: user)
            let backup = try await browser.get("/export?format=json")
            #expect(backup.headers[.contentDisposition] == "attachment; filename=\"bookstrack-dana-\(WebHarness.today).json\"")
            let document = try BackupDocument.decode(Data(backup.body.utf8))
            #expect(document.entries.count == report.imported)
            let csv = try await browser.get("/export?format=goodreads")
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.body.hasPrefix(GoodreadsCSVWriter.columns.joined(separator: ",")))
            #expect(try await browser.get("/export?format=pdf").status == .badRequest)
        }
    }

    @Test("A compressed backup downloads, and restores through the import page into another reader's library")
    func compressedBackup() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let report = try await app.importFixture(Self.fixture, for: user)
            let page = try await browser.get("/import")
            #expect(page.body.contains("/export?format=json.gz"))
            #expect(page.text.contains("Up to 50 MB. A compressed file"))
            let plain = try await browser.get("/export?format=json")
            let compressed = try await browser.get("/export?format=json.gz")
            #expect(compressed.headers[.contentType] == "application/gzip")
            #expect(
                compressed.headers[.contentDisposition]
                    == "attachment; filename=\"bookstrack-dana-\(WebHarness.today).json.gz\"")
            #expect(compressed.bytes.count * 4 < plain.bytes.count)
            #expect(try Gzip.decompress(compressed.bytes, limit: nil) == plain.bytes)

            let (other, restorer) = try await app.signedInReader("erin")
            try await restorer.get("/import")
            let uploaded = try await restorer.upload("/import", fileName: "dana.json.gz", bytes: compressed.bytes)
            let preview = try await restorer.follow(uploaded)
            #expect(preview.text.contains("BooksTrack backup"), "\(preview.text.prefix(400))")
            _ = try await Self.confirm(try #require(uploaded.location), with: restorer)
            let restored = try await app.store.reader(other.id).browse.statusCounts().values.reduce(0, +)
            #expect(restored == report.imported)

            // A damaged compressed file is refused on the page, with nothing imported.
            try await restorer.get("/import")
            let damaged = try await restorer.upload(
                "/import", fileName: "cut.json.gz", bytes: Array(compressed.bytes.prefix(500)))
            #expect(damaged.status == .unprocessableContent)
            #expect(damaged.text.contains("“cut.json.gz”: The compressed (gzip) file is damaged or cut off"))
        }
    }
}
