import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Notifications: what a write earned shows on home and in the API until it is read", .timeLimit(.minutes(5)))
struct NotificationWebTests {
    @Test("Five answers on the question page put the Curator notice on home; Mark as read clears it, in the API too")
    func curatorNotice() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("dana")
            let token = try await AccountTools.issueToken(named: "tests", for: user, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            var books: [(LibraryEntry.ID, Author.ID)] = []
            for (title, author) in [
                ("Kindred", "Octavia E. Butler"), ("Beloved", "Toni Morrison"), ("Pachinko", "Min Jin Lee"),
                ("Homegoing", "Yaa Gyasi"), ("The Vegetarian", "Han Kang"),
            ] {
                // On the to-read shelf: a book read would earn First Steps, a notice of its own.
                books.append(try await RadarAndPromptTests.book(title, by: author, status: "toRead", for: user, in: app))
            }
            for (index, (entry, author)) in books.enumerated() {
                #expect(try await browser.get("/").body.contains("id=\"notifications\"") == false, "answer \(index)")
                let saved = try await browser.post(
                    "/prompt", ["entry": entry.string, "fact": "gender", "author": author.string, "value": "female"])
                #expect(saved.status == .ok)
            }
            let home = try await browser.get("/")
            #expect(home.text.contains("New for you"))
            #expect(home.text.contains("🏅 You are a Curator"))
            #expect(home.body.contains("<a href=\"/contributions\">🏅 You are a Curator</a>"))
            let listed = try await api.request(.get, "/api/v1/notifications").json()
            #expect(listed["unread"] as? Int == 1)
            let item = try #require((listed["items"] as? [[String: Any]])?.first)
            #expect(item["title"] as? String == "🏅 You are a Curator")
            #expect(item["readAt"] == nil || item["readAt"] is NSNull)
            let id = try #require(item["id"] as? String)
            #expect(home.body.contains("action=\"/notifications/\(id)/read\""))

            let marked = try await browser.post("/notifications/\(id)/read")
            #expect(marked.status == .seeOther)
            #expect(marked.location == "/")
            #expect(try await browser.get("/").body.contains("id=\"notifications\"") == false)
            let after = try await api.request(.get, "/api/v1/notifications").json()
            #expect(after["unread"] as? Int == 0)
            #expect(((after["items"] as? [[String: Any]])?.first?["readAt"] as? String) != nil)
            #expect(try await api.request(.post, "/api/v1/notifications/\(id)/read").status == .noContent)
            // An id that is no notification at all is a 404 problem, not a 500.
            let unknown = try await api.request(.post, "/api/v1/notifications/not-an-id/read")
            #expect(unknown.status == .notFound || unknown.status == .badRequest)
        }
    }

    @Test("After the demo library's wall of notifications, Mark all as read clears them at once, in the API too")
    func markAllRead() async throws {
        try await WebHarness.run { app in
            let (user, browser) = try await app.signedInReader("rosa")
            #expect(try await browser.post("/demo").status == .seeOther)
            let token = try await AccountTools.issueToken(named: "tests", for: user, store: app.store, now: TestClock.now)
            let api = APIClient(client: app.client, token: token)
            let unread = try #require(try await api.request(.get, "/api/v1/notifications").json()["unread"] as? Int)
            #expect(unread > 1, "the demo library earns several notifications")
            let home = try await browser.get("/")
            #expect(home.body.contains("action=\"/notifications/read\""))
            #expect(home.body.contains("aria-label=\"Mark all \(unread) unread notifications as read\""))
            let centre = try await browser.get("/notifications")
            #expect(centre.body.contains("action=\"/notifications/read\""))

            let marked = try await browser.post("/notifications/read", ["return": "/notifications"])
            #expect(marked.status == .seeOther && marked.location == "/notifications")
            let after = try await browser.get("/notifications")
            #expect(after.text.contains("Every notification is marked as read."))
            #expect(!after.body.contains("action=\"/notifications/read\""), "nothing left to mark")
            #expect(try await browser.get("/").body.contains("id=\"notifications\"") == false)
            #expect(try await api.request(.get, "/api/v1/notifications").json()["unread"] as? Int == 0)
            // Again: nothing to mark, nothing said, nothing changed.
            let again = try await api.request(.post, "/api/v1/notifications/read")
            #expect(again.status == .ok)
            #expect(try again.json()["marked"] as? Int == 0)

            // The API alone, for another reader; the first reader's notifications stay theirs.
            let (other, otherBrowser) = try await app.signedInReader("ines")
            #expect(try await otherBrowser.post("/demo").status == .seeOther)
            let otherToken = try await AccountTools.issueToken(
                named: "tests", for: other, store: app.store, now: TestClock.now)
            let otherAPI = APIClient(client: app.client, token: otherToken)
            let answer = try await otherAPI.request(.post, "/api/v1/notifications/read")
            #expect(answer.status == .ok)
            #expect(try answer.json()["marked"] as? Int ?? 0 > 1)
            #expect(try await otherAPI.request(.get, "/api/v1/notifications").json()["unread"] as? Int == 0)
        }
    }
}
