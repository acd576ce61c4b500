import BooksTrackApp
import Foundation
import Hummingbird
import Prometheus

/// `GET /metrics` in Prometheus's text format, for a self-hoster's monitoring: requests by route
/// and status with their latencies (`http_server_*`, Hummingbird's `MetricsMiddleware`), jobs
/// waiting and running by kind, jobs whose lease lapsed, waits for a database connection or the
/// writer, and import rows. Off unless `serve --metrics-token` is set; the scraper sends that
/// token as a bearer token (Prometheus: `authorization: credentials: …`).
enum MetricsEndpoint {
    static func answer(_ request: Request, registry: PrometheusCollectorRegistry, token: String, jobs: JobRunner) async
        -> Response
    {
        let sent = request.headers[.authorization].flatMap { value -> String? in
            guard value.lowercased().hasPrefix("bearer ") else { return nil }
            return String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        guard let sent, Secrets.equal(sent, token) else {
            return Response(
                status: .unauthorized, headers: [.contentType: "text/plain; charset=utf-8", .wwwAuthenticate: "Bearer"],
                body: .init(byteBuffer: ByteBuffer(string: "/metrics needs the bearer token given to serve --metrics-token.\n")))
        }
        await jobs.measureQueue()
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
    }
}
