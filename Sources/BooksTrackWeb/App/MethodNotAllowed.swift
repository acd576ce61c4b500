import Foundation
import Hummingbird
import Synchronization

/// Which methods each route path answers, so a method a path does not take is "405 Method Not
/// Allowed" with an `Allow` header (RFC 9110 §15.5.6), not "404 Not Found" — the path exists.
final class RouteMethods: Sendable {
    private let table = Mutex<[(segments: [String], methods: Set<String>)]>([])

    /// Records the router's routes; called once, when every route is added.
    func record(_ routes: [(method: String, path: String)]) {
        var byPath: [String: Set<String>] = [:]
        for route in routes { byPath[route.path, default: []].insert(route.method) }
        table.withLock { table in
            table = byPath.map { (segments: Self.segments($0.key), methods: $0.value) }
        }
    }

    /// The methods a path answers, or `nil` when no route has this path.
    func methods(for path: String) -> Set<String>? {
        let asked = Self.segments(path)
        let matching = table.withLock { table in
            table.filter { route in
                route.segments.count == asked.count
                    && zip(route.segments, asked).allSatisfy { pattern, part in pattern.hasPrefix("{") || pattern == part }
            }
        }
        // The router prefers a literal segment to a parameter (`sessions/active` over
        // `sessions/{session}`), so only the most literal matches say which methods the path takes.
        let literals = { (segments: [String]) in segments.filter { !$0.hasPrefix("{") }.count }
        let most = matching.map { literals($0.segments) }.max()
        let found = matching.filter { literals($0.segments) == most }.reduce(into: Set<String>()) { $0.formUnion($1.methods) }
        return found.isEmpty ? nil : found
    }

    private static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map { segment in
            segment.hasPrefix(":") ? "{" + segment.dropFirst() + "}" : String(segment)
        }
    }
}

/// Answers 405 with `Allow` when the router found no route for the method but has the path.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let routes: RouteMethods

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let methods = routes.methods(for: request.uri.path), !methods.contains(request.method.rawValue) else {
                throw error
            }
            var allowed = methods
            if allowed.contains("GET") { allowed.insert("HEAD") }
            let allow = allowed.sorted().joined(separator: ", ")
            throw WebError.methodNotAllowed(
                "This address takes \(allow), not \(request.method.rawValue).", allow: allow)
        }
    }
}
