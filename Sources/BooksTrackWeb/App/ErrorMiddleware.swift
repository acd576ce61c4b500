import BooksTrackApp
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Turns every error into an answer a person can act on: an RFC 9457 problem document under
/// `/api/`, an error page (or a trip to the sign-in page) elsewhere. Unexpected errors are logged
/// and shown without their details, with the request's id (`X-Request-Id`, `requestId`, and
/// "Reference" on the page) — the id the log line carries as `hb.request.id`.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = AppContext
    static let requestIDHeader = HTTPField.Name("X-Request-Id")!
    let app: BooksTrack

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            return await Self.response(for: error, request: request, context: context, accounts: app.accounts)
        }
    }

    static func response(for error: any Error, request: Request, context: AppContext, accounts: AccountService) async -> Response
    {
        let webError: WebError
        if let known = WebError.from(error) {
            webError = known
        } else {
            context.logger.error("Unexpected error: \(String(reflecting: error))", metadata: ["path": .string(request.uri.path)])
            webError = .internal
        }
        if request.uri.path.hasPrefix("/api/") {
            return Problem.response(webError, path: request.uri.path, requestID: context.id)
        }
        if case .unauthorized = webError {
            // One small query, not every account: is there anyone to sign in as?
            let setUp = (try? await accounts.setupState() == .complete) ?? true
            if !setUp { return Responses.redirect(to: "/setup") }
            let next = request.method == .get ? request.uri.string : "/"
            return Responses.redirect(to: next == "/" ? "/login" : "/login?next=\(URLQuery.encode(next))")
        }
        let html = ErrorPage.render(webError, page: context.page(nil), requestID: context.id)
        var headers: HTTPFields = [Self.requestIDHeader: context.id]
        if case .tooManyRequests(_, let retryAfter) = webError { headers[.retryAfter] = String(retryAfter) }
        return HTMLResponse(html: html, status: webError.status, headers: headers).response(from: request, context: context)
    }
}
