import BooksTrackCharts
import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

/// What an attacker or a self-hoster's bad day tries first (issue 43): one request or one number
/// must never stop the server, and the holes around sign-in stay shut.
@Suite("Hardening: nothing a request carries stops the server", .timeLimit(.minutes(5)))
struct HardeningTests {
    /// A book of the reader's, added through the API.
    static func book(_ api: APIClient, pages: Int? = nil) async throws -> String {
        var json: [String: Any] = ["title": "Kindred", "authors": ["Octavia E. Butler"], "status": "reading"]
        if let pages { json["pageCount"] = pages }
        let created = try await api.request(.post, "/api/v1/entries", json: json)
        return try #require(try created.json()["id"] as? String)
    }

    @Test("A form with an empty multipart boundary is a 400, signed in or not, and the server answers after it")
    func emptyBoundary() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            for contentType in ["multipart/form-data; boundary=", "multipart/form-data", "multipart/form-data; boundary=\"\""] {
                let anonymous = try await app.browser().request(.post, "/login", headers: [.contentType: contentType])
                #expect(anonymous.status == .badRequest, "\(contentType)")
                let signedIn = try await browser.request(.post, "/import", headers: [.contentType: contentType])
                #expect(signedIn.status == .badRequest, "\(contentType)")
            }
            let tooLong = "multipart/form-data; boundary=" + String(repeating: "b", count: 71)
            #expect(try await browser.request(.post, "/import", headers: [.contentType: tooLong]).status == .badRequest)
            #expect(try await browser.get("/").status == .ok)
        }
    }

    @Test("Someone not signed in can send neither files nor more than 64 KB of form")
    func anonymousFormsAreSmall() async throws {
        try await WebHarness.run { app in
            _ = try await app.signedInReader("dana")
            let browser = app.browser()
            try await browser.get("/login")
            let big = try await browser.post("/login", ["name": "dana", "password": String(repeating: "x", count: 70_000)])
            #expect(big.status == .contentTooLarge)
            let file = try await browser.upload("/login", fileName: "x.csv", bytes: Array("Title\nA\n".utf8))
            #expect(file.status == .badRequest)
        }
    }

    @Test("A page number of 2⁶³ − 1 on a book's sessions shows the list's end instead of stopping the server")
    func hugeSessionPage() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            try await browser.get("/books/new")
            let added = try await browser.post(
                "/books", ["title": "Kindred", "authors": "Octavia E. Butler", "status": "reading"])
            let book = try #require(added.location)
            for page in ["9223372036854775807", "-9223372036854775808", "99999999999999999999", "abc"] {
                #expect(try await browser.get("\(book)/sessions?page=\(page)").status == .ok, "\(page)")
            }
        }
    }

    @Test("Pages past 100,000 are refused by every session and progress call, and nothing is stored")
    func pagesAreBounded() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            let entry = try await Self.book(api)
            for huge in [100_001, Int.max, Int.min] {
                let progress = try await api.request(.post, "/api/v1/entries/\(entry)/progress", json: ["page": huge])
                #expect(progress.status == .unprocessableContent, "\(huge)")
                let logged = try await api.request(
                    .post, "/api/v1/entries/\(entry)/sessions/logged",
                    json: ["startedAt": "2026-03-01T10:00:00Z", "minutes": 30, "startPage": 0, "endPage": huge])
                #expect(logged.status == .unprocessableContent, "\(huge)")
                let started = try await api.request(.post, "/api/v1/entries/\(entry)/sessions", json: ["startPage": huge])
                #expect(started.status == .unprocessableContent, "\(huge)")
            }
            let started = try await api.request(.post, "/api/v1/entries/\(entry)/sessions", json: ["startPage": 10])
            let session = try #require(try started.json()["id"] as? String)
            let finished = try await api.request(.post, "/api/v1/sessions/\(session)/finish", json: ["endPage": Int.max])
            #expect(finished.status == .unprocessableContent)
            #expect(try await app.store.reader(user.id).sessions.list(of: LibraryEntry.ID(entry)!).total == 1)
            #expect(try await api.request(.get, "/api/v1/me/streak").status == .ok)
        }
    }

    @Test("A goal version past any date is a 400 from the API and a conflict from the form, never a trap")
    func hugeGoalVersion() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let created = try await api.request(
                .post, "/api/v1/goals", json: ["title": "30 books", "kind": "books", "target": 30, "cadence": "year"])
            let goal = try #require(try created.json()["id"] as? String)
            for tag in ["\"goal-9223372036854775807\"", "\"goal--9223372036854775808\"", "\"goal-99999999999999999999\""] {
                let answer = try await api.request(
                    .patch, "/api/v1/goals/\(goal)", headers: [.ifMatch: tag], json: ["target": 31])
                #expect(answer.status == .badRequest, "\(tag)")
            }
            #expect(EntityTags.goalVersion("\"goal-253402300799999\"") != nil)
            #expect(EntityTags.goalVersion("\"goal-253402300800000\"") == nil)
        }
    }

    @Test("Sign-in never sends a reader to another site, however the address is spelled")
    func openRedirect() async throws {
        for hostile in [
            "/%09/evil.example", "/\t/evil.example", "//evil.example", "/\\evil.example", "/%2F/evil.example",
            "/%5Cevil.example", "https://evil.example", "/ /evil.example", "/%0A/evil.example", "/\u{3000}/evil.example",
        ] {
            #expect(Responses.localPath(hostile) == "/", "\(hostile)")
        }
        for local in ["/", "/library?status=read", "/books/1b2c", "/?period=year", "/insights#radar"] {
            #expect(Responses.localPath(local) == local)
        }
        try await WebHarness.run { app in
            _ = try await app.signedInReader("dana")
            let browser = app.browser()
            try await browser.get("/login?next=%2F%2509%2Fevil.example")
            let signedIn = try await browser.post(
                "/login", ["name": "dana", "password": WebHarness.password, "next": "/%09/evil.example"])
            #expect(signedIn.location == "/")
        }
    }

    @Test("A planted bt_csrf cookie does not stand in for a signed-in reader's token")
    func plantedCookie() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let planted = "planted-by-a-sibling-subdomain-0123456789abcdef"
            browser.cookies["bt_csrf"] = planted
            let forged = try await browser.post("/books", ["_csrf": planted, "title": "Forged", "authors": "X"], csrf: false)
            #expect(forged.status == .forbidden)
            #expect(try await app.store.reader(user.id).browse.statusCounts().values.reduce(0, +) == 0)
        }
    }

    @Test("A form a browser marks as sent from another site is refused, even with the right token")
    func crossSiteForms() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            try await browser.get("/books/new")
            let token = try #require(browser.csrfToken)
            let body = ByteBuffer(string: "_csrf=\(token)&title=Forged&authors=X&status=read")
            for headers: HTTPFields in [
                [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "cross-site"],
                [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "same-site"],
                [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Origin")!: "https://evil.example"],
            ] {
                #expect(try await browser.request(.post, "/books", headers: headers, body: body).status == .forbidden)
            }
            #expect(try await app.store.reader(user.id).browse.statusCounts().values.reduce(0, +) == 0)
            let same: HTTPFields = [
                .contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "same-origin",
            ]
            #expect(try await browser.request(.post, "/books", headers: same, body: body).status == .seeOther)
        }
    }

    @Test("Behind https the anonymous token's cookie is __Host- prefixed, so no subdomain or http page can set it")
    func hostPrefixedCookie() async throws {
        try await WebHarness.run(publicURL: "https://books.example") { app in
            let page = try await app.browser().get("/setup")
            let cookie = try #require(page.headers[values: .setCookie].first { $0.contains("bt_csrf") })
            #expect(cookie.hasPrefix("__Host-bt_csrf="))
            #expect(cookie.contains("Secure"))
            #expect(cookie.contains("Path=/"))
            #expect(!cookie.contains("Domain"))
        }
    }

    @Test("Titles with a quote and a combining mark cannot break out of an attribute")
    func escapingByScalar() async throws {
        let title = "Evil\"\u{301} onmouseover=\"alert(1)\u{301}"
        #expect(!Markup.escape(title).unicodeScalars.contains("\""))
        #expect(!HTMLEscaping.attribute("'\u{0308}x").unicodeScalars.contains("'"))
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            try await browser.get("/books/new")
            let added = try await browser.post("/books", ["title": title, "authors": "A\"\u{301} B", "status": "read"])
            let book = try #require(added.location)
            // In text a quote is harmless; inside a tag it would end the attribute.
            let injected = /<[^>]*onmouseover="/
            for path in [book, "/library", "\(book)/edit"] {
                let page = try await browser.get(path)
                #expect(page.body.contains("onmouseover"), "\(path) shows the title")
                #expect(page.body.firstMatch(of: injected) == nil, "\(path)")
            }
        }
    }

    @Test("An invitation that does not exist is refused before any password is hashed")
    func unknownInvitation() async throws {
        try await WebHarness.run { app in
            _ = try await app.signedInReader("dana")
            let browser = app.browser()
            try await browser.get("/login")
            let answer = try await browser.post(
                "/invite/not-a-token",
                ["name": "mallory", "password": "a long enough password", "confirmation": "a long enough password"])
            #expect(answer.status == .notFound)
        }
    }

    @Test("Passwords checked to delete an account are throttled like sign-ins")
    func passwordChecksThrottled() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            for _ in 0..<5 {
                let wrong = try await api.request(.delete, "/api/v1/me", json: ["password": "not the password at all"])
                #expect(wrong.status == .unprocessableContent)
            }
            let locked = try await api.request(.delete, "/api/v1/me", json: ["password": WebHarness.password])
            #expect(locked.status == .tooManyRequests)
            #expect(try await app.store.users.user(named: user.name) != nil)
        }
    }

    @Test("Changing the password can end every other API token; an owner's reset ends them all")
    func passwordChangeEndsTokens() async throws {
        try await WebHarness.run { app in
            let (user, api) = try await app.apiReader("dana")
            let other = try await AccountTools.issueToken(named: "old phone", for: user, store: app.store, now: TestClock.now)
            let phone = APIClient(client: app.client, token: other)
            let keep = try await api.request(
                .put, "/api/v1/me/password",
                json: ["currentPassword": WebHarness.password, "newPassword": "another long passphrase"])
            #expect(keep.status == .noContent)
            #expect(try await phone.request(.get, "/api/v1/me").status == .ok, "tokens stay unless asked")
            let end = try await api.request(
                .put, "/api/v1/me/password",
                json: [
                    "currentPassword": "another long passphrase", "newPassword": "a third long passphrase", "revokeTokens": true,
                ])
            #expect(end.status == .noContent)
            #expect(try await phone.request(.get, "/api/v1/me").status == .unauthorized)
            #expect(try await api.request(.get, "/api/v1/me").status == .ok, "the token making the change stays")
            try await AccountTools.setPassword("reset by the owner", for: user, store: app.store, now: TestClock.now)
            #expect(try await app.store.tokens.tokens(of: user.id).isEmpty)
        }
    }

    @Test("A password longer than bcrypt reads (72 bytes) is refused, never cut")
    func longPasswords() {
        #expect(Passwords.problem(with: String(repeating: "a", count: 72), confirmation: nil) == nil)
        #expect(Passwords.problem(with: String(repeating: "a", count: 73), confirmation: nil) != nil)
        #expect(Passwords.problem(with: String(repeating: "é", count: 37), confirmation: nil) != nil)
    }

    @Test("Only a trusted proxy names the client, and the nearest untrusted address is taken")
    func forwardedAddresses() {
        let trusted: Set<String> = ["127.0.0.1", "10.0.0.2"]
        #expect(
            ClientAddressMiddleware.client(
                forwardedBy: [HTTPField.Name("X-Forwarded-For")!: "1.1.1.1, 203.0.113.7, 10.0.0.2"], trusted: trusted)
                == "203.0.113.7")
        #expect(
            ClientAddressMiddleware.client(
                forwardedBy: [HTTPField.Name("Forwarded")!: "for=198.51.100.4;proto=https, for=\"[2001:db8::1]:4711\""],
                trusted: trusted) == "2001:db8::1")
        #expect(ClientAddressMiddleware.client(forwardedBy: [:], trusted: trusted) == nil)
    }
}

