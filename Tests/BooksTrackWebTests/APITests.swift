import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackWeb

@Suite("The JSON API: problem details, pagination, partial updates, imports", .timeLimit(.minutes(5)))
struct APITests {
    @Test("Every kind of error is an RFC 9457 problem document whose status matches the answer")
    func problemDetails() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let cases: [(HTTPRequest.Method, String, ByteBuffer?, HTTPResponse.Status)] = [
                (.get, "/api/v1/entries/\(UUID().uuidString.lowercased())", nil, .notFound),
                (.get, "/api/v1/entries/not-an-id", nil, .notFound),
                (.post, "/api/v1/entries", ByteBuffer(string: "{not json"), .badRequest),
                (
                    .post, "/api/v1/entries", ByteBuffer(string: #"{"title": "", "rating": 9, "colour": "red"}"#),
                    .unprocessableContent
                ),
                (.get, "/api/v1/entries?status=sideways", nil, .badRequest),
                // A file that arrived whole but is not an export breaks a rule: 422.
                (.post, "/api/v1/imports", ByteBuffer(bytes: [0, 1, 2, 3, 0xFF]), .unprocessableContent),
                (.get, "/api/v1/nothing-here", nil, .notFound),
                // A path that exists, with a method it does not take.
                (.put, "/api/v1/shelves", nil, .methodNotAllowed),
                // A literal path beside a parameter one (sessions/active, sessions/{id}) takes only its own methods.
                (.patch, "/api/v1/sessions/active", ByteBuffer(string: "{}"), .methodNotAllowed),
                // A time a lenient parser would take (minute 99) is refused.
                (
                    .post, "/api/v1/sessions/3b4982d1-b30d-42d4-8b9a-5a0c3864a373/finish",
                    ByteBuffer(string: #"{"endPage": 3, "endedAt": "2024-01-01T12:99:00Z"}"#), .unprocessableContent
                ),
            ]
            for (method, path, body, status) in cases {
                let answer = try await api.request(method, path, body: body)
                #expect(answer.status == status, "\(method) \(path)")
                #expect(answer.headers[.contentType] == "application/problem+json", "\(method) \(path)")
                let problem = try answer.json()
                #expect(problem["status"] as? Int == Int(status.code), "\(method) \(path)")
                #expect((problem["title"] as? String)?.isEmpty == false && (problem["detail"] as? String)?.isEmpty == false)
            }
            let wrongMethod = try await api.request(.delete, "/api/v1/entries")
            #expect(wrongMethod.headers[.allow] == "GET, HEAD, POST")
            #expect(try await api.request(.delete, "/api/v1/sessions/active").headers[.allow] == "GET, HEAD")
            let invalid = try await api.request(.post, "/api/v1/entries", json: ["title": "", "rating": 9])
            let errors = try #require(try invalid.json()["errors"] as? [String: String])
            #expect(Set(errors.keys) == ["title", "rating"])
            let unauthenticated = try await app.client.executeRequest(
                uri: "/api/v1/me", method: .get, headers: [.authorization: "Bearer nope"], body: nil)
            #expect(unauthenticated.status == .unauthorized)
            #expect(unauthenticated.headers[.wwwAuthenticate] == "Bearer realm=\"bookstrack\"")
        }
    }

