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
}
