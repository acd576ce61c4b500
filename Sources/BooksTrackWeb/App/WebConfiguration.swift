import Foundation
import Prometheus

/// How the web app runs. Everything that differs between a test and production is here.
public struct WebConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The address readers use, when it differs from host and port (behind a proxy). An
    /// `https://` address makes cookies `Secure`.
    public var publicURL: String?
    /// bcrypt cost for new passwords (12 in production; lower only in tests).
    public var bcryptCost: UInt8
    /// How long a sign-in lasts without use.
    public var sessionLifetime: TimeInterval
    /// The largest upload accepted (SPEC §6: 50 MB).
    public var uploadLimit: Int
    /// The current time; a fixed clock in tests.
    public var clock: @Sendable () -> Date
    /// Addresses of reverse proxies whose `X-Forwarded-For` / `Forwarded` headers name the
    /// client. From anyone else those headers are ignored, so no client can pose as another.
    public var trustedProxies: Set<String>
    /// Where `/metrics` reads from, and the bearer token a scraper must send; with no token
    /// there is no `/metrics` (the composition root bootstraps swift-metrics into the registry).
    public var metrics: (registry: PrometheusCollectorRegistry, token: String)?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, publicURL: String? = nil, bcryptCost: UInt8 = 12,
        sessionLifetime: TimeInterval = 30 * 86_400, uploadLimit: Int = 50 * 1_048_576,
        clock: @escaping @Sendable () -> Date = { Date() }, trustedProxies: Set<String> = [],
        metrics: (registry: PrometheusCollectorRegistry, token: String)? = nil
    ) {
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.bcryptCost = bcryptCost
        self.sessionLifetime = sessionLifetime
        self.uploadLimit = uploadLimit
        self.clock = clock
        self.trustedProxies = trustedProxies
        self.metrics = metrics
    }

    /// Whether cookies must only travel over HTTPS.
    var secureCookies: Bool { publicURL?.lowercased().hasPrefix("https://") ?? false }
}