    @Test("Lists come in pages with their totals")
    func pagination() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            let report = try await app.importFixture(Fixtures.goodreadsFiles[3], for: user)
            let first = try await api.request(.get, "/api/v1/entries?sort=title").json()
            #expect(first["total"] as? Int == report.imported)
            #expect(first["pageCount"] as? Int == (report.imported + 49) / 50)
            #expect((first["items"] as? [Any])?.count == 50)
            let second = try await api.request(.get, "/api/v1/entries?sort=title&page=2").json()
            let firstIDs = Set(((first["items"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
            let secondIDs = Set(((second["items"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
            #expect(firstIDs.isDisjoint(with: secondIDs) && !secondIDs.isEmpty)
            let read = try await api.request(.get, "/api/v1/entries?status=read").json()
            #expect(read["total"] as? Int == (try await app.store.reader(user.id).browse.statusCounts()[.read]))
        }
    }

    @Test("A PATCH changes only the fields it names, and null clears one")
    func partialUpdate() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let created = try await api.request(
                .post, "/api/v1/entries",
                json: [
                    "title": "Kindred", "authors": ["Butler, Octavia E."], "rating": 4, "notes": "Borrowed", "pageCount": 264,
                    "shelves": ["classics"],
                ])
            #expect(created.status == .created)
            let entry = try created.json()
            let id = try #require(entry["id"] as? String)
            #expect(((entry["authors"] as? [[String: Any]])?.first?["name"] as? String) == "Butler, Octavia E.")
            let patched = try await api.request(.patch, "/api/v1/entries/\(id)", json: ["rating": 5, "notes": NSNull()]).json()
            #expect(patched["rating"] as? Double == 5)
            #expect(patched["notes"] == nil)
            #expect(patched["title"] as? String == "Kindred")
            #expect((patched["edition"] as? [String: Any])?["pageCount"] as? Int == 264)
            #expect(patched["shelves"] as? [String] == ["classics"])
            let refused = try await api.request(.patch, "/api/v1/entries/\(id)", json: ["pageCount": -3])
            #expect(refused.status == .unprocessableContent)
            #expect((try refused.json()["errors"] as? [String: String])?["pageCount"] != nil)
        }
    }

    @Test("A book's typed values are stored as sent: a rating of 4 is 4 stars, numbers stay numbers, owned is a flag")
    func typedValues() async throws {
        try await WebHarness.run { app in
            // Given a reader adding a book with typed JSON values
            let (user, api) = try await app.apiReader("dana")
            let created = try await api.request(
                .post, "/api/v1/entries",
                json: [
                    "title": "Kindred", "authors": ["Octavia E. Butler"], "rating": 4, "pageCount": 264,
                    "currentPage": "1,2", "firstPublishedYear": 1979, "owned": true, "status": "reading",
                ])
            #expect(created.status == .created)
            let sentID = try #require(try created.json()["id"] as? String)
            let id = try #require(LibraryEntry.ID(sentID))
            // Then the store holds the values themselves
            let stored = try #require(try await app.store.reader(user.id).browse.detail(of: id))
            #expect(stored.entry.state.rating == Rating(quarters: 16))
            #expect(stored.entry.state.owned && stored.entry.state.currentPage == 12)
            #expect(stored.edition?.details.pageCount == 264 && stored.work.firstPublishedYear == 1979)

            // When a PATCH sends a rating as text and another field, what it does not name is kept
            _ = try await api.request(.patch, "/api/v1/entries/\(id.string)", json: ["rating": "4.75", "notes": "Again"])
            var patched = try #require(try await app.store.reader(user.id).browse.detail(of: id))
            #expect(patched.entry.state.rating == Rating(quarters: 19) && patched.entry.state.owned)
            // …and `owned: false` clears the flag
            let cleared = try await api.request(.patch, "/api/v1/entries/\(id.string)", json: ["owned": false])
            let answered = try cleared.json()
            #expect(cleared.status == .ok && answered["owned"] as? Bool == false)
            patched = try #require(try await app.store.reader(user.id).browse.detail(of: id))
            #expect(!patched.entry.state.owned && patched.entry.state.rating == Rating(quarters: 19))
        }
    }

    @Test("A book's body decodes into typed values, with only what JSON has no type for left as text")
    func decodesTyped() throws {
        let body = #"{"rating": 4, "owned": false, "pageCount": 264, "status": "read", "authors": ["A, Jr."]}"#
        let sent = try JSONDecoder().decode(EntryRequest.self, from: Data(body.utf8))
        #expect(sent.sent.rating == Rating(quarters: 16) && sent.sent.pageCount == 264 && sent.sent.status == .read)
        #expect(sent.sent.authors == ["A, Jr."], "a name may hold a comma")
        #expect(sent.named == [.rating, .owned, .pageCount, .status, .authors] && sent.texts.isEmpty)
        let isbn = try JSONDecoder().decode(EntryRequest.self, from: Data(#"{"isbn": "x"}"#.utf8))
        #expect(isbn.texts == [.isbn: "x"])
        let cleared = try sent.draft(editing: BookDraft(title: "Kindred", owned: true), today: WebHarness.today)
        #expect(!cleared.owned && cleared.rating == Rating(quarters: 16))
    }

    @Test("The API refuses a book with the form's words, by JSON field name")
    func sameWordsAsTheForm() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            // Given the form's answers to the same mistakes
            let form = BookDraft.parse(
                ["title": " ", "pages": "100", "current_page": "300", "rating": "9", "isbn": "123", "finished": "2999-01-01"],
                today: WebHarness.today
            )
            guard case .failure(let formErrors) = form else {
                Issue.record("the form took the book")
                return
            }
            // When the API is sent them typed
            let refused = try await api.request(
                .post, "/api/v1/entries",
                json: [
                    "title": " ", "pageCount": 100, "currentPage": 300, "rating": 9, "isbn": "123",
                    "finishedOn": "2999-01-01",
                ])
            // Then it answers 422 with the same messages, by the API's names
            #expect(refused.status == .unprocessableContent)
            let errors = try #require(try refused.json()["errors"] as? [String: String])
            #expect(errors["title"] == formErrors["title"] && errors["title"] == "Every book needs a title.")
            #expect(errors["currentPage"] == formErrors["current_page"] && errors["currentPage"] != nil)
            #expect(errors["rating"] == formErrors["rating"] && errors["isbn"] == formErrors["isbn"])
            #expect(errors["finishedOn"] == formErrors["finished"] && errors["finishedOn"] == "This date is in the future.")
            #expect(Set(errors.keys) == ["title", "currentPage", "rating", "isbn", "finishedOn"])
            // A page count that is not a whole number is refused like one out of range
            let fraction = try await api.request(.post, "/api/v1/entries", json: ["title": "Kindred", "pageCount": 26.5])
            #expect(
                (try fraction.json()["errors"] as? [String: String])?["pageCount"] == "Enter a page count between 1 and 100000.")
        }
    }

    @Test("A PATCH of the rating alone leaves every other stored value as it was, an ISBN failing its check included")
    func patchKeepsStoredValues() async throws {
        try await WebHarness.run { app in
            // Given a book from a backup with values no form would take: an ISBN-13 whose check
            // digit fails beside a hyphenated ISBN-10, untidy text, names with commas, a day added
            // in the future, a current page past the last, a year to come
            let (user, api) = try await app.apiReader("dana")
            let id = try await app.importBackupBook(isbn10: "0-441-47812-3", isbn13: "9780441478126", refused: true, for: user)
            let path = "/api/v1/entries/\(id.string)"
            let reader = app.store.reader(user.id)
            let stored = try #require(try await reader.browse.detail(of: id))
            let before = try await api.request(.get, path).json()

            // When a PATCH sends only a rating
            let patched = try await api.request(.patch, path, json: ["rating": 4])

            // Then it succeeds, and the book is byte for byte as it was but for its rating
            #expect(patched.status == .ok)
            var after = try await api.request(.get, path).json()
            #expect(after["rating"] as? Double == 4)
            after["rating"] = before["rating"]
            #expect(try Self.canonical(after) == Self.canonical(before))
            let now = try #require(try await reader.browse.detail(of: id))
            #expect(now.edition?.details == stored.edition?.details && now.edition?.details.isbn13 == "9780441478126")
            #expect(now.work == stored.work && now.authors == stored.authors)
            #expect(now.contributors.map(\.author) == stored.contributors.map(\.author))
            var state = now.entry.state
            state.rating = stored.entry.state.rating
            #expect(state == stored.entry.state)
        }
    }

    @Test("A stored ISBN failing its check digit stays until a PATCH sends an ISBN, which is checked")
    func patchChecksSentISBN() async throws {
        try await WebHarness.run { app in
            // Given a book whose stored ISBN-13 fails its check digit
            let (user, api) = try await app.apiReader("dana")
            let id = try await app.importBackupBook(isbn10: nil, isbn13: "9780441478126", for: user)
            let path = "/api/v1/entries/\(id.string)"
            // When a PATCH does not send an ISBN, the stored text stays
            let rated = try await api.request(.patch, path, json: ["rating": 4])
            #expect(rated.status == .ok)
            #expect((try rated.json()["edition"] as? [String: Any])?["isbn13"] as? String == "9780441478126")
            // When the same text is sent, it is refused as the form refuses it
            let refused = try await api.request(.patch, path, json: ["isbn": "9780441478126", "rating": 4])
            #expect(refused.status == .unprocessableContent)
            #expect((try refused.json()["errors"] as? [String: String])?.keys.sorted() == ["isbn"])
            // …and a valid one replaces the stored text, both forms of it
            let fixed = try await api.request(.patch, path, json: ["isbn": "978-0-441-47812-5"])
            let edition = try #require(try fixed.json()["edition"] as? [String: Any])
            #expect(edition["isbn13"] as? String == "9780441478125" && edition["isbn10"] as? String == "0441478123")
        }
    }

    /// JSON text with sorted keys, for comparing two answers whole.
    static func canonical(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test("A dry-run import reports without writing; a real one is listed with every row")
    func imports() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            let file = ByteBuffer(bytes: try Fixtures.bytes(Fixtures.goodreadsFiles[2]))
            let dry = try await api.request(.post, "/api/v1/imports?dryRun=true", body: file, contentType: "text/csv")
            #expect(dry.status == .ok)
            let preview = try dry.json()
            #expect(preview["dryRun"] as? Bool == true)
            #expect(try await app.store.reader(user.id).browse.statusCounts().isEmpty)
            let real = try await api.request(.post, "/api/v1/imports?fileName=export.csv", body: file, contentType: "text/csv")
            #expect(real.status == .created)
            let report = try real.json()
            #expect(report["imported"] as? Int == preview["imported"] as? Int)
            #expect((report["outcomes"] as? [Any])?.count == report["rows"] as? Int)
            let location = try #require(real.headers[.location])
            #expect(try await api.request(.get, location).json()["rows"] as? Int == report["rows"] as? Int)
            let history = try await api.request(.get, "/api/v1/imports").json()
            #expect(((history["items"] as? [[String: Any]])?.first?["fileName"] as? String) == "export.csv")
        }
    }

    @Test("Author facts through the API are recorded with the reader as source; bad values are refused")
    func authorFacts() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let entry = try await api.request(
                .post, "/api/v1/entries", json: ["title": "Purple Hibiscus", "authors": ["Chimamanda Ngozi Adichie"]]
            ).json()
            let authorID = try #require((entry["authors"] as? [[String: Any]])?.first?["id"] as? String)
            let refused = try await api.request(
                .patch, "/api/v1/authors/\(authorID)/facts", json: ["country": "Wakanda", "shoeSize": 9])
            #expect(refused.status == .unprocessableContent)
            #expect(Set((try refused.json()["errors"] as? [String: String] ?? [:]).keys) == ["country", "shoeSize"])
            let saved = try await api.request(
                .patch, "/api/v1/authors/\(authorID)/facts", json: ["country": "NG", "gender": "female"]
            ).json()
            let author = try #require(saved["author"] as? [String: Any])
            #expect(author["region"] as? String == "africa")
            // Besides the bundled author table's statements (Adichie is in it), only the reader's.
            let bySource = { (answer: [String: Any]) in
                ((answer["history"] as? [[String: Any]]) ?? []).filter { $0["source"] as? String != "bundled" }
            }
            #expect(bySource(saved).allSatisfy { $0["source"] as? String == "user" })
            // Years may be numbers; the Wikidata item is accepted here (not on the web form);
            // sending the same value again records nothing new; null clears.
            let more = try await api.request(
                .patch, "/api/v1/authors/\(authorID)/facts", json: ["birthYear": 1977, "wikidataID": "Q2456", "country": "NG"]
            ).json()
            #expect((more["author"] as? [String: Any])?["birthYear"] as? Int == 1977)
            #expect(bySource(more).count == 4)
            let cleared = try await api.request(.patch, "/api/v1/authors/\(authorID)/facts", json: ["birthYear": NSNull()])
                .json()
            #expect((cleared["author"] as? [String: Any])?["birthYear"] == nil)
            let wrongType = try await api.request(.patch, "/api/v1/authors/\(authorID)/facts", json: ["gender": ["female"]])
            #expect(wrongType.status == .unprocessableContent)
            #expect((try wrongType.json()["errors"] as? [String: String])?["gender"] != nil)
        }
    }
}
