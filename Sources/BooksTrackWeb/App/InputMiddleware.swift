import Foundation
import Hummingbird

/// Refuses a NUL character anywhere a person can put text: the path and query of any request
/// (`%00`), a form field, a JSON string. No stored text may hold one — PostgreSQL refuses it
/// half-way through a write, SQLite keeps it and cuts text short when read — so it is a 400
/// problem at the door, naming what to fix.
struct InputMiddleware: RouterMiddleware {
    typealias Context = AppContext

    static let message = "Text cannot contain a NUL character (U+0000). Remove it and send again."

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws
        -> Response
    {
        if request.uri.description.range(of: "%00", options: .caseInsensitive) != nil {
            throw WebError.badRequest(Self.message)
        }
        return try await next(request, context)
    }

    /// The first JSON string (or object key) holding a NUL, by where it is: `title`, `authors[1]`.
    static func nulPath(in value: Any, path: String = "") -> String? {
        switch value {
        case let text as String: return text.contains("\0") ? (path.isEmpty ? "the body" : path) : nil
        case let object as [String: Any]:
            for (key, child) in object {
                let here = path.isEmpty ? key : path + "." + key
                if key.contains("\0") { return here }
                if let found = nulPath(in: child, path: here) { return found }
            }
            return nil
        case let array as [Any]:
            for (index, child) in array.enumerated() {
                if let found = nulPath(in: child, path: "\(path)[\(index)]") { return found }
            }
            return nil
        default: return nil
        }
    }
}
