import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackWeb

@Suite("Reader text is always shown as text, never run as HTML", .timeLimit(.minutes(5)))
struct EscapingTests {
    static let script = "<script>alert(1)</script>"
    static let breakout = "\"><img src=x onerror=alert(2)>"

    static func expectEscaped(_ page: Page, _ where: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!page.body.contains(script), "\(`where`)", sourceLocation: sourceLocation)
        #expect(!page.body.contains("<img src=x"), "\(`where`)", sourceLocation: sourceLocation)
        #expect(page.text.contains(script), "\(`where`)", sourceLocation: sourceLocation)
    }

    @Test("A title, author, shelf and notes full of markup render as text on every page")
    func everyPage() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            try await browser.get("/books/new")
            let added = try await browser.post(
                "/books",
                [
                    "title": Self.script + Self.breakout, "authors": "Ann \(Self.script)", "shelves": Self.script + Self.breakout,
                    "notes": Self.script + Self.breakout, "publisher": Self.breakout + Self.script,
                ])
            let path = try #require(added.location)
            let book = try await browser.get(path)
            Self.expectEscaped(book, "book page")
            let authorPath = try #require(
                book.body.range(of: "/books/[0-9a-f-]{36}/authors/[0-9a-f-]{36}", options: .regularExpression)
                    .map { String(book.body[$0]) })
            for (name, url) in [
                ("library", "/library"), ("edit form", path + "/edit"), ("delete", path + "/delete"), ("author", authorPath),
                ("search badge", "/library?q=" + Browser.encode(Self.script + Self.breakout)),
                ("shelf badge", "/library?shelf=" + Browser.encode(Self.script + Self.breakout)),
            ] {
                Self.expectEscaped(try await browser.get(url), name)
            }
            // In an attribute, quotes cannot close it.
            #expect(
                try await browser.get(path + "/edit").body.contains(
                    "value=\"&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x"))
        }
    }

    @Test("An imported file's markup renders as text in the preview and the report")
    func importedMarkup() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let csv =
                "Title,Author,Exclusive Shelf,My Review\n\"\(Self.script.replacingOccurrences(of: "\"", with: "\"\""))\",Ann,read,\"\(Self.breakout.replacingOccurrences(of: "\"", with: "\"\""))\"\n"
            try await browser.get("/import")
            let uploaded = try await browser.upload("/import", fileName: "evil\"<b>.csv", bytes: Array(csv.utf8))
            let preview = try await browser.get(try #require(uploaded.location))
            #expect(preview.body.contains("evil\"&lt;b&gt;.csv") && !preview.body.contains("<b>.csv"))
            // The import runs as a job: wait for the report as a browser polling the page would.
            let report = try await ImportFlowTests.confirm(try #require(uploaded.location), with: browser)
            Self.expectEscaped(report, "report")
            let history = try await browser.get("/import")
            #expect(history.text.contains("evil\"<b>.csv") && !history.body.contains("<b>.csv"))
        }
    }
}
