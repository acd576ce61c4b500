import BooksTrackCore
import Foundation
import Testing

@testable import BooksTrackApp

@Suite("The API sets what the account page sets: the webhook, and the owner's switches", .timeLimit(.minutes(5)))
struct InstanceAPITests {
    @Test("A reader sets, reads, tests and removes their webhook; a private address is refused with why")
    func webhook() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            #expect(try await api.request(.get, "/api/v1/me/webhook").json()["url"] == nil)
            #expect(try await api.request(.post, "/api/v1/me/webhook/test").status == .conflict)
            let set = try await api.request(.put, "/api/v1/me/webhook", json: ["url": "https://example.org/hook"])
            #expect(set.status == .ok)
            #expect(try set.json()["url"] as? String == "https://example.org/hook")
            #expect(try await api.request(.get, "/api/v1/me/webhook").json()["url"] as? String == "https://example.org/hook")
            #expect(try await api.request(.post, "/api/v1/me/webhook/test").status == .accepted)
            let privateAddress = try await api.request(.put, "/api/v1/me/webhook", json: ["url": "http://127.0.0.1/hook"])
            #expect(privateAddress.status == .unprocessableContent)
            #expect(privateAddress.body.contains("private network"))
            let unknown = try await api.request(.put, "/api/v1/me/webhook", json: ["address": "https://example.org"])
            #expect(unknown.status == .unprocessableContent)
            let removed = try await api.request(.put, "/api/v1/me/webhook", json: ["url": NSNull()])
            #expect(removed.status == .ok)
            #expect(try await app.app.webhooks.webhook(of: try #require(try await app.store.users.user(named: "dana"))) == nil)
        }
    }

    @Test("Every reader reads the switches; only the owner changes them, one at a time")
    func switches() async throws {
        try await WebHarness.run { app in
            let (_, owner) = try await app.apiReader("olive")
            let (_, reader) = try await app.apiReader("dana")
            let before = try await reader.request(.get, "/api/v1/instance").json()
            #expect(before["openRegistration"] as? Bool == false)
            #expect(before["canChange"] as? Bool == false)
            let refused = try await reader.request(.patch, "/api/v1/instance", json: ["openRegistration": true])
            #expect(refused.status == .forbidden)
            #expect(try await app.app.accounts.registration.isOpen() == false)
            let opened = try await owner.request(.patch, "/api/v1/instance", json: ["openRegistration": true])
            #expect(opened.status == .ok)
            #expect(try opened.json()["openRegistration"] as? Bool == true)
            #expect(try opened.json()["webhooksMayReachPrivateNetworks"] as? Bool == false)
            #expect(try await app.app.accounts.registration.isOpen())
            let allowed = try await owner.request(.patch, "/api/v1/instance", json: ["webhooksMayReachPrivateNetworks": true])
            #expect(try allowed.json()["openRegistration"] as? Bool == true)
            #expect(try allowed.json()["webhooksMayReachPrivateNetworks"] as? Bool == true)
            #expect(
                try await owner.request(.patch, "/api/v1/instance", json: ["openRegistration": "yes"]).status
                    == .unprocessableContent)
        }
    }
}
