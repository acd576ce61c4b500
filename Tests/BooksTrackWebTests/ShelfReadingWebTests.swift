import BooksTrackCore
import BooksTrackImport
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackWeb

@Suite("Ownership and genre shelves: read in the preview, changed there, kept by the import", .timeLimit(.minutes(5)))
struct ShelfReadingWebTests {
    /// A Goodreads export whose reader keeps owned books and genres on shelves.
    static let export = """
        Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
        1,The Heart Sutra,Red Pine,"Pine, Red",,,,0,4.3,Counterpoint,Paperback,192,2004,2004,,2024/01/02,"owned-to-read, buddhism",,to-read,,,,0,0
        2,Zen Mind,Shunryu Suzuki,"Suzuki, Shunryu",,,,0,4.2,Shambhala,Paperback,138,2006,1970,,2024/01/03,"owned-to-read, buddhism",,to-read,,,,0,0
        3,Dracula,Bram Stoker,"Stoker, Bram",,,,4,4.0,Penguin,Paperback,488,2003,1897,2024/02/01,2024/01/04,"horror, classics",,read,,,,1,0
        4,Frankenstein,Mary Shelley,"Shelley, Mary",,,,5,3.9,Penguin,Paperback,280,2003,1818,2024/03/01,2024/01/05,"horror, classics",,read,,,,1,0
        5,Someday,Some Writer,"Writer, Some",,,,0,3.9,Press,Hardcover,300,2020,2020,,2024/01/06,,,to-read,,,,0,0

        """

    @Test("The preview says which shelves mean owned and which are genres; a change there is what the import does")
    func previewChangeImport() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            try await browser.get("/import")
            let uploaded = try await browser.upload("/import", fileName: "goodreads.csv", bytes: Array(Self.export.utf8))
            let previewPath = try #require(uploaded.location)
            let preview = try await browser.get(previewPath)
            #expect(preview.text.contains("Read as books you own: “owned-to-read” (2 books)."))
            #expect(
                preview.text.contains(
                    "Read as genres: “buddhism” → Philosophy & religion (2 books), “horror” → Horror (2 books)."))
            // One vocabulary: the owned to-read books are "To read (owned)", the other "Want to read".
            #expect(preview.text.contains("To read (owned) 2"))
            #expect(preview.text.contains("Want to read 1"))
            #expect(!preview.text.contains("Wishlist"))

            // The reader says "classics" is a genre and "owned-to-read" only a shelf.
            let form = try #require(Self.fields(in: preview.body))
            var fields = form
            for (key, value) in form where key.hasPrefix("shelf.") {
                let index = key.dropFirst("shelf.".count)
                if value == "classics" { fields["meaning.\(index)"] = "genre" }
                if value == "owned-to-read" { fields["meaning.\(index)"] = "shelf" }
            }
            let changed = try await browser.post("\(previewPath)/shelves", fields)
            #expect(changed.status == .seeOther)
            let again = try await browser.get(previewPath)
            #expect(again.text.contains("“classics” → Classics (2 books)"))
            #expect(!again.text.contains("Read as books you own"))
            #expect(again.text.contains("Want to read 3"))

            let report = try await ImportFlowTests.confirm(previewPath, with: browser)
            #expect(report.status == .ok)
            let library = try await browser.get("/library?status=toRead")
            #expect(library.text.contains("No books match"))
            let genres = try await browser.get("/library?genre=Classics")
            #expect(genres.text.contains("Dracula") && genres.text.contains("Frankenstein"))
            #expect(!genres.text.contains("Zen Mind"))
        }
    }

    @Test("A refused meaning changes nothing; another reader cannot change the upload")
    func refusals() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            try await browser.get("/import")
            let uploaded = try await browser.upload("/import", fileName: "goodreads.csv", bytes: Array(Self.export.utf8))
            let previewPath = try #require(uploaded.location)
            try await browser.get(previewPath)
            let refused = try await browser.post("\(previewPath)/shelves", ["shelf.0": "horror", "meaning.0": "maybe"])
            #expect(refused.status == .badRequest)
            #expect(try await browser.get(previewPath).text.contains("“horror” → Horror"))
            let (_, other) = try await app.signedInReader("eve")
            try await other.get("/account")
            let foreign = try await other.post("\(previewPath)/shelves", ["shelf.0": "horror", "meaning.0": "shelf"])
            #expect(foreign.status == .notFound)
            #expect(try await browser.get(previewPath).text.contains("“horror” → Horror"))
        }
    }

    @Test("The API reads the same shelves, takes the same choices, and refuses a malformed one")
    func api() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let body = ByteBuffer(string: Self.export)
            let preview = try await api.request(.post, "/api/v1/imports?dryRun=true", body: body, contentType: "text/csv")
            #expect(preview.status == .ok)
            let shelves = try #require(try preview.json()["shelves"] as? [[String: Any]])
            let owned = try #require(shelves.first { $0["name"] as? String == "owned-to-read" })
            #expect(owned["readAs"] as? String == "owned" && owned["books"] as? Int == 2)
            let horror = try #require(shelves.first { $0["name"] as? String == "horror" })
            #expect(horror["readAs"] as? String == "genre" && horror["genre"] as? String == "Horror")
            #expect((try preview.json()["byStatus"] as? [String: Int])?["toRead"] == 2)

            let chosen = try await api.request(
                .post, "/api/v1/imports?dryRun=true&shelves=owned-to-read%3Dshelf,classics%3Dgenre", body: body,
                contentType: "text/csv")
            #expect((try chosen.json()["byStatus"] as? [String: Int])?["wishlist"] == 3)
            let classics = (try chosen.json()["shelves"] as? [[String: Any]])?.first { $0["name"] as? String == "classics" }
            #expect(classics?["genre"] as? String == "Classics")

            let refused = try await api.request(
                .post, "/api/v1/imports?dryRun=true&shelves=classics", body: body, contentType: "text/csv")
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains("NAME=owned"))
        }
    }

    /// The shelf form's fields: hidden shelf names and the selected meanings.
    static func fields(in html: String) -> [String: String]? {
        guard let start = html.range(of: "class=\"shelf-reading\"") else { return nil }
        let form = String(html[start.lowerBound...].prefix { _ in true }.prefix(200_000))
        var fields: [String: String] = [:]
        let hidden = try? NSRegularExpression(pattern: #"name="(shelf\.\d+)" value="([^"]*)""#)
        for match in hidden?.matches(in: form, range: NSRange(form.startIndex..., in: form)) ?? [] {
            fields[String(form[Range(match.range(at: 1), in: form)!])] = String(form[Range(match.range(at: 2), in: form)!])
        }
        let select = try? NSRegularExpression(
            pattern: #"name="(meaning\.\d+)"[^>]*>.*?<option value="(\w+)" selected"#, options: [.dotMatchesLineSeparators])
        for match in select?.matches(in: form, range: NSRange(form.startIndex..., in: form)) ?? [] {
            fields[String(form[Range(match.range(at: 1), in: form)!])] = String(form[Range(match.range(at: 2), in: form)!])
        }
        return fields
    }
}
