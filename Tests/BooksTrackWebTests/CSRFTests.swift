import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("CSRF: every state-changing request must come from a BooksTrack page", .timeLimit(.minutes(5)))
struct CSRFTests {
    /// Every form post of the signed-in app, with the ids it names filled in.
    static func signedInPosts(
        entry: String, author: String, upload: String, token: String, notification: String, question: String,
        session: String, goal: String, share: String, badge: String
    ) -> [String] {
        [
            "/logout", "/books", "/books/\(entry)", "/books/\(entry)/status", "/books/\(entry)/delete",
            "/books/\(entry)/authors/\(author)", "/import", "/import/uploads/\(upload)", "/import/uploads/\(upload)/cancel",
            "/import/uploads/\(upload)/shelves",
            "/account/password", "/account/tokens", "/account/tokens/\(token)/delete", "/account/invitations", "/account/delete",
            "/account/settings", "/account/webhook", "/account/webhook/test", "/account/webhook/policy", "/account/registration",
            "/account/notifications", "/insights/compare", "/insights/language",
            "/prompt",
            "/prompt/skip",
            "/demo", "/notifications/read", "/notifications/\(notification)/read", "/prompts/authors/\(question)",
            "/books/\(entry)/sessions", "/books/\(entry)/sessions/logged", "/books/\(entry)/progress",
            "/sessions/\(session)/finish", "/sessions/\(session)", "/sessions/\(session)/delete",
            "/goals", "/goals/\(goal)/status", "/goals/\(goal)/delete", "/goals/\(goal)",
            "/shares", "/account/shares/\(share)/delete",
            "/books/\(entry)/badges", "/books/\(entry)/badges/\(badge)/delete",
        ]
    }

    @Test("Every form post without the token is refused with 403 and changes nothing")
    func postsWithoutToken() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            _ = try await app.importFixture(Fixtures.goodreadsFiles[2], for: user)
            let reader = app.store.reader(user.id)
            let item = try #require(try await reader.browse.list(LibraryQuery(), primaryLanguage: nil).items.first)
            let detail = try #require(try await reader.browse.detail(of: item.entryID))
            let upload = try await reader.uploads.save(
                fileName: "x.csv", bytes: Array("Title\nA\n".utf8),
                preview: ImportReport(format: .goodreads, dryRun: true, outcomes: [], fileWarnings: []), now: TestClock.now)
            let token = try await app.store.tokens.createToken(named: "t", hash: "h", for: user.id, now: TestClock.now)
            try await reader.notifications.record(
                [Notice(kind: "achievement", key: "k", title: "T", body: "B")], now: TestClock.now)
            let notification = try #require(try await reader.notifications.recent(unreadOnly: true).first)
            let candidate = AuthorCandidate(
                authorID: detail.authors[0].id, source: .wikidata, reference: "Q1", label: "Someone", description: nil, facts: [])
            try await app.store.enrichment.propose([candidate], now: TestClock.now)
            let session = try await reader.sessions.log(
                on: item.entryID, startedAt: TestClock.now.addingTimeInterval(-3600), minutes: 20, startPage: 0, endPage: 5,
                now: TestClock.now)
            let goal = Goal(
                userID: user.id, title: "30 books", kind: .books, target: 30, cadence: .year,
                startsOn: LocalDate("2026-01-01")!, endsOn: LocalDate("2026-12-31")!, createdAt: TestClock.now)
            try await reader.goals.create(goal, now: TestClock.now)
            let share = try await app.store.shareLinks.create(
                card: "score", title: "Diversity score", covers: "All time", content: "<p>score</p>", hash: "csrf-share",
                for: user.id, now: TestClock.now)
            let entryBefore = try await reader.browse.detail(of: item.entryID)?.entry
            let before = try await reader.dataVersion()
            for path in Self.signedInPosts(
                entry: item.entryID.string, author: detail.authors[0].id.string, upload: upload.id.string,
                token: token.id.string, notification: notification.id.string, question: candidate.id.string,
                session: session.id.string, goal: goal.id.string, share: share.id.string, badge: UUID().uuidString.lowercased())
            {
                let refused = try await browser.post(
                    path, ["status": "read", "title": "Changed", "password": WebHarness.password], csrf: false)
                #expect(refused.status == .forbidden, "\(path)")
                #expect(refused.text.contains("This form has expired"), "\(path)")
                let forged = try await browser.post(path, ["_csrf": "forged-token-value", "title": "Changed"], csrf: false)
                #expect(forged.status == .forbidden, "\(path)")
            }
            #expect(try await reader.dataVersion() == before)
            #expect(try await app.store.shareLinks.links(of: user.id) == [share], "no link made, none revoked")
            #expect(try await reader.browse.detail(of: item.entryID)?.entry == entryBefore)
            #expect(try await app.store.tokens.tokens(of: user.id).count == 1)
            #expect(try await reader.notifications.recent(unreadOnly: true).count == 1)
            #expect(try await browser.get("/").status == .ok)
        }
    }

    @Test("The list of protected posts covers every form route the app has")
    func everyPostRouteIsListed() async throws {
        try await TestDatabase.sqlite.withStore { store in
            let router = WebApp.router(app: BooksTrack(store: store), configuration: WebConfiguration())
            let posts = Set(
                router.routes.filter { $0.method == .post && !$0.path.description.hasPrefix("/api") }.map { $0.path.description })
            let listed = Set(
                Self.signedInPosts(
                    entry: "{entry}", author: "{author}", upload: "{upload}", token: "{token}", notification: "{notification}",
                    question: "{question}", session: "{session}", goal: "{goal}", share: "{share}",
                    badge: "{badge}")
                    + ["/setup", "/login", "/invite/{token}", "/register"])
            #expect(posts == listed)
        }
    }

    @Test("The sign-in form needs its cookie-bound token too")
    func anonymousForms() async throws {
        try await WebHarness.run { app in
            _ = try await app.signedInReader("dana")
            let browser = app.browser()
            let refused = try await browser.post("/login", ["name": "dana", "password": WebHarness.password], csrf: false)
            #expect(refused.status == .forbidden)
            try await browser.get("/login")
            let other = app.browser()
            try await other.get("/login")
            // A token from another browser does not match this browser's cookie.
            let stolen = try await browser.post(
                "/login", ["name": "dana", "password": WebHarness.password, "_csrf": other.csrfToken ?? ""], csrf: false)
            #expect(stolen.status == .forbidden)
        }
    }

    @Test("API calls signed in by a browser session need the session's X-CSRF-Token header")
    func apiWithSession() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let body = ByteBuffer(string: #"{"title": "Kindred", "authors": ["Octavia E. Butler"]}"#)
            let refused = try await browser.request(
                .post, "/api/v1/entries", headers: [.contentType: "application/json"], body: body)
            #expect(refused.status == .forbidden)
            #expect(refused.headers[.contentType] == "application/problem+json")
            try await browser.get("/")
            let token = try #require(browser.csrfToken)
            let accepted = try await browser.request(
                .post, "/api/v1/entries", headers: [.contentType: "application/json", CSRFMiddleware.headerName: token],
                body: body)
            #expect(accepted.status == .created)
            // Reading needs no token.
            #expect(try await browser.request(.get, "/api/v1/entries").status == .ok)
        }
    }
}
