import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Accounts: set-up, sign-in, invitations, passwords", .timeLimit(.minutes(5)))
struct AccountTests {
    @Test("A fresh instance sends the first visitor to set-up, which creates the owner and signs them in")
    func setUpOwner() async throws {
        try await WebHarness.run { app in
            let browser = app.browser()
            let home = try await browser.get("/")
            #expect(home.location == "/setup")
            let form = try await browser.get("/setup")
            #expect(form.text.contains("Set up BooksTrack"))
            let created = try await browser.post(
                "/setup",
                ["name": "dana", "display_name": "Dana", "password": WebHarness.password, "confirmation": WebHarness.password])
            #expect(created.status == .seeOther)
            let cookie = try #require(created.headers[values: .setCookie].first { $0.hasPrefix("bt_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))
            let welcome = try await browser.follow(created)
            #expect(welcome.text.contains("Hello, Dana"))
            #expect(welcome.text.contains("Welcome to BooksTrack"))
            let owner = try #require(try await app.store.users.user(named: "dana"))
            #expect(owner.role == .owner)
            // The stored password is a bcrypt hash, never the password.
            let hash = try #require(try await app.store.accounts.passwordHash(of: owner.id))
            #expect(hash.hasPrefix("$2") && !hash.contains(WebHarness.password))
        }
    }

