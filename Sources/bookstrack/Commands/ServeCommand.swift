import ArgumentParser
import BooksTrackApp
import BooksTrackWeb
import Foundation
import Logging
import Metrics
import NIOCore
import Prometheus

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the web app.",
        discussion: """
            Serves BooksTrack on http://127.0.0.1:8080 by default. Several processes can serve the \
            same PostgreSQL database side by side: sessions and import state live in the database.
            """)

    @Option(help: "The address to listen on (BOOKSTRACK_HOST; 0.0.0.0 for every interface).")
    var host: String = ProcessInfo.processInfo.environment["BOOKSTRACK_HOST"] ?? "127.0.0.1"

    @Option(help: "The port to listen on (BOOKSTRACK_PORT; 0 picks a free one).")
    var port: Int = ProcessInfo.processInfo.environment["BOOKSTRACK_PORT"].flatMap(Int.init) ?? 8080

    @Option(help: "The address readers use, behind a proxy (BOOKSTRACK_PUBLIC_URL); https:// makes cookies Secure.")
    var publicURL: String?

    @Option(
        help: ArgumentHelp(
            "The largest file a reader may upload, in MB (BOOKSTRACK_UPLOAD_LIMIT; default 50).",
            discussion: "A compressed backup may grow to 20 times this when decompressed."))
    var uploadLimit: Int = ProcessInfo.processInfo.environment["BOOKSTRACK_UPLOAD_LIMIT"].flatMap(Int.init) ?? 50

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "The address of a reverse proxy in front of this server; repeat for several (BOOKSTRACK_TRUSTED_PROXIES, comma-separated).",
            discussion: "Only these peers' X-Forwarded-For and Forwarded headers are believed (see docs/self-hosting.md)."))
    var trustedProxies: [String] =
        ProcessInfo.processInfo.environment["BOOKSTRACK_TRUSTED_PROXIES"].map {
            $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        } ?? []

    @Option(
        help: ArgumentHelp(
            "Serve Prometheus metrics at /metrics to a scraper sending this bearer token (BOOKSTRACK_METRICS_TOKEN).",
            discussion: "At least 16 characters. Without it there is no /metrics."))
    var metricsToken: String?

    @Option(help: "How log lines are written: text, or json with one object per line (BOOKSTRACK_LOG_FORMAT).")
    var logFormat: String = ProcessInfo.processInfo.environment["BOOKSTRACK_LOG_FORMAT"] ?? "text"

    @OptionGroup var store: StoreOptions
    @ParentCommand var root: Bookstrack

    mutating func validate() throws {
        // Unset options fall back on the environment (an option with a default must not be
        // optional, and these have none).
        let environment = ProcessInfo.processInfo.environment
        publicURL = publicURL ?? environment["BOOKSTRACK_PUBLIC_URL"]
        metricsToken = metricsToken ?? environment["BOOKSTRACK_METRICS_TOKEN"]
        guard (0...65_535).contains(port) else { throw ValidationError("The port must be between 0 and 65535.") }
        if let publicURL, !(publicURL.hasPrefix("http://") || publicURL.hasPrefix("https://")) {
            throw ValidationError("--public-url must start with http:// or https://.")
        }
        for proxy in trustedProxies where (try? SocketAddress(ipAddress: proxy, port: 0)) == nil {
            throw ValidationError("--trusted-proxy takes an IP address, such as 127.0.0.1 or ::1; \"\(proxy)\" is not one.")
        }
        if let metricsToken, metricsToken.count < 16 {
            throw ValidationError("--metrics-token (BOOKSTRACK_METRICS_TOKEN) needs at least 16 characters.")
        }
        guard ["text", "json"].contains(logFormat) else {
            throw ValidationError("--log-format (BOOKSTRACK_LOG_FORMAT) is text or json.")
        }
        guard (1...4_096).contains(uploadLimit) else {
            throw ValidationError("--upload-limit (BOOKSTRACK_UPLOAD_LIMIT) is in MB, from 1 to 4096.")
        }
    }

    func run() async throws {
        try await reportingFailures {
            let location = try store.location(parent: root.store)
            if logFormat == "json" { LoggingSystem.bootstrap { JSONLogHandler(label: $0) } }
            var metrics: (registry: PrometheusCollectorRegistry, token: String)?
            if let metricsToken {
                let registry = PrometheusCollectorRegistry()
                MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
                metrics = (registry, metricsToken)
            }
            var logger = Logger(label: "bookstrack")
            logger.logLevel =
                ProcessInfo.processInfo.environment["BOOKSTRACK_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
            let configuration = WebConfiguration(
                host: host, port: port, publicURL: publicURL, uploadLimit: uploadLimit * 1_048_576,
                // Spelled as the connection's peer address is (`0:0:0:0:0:0:0:1` is `::1`).
                trustedProxies: Set(trustedProxies.compactMap { try? SocketAddress(ipAddress: $0, port: 0).ipAddress }),
                metrics: metrics)
            // The database's services (PostgreSQL's pool) run around the web server's own service
            // group, so they outlive its graceful shutdown: a job finishing on SIGTERM can still write.
            do {
                let settings = AppSettings(
                    location: location, enrichment: .fromEnvironment(ProcessInfo.processInfo.environment),
                    links: publicURL.map { NoticeLinks(base: $0, path: \.path) }, logger: logger,
                    importing: ImportTuning(trace: StoreOptions.importTrace))
                try await BooksTrack.withApp(settings) { app in
                    let server = WebApp.application(app: app, configuration: configuration, logger: logger) { [host] port in
                        let shown = host == "0.0.0.0" ? "127.0.0.1" : host
                        Terminal.print(
                            "BooksTrack is running at http://\(shown):\(port) — data in the \(location). Press Ctrl-C to stop.")
                    }
                    try await server.runService()
                }
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                throw CLIFailure.refused("Port \(port) on \(host) is already in use. Stop the other server or pass --port.")
            } catch let error as StoreError {
                throw CLIFailure.store(error)
            }
        }
    }
}
