import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite(
    "Identity badges: recorded where stated, with their source, private unless a public source is shared", .timeLimit(.minutes(5))
)
struct BadgeWebTests {
    static let kindred = BookPageTests.kindred.merging(["status": "read", "isbn": ""]) { $1 }

    /// The first badge-removal form's badge id on a page.
    static func badgeIDs(in page: Page) -> [String] {
        page.body.matches(of: /badges\/([0-9a-f-]{36})\/delete/).map { String($0.1) }
    }

    /// Adds Kindred through the API; its entry id.
    static func addKindred(with api: APIClient) async throws -> String {
        let book: [String: Any] = ["title": "Kindred", "authors": ["Octavia E. Butler"], "status": "read"]
        return try #require(try await api.request(.post, "/api/v1/entries", json: book).json()["id"] as? String)
    }

    @Test("A badge needs a badge, who states it and where; sharing needs an author and an address")
    func refusals() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let book = try await BookPageTests.add(Self.kindred, with: browser)
            let page = try await browser.get(book)
            #expect(page.text.contains("Identity badges"))
            #expect(page.text.contains("No badges yet. Record one only where the author or a public source states it"))
            #expect(page.body.contains(#"<a class="card-link" href="\#(book)/badges/new">Record a badge</a>"#))
            let form = try await browser.get(book + "/badges/new")
            for kind in IdentityBadgeKind.allCases {
                #expect(form.body.contains(#"class="badge badge-identity badge-\#(kind.rawValue)">\#(kind.displayName)<"#))
                #expect(form.text.contains(kind.meaning))
            }
            #expect(form.text.contains("Octavia E. Butler"))

            var answer = try await browser.post(book + "/badges", [:])
            #expect(answer.status == .unprocessableContent)
            #expect(answer.text.contains("Choose a badge: own voices, cultural, queer or neurodivergent."))
            #expect(answer.text.contains("Badges are recorded only where the author or a public source states it"))
            #expect(answer.text.contains("Say where it is stated"))

            answer = try await browser.post(
                book + "/badges",
                [
                    "badge": "own-voices", "about": "book", "stated_by": "author", "source": "https://example.org/talk",
                    "share": "on",
                ])
            #expect(answer.status == .unprocessableContent)
            #expect(answer.text.contains("Only a badge about an author can be shown to other readers"))
            #expect(answer.body.contains(#"value="https://example.org/talk""#), "what was typed is kept")