    @Test("Set-up explains each problem and keeps what was typed, except passwords")
    func setUpProblems() async throws {
        try await WebHarness.run { app in
            let browser = app.browser()
            try await browser.get("/setup")
            let page = try await browser.post(
                "/setup", ["name": "no spaces allowed", "display_name": "Dana", "password": "short", "confirmation": "other"])
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains("3 fields need another look"))
            #expect(page.body.contains("value=\"no spaces allowed\""))
            #expect(!page.body.contains("value=\"short\""))
            #expect(try await app.store.users.all().isEmpty)
        }
    }

    @Test("Once set up, set-up is closed and a second owner cannot be created")
    func setUpOnce() async throws {
        try await WebHarness.run { app in
            _ = try await app.signedInReader("dana")
            let stranger = app.browser()
            #expect(try await stranger.get("/setup").location == "/login")
            try await stranger.get("/login")
            let attempt = try await stranger.post(
                "/setup", ["name": "mallory", "password": WebHarness.password, "confirmation": WebHarness.password])
            #expect(attempt.status == .conflict)
            #expect(try await app.store.users.user(named: "mallory") == nil)
        }
    }

    @Test("An owner created on the command line without a password chooses it on first visit")
    func ownerFromCommandLine() async throws {
        try await WebHarness.run { app in
            _ = try await app.store.users.create(name: "cli-owner", now: TestClock.now)
            let browser = app.browser()
            #expect(try await browser.get("/login").location == "/setup")
            let form = try await browser.get("/setup")
            #expect(form.text.contains("Choose a password for cli-owner"))
            let done = try await browser.post("/setup", ["password": WebHarness.password, "confirmation": WebHarness.password])
            #expect(done.location == "/")
            #expect(try await browser.get("/").text.contains("Hello, cli-owner"))
        }
    }

    @Test("A wrong password is refused with a message that does not say which part was wrong")
    func wrongPassword() async throws {
        try await WebHarness.run { app in
            _ = try await app.signedInReader("dana")
            let browser = app.browser()
            let page = try await browser.signIn("dana", password: "not the password")
            #expect(page.status == .unauthorized)
            #expect(page.text.contains("That name and password do not match"))
            let unknown = try await browser.signIn("nobody", password: "not the password")
            #expect(unknown.text.contains("That name and password do not match"))
            #expect(browser.cookies["bt_session"] == nil)
        }
    }

    @Test("After five failed sign-ins a name is locked for fifteen minutes, even with the right password")
    func rateLimited() async throws {
        try await WebHarness.run { app in
            _ = try await app.signedInReader("dana")
            let browser = app.browser()
            for _ in 0..<LoginThrottle.failuresPerNameAndAddress {
                #expect(try await browser.signIn("dana", password: "guess guess guess").status == .unauthorized)
            }
            let locked = try await browser.signIn("dana", password: WebHarness.password)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers[.retryAfter] == "900")
            #expect(locked.text.contains("Too many failed sign-ins"))
        }
    }

    @Test("Signing out ends the session on the server, not just in the browser")
    func signOut() async throws {
        try await WebHarness.run { app in
            let (_, browser) = try await app.signedInReader("dana")
            let stolen = try #require(browser.cookies["bt_session"])
            try await browser.get("/")
            let out = try await browser.post("/logout")
            #expect(out.location == "/login")
            let replay = app.browser()
            replay.cookies["bt_session"] = stolen
            #expect(try await replay.get("/library").location == "/login?next=%2Flibrary")
        }
    }

    @Test("Signing in returns to the page that asked for it, but never to another site")
    func nextAfterSignIn() async throws {
        try await WebHarness.run { app in
            _ = try await app.signedInReader("dana")
            let browser = app.browser()
            let redirected = try await browser.get("/library?status=read")
            #expect(redirected.location == "/login?next=%2Flibrary%3Fstatus%3Dread")
            try await browser.get(try #require(redirected.location))
            let back = try await browser.post(
                "/login", ["name": "dana", "password": WebHarness.password, "next": "/library?status=read"])
            #expect(back.location == "/library?status=read")
            let other = app.browser()
            try await other.get("/login")
            let evil = try await other.post(
                "/login", ["name": "dana", "password": WebHarness.password, "next": "//evil.example/"])
            #expect(evil.location == "/")
        }
    }

    @Test("An invitation link lets one person join, once")
    func invitation() async throws {
        try await WebHarness.run { app in
            let (_, owner) = try await app.signedInReader("dana")
            try await owner.get("/account")
            let created = try await owner.post("/account/invitations")
            #expect(created.status == .created)
            let link = try #require(
                created.body.range(of: "/invite/[A-Za-z0-9_-]+", options: .regularExpression).map { String(created.body[$0]) })
            let guest = app.browser()
            #expect(try await guest.get(link).text.contains("Join BooksTrack"))
            let joined = try await guest.post(
                link, ["name": "eli", "password": WebHarness.password, "confirmation": WebHarness.password])
            #expect(joined.location == "/")
            let reader = try #require(try await app.store.users.user(named: "eli"))
            #expect(reader.role == .reader)
            let again = app.browser()
            #expect(try await again.get(link).status == .notFound)
            try await again.get("/login")
            #expect(
                try await again.post(link, ["name": "fay", "password": WebHarness.password, "confirmation": WebHarness.password])
                    .status == .notFound)
        }
    }

    @Test("Only the owner can invite")
    func readersCannotInvite() async throws {
        try await WebHarness.run { app in
            _ = try await app.signedInReader("dana")
            let (_, reader) = try await app.signedInReader("eli")
            try await reader.get("/account")
            #expect(try await reader.post("/account/invitations").status == .forbidden)
        }
    }

    @Test("Changing the password needs the current one and signs out the reader's other browsers")
    func changePassword() async throws {
        try await WebHarness.run { app in
            let (_, laptop) = try await app.signedInReader("dana")
            let phone = app.browser()
            try await phone.signIn("dana", password: WebHarness.password)
            try await laptop.get("/account")
            let wrong = try await laptop.post(
                "/account/password",
                [
                    "current_password": "nope nope nope", "password": "a new long passphrase",
                    "confirmation": "a new long passphrase",
                ])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("That is not your current password"))
            let changed = try await laptop.post(
                "/account/password",
                [
                    "current_password": WebHarness.password, "password": "a new long passphrase",
                    "confirmation": "a new long passphrase",
                ])
            #expect(changed.location == "/account")
            #expect(try await laptop.follow(changed).text.contains("Your password is changed"))
            #expect(try await phone.get("/library").status == .seeOther)
            #expect(try await app.browser().signIn("dana", password: "a new long passphrase").status == .seeOther)
        }
    }

    @Test("Secure cookies when the public address is HTTPS")
    func secureCookies() async throws {
        try await WebHarness.run(publicURL: "https://books.example.org") { app in
            let browser = app.browser()
            try await browser.get("/setup")
            let created = try await browser.post(
                "/setup", ["name": "dana", "password": WebHarness.password, "confirmation": WebHarness.password])
            let cookie = try #require(created.headers[values: .setCookie].first { $0.hasPrefix("bt_session=") })
            #expect(cookie.contains("Secure"))
        }
    }

    @Test("Deleting the account needs the password and removes the reader's library")
    func deleteAccount() async throws {
        try await WebHarness.run { app in
            _ = try await app.signedInReader("dana")
            let (reader, browser) = try await app.signedInReader("eli")
            _ = try await app.importFixture(Fixtures.goodreadsFiles[0], for: reader)
            try await browser.get("/account/delete")
            #expect(try await browser.post("/account/delete", ["password": "wrong wrong wrong"]).status == .unprocessableContent)
            #expect(try await app.store.users.user(named: "eli") != nil)
            let gone = try await browser.post("/account/delete", ["password": WebHarness.password])
            #expect(gone.location == "/")
            #expect(try await app.store.users.user(named: "eli") == nil)
            #expect(try await app.store.reader(reader.id).browse.statusCounts().isEmpty)
            #expect(browser.cookies["bt_session"] == nil)
        }
    }

    @Test("The owner cannot leave while other readers remain")
    func ownerStays() async throws {
        try await WebHarness.run { app in
            let (_, owner) = try await app.signedInReader("dana")
            _ = try await app.signedInReader("eli")
            try await owner.get("/account/delete")
            let refused = try await owner.post("/account/delete", ["password": WebHarness.password])
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("other readers still use it"))
        }
    }

    @Test("API tokens are shown once, stored hashed, and stop working when revoked")
    func apiTokens() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            try await browser.get("/account")
            let created = try await browser.post("/account/tokens", ["token_name": "backup script"])
            #expect(created.status == .created)
            let token = try #require(
                created.body.range(of: "bt_[A-Za-z0-9_-]{40,}", options: .regularExpression).map { String(created.body[$0]) })
            let api = APIClient(client: app.client, token: token)
            #expect(try await api.request(.get, "/api/v1/me").status == .ok)
            // Listed by name, never with its secret.
            #expect(!(try await browser.get("/account").body.contains(token)))
            let tokens = try await app.store.tokens.tokens(of: user.id)
            #expect(tokens.map(\.name) == ["backup script"])
            try await browser.get("/account")
            let revoked = try await browser.post("/account/tokens/\(tokens[0].id.string)/delete")
            #expect(revoked.location == "/account")
            let refused = try await api.request(.get, "/api/v1/me")
            #expect(refused.status == .unauthorized)
            #expect(refused.headers[.contentType] == "application/problem+json")
        }
    }
}
