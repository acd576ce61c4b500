import AsyncHTTPClient
import BooksTrackCore
import Foundation
import NIOCore
import NIOPosix

/// Sends a notification to a reader's webhook (an ntfy topic, or anything that takes a POST).
/// The real one is ``PinnedWebhookSender``; tests point it at a local receiver.
public protocol WebhookSender: Sendable {
    /// POSTs `body` to `url`, connecting to `address` (one the ``WebhookAddressPolicy`` checked)
    /// and never to whatever the host's name resolves to by then; returns the HTTP status.
    /// Throws when no answer came.
    func post(
        _ url: URL, at address: WebhookAddressPolicy.Address, body: Data, headers: [String: String]
    ) async throws -> Int
}

/// POSTs with AsyncHTTPClient to the address the policy checked: the connection goes to that
/// address while the request, its SNI and the certificate check still name the host. A name
/// that answered a public address to the check and a private one a moment later (DNS
/// rebinding) cannot turn the post towards this machine or its network. A short timeout, no
/// cookies, and redirects refused (one could lead to an address the policy would not allow).
public struct PinnedWebhookSender: WebhookSender {
    let timeout: TimeAmount

    public init(timeout seconds: Int64 = 10) { timeout = .seconds(seconds) }

    public func post(
        _ url: URL, at address: WebhookAddressPolicy.Address, body: Data, headers: [String: String]
    ) async throws -> Int {
        guard let host = url.host else { throw WebhookFailure(message: "the address names no host") }
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: timeout, read: timeout))
        configuration.dnsOverride = [host: address.text]
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.body = .bytes(ByteBuffer(bytes: body))
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let result: Result<Int, WebhookFailure>
        do {
            let response = try await client.execute(request, timeout: timeout * 2)
            // The answer's body is not read beyond a little: a receiver cannot make us hold much.
            _ = try? await response.body.collect(upTo: 16 * 1024)
            result = .success(Int(response.status.code))
        } catch {
            result = .failure(WebhookFailure(error, seconds: timeout.nanoseconds / 1_000_000_000))
        }
        try? await client.shutdown()
        return try result.get()
    }
}

/// Why a webhook post got no answer, in words for the reader's delivery list.
public struct WebhookFailure: Error, Sendable {
    public let message: String

    public init(message: String) { self.message = message }

    init(_ error: any Error, seconds: Int64) {
        switch error {
        case let error as HTTPClientError
        where [.connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded].contains(error):
            message = "no answer within \(seconds) seconds"
        case is NIOConnectionError, is ChannelError:
            message = "the connection was refused"
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            // AsyncHTTPClient tries again until its connect timeout, then reports the last cause.
            message = "the connection was refused"
        case let error as HTTPClientError where error == .remoteConnectionClosed:
            message = "the connection was closed before an answer"
        default:
            message = "could not connect: \(String(describing: error).prefix(200))"
        }
    }
}

/// Where webhooks may go: public addresses only, unless the instance's owner allows this
/// machine and its local networks (a self-hoster's own ntfy server). The host is resolved and
/// every address it has must be allowed, so a name pointing at 127.0.0.1 is refused like the
/// address itself.
public struct WebhookAddressPolicy: Sendable {
    public var allowPrivate: Bool

    public init(allowPrivate: Bool) { self.allowPrivate = allowPrivate }

    /// Where a post to `url` may connect: the first of the host's addresses when every one of
    /// them is allowed, otherwise why not, in words a reader can act on. The sender connects to
    /// that address only (``WebhookSender``), so the check holds for the connection itself.
    public func check(_ url: URL) async -> Result<Address, Refusal> {
        guard let host = url.host, !host.isEmpty else { return .failure(Refusal("The address names no host.")) }
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let addresses = await Task.detached { Self.resolve(name) }.value
        guard let first = addresses.first else { return .failure(Refusal("\(host) could not be found.")) }
        if !allowPrivate, let refused = addresses.first(where: { !Self.isPublic($0) }) {
            let resolved = refused.text == name ? "" : " (\(refused.text))"
            return .failure(
                Refusal(
                    "\(host) is on this machine or a private network\(resolved); the owner of this BooksTrack has not allowed that."
                ))
        }
        return .success(first)
    }

