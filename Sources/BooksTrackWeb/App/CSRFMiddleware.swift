import BooksTrackApp
import Foundation
import HTTPTypes
import Hummingbird

/// Refuses state-changing requests that did not come from a BooksTrack page (SPEC F9).
///
/// - HTML form posts carry the `_csrf` field: the session's token when signed in, or, on the
///   sign-in, set-up and invitation pages, the value of the `bt_csrf` cookie (double submit).
/// - API calls signed in by cookie carry the session's token in `X-CSRF-Token`. Calls with an
///   API token need none: a browser never sends that header by itself.
///
/// The middleware decodes the form once and hands it to the route in ``AppContext/form``.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppContext
    static let fieldName = "_csrf"
    static let cookieName = "bt_csrf"
    static let headerName = HTTPField.Name("X-CSRF-Token")!

    let configuration: WebConfiguration

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws
        -> Response
    {
        guard [.post, .put, .patch, .delete].contains(request.method) else { return try await next(request, context) }
        if request.uri.path.hasPrefix("/api/") {
            if context.tokenUser == nil, let session = context.session {
                guard let sent = request.headers[Self.headerName], Secrets.equal(sent, session.csrfToken) else {
                    throw WebError.forbidden(
                        "Requests signed in by a browser session need the X-CSRF-Token header of that session.")
                }
            }
            return try await next(request, context)
        }
        let form = try await FormData.decode(request, limit: configuration.uploadLimit + 65_536)
        let accepted = [context.session?.csrfToken, request.cookies[Self.cookieName]?.value].compactMap { $0 }.filter {
            !$0.isEmpty
        }
        guard let sent = form[Self.fieldName], accepted.contains(where: { Secrets.equal($0, sent) }) else {
            throw WebError.forbidden(
                "This form has expired or did not come from BooksTrack. Go back, reload the page and send it again.")
        }
        var context = context
        context.form = form
        return try await next(request, context)
    }

    /// The token for a form shown to someone not signed in, and the cookie to set when the
    /// browser has none yet.
    static func anonymousToken(for request: Request, configuration: WebConfiguration) -> (token: String, cookie: Cookie?) {
        if let existing = request.cookies[cookieName]?.value, existing.count >= 32 { return (existing, nil) }
        let token = Secrets.token()
        return (
            token,
            Cookie(name: cookieName, value: token, path: "/", secure: configuration.secureCookies, httpOnly: true, sameSite: .lax)
        )
    }
}
