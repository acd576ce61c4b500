import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackWeb

@Suite(
    "The account page's webhook: an address checked as typed, the owner's rule, a test notification delivered",
    .timeLimit(.minutes(5)))
struct WebhookWebTests {
    @Test("A reader sets a webhook the owner allowed, sends a test, and sees it delivered")
    func webhookCard() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await WebHarness.run { app in
            let (_, owner) = try await app.signedInReader("olive")
            let (_, browser) = try await app.signedInReader("dana")
            #expect(try await browser.get("/account").text.contains("Notifications elsewhere"))

            let wrong = try await browser.post("/account/webhook", ["webhook_url": "ntfy.sh/topic"])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("A webhook address starts with https:// (or http://)"))
            #expect(wrong.body.contains(#"value="ntfy.sh/topic""#), "what was typed is kept")
            let local = try await browser.post("/account/webhook", ["webhook_url": receiver.url()])
            #expect(local.status == .unprocessableContent)
            #expect(local.text.contains("the owner of this BooksTrack has not allowed webhooks there"))
            #expect(try await browser.post("/account/webhook/test").status == .conflict)

            // Only the owner sees and sets the rule.
            #expect(try await browser.get("/account").text.contains("Let webhooks reach this machine") == false)
            #expect(try await browser.post("/account/webhook/policy", ["allow_private": "on"]).status == .forbidden)
            #expect(try await owner.get("/account").text.contains("Let webhooks reach this machine"))
            let allowed = try await owner.post("/account/webhook/policy", ["allow_private": "on"])
            #expect(allowed.status == .seeOther)
            #expect(try await owner.follow(allowed).text.contains("The webhook rule for this BooksTrack is saved."))

            let saved = try await browser.post("/account/webhook", ["webhook_url": receiver.url()])
            #expect(saved.status == .seeOther)
            let page = try await browser.follow(saved)
            #expect(page.text.contains("Your notifications will also be sent to that address."))
            #expect(page.text.contains("Nothing sent yet."))
            #expect(try await browser.post("/account/webhook/test").status == .seeOther)
            var delivered: [WebhookReceiver.Received] = []
            for _ in 0..<100 where delivered.isEmpty {
                delivered = try await receiver.received()
                if delivered.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(delivered.map(\.body) == ["Your BooksTrack notifications arrive here."])
            var shown = ""
            for _ in 0..<100 where !shown.contains("Last sent") {
                shown = try await browser.get("/account").text
                if !shown.contains("Last sent") { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(shown.contains("Last sent"))

            let removed = try await browser.post("/account/webhook", ["webhook_url": ""])
            #expect(try await browser.follow(removed).text.contains("Your notifications are no longer sent anywhere else."))
        }
    }
}