    /// Why a webhook address may not be posted to.
    public struct Refusal: Error, Sendable, Equatable {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    /// Whether a host as typed is plainly this machine or a private network — `localhost`, or
    /// a literal address that is not public — without resolving a name.
    public static func isPlainlyPrivate(host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare.hasSuffix(".localhost") { return true }
        return Address(bare).map { !isPublic($0) } ?? false
    }

    /// An IP address as bytes (4 for IPv4, 16 for IPv6) with its text.
    public struct Address: Sendable, Hashable {
        public var bytes: [UInt8]
        public var text: String

        /// Reads a literal address ("10.0.0.1", "::1"); nil for anything else.
        public init?(_ text: String) {
            var v4 = in_addr()
            var v6 = in6_addr()
            if inet_pton(AF_INET, text, &v4) == 1 {
                bytes = withUnsafeBytes(of: &v4) { Array($0) }
            } else if inet_pton(AF_INET6, text, &v6) == 1 {
                bytes = withUnsafeBytes(of: &v6) { Array($0) }
            } else {
                return nil
            }
            self.text = text
        }
    }

    /// Whether an address is on the public internet: not loopback, private (RFC 1918, unique
    /// local), link-local, carrier-grade NAT, unspecified, multicast or reserved. An IPv4 address
    /// carried inside IPv6 is judged as that IPv4 address: mapped (`::ffff:a.b.c.d`), compatible
    /// (`::a.b.c.d`), NAT64 (`64:ff9b::/96` and the local-use `64:ff9b:1::/48`) and 6to4
    /// (`2002:aabb:ccdd::/16`) — each reaches the IPv4 host it names.
    public static func isPublic(_ address: Address) -> Bool {
        let b = address.bytes
        if b.count == 16 {
            if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF {
                return isPublic(bytes: Array(b[12..<16]))
            }
            if b[0..<15].allSatisfy({ $0 == 0 }) { return false }  // :: and ::1
            if b[0..<12].allSatisfy({ $0 == 0 }) { return isPublic(bytes: Array(b[12..<16])) }  // ::a.b.c.d
            if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B {  // NAT64
                return isPublic(bytes: Array(b[12..<16]))
            }
            if b[0] == 0x20 && b[1] == 0x02 { return isPublic(bytes: Array(b[2..<6])) }  // 6to4
            if b[0] & 0xFE == 0xFC { return false }  // fc00::/7 unique local
            if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return false }  // fe80::/10 link-local
            if b[0] == 0xFF { return false }  // multicast
            if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8 { return false }  // documentation
            return true
        }
        return isPublic(bytes: b)
    }

    private static func isPublic(bytes b: [UInt8]) -> Bool {
        guard b.count == 4 else { return false }
        switch (b[0], b[1]) {
        case (0, _), (10, _), (127, _): return false
        case (100, 64...127): return false  // carrier-grade NAT
        case (169, 254): return false  // link-local (cloud metadata)
        case (172, 16...31): return false
        case (192, 168): return false
        case (192, 0) where b[2] == 0 || b[2] == 2: return false  // IETF, documentation
        case (198, 18...19): return false  // benchmarking
        case (224...255, _): return false  // multicast, reserved, broadcast
        default: return true
        }
    }

    /// The addresses a host name (or literal address) resolves to.
    static func resolve(_ host: String) -> [Address] {
        if let literal = Address(host) { return [literal] }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(list) }
        var found: [Address] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if info.pointee.ai_family == AF_INET, let raw = info.pointee.ai_addr {
                var address = raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count))
            } else if info.pointee.ai_family == AF_INET6, let raw = info.pointee.ai_addr {
                var address = raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count))
            }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let address = Address(text), !found.contains(address) { found.append(address) }
            cursor = info.pointee.ai_next
        }
        return found
    }
}
