import Foundation
import HTTPTypes
import Hummingbird

/// Finds the client's address behind a reverse proxy. Only a peer listed in
/// ``WebConfiguration/trustedProxies`` may name the client, in `X-Forwarded-For` or `Forwarded`;
/// the address taken is the nearest one that is not itself a trusted proxy. From any other peer
/// the headers are ignored, so a client cannot pick the address its sign-in failures count against.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = AppContext

    let trustedProxies: Set<String>

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws
        -> Response
    {
        guard let peer = context.peerAddress, trustedProxies.contains(peer) else { return try await next(request, context) }
        var context = context
        context.remoteAddress = Self.client(forwardedBy: request.headers, trusted: trustedProxies) ?? peer
        return try await next(request, context)
    }

    /// The nearest untrusted address of the forwarding chain, or `nil` when there is none.
    static func client(forwardedBy headers: HTTPFields, trusted: Set<String>) -> String? {
        let chain: [String]
        let forwardedFor = headers[values: HTTPField.Name("X-Forwarded-For")!].joined(separator: ",")
        if !forwardedFor.isEmpty {
            chain = forwardedFor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        } else {
            chain = headers[values: HTTPField.Name("Forwarded")!].flatMap { $0.split(separator: ",") }.compactMap {
                element in
                element.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                    .first { $0.lowercased().hasPrefix("for=") }.map { address(fromForwardedFor: String($0.dropFirst(4))) }
            }
        }
        return chain.reversed().first { !$0.isEmpty && !trusted.contains($0) && $0.count <= 64 }
    }

    /// `"[2001:db8::1]:4711"` → `2001:db8::1`; `192.0.2.60:80` → `192.0.2.60`.
    static func address(fromForwardedFor value: String) -> String {
        var text = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        if text.hasPrefix("["), let end = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<end])
        }
        if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") { text = String(text[..<colon]) }
        return text
    }
}
