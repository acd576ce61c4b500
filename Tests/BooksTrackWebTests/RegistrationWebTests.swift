import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Open registration: off by default, switched on and off by the owner only", .timeLimit(.minutes(5)))
struct RegistrationWebTests {
    @Test("Closed, a reader cannot open it; the owner opens it, a stranger joins as a reader, the owner closes it")
    func registration() async throws {
        try await WebHarness.run { app in
            let (_, owner) = try await app.signedInReader("olive")
            let (_, reader) = try await app.signedInReader("dana")
            let stranger = app.browser()
            let closed = try await stranger.get("/register")
            #expect(closed.status == .notFound && closed.text.contains("Accounts here are by invitation only"))
            #expect(try await stranger.get("/login").text.contains("Ask the owner of this BooksTrack for an invitation link"))

            #expect(try await reader.post("/account/registration", ["open": "on"]).status == .forbidden)
            #expect(try await reader.get("/account").text.contains("Anyone who reaches this BooksTrack") == false)
            let opened = try await owner.post("/account/registration", ["open": "on"])
            #expect(opened.status == .seeOther)
            #expect(try await owner.follow(opened).text.contains("Anyone who reaches this BooksTrack can now create an account"))

            let login = try await stranger.get("/login")
            #expect(login.body.contains(#"<a href="/register">Create an account</a>"#))
            #expect(try await stranger.get("/register").status == .ok)
            let wrong = try await stranger.post(
                "/register", ["name": "dana", "password": "correct horse battery", "confirmation": "correct horse battery"])
            #expect(wrong.status == .unprocessableContent && wrong.text.contains("Someone here already uses this name"))
            let joined = try await stranger.post(
                "/register",
                [
                    "name": "zoe", "display_name": "Zoë", "password": "correct horse battery",
                    "confirmation": "correct horse battery",
                ])
            #expect(joined.status == .seeOther && joined.location == "/")
            let zoe = try #require(try await app.store.users.user(named: "zoe"))
            #expect(zoe.role == .reader && zoe.displayName == "Zoë")
            #expect(try await stranger.get("/").text.contains("Welcome to BooksTrack."), "signed in as the new reader")
            #expect(try await app.store.reader(zoe.id).browse.statusCounts().values.reduce(0, +) == 0)

            #expect(try await owner.post("/account/registration", [:]).status == .seeOther)
            #expect(try await app.browser().get("/register").status == .notFound)
            #expect(try await app.browser().post("/register", ["name": "yan"], csrf: false).status != .seeOther)
        }
    }
}
