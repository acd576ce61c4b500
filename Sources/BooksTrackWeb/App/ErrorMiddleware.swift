import BooksTrackStore
import Foundation
import Hummingbird
import Logging

/// Turns every error into an answer a person can act on: an RFC 9457 problem document under
/// `/api/`, an error page (or a trip to the sign-in page) elsewhere. Unexpected errors are logged
/// and shown without their details.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let store: Store

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            return await Self.response(for: error, request: request, context: context, store: store)
        }
    }

    static func response(for error: any Error, request: Request, context: AppContext, store: Store) async -> Response {
        let webError: WebError
        if let known = WebError.from(error) {
            webError = known
        } else {
            context.logger.error("Unexpected error: \(String(reflecting: error))", metadata: ["path": .string(request.uri.path)])
            webError = .internal
        }
        if request.uri.path.hasPrefix("/api/") { return Problem.response(webError, path: request.uri.path) }
        if case .unauthorized = webError {
            // One small query, not every account: is there anyone to sign in as?
            let setUp = (try? await store.accounts.setupState() == .complete) ?? true
            if !setUp { return Responses.redirect(to: "/setup") }
            let next = request.method == .get ? request.uri.string : "/"
            return Responses.redirect(to: next == "/" ? "/login" : "/login?next=\(URLQuery.encode(next))")
        }
        let html = ErrorPage.render(webError, page: context.page(nil))
        var headers: HTTPFields = [:]
        if case .tooManyRequests(_, let retryAfter) = webError { headers[.retryAfter] = String(retryAfter) }
        return HTMLResponse(html: html, status: webError.status, headers: headers).response(from: request, context: context)
    }
}
