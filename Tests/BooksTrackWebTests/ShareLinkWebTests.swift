import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite("Share links: a read-only snapshot of one insights card, listed, revocable", .timeLimit(.minutes(5)))
struct ShareLinkWebTests {
    /// The address on the page "Share" answers with.
    static func link(in page: Page) throws -> String {
        let range = try #require(page.body.range(of: "/s/[A-Za-z0-9_-]{43}", options: .regularExpression))
        return String(page.body[range])
    }

    @Test("Shared, seen by a stranger with nothing else reachable, frozen, then revoked: 404")
    func shareSeeRevoke() async throws {
        try await WebHarness.run { app in
            let (_, dana) = try await app.signedInReader("dana")
            try await dana.get("/books/new")
            #expect(try await dana.post("/demo").status == .seeOther)
            let insights = try await dana.get("/insights")
            #expect(insights.body.contains(#"<form method="post" action="/shares" class="share-form">"#))
            for card in SharedCard.allCases {
                #expect(insights.body.contains(#"name="card" value="\#(card.rawValue)""#), "\(card) has a Share button")
            }

            let created = try await dana.post("/shares", ["card": "regions", "period": "all", "scope": "library"])
            #expect(created.status == .created)
            #expect(created.text.contains("Copy it now"))
            let link = try Self.link(in: created)

            let stranger = app.browser()
            let shared = try await stranger.get(link)
            #expect(shared.status == .ok)
            #expect(shared.headers[HTTPField.Name("X-Robots-Tag")!] == "noindex, nofollow")
            #expect(shared.body.contains(#"<meta name="robots" content="noindex, nofollow"/>"#))
            #expect(shared.text.contains("Cultural regions") && shared.text.contains("Whole library"))
            #expect(shared.text.contains("Africa"))
            // Nothing in it leads anywhere: no links, no forms, no prompts, no reader's name.
            // The only links are the card's picture (its downloads), under the same address.
            let hrefs = shared.body.matches(of: /<a [^>]*href="([^"]*)"/).map { String($0.1) }
            #expect(hrefs == [link + "/image.svg"], "a snapshot links nowhere but its own picture")
            #expect(!shared.body.contains("<form") && !shared.body.contains("data-prompt"))
            #expect(!shared.text.contains("dana") && !shared.text.contains("Sign out"))

            // Frozen: the library changes, the snapshot does not.
            try await dana.get("/books/new")
            #expect(
                try await dana.post("/books", ["title": "Kindred", "authors": "Octavia E. Butler", "status": "read"]).status
                    == .seeOther)
            #expect(try await stranger.get(link).body == shared.body)