@Suite("Sign-in throttling: one account's or address's failures never lock out another", .timeLimit(.minutes(5)))
struct ThrottleTests {
    @Test("Twenty failures from one address lock that address only; five for a name lock it only there")
    func perAddress() async throws {
        try await TestDatabase.sqlite.withStore { store in
            let throttle = LoginThrottle(store: store)
            for index in 0..<LoginThrottle.failuresPerAddress {
                try await throttle.recordFailure(name: "guess\(index)", address: "203.0.113.7", now: TestClock.now)
            }
            await #expect(throws: LoginThrottle.Refused.self) {
                try await throttle.check(name: "dana", address: "203.0.113.7", now: TestClock.now)
            }
            try await throttle.check(name: "dana", address: "198.51.100.4", now: TestClock.now)
            for _ in 0..<LoginThrottle.failuresPerNameAndAddress {
                try await throttle.recordFailure(name: "dana", address: "192.0.2.1", now: TestClock.now)
            }
            await #expect(throws: LoginThrottle.Refused.self) {
                try await throttle.check(name: "dana", address: "192.0.2.1", now: TestClock.now)
            }
            try await throttle.check(name: "dana", address: "198.51.100.4", now: TestClock.now)
            try await throttle.check(name: "eve", address: "192.0.2.1", now: TestClock.now)
        }
    }

    @Test("Sign-ins with an empty name do not close registration for anyone")
    func emptyNames() async throws {
        try await TestDatabase.sqlite.withStore { store in
            let throttle = LoginThrottle(store: store)
            for _ in 0..<10 { try await throttle.recordFailure(name: "", address: "203.0.113.7", now: TestClock.now) }
            try await throttle.checkRegistration(address: "198.51.100.4", now: TestClock.now)
            try await throttle.checkRegistration(address: "203.0.113.7", now: TestClock.now)
        }
    }
}
