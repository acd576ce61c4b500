import AsyncHTTPClient
import BooksTrackCore
import Foundation
import NIOCore

/// An HTTP answer as the clients need it.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var body: Data
    /// Header names lower-cased.
    public var headers: [String: String]

    public init(status: Int, body: Data, headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }
}

/// Sends a GET request. The real one is ``HTTPClientTransport``; it is a protocol so that the
/// clients can be pointed at anything that speaks HTTP, and tests use a local replay server.
public protocol HTTPTransport: Sendable {
    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse
}

/// HTTP over AsyncHTTPClient's shared client, with a deadline for the whole exchange and a
/// bound on what an answer may weigh. (Not `URLSession`: on Linux its libcurl bridge can leave a
/// request waiting for ever once a connection is dropped without an answer, and a job holding a
/// look-up that never ends stops every later one.)
public struct HTTPClientTransport: HTTPTransport {
    let timeout: TimeAmount
    let maximumBytes: Int

    /// `timeout` bounds the whole request, connection to last byte; an answer over
    /// `maximumBytes` (a cover picture is the largest expected) is an error, not read on.
    public init(timeout seconds: Int64 = 20, maximumBytes: Int = 16 * 1024 * 1024) {
        timeout = .seconds(seconds)
        self.maximumBytes = maximumBytes
    }

    public func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .GET
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: maximumBytes)
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name.lowercased()] = header.value }
        return HTTPResponse(status: Int(response.status.code), body: Data(body.readableBytesView), headers: fields)
    }
}

/// Why a look-up could not be made. None of these is the reader's problem: the job tries again
/// later and the product works without the answer.
public enum ProviderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The service could not be reached (no network, DNS, connection refused, timeout).
    case unreachable(String)
    /// The service answered with an error after every retry (HTTP status, or an API error code).
    case unavailable(String)
    /// The answer could not be read.
    case malformed(String)

    public var description: String {
        switch self {
        case .unreachable(let why): "unreachable: \(why)"
        case .unavailable(let why): "unavailable: \(why)"
        case .malformed(let why): "malformed answer: \(why)"
        }
    }
}

/// Where responses are kept between look-ups (the `enrichment_cache` table).
public protocol ResponseCache: Sendable {
    func cached(provider: String, key: String, maxAge: TimeInterval) async throws -> (status: Int, body: String)?
    func store(provider: String, key: String, status: Int, body: String) async throws
}

/// How a provider talks to its service: where it is, who BooksTrack says it is, how fast it may
/// ask, how often it retries.
public struct ProviderSettings: Sendable {
    /// The service's base URL (`https://www.wikidata.org`), configurable so that a mirror or a
    /// test's replay server can stand in.
    public var baseURL: URL
    /// Sent with every request, as both services' policies ask.
    public var userAgent: String
    /// The least time between two requests to the service.
    public var minimumInterval: Duration
    /// How many times a request is tried in all (429, 5xx, Wikidata's maxlag).
    public var attempts: Int
    /// The first pause before a retry; each further pause doubles it (a `Retry-After` header wins).
    public var backoff: Duration
    /// How long a cached answer is used.
    public var cacheAge: TimeInterval

    public init(
        baseURL: URL, userAgent: String, minimumInterval: Duration, attempts: Int = 4, backoff: Duration = .seconds(2),
        cacheAge: TimeInterval = 30 * 86_400
    ) {
        self.baseURL = baseURL
        self.userAgent = userAgent
        self.minimumInterval = minimumInterval
        self.attempts = attempts
        self.backoff = backoff
        self.cacheAge = cacheAge
    }

    /// `BooksTrack/1.0 (self-hosted reading tracker; contact)`: Wikimedia's User-Agent policy
    /// asks for a way to reach the operator, which only the operator can give
    /// (`BOOKSTRACK_ENRICHMENT_CONTACT`); without it the agent still names the software.
    public static func userAgent(contact: String?) -> String {
        let who = contact.map { TextNormalization.trim($0) }.flatMap { $0.isEmpty ? nil : "; \($0)" } ?? ""
        return "BooksTrack/1.0 (self-hosted reading tracker\(who))"
    }
}

/// Fetches one service's URLs one at a time, no faster than its policy allows, retrying with
/// back-off, and answering from the cache when it can.
public actor Fetcher {
    let provider: String
    let settings: ProviderSettings
    let transport: any HTTPTransport
    let cache: (any ResponseCache)?
    private var lastRequest: ContinuousClock.Instant?
    /// How many requests went over the network (not answered from the cache).
    public private(set) var requests = 0

    public init(provider: String, settings: ProviderSettings, transport: any HTTPTransport, cache: (any ResponseCache)?) {
        self.provider = provider
        self.settings = settings
        self.transport = transport
        self.cache = cache
    }

    /// The URL of a path and query on the service.
    public nonisolated func url(_ path: String, _ query: [(String, String)] = []) -> URL {
        var components = URLComponents(url: settings.baseURL, resolvingAgainstBaseURL: false)!
        components.path = components.path.trimmingSuffix("/") + path
        if !query.isEmpty {
            components.percentEncodedQuery = query.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        }
        return components.url!
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// GETs a URL. `retryable` looks at a 200 answer and returns a pause when the service said
    /// "not now" in the body (Wikidata's maxlag). Answers with status `cacheable` are cached.
    public func get(
        _ url: URL, cacheable: Set<Int> = [200], retryable: @Sendable (HTTPResponse) -> Duration? = { _ in nil }
    ) async throws -> HTTPResponse {
        let key = url.absoluteString.replacingOccurrences(of: settings.baseURL.absoluteString, with: "")
        if let cache, let hit = try? await cache.cached(provider: provider, key: key, maxAge: settings.cacheAge) {
            return HTTPResponse(status: hit.status, body: Data(hit.body.utf8))
        }
        var pause = settings.backoff
        var lastProblem = ""
        for attempt in 1...max(1, settings.attempts) {
            await waitTurn()
            let response: HTTPResponse
            do {
                requests += 1
                response = try await transport.get(
                    url, headers: ["User-Agent": settings.userAgent, "Accept": "application/json"])
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                // No network: not retried here (the job tries the whole look-up again later).
                throw ProviderError.unreachable(String(describing: error))
            }
            var wait: Duration?
            if response.status == 429 || response.status >= 500 {
                lastProblem = "HTTP \(response.status)"
                wait = Self.retryAfter(response) ?? pause
            } else if response.status == 200, let asked = retryable(response) {
                lastProblem = "busy"
                wait = Self.retryAfter(response) ?? max(asked, pause)
            }
            if let wait {
                guard attempt < settings.attempts else { break }
                try await Task.sleep(for: wait)
                pause = pause * 2
                continue
            }
            if cacheable.contains(response.status), let cache, let text = String(data: response.body, encoding: .utf8) {
                try? await cache.store(provider: provider, key: key, status: response.status, body: text)
            }
            return response
        }
        throw ProviderError.unavailable(lastProblem)
    }

    private func waitTurn() async {
        let clock = ContinuousClock()
        if let lastRequest {
            let next = lastRequest.advanced(by: settings.minimumInterval)
            if next > clock.now { try? await Task.sleep(until: next, clock: clock) }
        }
        lastRequest = clock.now
    }

    /// A `Retry-After` in seconds, capped at five minutes.
    static func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard let text = response.headers["retry-after"], let seconds = Int(text.trimmingCharacters(in: .whitespaces)),
            seconds >= 0
        else { return nil }
        return .seconds(min(seconds, 300))
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