            let user = try #require(try await app.store.users.user(named: "dana"))
            let entry = try #require(LibraryEntry.ID(String(book.split(separator: "/").last ?? "")))
            let author = try #require(try await app.store.reader(user.id).browse.detail(of: entry)?.authors.first)
            answer = try await browser.post(
                book + "/badges",
                [
                    "badge": "queer", "about": "author:\(author.id.string)", "stated_by": "public-source",
                    "source": "Wikipedia", "share": "on",
                ])
            #expect(answer.status == .unprocessableContent)
            #expect(answer.text.contains("Only a badge with a public source’s address (https://…) can be shown"))
            answer = try await browser.post(
                book + "/badges",
                ["badge": "queer", "about": "author:not-an-author", "stated_by": "author", "source": "An interview"])
            #expect(answer.text.contains("Choose this book or one of its authors."))
            answer = try await browser.post(
                book + "/badges",
                ["badge": "cultural", "stated_by": "author", "source": String(repeating: "x", count: 501)])
            #expect(answer.text.contains("Keep where it is stated under 500 characters."))
            #expect(try await app.store.badges.badges(of: entry, for: user.id).isEmpty, "nothing was recorded")
        }
    }

    @Test("Recorded badges show with their source; an author's shared one reaches another reader of the author, a book's never")
    func recordShareAndCount() async throws {
        try await WebHarness.run { app in
            let (dana, browser) = try await app.signedInReader("dana")
            let book = try await BookPageTests.add(Self.kindred, with: browser)
            let entry = try #require(LibraryEntry.ID(String(book.split(separator: "/").last ?? "")))
            let author = try #require(try await app.store.reader(dana.id).browse.detail(of: entry)?.authors.first)
            #expect(try await app.store.reader(dana.id).browse.detail(of: entry)?.work.ownVoices == nil)

            var answer = try await browser.post(
                book + "/badges",
                ["badge": "own-voices", "about": "book", "stated_by": "author", "source": "Foreword to the 2003 edition"])
            #expect(answer.status == .seeOther && answer.location == book + "#identity")
            answer = try await browser.post(
                book + "/badges",
                [
                    "badge": "queer", "about": "author:\(author.id.string)", "stated_by": "public-source",
                    "source": "https://en.wikipedia.org/wiki/Octavia_E._Butler", "share": "on",
                ])
            #expect(answer.status == .seeOther)
            let page = try await browser.get(book)
            #expect(page.text.contains("The badge is recorded, with who states it and where."))
            #expect(
                page.text.contains("Own voices this book Stated by the author: Foreword to the 2003 edition · only you see it"))
            #expect(page.text.contains("Queer the author, Octavia E. Butler Stated by a public source: en.wikipedia.org"))
            #expect(page.text.contains("shown to readers here who have this author"))
            #expect(
                page.body.contains(#"href="https://en.wikipedia.org/wiki/Octavia_E._Butler" rel="noopener noreferrer nofollow""#))
            #expect(Self.badgeIDs(in: page).count == 2)
            // The own-voices badge answered the book's own-voices question.
            #expect(try await app.store.reader(dana.id).browse.detail(of: entry)?.work.ownVoices == .yes)

            // Counted: the library filters by badge, the insights card counts books.
            #expect(try await browser.get("/library?badge=queer").text.contains("1 of 1 book"))
            #expect(try await browser.get("/library?badge=neurodivergent").text.contains("No books match"))
            let insights = try await browser.get("/insights")
            #expect(insights.body.contains(#"id="badges""#))
            #expect(insights.body.contains(#"href="/library?badge=queer&amp;read=any">1 book</a>"#))
            #expect(insights.text.contains("A book without a badge is not counted as “no”"))

            // Another reader with a book by the same author sees the shared author badge, not the book's.
            let (eli, other) = try await app.signedInReader("eli")
            let theirs = try await BookPageTests.add(Self.kindred, with: other)
            let theirPage = try await other.get(theirs)
            #expect(theirPage.text.contains("Queer the author, Octavia E. Butler Stated by a public source"))
            #expect(theirPage.text.contains("shared by another reader here"))
            #expect(!theirPage.text.contains("Foreword to the 2003 edition"))
            #expect(Self.badgeIDs(in: theirPage).isEmpty, "another reader's badge cannot be removed")
            #expect(try await other.get("/library?badge=queer").text.contains("1 of 1 book"))
            #expect(try await other.get("/library?badge=own-voices").text.contains("No books match"))
            // …and cannot remove Dana's through their own book.
            for id in Self.badgeIDs(in: page) {
                #expect(try await other.post(theirs + "/badges/\(id)/delete").status == .notFound)
            }

            // Dana removes the shared one: it is gone for both.
            let queer = try #require(
                try await app.store.badges.badges(of: entry, for: dana.id).first { $0.kind == .queer }?.id.string)
            try await browser.get(book)
            let removed = try await browser.post(book + "/badges/\(queer)/delete")
            #expect(removed.status == .seeOther)
            #expect(try await browser.get(book).text.contains("The badge is removed."))
            let theirEntry = try #require(LibraryEntry.ID(String(theirs.split(separator: "/").last ?? "")))
            #expect(try await app.store.badges.badges(of: theirEntry, for: eli.id).isEmpty)
            #expect(try await app.store.badges.badges(of: entry, for: dana.id).map(\.kind) == [.ownVoices])
        }
    }

    @Test("The API records, lists, filters by and removes badges, with the same rules as the page")
    func api() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let book: [String: Any] = ["title": "Kindred", "authors": ["Octavia E. Butler"], "status": "read"]
            let entry = try #require(try await api.request(.post, "/api/v1/entries", json: book).json()["id"] as? String)
            let authorID = try #require(
                ((try await api.request(.get, "/api/v1/entries/\(entry)").json()["authors"] as? [[String: Any]])?.first)?["id"]
                    as? String)
            let refused = try await api.request(
                .post, "/api/v1/entries/\(entry)/badges", json: ["badge": "queer", "source": "A hunch"])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.body.contains("Never guess"))
            let made = try await api.request(
                .post, "/api/v1/entries/\(entry)/badges",
                json: [
                    "badge": "queer", "about": authorID, "statedBy": "public-source",
                    "source": "https://en.wikipedia.org/wiki/Octavia_E._Butler", "share": true,
                ])
            #expect(made.status == .created)
            let badge = try made.json()
            #expect(badge["about"] as? String == authorID && badge["shared"] as? Bool == true && badge["mine"] as? Bool == true)
            let listed = try await api.request(.get, "/api/v1/entries/\(entry)/badges").body
            #expect(listed.contains(#""label":"Queer""#))
            #expect(try await api.request(.get, "/api/v1/entries?badge=queer").json()["total"] as? Int == 1)
            #expect(try await api.request(.get, "/api/v1/entries?badge=cultural").json()["total"] as? Int == 0)
            let id = try #require(badge["id"] as? String)
            #expect(try await api.request(.delete, "/api/v1/entries/\(entry)/badges/\(id)").status == .noContent)
            #expect(try await api.request(.delete, "/api/v1/entries/\(entry)/badges/\(id)").status == .notFound)
            #expect(try await api.request(.get, "/api/v1/entries/\(entry)/badges").body == "[]")
        }
    }

    @Test("The API refuses a badge about another book's author with the form's words, and records nothing")
    func anotherBooksAuthor() async throws {
        try await WebHarness.run { app in
            // Given a reader with two books by different authors
            let (user, api) = try await app.apiReader("dana")
            let kindred = try await Self.addKindred(with: api)
            let other = try await api.request(
                .post, "/api/v1/entries", json: ["title": "Purple Hibiscus", "authors": ["Chimamanda Ngozi Adichie"]])
            let stranger = try #require((try other.json()["authors"] as? [[String: Any]])?.first?["id"] as? String)
            // When the first book is sent a badge about the second book's author
            let refused = try await api.request(
                .post, "/api/v1/entries/\(kindred)/badges",
                json: ["badge": "queer", "about": stranger, "statedBy": "author", "source": "An interview", "share": false])
            // Then it is refused with the form's words for the same mistake, and nothing is recorded
            let form = IdentityBadgeDraft.parse(
                ["badge": "queer", "about": "author:\(stranger)", "stated_by": "author", "source": "An interview"],
                work: Work.ID.random(), authors: [])
            guard case .failure(let formErrors) = form else {
                Issue.record("the form took another book's author")
                return
            }
            #expect(refused.status == .unprocessableContent)
            let errors = try #require(try refused.json()["errors"] as? [String: String])
            #expect(errors == ["about": try #require(formErrors["about"])])
            #expect(errors["about"] == "Choose this book or one of its authors.")
            let entry = try #require(LibraryEntry.ID(kindred))
            #expect(try await app.store.badges.badges(of: entry, for: user.id).isEmpty)
        }
    }

    @Test("The API names a badge's problems by its JSON fields, with the form's words")
    func problemsByJSONName() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let entry = try await Self.addKindred(with: api)
            // A book's badge shared, without who states it
            let refused = try await api.request(
                .post, "/api/v1/entries/\(entry)/badges",
                json: ["badge": "own-voices", "about": "book", "source": "https://example.org/talk", "share": true])
            let errors = try #require(try refused.json()["errors"] as? [String: String])
            #expect(Set(errors.keys) == ["statedBy", "share"])
            #expect(errors["share"]?.contains("Only a badge about an author can be shown to other readers") == true)
        }
    }
}
