import BooksTrackCore
import Foundation
import HTTPTypes
import Hummingbird
import Metrics
import Prometheus
import Testing

@testable import BooksTrackWeb

/// What a self-hoster operates with (issue 43): metrics for a scraper, and a request id that an
/// error answer shows and the log line carries.
@Suite("Operations: /metrics behind a token, request ids on errors", .timeLimit(.minutes(5)))
struct OperationsTests {
    /// swift-metrics is bootstrapped once per process, as `serve` does; this suite's registry.
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()
    static let token = "a-scraper-token-0123456789"

    @Test("/metrics answers only with its token, and counts requests by route, jobs and database waits")
    func metrics() async throws {
        try await WebHarness.run(metrics: (Self.registry, Self.token)) { app in
            let (_, api) = try await app.apiReader("dana")
            #expect(try await api.request(.get, "/api/v1/entries").status == .ok)
            let anonymous = try await app.browser().get("/metrics")
            #expect(anonymous.status == .unauthorized)
            let wrong = try await app.browser().request(.get, "/metrics", headers: [.authorization: "Bearer not-the-token"])
            #expect(wrong.status == .unauthorized)
            let scraped = try await app.browser().request(.get, "/metrics", headers: [.authorization: "Bearer \(Self.token)"])
            #expect(scraped.status == .ok)
            #expect(scraped.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(scraped.body.contains("/api/v1/entries"), "requests by route")
            #expect(scraped.body.contains("http_server_request_duration"), "latencies")
            #expect(scraped.body.contains("bookstrack_jobs{"), "job queue depth by kind")
            #expect(scraped.body.contains("bookstrack_db_wait_seconds"), "database waits")
        }
    }

    @Test("Without a token there is no /metrics")
    func metricsOff() async throws {
        try await WebHarness.run { app in
            let page = try await app.browser().get("/metrics")
            #expect(page.status == .notFound)
        }
    }

    @Test("An error answer names the request's id, in the header and in the problem")
    func requestIDs() async throws {
        try await WebHarness.run { app in
            let (_, api) = try await app.apiReader("dana")
            let missing = try await api.request(.get, "/api/v1/entries/00000000-0000-0000-0000-000000000000")
            #expect(missing.status == .notFound)
            let id = try #require(missing.headers[HTTPField.Name("X-Request-Id")!])
            #expect(try missing.json()["requestId"] as? String == id)
            let page = try await app.browser().get("/no/such/page")
            #expect(page.headers[HTTPField.Name("X-Request-Id")!] != nil)
        }
    }
}
