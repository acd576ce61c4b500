import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Readers are isolated: another reader's ids answer 404 everywhere", .timeLimit(.minutes(5)))
struct IsolationTests {
    /// Reader A's ids: a book, its author (whom B has no book by), a past import, a waiting
    /// upload, an API token and an unread notification.
    struct Ids {
        let entry: String
        let author: String
        let run: String
        let upload: String
        let token: String
        let notification: String
        /// An "Is this …?" question about A's author.
        let question: String
        /// A reading session of A's book.
        let session: String
        /// A goal of A's.
        let goal: String
        /// A share link of A's.
        let share: String
        /// An identity badge A recorded on the book.
        let badge: String
    }

    static func readerA(_ app: WebHarness) async throws -> (User, Ids) {
        let (user, _) = try await app.signedInReader("alice")
        let reader = app.store.reader(user.id)
        let report = try await app.importFixture(Fixtures.goodreadsFiles[2], for: user)
        let run = try #require(try await reader.imports.runs().first)
        let entryID = try #require(report.outcomes.first { $0.entryID != nil }?.entryID)
        let detail = try #require(try await reader.browse.detail(of: entryID))
        let upload = try await reader.uploads.save(
            fileName: "a.csv", bytes: Array("Title\nA\n".utf8),
            preview: ImportReport(format: .goodreads, dryRun: true, outcomes: [], fileWarnings: []), now: TestClock.now)
        let token = try await app.store.tokens.createToken(named: "alice's", hash: "hash", for: user.id, now: TestClock.now)
        try await reader.notifications.record(
            [Notice(kind: "achievement", key: "achievement:curator", title: "alice's badge", body: "For alice.")],
            now: TestClock.now)
        let notification = try #require(try await reader.notifications.recent(unreadOnly: true).first)
        let candidate = AuthorCandidate(
            authorID: detail.authors[0].id, source: .wikidata, reference: "Q1", label: "Someone", description: "a namesake",
            facts: [])
        try await app.store.enrichment.propose([candidate], now: TestClock.now)
        let session = try await reader.sessions.log(
            on: entryID, startedAt: TestClock.now.addingTimeInterval(-7200), minutes: 30, startPage: 0, endPage: 12,
            now: TestClock.now)
        let goal = Goal(
            userID: user.id, title: "alice's goal", kind: .books, target: 30, cadence: .year,
            startsOn: LocalDate("2026-01-01")!, endsOn: LocalDate("2026-12-31")!, createdAt: TestClock.now)
        try await reader.goals.create(goal, now: TestClock.now)
        let share = try await app.store.shareLinks.create(
            card: "radar", title: "Representation radar", covers: "alice's period", content: "<p>alice's radar</p>",
            hash: "alice-share", for: user.id, now: TestClock.now)
        let badge = try #require(
            try await app.store.badges.record(
                IdentityBadgeDraft(
                    kind: .queer, subject: .work(detail.work.id), statedBy: .author, source: "alice's interview", shared: false),
                on: entryID, for: user.id, now: TestClock.now))
        return (
            user,
            Ids(
                entry: entryID.string, author: detail.authors[0].id.string, run: run.id.string, upload: upload.id.string,
                token: token.id.string, notification: notification.id.string, question: candidate.id.string,
                session: session.id.string, goal: goal.id.string, share: share.id.string, badge: badge.string)
        )
    }

    @Test("Every page and form that names reader A's things answers 404 to reader B, and nothing changes")
    func pages() async throws {
        try await WebHarness.run { app in
            let (alice, a) = try await Self.readerA(app)
            let before = try await app.store.reader(alice.id).library.whole()
            let (_, bob) = try await app.signedInReader("bob")
            let gets = [
                "/books/\(a.entry)", "/books/\(a.entry)/edit", "/books/\(a.entry)/delete",
                "/books/\(a.entry)/authors/\(a.author)", "/books/\(a.entry)/cover", "/books/\(a.entry)/badges/new",
                "/imports/\(a.run)", "/import/uploads/\(a.upload)", "/import/uploads/\(a.upload)/progress",
                "/prompt?book=\(a.entry)", "/prompt?book=\(a.entry)&fact=gender",
                "/books/\(a.entry)/sessions", "/sessions/\(a.session)/done", "/sessions/\(a.session)/edit",
                "/sessions/\(a.session)/delete", "/goals/\(a.goal)", "/goals/\(a.goal)/delete", "/goals/\(a.goal)/edit",
                "/goals/\(a.goal)/image.svg",
                // Achievement ids are the same for everyone: bob's own badge, which he has not unlocked.
                "/achievements/firstSteps/image.svg",
            ]
            for path in gets {
                let page = try await bob.get(path)
                #expect(page.status == .notFound, "GET \(path)")
                #expect(!page.text.contains("alice"), "GET \(path)")
            }
            let posts: [(String, [String: String])] = [
                ("/books/\(a.entry)", ["title": "Mine now"]), ("/books/\(a.entry)/status", ["status": "dnf"]),
                ("/books/\(a.entry)/delete", [:]), ("/books/\(a.entry)/authors/\(a.author)", ["gender": "male"]),
                ("/import/uploads/\(a.upload)", [:]), ("/import/uploads/\(a.upload)/cancel", [:]),
                ("/import/uploads/\(a.upload)/shelves", ["shelf.0": "horror", "meaning.0": "shelf"]),
                ("/account/tokens/\(a.token)/delete", [:]), ("/notifications/\(a.notification)/read", [:]),
                ("/prompt", ["entry": a.entry, "fact": "gender", "author": a.author, "value": "male"]),
                ("/prompt/skip", ["entry": a.entry, "fact": "gender"]),
                ("/prompts/authors/\(a.question)", ["answer": "yes"]),
                ("/books/\(a.entry)/sessions", ["start_page": "1"]),
                ("/books/\(a.entry)/sessions/logged", ["date": "2026-03-14", "minutes": "20", "from_page": "1", "to_page": "5"]),
                ("/books/\(a.entry)/progress", ["page": "3"]), ("/sessions/\(a.session)/finish", ["end_page": "20"]),
                ("/sessions/\(a.session)", ["date": "2026-03-14", "minutes": "20", "from_page": "1", "to_page": "5"]),
                ("/sessions/\(a.session)/delete", [:]), ("/goals/\(a.goal)/status", ["status": "paused"]),
                ("/goals/\(a.goal)", ["kind": "books", "target": "3"]),
                ("/goals/\(a.goal)/delete", [:]), ("/account/shares/\(a.share)/delete", [:]),
                ("/books/\(a.entry)/badges", ["badge": "queer", "stated_by": "author", "source": "bob"]),
                ("/books/\(a.entry)/badges/\(a.badge)/delete", [:]),
            ]
            for (path, fields) in posts {
                try await bob.get("/")
                #expect(try await bob.post(path, fields).status == .notFound, "POST \(path)")
            }
            let after = try await app.store.reader(alice.id).library.whole()
            #expect(after.entries == before.entries)
            #expect(after.authors == before.authors)
            #expect(try await app.store.shareLinks.links(of: alice.id).count == 1)
            #expect(try await app.store.tokens.tokens(of: alice.id).count == 1)
            #expect(
                try await app.store.reader(alice.id).uploads.upload(try #require(ImportUpload.ID(a.upload)))?.0.status
                    == .previewed)
            #expect(try await app.store.reader(alice.id).notifications.recent(unreadOnly: true).count == 1)
            #expect(!(try await bob.get("/").text.contains("alice's badge")))
            #expect(after.sessions == before.sessions)
            let badges = try await app.store.badges.badges(of: try #require(LibraryEntry.ID(a.entry)), for: alice.id)
            #expect(badges.map(\.source) == ["alice's interview"])
        }
    }

    @Test("Every API path that names reader A's things answers 404 to reader B")
    func api() async throws {
        try await WebHarness.run { app in
            let (alice, a) = try await Self.readerA(app)
            let before = try await app.store.reader(alice.id).library.whole()
            let (_, bob) = try await app.apiReader("bob")
            let calls: [(HTTPRequest.Method, String, Any?)] = [
                (.get, "/api/v1/entries/\(a.entry)", nil), (.patch, "/api/v1/entries/\(a.entry)", ["title": "Mine"]),
                (.delete, "/api/v1/entries/\(a.entry)", nil), (.post, "/api/v1/entries/\(a.entry)/status", ["status": "dnf"]),
                (.get, "/api/v1/authors/\(a.author)", nil), (.patch, "/api/v1/authors/\(a.author)/facts", ["gender": "male"]),
                (.get, "/api/v1/imports/\(a.run)", nil), (.delete, "/api/v1/tokens/\(a.token)", nil),
                (.get, "/api/v1/entries/\(a.entry)/radar", nil), (.get, "/api/v1/entries/\(a.entry)/prompt", nil),
                (.post, "/api/v1/entries/\(a.entry)/answers", ["fact": "gender", "author": a.author, "value": "male"]),
                (.post, "/api/v1/entries/\(a.entry)/skips", ["fact": "gender"]),
                (.post, "/api/v1/notifications/\(a.notification)/read", nil),
                (.post, "/api/v1/author-questions/\(a.question)", ["answer": "yes"]),
                (.post, "/api/v1/entries/\(a.entry)/sessions", nil), (.get, "/api/v1/entries/\(a.entry)/sessions", nil),
                (
                    .post, "/api/v1/entries/\(a.entry)/sessions/logged",
                    ["startedAt": "2026-03-14T20:00:00Z", "minutes": 20, "startPage": 1, "endPage": 5]
                ),
                (.post, "/api/v1/entries/\(a.entry)/progress", ["page": 3]),
                (.post, "/api/v1/sessions/\(a.session)/finish", ["endPage": 20]),
                (.patch, "/api/v1/sessions/\(a.session)", ["minutes": 10]), (.delete, "/api/v1/sessions/\(a.session)", nil),
                (.get, "/api/v1/goals/\(a.goal)", nil), (.patch, "/api/v1/goals/\(a.goal)", ["status": "paused"]),
                (.delete, "/api/v1/goals/\(a.goal)", nil), (.delete, "/api/v1/shares/\(a.share)", nil),
                (.get, "/api/v1/entries/\(a.entry)/badges", nil),
                (.post, "/api/v1/entries/\(a.entry)/badges", ["badge": "queer", "statedBy": "author", "source": "bob"]),
                (.delete, "/api/v1/entries/\(a.entry)/badges/\(a.badge)", nil),
            ]
            for (method, path, body) in calls {
                let answer = try await bob.request(method, path, json: body)
                #expect(answer.status == .notFound, "\(method) \(path)")
                #expect(answer.headers[.contentType] == "application/problem+json", "\(method) \(path)")
            }
            // B's own lists do not show A's things either.
            #expect(try await bob.request(.get, "/api/v1/entries").json()["total"] as? Int == 0)
            #expect(try await bob.request(.get, "/api/v1/imports").json()["total"] as? Int == 0)
            #expect(try await bob.request(.get, "/api/v1/shelves").body == "[]")
            #expect(try await bob.request(.get, "/api/v1/shares").body == "[]")
            #expect(try await bob.request(.get, "/api/v1/tokens").body.contains("alice's") == false)
            #expect(try await bob.request(.get, "/api/v1/notifications").json()["unread"] as? Int == 0)
            #expect(try await app.store.reader(alice.id).notifications.recent(unreadOnly: true).count == 1)
            #expect(try await bob.request(.get, "/api/v1/author-questions").json()["items"] as? [Any] != nil)
            #expect(!(try await bob.request(.get, "/api/v1/author-questions").body.contains(a.question)))
            #expect(try await app.store.enrichment.openCandidates(for: alice.id).map(\.candidate.id.string).contains(a.question))
            let after = try await app.store.reader(alice.id).library.whole()
            #expect(after.entries == before.entries && after.authors == before.authors)
        }
    }

    @Test("Readers' words stay theirs over the API: an edit, an import and an ISBN never carry one reader's text to another")
    func wordsStayPrivate() async throws {
        try await WebHarness.run { app in
            let (_, alice) = try await app.apiReader("alice")
            let (_, bob) = try await app.apiReader("bob")
            // Leak 1: the same book; Bob's PATCH changes only Bob's.
            let book: [String: Any] = [
                "title": "Kindred", "authors": ["Octavia E. Butler"], "firstPublishedYear": 1979, "originalLanguage": "en",
            ]
            let mine = try #require(try await alice.request(.post, "/api/v1/entries", json: book).json()["id"] as? String)
            let theirs = try #require(try await bob.request(.post, "/api/v1/entries", json: book).json()["id"] as? String)
            let patched = try await bob.request(
                .patch, "/api/v1/entries/\(theirs)",
                json: ["title": "Bob's Kindred", "firstPublishedYear": 2004, "originalLanguage": "fr"])
            #expect(patched.status == .ok)
            let aliceView = try await alice.request(.get, "/api/v1/entries/\(mine)").body
            #expect(aliceView.contains("\"title\":\"Kindred\"") && aliceView.contains("1979") && !aliceView.contains("Bob"))

            // Leak 2: a Goodreads row with the same Book Id and another title.
            let header = "Book Id,Title,Author,Exclusive Shelf\n"
            _ = try await alice.request(
                .post, "/api/v1/imports", body: ByteBuffer(string: header + "777,Alice's Title,Some Author,read\n"),
                contentType: "text/csv")
            _ = try await bob.request(
                .post, "/api/v1/imports", body: ByteBuffer(string: header + "777,Bob's Title,Some Author,read\n"),
                contentType: "text/csv")
            let bobList = try await bob.request(.get, "/api/v1/entries?q=Title").body
            #expect(bobList.contains("Bob's Title") && !bobList.contains("Alice's Title"))

            // Leak 3: Bob adds by the ISBN of a book Alice typed by hand.
            _ = try await alice.request(
                .post, "/api/v1/entries", json: ["title": "Private Notes", "authors": ["Made Up Name"], "isbn": "9780143039433"])
            let byISBN = try await bob.request(
                .post, "/api/v1/entries",
                json: ["title": "The Grapes of Wrath", "authors": ["John Steinbeck"], "isbn": "9780143039433"])
            #expect(byISBN.status == .created)
            #expect(byISBN.body.contains("The Grapes of Wrath") && !byISBN.body.contains("Private Notes"))
            #expect(!byISBN.body.contains("Made Up Name"))
        }
    }

    /// Every route that names something of a reader's, as the two tests above call them.
    static let coveredRoutes: Set<String> = [
        "GET /books/{entry}", "GET /books/{entry}/cover", "GET /books/{entry}/badges/new", "POST /books/{entry}/badges",
        "POST /books/{entry}/badges/{badge}/delete", "GET /api/v1/entries/{entryId}/badges",
        "POST /api/v1/entries/{entryId}/badges", "DELETE /api/v1/entries/{entryId}/badges/{badgeId}", "GET /books/{entry}/edit",
        "GET /books/{entry}/delete",
        "GET /books/{entry}/authors/{author}",
        "GET /imports/{run}", "GET /import/uploads/{upload}", "GET /import/uploads/{upload}/progress", "POST /books/{entry}",
        "POST /books/{entry}/status", "POST /books/{entry}/delete", "POST /books/{entry}/authors/{author}",
        "POST /import/uploads/{upload}", "POST /import/uploads/{upload}/cancel", "POST /import/uploads/{upload}/shelves",
        "POST /account/tokens/{token}/delete",
        "GET /api/v1/entries/{entryId}", "PATCH /api/v1/entries/{entryId}", "DELETE /api/v1/entries/{entryId}",
        "GET /api/v1/entries/{entryId}/radar", "GET /api/v1/entries/{entryId}/prompt", "POST /api/v1/entries/{entryId}/answers",
        "POST /api/v1/entries/{entryId}/skips",
        "POST /api/v1/entries/{entryId}/status", "GET /api/v1/authors/{authorId}", "PATCH /api/v1/authors/{authorId}/facts",
        "GET /api/v1/imports/{importId}", "DELETE /api/v1/tokens/{tokenId}", "POST /notifications/{notification}/read",
        "POST /api/v1/notifications/{notificationId}/read", "POST /prompts/authors/{question}",
        "POST /api/v1/author-questions/{questionId}",
        "GET /books/{entry}/sessions", "POST /books/{entry}/sessions", "POST /books/{entry}/sessions/logged",
        "POST /books/{entry}/progress", "GET /sessions/{session}/done", "GET /sessions/{session}/edit",
        "GET /sessions/{session}/delete", "POST /sessions/{session}/finish", "POST /sessions/{session}",
        "POST /sessions/{session}/delete",
        "POST /api/v1/entries/{entryId}/sessions", "GET /api/v1/entries/{entryId}/sessions",
        "POST /api/v1/entries/{entryId}/sessions/logged", "POST /api/v1/entries/{entryId}/progress",
        "POST /api/v1/sessions/{sessionId}/finish", "PATCH /api/v1/sessions/{sessionId}", "DELETE /api/v1/sessions/{sessionId}",
        "GET /goals/{goal}", "POST /goals/{goal}/status", "GET /goals/{goal}/edit", "POST /goals/{goal}",
        "GET /goals/{goal}/delete", "POST /goals/{goal}/delete", "GET /goals/{goal}/image.svg",
        "GET /achievements/{achievement}/image.svg",
        "GET /api/v1/goals/{goalId}", "PATCH /api/v1/goals/{goalId}", "DELETE /api/v1/goals/{goalId}",
        "POST /account/shares/{share}/delete", "DELETE /api/v1/shares/{shareId}",
    ]

    @Test("Every route with an id in its path is among the ones tried above")
    func everyRouteWithAnIdIsTried() async throws {
        try await TestDatabase.sqlite.withStore { store in
            let router = WebApp.router(app: BooksTrack(store: store), configuration: WebConfiguration())
            let withIds = Set(
                router.routes.map { "\($0.method.rawValue) \($0.path.description)" }.filter { $0.contains("{") }
                    // Not a reader's: the stylesheet and script, an invitation and a share link with its
                    // pictures (their tokens are the secret; a share link is public by design, its own
                    // tests try it).
                    // A card's picture names a card, and a year in books a year, the same for everyone:
                    // they draw the signed-in reader's own figures (YearWebTests asks for another's).
                    .filter {
                        !$0.hasPrefix("GET /assets/") && !$0.contains("/invite/") && !$0.hasPrefix("GET /s/{token}")
                            && $0 != "GET /insights/{card}/image.svg" && !$0.contains("/insights/year/{year}")
                    })
            #expect(withIds == Self.coveredRoutes)
        }
    }
}