            let account = try await dana.get("/account")
            #expect(account.text.contains("Cultural regions · All time · Whole library · counted by books"))
            let user = try #require(try await app.store.users.user(named: "dana"))
            let shareID = try #require(try await app.store.shareLinks.links(of: user.id).first?.id)
            let revoked = try await dana.post("/account/shares/\(shareID.string)/delete")
            #expect(revoked.location == "/account#shares")
            // The service worker fetching the offline page meanwhile does not take the notice.
            let background = try await dana.request(.get, "/offline", headers: [NoticeMiddleware.fetchMode: "same-origin"])
            #expect(background.status == .ok && !background.text.contains("The share link is revoked"))
            #expect(try await dana.follow(revoked).text.contains("The share link is revoked"))
            let gone = try await stranger.get(link)
            #expect(gone.status == .notFound)
            #expect(gone.text.contains("There is no such share link"))
            #expect(!(try await dana.get("/account").text.contains("Whole library · counted by books")))
        }
    }

    @Test("A radar snapshot has its figures and coverage but no + controls and no completion widget")
    func radarSnapshot() async throws {
        try await WebHarness.run { app in
            let (_, dana) = try await app.signedInReader("dana")
            try await dana.get("/books/new")
            #expect(try await dana.post("/demo").status == .seeOther)
            try await dana.get("/insights")
            let created = try await dana.post("/shares", ["card": "radar"])
            let shared = try await app.browser().get(try Self.link(in: created))
            #expect(shared.text.contains("Representation radar") && shared.text.contains("Show the radar as a table"))
            #expect(shared.body.contains(#"aria-label="Representation radar. Overall"#))
            #expect(!shared.body.contains("radar-plus") && !shared.text.contains("Fill missing data"))
            #expect(!shared.text.contains("press + to add it"))
        }
    }

    @Test("Another reader can neither revoke nor list a link; a wrong card, period or token is refused")
    func isolationAndBadInput() async throws {
        try await WebHarness.run { app in
            let (dana, danaBrowser) = try await app.signedInReader("dana")
            try await danaBrowser.get("/insights")
            let link = try Self.link(in: try await danaBrowser.post("/shares", ["card": "score"]))
            let shareID = try #require(try await app.store.shareLinks.links(of: dana.id).first?.id)

            let (_, eli) = try await app.signedInReader("eli")
            try await eli.get("/account")
            #expect(try await eli.post("/account/shares/\(shareID.string)/delete").status == .notFound)
            #expect(!(try await eli.get("/account").text.contains("Diversity score ·")))
            #expect(try await app.browser().get(link).status == .ok, "still works after another reader's attempt")

            try await danaBrowser.get("/insights")
            #expect(try await danaBrowser.post("/shares", ["card": "everything"]).status == .unprocessableContent)
            #expect(
                try await danaBrowser.post("/shares", ["card": "score", "period": "someday"]).status == .unprocessableContent)
            #expect(try await danaBrowser.post("/shares", ["card": "score"], csrf: false).status == .forbidden)
            #expect(try await app.browser().get("/s/not-a-token").status == .notFound)
            #expect(try await app.browser().get("/s/" + String(repeating: "a", count: 43)).status == .notFound)
            #expect(try await app.store.shareLinks.links(of: dana.id).count == 1, "refused requests made nothing")
        }
    }

    @Test("At most 100 links a reader; deleting the account takes its links with it")
    func limitAndDeletion() async throws {
        try await WebHarness.run { app in
            _ = try await app.signedInReader("owner")
            let (dana, browser) = try await app.signedInReader("dana")
            for index in 0..<ShareLinkRepository.limit {
                try await app.store.shareLinks.create(
                    card: "score", title: "Diversity score", covers: "All time", content: "<p>\(index)</p>",
                    hash: "hash-\(index)", for: dana.id, now: TestClock.now)
            }
            try await browser.get("/insights")
            let refused = try await browser.post("/shares", ["card": "score"])
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("You already have 100 share links"))

            try await browser.get("/insights")
            let link = try Self.link(
                in: try await { () async throws -> Page in
                    try await app.store.shareLinks.delete(
                        try #require(try await app.store.shareLinks.links(of: dana.id).first?.id), of: dana.id)
                    return try await browser.post("/shares", ["card": "score"])
                }())
            #expect(try await app.browser().get(link).status == .ok)
            try await app.store.accounts.deleteAccount(dana.id)
            #expect(try await app.browser().get(link).status == .notFound)
        }
    }

    @Test("The API makes, lists and revokes links; the address is in the creating answer only")
    func api() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let made = try await api.request(.post, "/api/v1/shares", json: ["card": "gender", "unit": "authors"])
            #expect(made.status == .created)
            let body = try made.json()
            let url = try #require(body["url"] as? String)
            #expect(body["covers"] as? String == "All time · Books read · counted by authors")
            let listed = try await api.request(.get, "/api/v1/shares")
            #expect(listed.body.contains(#""card":"gender""#) && !listed.body.contains("/s/"))
            let start = try #require(url.range(of: "/s/")).lowerBound
            let path = String(url[start...])
            #expect(try await app.browser().get(path).status == .ok)
            for refused: [String: Any] in [
                ["card": "all"], ["card": "radar", "period": ""], ["card": "radar", "to": "someday"],
                ["card": "radar", "scope": "READ"], ["card": "radar", "unit": "pages"], ["card": "radar", "period": "1066x"],
            ] {
                #expect(
                    try await api.request(.post, "/api/v1/shares", json: refused).status == .unprocessableContent, "\(refused)")
            }
            #expect(try await api.request(.post, "/api/v1/shares", json: ["card": "radar", "unit": NSNull()]).status == .created)
            let id = try #require(body["id"] as? String)
            #expect(try await api.request(.delete, "/api/v1/shares/\(id)").status == .noContent)
            #expect(try await api.request(.delete, "/api/v1/shares/\(id)").status == .notFound)
            #expect(try await app.browser().get(path).status == .notFound)
        }
    }
}
