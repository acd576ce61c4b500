import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackWeb

@Suite("Genre: a question a reader answers with pills, and a library filter", .timeLimit(.minutes(5)))
struct GenreWebTests {
    @Test("A book without a genre asks for one; the answer is the book's, not diversity data, and filters the library")
    func genrePromptAndFilter() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let (kindred, _) = try await RadarAndPromptTests.book("Kindred", by: "Octavia E. Butler", for: user, in: app)
            try await RadarAndPromptTests.book("Beloved", by: "Toni Morrison", for: user, in: app)
            let book = try await browser.get("/books/\(kindred.string)")
            #expect(book.text.contains("0 of 7 diversity facts known"))
            #expect(book.body.contains("/prompt?book=\(kindred.string)&amp;fact=genre&amp;"))

            let question = try await browser.get("/prompt?book=\(kindred.string)&fact=genre")
            #expect(question.text.contains("What genre is “Kindred”?"))
            #expect(question.body.contains(#"value="Science fiction" class="pill-choice">Science fiction</button>"#))
            #expect(question.text.contains("Genre is not diversity data"))
            // A spelling readers use names the same pill.
            let saved = try await browser.post(
                "/prompt", ["entry": kindred.string, "fact": "genre", "value": "sci-fi", "return": "/", "origin": "book"])
            #expect(saved.status == .ok)
            #expect(saved.text.contains("Genre saved!"))
            #expect(saved.text.contains("+5 curator points"))
            try await browser.post(
                "/prompt",
                ["entry": kindred.string, "fact": "genre", "value": "Historical fiction", "return": "/", "origin": "book"])
            let refused = try await browser.post(
                "/prompt", ["entry": kindred.string, "fact": "genre", "value": "Cookbooks", "return": "/", "origin": "book"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("“Cookbooks” is not one of the genres offered"))

            let after = try await browser.get("/books/\(kindred.string)")
            #expect(after.text.contains("Genre: Science fiction, Historical fiction"))
            #expect(after.body.contains(#"href="/library?genre=Science%20fiction""#))
            // Genre is not diversity data: the book's ring has not moved.
            #expect(after.text.contains("0 of 7 diversity facts known"))

            let filtered = try await browser.get("/library?genre=science+fiction")
            #expect(filtered.text.contains("1 of 2 books match"))
            #expect(filtered.text.contains("Kindred"))
            #expect(!filtered.text.contains("Beloved"))
            #expect(filtered.text.contains("Genre: science fiction"))
            #expect(filtered.body.contains(#"<option value="Science fiction" selected>Science fiction (1)</option>"#))
            let missing = try await browser.get("/library?missing=genre")
            #expect(missing.text.contains("1 of 2 books match"))
            #expect(missing.text.contains("Beloved"))
            #expect(!missing.text.contains("Kindred"))

            // Another reader's library knows nothing of this reader's answer.
            let (other, otherBrowser) = try await app.signedInReader("sam")
            try await RadarAndPromptTests.book("Kindred", by: "Octavia E. Butler", for: other, in: app)
            let theirs = try await otherBrowser.get("/library?genre=Science%20fiction")
            #expect(theirs.text.contains("0 of 1 books match"))
            #expect(
                theirs.body.contains(#"<option value="" selected>No genres yet</option>"#)
                    || theirs.text.contains("No genres yet"))
        }
    }

    @Test("The API filters entries by genre and lists genre among a book's missing facts")
    func api() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            let (kindred, _) = try await RadarAndPromptTests.book("Kindred", by: "Octavia E. Butler", for: user, in: app)
            try await RadarAndPromptTests.book("Beloved", by: "Toni Morrison", for: user, in: app)
            let radar = try await api.request(.get, "/api/v1/entries/\(kindred.string)/radar").json()
            #expect((radar["missing"] as? [String])?.contains("genre") == true)
            let answered = try await api.request(
                .post, "/api/v1/entries/\(kindred.string)/answers", json: ["fact": "genre", "value": "Fantasy"])
            #expect(answered.status == .ok)
            let page = try await api.request(.get, "/api/v1/entries?genre=fantasy").json()
            let items = page["items"] as? [[String: Any]] ?? []
            #expect(items.count == 1)
            #expect(items.first?["title"] as? String == "Kindred")
            let none = try await api.request(.get, "/api/v1/entries?missing=genre").json()
            #expect((none["items"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Beloved"])
        }
    }
}
