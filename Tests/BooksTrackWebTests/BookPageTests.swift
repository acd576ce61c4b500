import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackWeb

@Suite("Book pages: add, edit, status, delete, author facts", .timeLimit(.minutes(5)))
struct BookPageTests {
    static let kindred: [String: String] = [
        "title": "Kindred", "authors": "Octavia E. Butler", "isbn": "978-0-8070-8305-5", "pages": "264", "year": "1979",
        "language": "English", "format": "paperback", "status": "toRead", "shelves": "classics, time travel",
        "notes": "From the library sale",
    ]

    /// Adds a book through the form and returns its page's address.
    static func add(_ fields: [String: String], with browser: Browser) async throws -> String {
        try await browser.get("/books/new")
        let added = try await browser.post("/books", fields)
        guard added.status == .seeOther, let location = added.location else {
            Issue.record("Adding the book answered \(added.status.code)")
            throw HarnessError.unexpected("add failed")
        }
        return location
    }

    @Test("A book added by hand has a page with its facts, in the bento layout")
    func addByHand() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let path = try await Self.add(Self.kindred, with: browser)
            let page = try await browser.get(path)
            #expect(page.text.contains("The book is in your library."))
            #expect(page.text.contains("Kindred"))
            #expect(page.text.contains("by Octavia E. Butler"))
            for fact in ["264 pages", "First published 1979", "English", "Paperback", "To read"] {
                #expect(page.text.contains(fact), "\(fact)")
            }
            #expect(page.text.contains("9780807083055"))
            #expect(page.text.contains("classics, time travel"))
            #expect(page.text.contains("From the library sale"))
            // The places later work fills are there, in order.
            let order = ["id=\"progress\"", "id=\"sessions\"", "id=\"radar\"", "id=\"dna\"", "id=\"annotations\""].compactMap {
                page.body.range(of: $0)?.lowerBound
            }
            #expect(order.count == 5 && order == order.sorted())
        }
    }

    @Test("A book with a cover shows it, and blurred behind its header; only its reader gets the picture; no cover, the initials")
    func cover() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let path = try await Self.add(Self.kindred, with: browser)
            let entryID = try #require(LibraryEntry.ID(String(path.split(separator: "/").last ?? "")))
            var page = try await browser.get(path)
            #expect(page.body.contains(#"<div class="cover" aria-hidden="true"><span>K</span></div>"#))
            #expect(!page.body.contains("book-backdrop"))
            #expect(try await browser.get(path + "/cover").status == .notFound)
            #expect(try await !browser.get("/library").body.contains("list-cover"))

            let detail = try #require(try await app.store.reader(user.id).browse.detail(of: entryID))
            try await app.store.covers.save(
                id: "openlibrary:1234", mediaType: "image/jpeg", data: ReplayServer.coverJPEG, now: Date())
            try await app.store.covers.link("openlibrary:1234", work: detail.work.id, isbn: "9780807083055")
            page = try await browser.get(path)
            let address = "\(path)/cover?v=openlibrary%3A1234"
            #expect(page.body.contains(#"class="card card-full book-header has-cover""#))
            #expect(page.body.contains(#"<img class="book-backdrop" src="\#(address)" alt="""#))
            #expect(page.body.contains(#"<img class="cover cover-image" src="\#(address)" alt="Cover of Kindred""#))
            // The library lists it with its cover as a thumbnail.
            #expect(try await browser.get("/library").body.contains(#"<img class="list-cover" src="\#(address)" alt="""#))
            let picture = try await browser.get(address)
            #expect(picture.status == .ok && picture.bytes == [UInt8](ReplayServer.coverJPEG))
            #expect(picture.headers[.contentType] == "image/jpeg")
            #expect(picture.headers[.eTag] == #""openlibrary:1234""#)
            #expect(picture.headers[.cacheControl] == "private, max-age=604800")
            let again = try await browser.request(.get, address, headers: [.ifNoneMatch: #""openlibrary:1234""#])
            #expect(again.status == .notModified && again.bytes.isEmpty)

            // Another reader, or nobody signed in, gets nothing.
            let (_, other) = try await app.signedInReader("eli")
            #expect(try await other.get(address).status == .notFound)
            #expect(try await app.browser().get(address).status != .ok)
        }
    }

    @Test("A form with problems is shown again with every problem named and the values kept")
    func invalidForm() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            try await browser.get("/books/new")
            let page = try await browser.post(
                "/books",
                ["title": " ", "isbn": "12345", "pages": "-4", "rating": "7", "added": "2026-02-30", "notes": "keep me"])
            #expect(page.status == .unprocessableContent)
            for message in [
                "Every book needs a title", "not a valid ISBN", "page count between 1", "A rating goes from 0 to 5",
                "Enter a real date",
            ] {
                #expect(page.text.contains(message), "\(message)")
            }
            #expect(page.body.contains("aria-invalid=\"true\""))
            #expect(page.body.contains(">keep me</textarea>"))
            #expect(try await app.store.reader(user.id).browse.statusCounts().isEmpty)
        }
    }

    @Test("Adding a book that is already in the library opens it instead of adding it twice")
    func addTwice() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let first = try await Self.add(Self.kindred, with: browser)
            let second = try await Self.add(
                ["title": "kindred", "authors": "Octavia Butler", "isbn": "9780807083055"], with: browser)
            #expect(first == second)
            #expect(try await browser.get(second).text.contains("already in your library"))
            #expect(try await app.store.reader(user.id).browse.statusCounts()[.toRead] == 1)
        }
    }

    @Test("Editing a book saves every field and shows the page again")
    func edit() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let path = try await Self.add(Self.kindred, with: browser)
            let form = try await browser.get(path + "/edit")
            #expect(form.body.contains("value=\"Kindred\""))
            #expect(form.body.contains("value=\"264\""))
            var fields = Self.kindred
            fields["title"] = "Kindred (25th anniversary)"
            fields["rating"] = "4.75"
            fields["owned"] = "on"
            fields["review"] = "Unforgettable."
            let saved = try await browser.post(path, fields)
            #expect(saved.location == path)
            let page = try await browser.follow(saved)
            #expect(page.text.contains("Your changes are saved."))
            #expect(page.text.contains("Kindred (25th anniversary)"))
            #expect(page.text.contains("★ 4.75 of 5"))
            #expect(page.text.contains("Owned Yes"))
            #expect(page.text.contains("Unforgettable."))
        }
    }

    @Test("A stored ISBN failing its check digit is shown in the edit form, and saving the form untouched keeps it")
    func editKeepsUncheckedISBN() async throws {
        try await WebHarness.run { app in
            // Given a book from a backup whose ISBN-13 fails its check digit
            let (user, browser) = try await app.signedInReader("dana")
            let id = try await app.importBackupBook(isbn10: nil, isbn13: "9780441478126", for: user)
            let reader = app.store.reader(user.id)
            // When its edit form is opened
            let form = try await browser.get("/books/\(id.string)/edit")
            // Then the ISBN is shown as stored
            #expect(form.body.contains("value=\"9780441478126\""))
            // …and saving what the form shows keeps it
            let shown = BookFormPage.values(of: try #require(try await reader.browse.detail(of: id)))
            _ = try await browser.post("/books/\(id.string)", shown)
            #expect(try await reader.browse.detail(of: id)?.edition?.details.isbn13 == "9780441478126")
        }
    }

    @Test("The edit form shows and keeps the ISBN that was stored: the ISBN-10 alone, the ISBN-13 when both are")
    func editKeepsStoredISBNForm() async throws {
        try await WebHarness.run { app in
            for (name, isbn10, isbn13) in [("dana", "0441478123", nil), ("eli", "0441478123", "9780441478125")] {
                // Given a book with the ISBN-10 alone, or both
                let (user, browser) = try await app.signedInReader(name)
                let id = try await app.importBackupBook(isbn10: isbn10, isbn13: isbn13, for: user)
                let reader = app.store.reader(user.id)
                // When its edit form is opened, it shows the ISBN-13 when stored, else the ISBN-10
                let form = try await browser.get("/books/\(id.string)/edit")
                #expect(form.body.contains("value=\"\(isbn13 ?? isbn10)\""), "\(name)")
                #expect(isbn13 != nil || !form.body.contains("9780441478125"), "\(name): no ISBN-13 made up")
                // …and saving it untouched stores the same ISBNs
                let shown = BookFormPage.values(of: try #require(try await reader.browse.detail(of: id)))
                let saved = try await browser.post("/books/\(id.string)", shown)
                #expect(saved.status == .seeOther, "\(name)")
                let details = try await reader.browse.detail(of: id)?.edition?.details
                #expect(details?.isbn10 == isbn10 && details?.isbn13 == isbn13, "\(name)")
            }
        }
    }

    @Test("Finishing records today's date; reading again keeps the first reading as history")
    func statusChanges() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let path = try await Self.add(Self.kindred, with: browser)
            try await browser.get(path)
            try await browser.post(path + "/status", ["status": "reading"])
            try await browser.get(path)
            try await browser.post(path + "/status", ["status": "read"])
            var page = try await browser.get(path)
            #expect(page.text.contains("Finished \(WebHarness.today), started \(WebHarness.today)"))
            #expect(page.text.contains("Read it again"))
            try await browser.post(path + "/status", ["status": "reading"])
            page = try await browser.get(path)
            #expect(page.text.contains("Reading now"))
            #expect(page.text.contains("Finished \(WebHarness.today)"))
            let entry = try #require(try await app.store.reader(user.id).library.whole().entries.first)
            #expect(entry.state.readings.map(\.outcome) == [.finished, .inProgress])
            try await browser.get(path)
            #expect(try await browser.post(path + "/status", ["status": "sideways"]).status == .badRequest)
        }
    }

    @Test("Deleting asks first, then removes the book")
    func delete() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let path = try await Self.add(Self.kindred, with: browser)
            let confirm = try await browser.get(path + "/delete")
            #expect(confirm.text.contains("Delete “Kindred”?"))
            #expect(confirm.text.contains("cannot be undone"))
            #expect(try await app.store.reader(user.id).browse.statusCounts().values.reduce(0, +) == 1)
            let deleted = try await browser.post(path + "/delete")
            #expect(deleted.location == "/library")
            #expect(try await browser.follow(deleted).text.contains("The book was removed from your library."))
            #expect(try await app.store.reader(user.id).browse.statusCounts().isEmpty)
            #expect(try await browser.get(path).status == .notFound)
        }
    }

    @Test("Facts entered about an author are saved with the reader as their source and shown with it")
    func authorFacts() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let path = try await Self.add(Self.kindred, with: browser)
            let book = try await browser.get(path)
            #expect(book.text.contains("Author’s cultural background: Add"))
            let authorPath = try #require(
                book.body.range(of: "/books/[0-9a-f-]{36}/authors/[0-9a-f-]{36}", options: .regularExpression)
                    .map { String(book.body[$0]) })
            let form = try await browser.get(authorPath)
            #expect(form.text.contains("Nothing is recorded about this author yet."))
            let refused = try await browser.post(authorPath, ["gender": "female", "country": "Atlantis"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("“Atlantis” is not a country BooksTrack knows"))
            let saved = try await browser.post(
                authorPath, ["gender": "female", "country": "United States of America", "birthYear": "1947"])
            #expect(saved.location == path)
            let page = try await browser.follow(saved)
            #expect(page.text.contains("Octavia E. Butler — Female · United States"))
            #expect(page.text.contains("Author’s cultural background: North America"))
            let history = try await browser.get(authorPath)
            #expect(history.text.contains("Gender Female You"))
            #expect(history.text.contains("Year of birth 1947 You"))
            let author = try #require(try await app.store.reader(user.id).library.whole().authors.values.first)
            #expect(author.gender?.provenance.source == .user && author.gender?.provenance.userID == user.id)
        }
    }
}
