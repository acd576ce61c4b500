import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import BooksTrackWebhooks
import Foundation
import Testing

@testable import BooksTrackApp

@Suite("A reader's webhook: notifications sent by the job runner, retried, never to a private address unless allowed")
struct WebhookTests {
    @Test(
        "Notifications reach the webhook in ntfy's form; failures are retried later; the owner decides on private addresses",
        arguments: TestDatabase.available)
    func delivery(_ database: TestDatabase) async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await database.withStore { (store: Store) async throws in
            let clock = TestClockBox(TestClock.now)
            let app = BooksTrack(
                store: store, clock: { clock.now },
                links: NoticeLinks(base: "https://books.example.org/", path: { "/to/" + $0.stored }))
            let olive = try await store.users.create(name: "olive", now: clock.now)
            let dana = try await store.users.create(name: "dana", now: clock.now)
            let erin = try await store.users.create(name: "erin", now: clock.now)

            // Private addresses are refused until the owner allows them; only the owner can.
            #expect(try await app.webhooks.set("ftp://example.org/x", for: dana)?.contains("starts with https://") == true)
            let refused = try await app.webhooks.set(receiver.url(), for: dana)
            #expect(refused?.contains("private network") == true, "\(String(describing: refused))")
            #expect(try await app.webhooks.setAllowsPrivate(true, by: dana) == false)
            #expect(try await app.webhooks.allowsPrivate() == false)
            #expect(try await app.webhooks.setAllowsPrivate(true, by: olive))

            // A notification from before the webhook was set is not sent.
            try await store.reader(dana.id).notifications.record(
                [Notice(kind: "test", key: "old", title: "Old news", body: "From before.")], now: clock.now)
            clock.advance(by: 1)
            #expect(try await app.webhooks.set(receiver.url(), for: dana) == nil)

            // A milestone, its title not ASCII, sent with an absolute link.
            let goal = Goal(
                userID: dana.id, title: "Quatre livres — été", kind: .books, target: 4, cadence: .year,
                startsOn: LocalDate("2026-01-01")!, endsOn: LocalDate("2026-12-31")!, createdAt: clock.now)
            try await store.reader(dana.id).goals.create(goal, now: clock.now)
            let draft = try BookDraft.parse(
                ["title": "Kindred", "authors": "Octavia E. Butler", "status": "read", "finished": "2026-03-01"],
                today: LocalDate("2026-03-15")!
            ).get()
            _ = try await app.library.add(draft, for: dana, now: clock.now)
            _ = try await app.library.add(draft, for: erin, now: clock.now)
            #expect(try await receiver.received().isEmpty, "nothing is sent during the request")
            await app.jobs.drain()
            func title(_ received: WebhookReceiver.Received) -> String? {
                guard let encoded = received.headers["title"], encoded.hasPrefix("=?UTF-8?B?") else {
                    return received.headers["title"]
                }
                return Data(base64Encoded: String(encoded.dropFirst(10).dropLast(2))).map {
                    String(decoding: $0, as: UTF8.self)
                }
            }
            var received = try await receiver.received()
            // The milestone, and the first book's achievement (First Steps): both new since the
            // webhook was set; "Old news" is not sent.
            #expect(received.count == 2, "\(received.map(\.body))")
            #expect(!received.contains { $0.body == "From before." })
            let milestone = try #require(received.first { title($0) == "25% of “Quatre livres — été”" })
            #expect(milestone.headers["title"]?.hasPrefix("=?UTF-8?B?") == true)
            #expect(received.contains { title($0) == "📖 Achievement unlocked: First Steps" })
            #expect(milestone.body == "1 / 4 books so far.")
            #expect(milestone.headers["click"] == "https://books.example.org/to/goal:\(goal.id.string)")
            #expect(milestone.path == "/bookstrack-topic")
            #expect(try await app.webhooks.webhook(of: dana)?.lastDeliveredAt == clock.now)
            #expect(try await store.jobs.jobs(kind: WebhookService.jobKind).count == 1, "erin has no webhook: nothing queued")

            // The address fails once: the notification waits a minute, then is sent.
            try await receiver.fail(status: 503, count: 1)
            try await app.webhooks.sendTest(for: dana)
            await app.jobs.drain()
            #expect(try await receiver.received().count == 3)
            let failed = try #require(try await app.webhooks.webhook(of: dana))
            #expect(failed.lastError == "the address answered HTTP 503")
            clock.advance(by: 30)
            await app.jobs.drain()
            #expect(try await receiver.received().count == 3, "not retried before its minute")
            clock.advance(by: 31)
            await app.jobs.drain()
            received = try await receiver.received()
            #expect(received.count == 4 && received.last?.headers["title"] == "Test notification")
            #expect(try await app.webhooks.webhook(of: dana)?.lastError == nil)

            // The owner forbids private addresses again: nothing is sent, and the reader sees why.
            #expect(try await app.webhooks.setAllowsPrivate(false, by: olive))
            clock.advance(by: 1)
            try await app.webhooks.sendTest(for: dana)
            await app.jobs.drain()
            #expect(try await receiver.received().count == 4)
            let blocked = try await app.webhooks.webhook(of: dana)?.lastError ?? ""
            #expect(blocked.contains("127.0.0.1 is on this machine or a private network"), "\(blocked)")

            // Removing the webhook stops it.
            #expect(try await app.webhooks.set("  ", for: dana) == nil)
            #expect(try await app.webhooks.webhook(of: dana) == nil)
        }
    }

    @Test(
        "Which addresses count as private",
        arguments: [
            ("127.0.0.1", false), ("10.1.2.3", false), ("172.16.0.1", false), ("172.32.0.1", true), ("192.168.1.1", false),
            ("169.254.169.254", false), ("100.64.0.1", false), ("0.0.0.0", false), ("224.0.0.1", false), ("::1", false),
            ("::", false), ("fd00::1", false), ("fe80::1", false), ("::ffff:127.0.0.1", false), ("::ffff:8.8.8.8", true),
            ("8.8.8.8", true), ("2606:4700:4700::1111", true), ("93.184.216.34", true),
            // IPv4 inside IPv6: compatible, NAT64 and 6to4 forms reach the IPv4 host they name.
            ("::127.0.0.1", false), ("::10.0.0.1", false), ("64:ff9b::7f00:1", false), ("64:ff9b::a9fe:a9fe", false),
            ("64:ff9b::808:808", true), ("2002:7f00:1::", false), ("2002:c0a8:101::1", false), ("2002:808:808::", true),
        ])
    func privateAddresses(_ text: String, _ isPublic: Bool) throws {
        let address = try #require(WebhookAddressPolicy.Address(text))
        #expect(WebhookAddressPolicy.isPublic(address) == isPublic)
    }

    @Test("A failing address is tried once per run: the other notifications wait for its retry")
    func failingAddress() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await TestDatabase.sqlite.withStore { (store: Store) async throws in
            let clock = TestClockBox(TestClock.now)
            let app = BooksTrack(store: store, clock: { clock.now })
            let olive = try await store.users.create(name: "olive", now: clock.now)
            #expect(try await app.webhooks.setAllowsPrivate(true, by: olive))
            #expect(try await app.webhooks.set(receiver.url(), for: olive) == nil)
            try await receiver.fail(status: 500, count: 10)
            clock.advance(by: 1)
            try await store.reader(olive.id).notifications.record(
                (1...3).map { Notice(kind: "test", key: "n\($0)", title: "N\($0)", body: "Body \($0)") }, now: clock.now)
            await app.notifications.deliver(olive.id, now: clock.now)
            await app.jobs.drain()
            #expect(try await receiver.received().count == 1, "one try, not three timeouts in a row")
            clock.advance(by: 61)
            await app.jobs.drain()
            #expect(try await receiver.received().count == 2, "the retry, then it stops again")
            #expect(try await app.webhooks.webhook(of: olive)?.lastError == "the address answered HTTP 500")
        }
    }

    @Test("A name that resolves to this machine is refused like its address")
    func resolvedNames() async throws {
        let refused = await WebhookAddressPolicy(allowPrivate: false).check(URL(string: "http://localhost:9/x")!)
        guard case .failure(let refusal) = refused else {
            Issue.record("localhost was allowed: \(refused)")
            return
        }
        #expect(refusal.message.contains("private network"), "\(refusal.message)")
        let allowed = await WebhookAddressPolicy(allowPrivate: true).check(URL(string: "http://localhost:9/x")!)
        #expect(["127.0.0.1", "::1"].contains(try allowed.get().text))
    }

    @Test("The post goes to the address that was checked, never to what the name resolves to later")
    func pinnedAddress() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        // `rebound.invalid` resolves nowhere (RFC 6761): if the sender looked the name up again —
        // as a DNS rebinding attack needs it to — the post would fail. It arrives, so the
        // connection went to the checked address, and the request still names the host.
        let url = URL(string: "http://rebound.invalid:\(receiver.port)/topic")!
        let checked = try #require(WebhookAddressPolicy.Address("127.0.0.1"))
        let status = try await PinnedWebhookSender().post(url, at: checked, body: Data("hello".utf8), headers: ["Title": "T"])
        #expect(status == 200)
        let received = try await receiver.received()
        #expect(received.map(\.path) == ["/topic"])
        #expect(received.first?.headers["host"] == "rebound.invalid:\(receiver.port)")
        #expect(received.first?.body == "hello")

        // Nothing listening at the checked address: the reader reads why, in words.
        let closed = try #require(WebhookAddressPolicy.Address("127.0.0.1"))
        await #expect {
            _ = try await PinnedWebhookSender().post(
                URL(string: "http://rebound.invalid:9/x")!, at: closed, body: Data(), headers: [:])
        } throws: { ($0 as? WebhookFailure)?.message == "the connection was refused" }
    }
}
