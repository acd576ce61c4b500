import BooksTrackTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import BooksTrackWeb

@Suite("Offline: the service worker and the page it shows when the network is gone", .timeLimit(.minutes(5)))
struct OfflineWebTests {
    @Test("/sw.js is served from the root, never cached for long, keeping this version's stylesheet and script")
    func serviceWorker() async throws {
        try await WebHarness.run { app in
            let worker = try await app.browser().get("/sw.js")
            #expect(worker.status == .ok)
            #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(worker.headers[.cacheControl] == "no-cache")
            #expect(worker.body.contains("\"/assets/app.css?v=\" + VERSION"))
            #expect(worker.body.contains("var VERSION = \"\(Assets.version)\";") && !worker.body.contains("__VERSION__"))
            #expect(worker.body.contains("\"/logout\""), "signing out forgets the snapshot")
            let (_, dana) = try await app.signedInReader("dana")
            #expect(try await dana.get("/").body.contains(#"<script src="/assets/app.js?v=\#(Assets.version)""#))
            #expect(
                Assets.files["app.js"].map { String(buffer: $0.bytes) }?.contains("serviceWorker.register(\"/sw.js\")") == true)
        }
    }

    @Test("/offline names no reader, needs no session, and marks the paragraph the worker swaps")
    func offlinePage() async throws {
        try await WebHarness.run { app in
            let page = try await app.browser().get("/offline")
            #expect(page.status == .ok)
            #expect(page.text.contains("You are offline"))
            #expect(page.body.contains("<!--snapshot-->") && page.body.contains("<!--/snapshot-->"))
            #expect(page.body.contains(#"<a href="/insights">open your last insights</a>"#))
            #expect(!page.body.contains("_csrf"))
        }
    }
}
