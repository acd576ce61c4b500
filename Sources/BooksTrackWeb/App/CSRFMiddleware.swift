import BooksTrackApp
import Foundation
import HTTPTypes
import Hummingbird

/// Refuses state-changing requests that did not come from a BooksTrack page (SPEC F9).
///
/// - HTML form posts of a signed-in reader carry the `_csrf` field holding that login session's
///   own token, kept on the server: a cookie someone planted (from a sibling subdomain, or over
///   plain http) never stands in for it.
/// - The forms of someone not signed in (sign-in, set-up, invitation, registration) carry the
///   value of the `bt_csrf` cookie (double submit). Behind https the cookie is `__Host-bt_csrf`,
///   which browsers let neither a sibling subdomain nor plain http set.
/// - Any form post a browser marks as sent from another site (`Sec-Fetch-Site`, else an `Origin`
///   that is not this host) is refused before anything else is read.
/// - API calls signed in by cookie carry the session's token in `X-CSRF-Token`. Calls with an
///   API token need none: a browser never sends that header by itself.
///
/// The middleware decodes the form once, after the reader is known, and hands it to the route in
/// ``AppContext/form``. Only a signed-in reader may send a multipart body (an upload); anyone
/// else's form is small and URL-encoded.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppContext
    static let fieldName = "_csrf"
    static let headerName = HTTPField.Name("X-CSRF-Token")!
    static let anonymousFormLimit = 65_536
    static let refused = WebError.forbidden(
        "This form has expired or did not come from BooksTrack. Go back, reload the page and send it again.")

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
        guard !Self.isCrossSite(request, configuration: configuration) else { throw Self.refused }
        let expected: String?
        let form: FormData
        if let session = context.session {
            expected = session.csrfToken
            form = try await FormData.decode(request, limit: configuration.uploadLimit + 65_536)
        } else {
            expected = request.cookies[Self.cookieName(configuration)]?.value
            form = try await FormData.decode(request, limit: Self.anonymousFormLimit, allowsFiles: false)
        }
        guard let expected, !expected.isEmpty, let sent = form[Self.fieldName], Secrets.equal(expected, sent) else {
            throw Self.refused
        }
        var context = context
        context.form = form
        return try await next(request, context)
    }

    /// Whether the browser says the request comes from a page of another site or origin: this
    /// host (or the public address) is the only origin whose forms are taken.
    static func isCrossSite(_ request: Request, configuration: WebConfiguration) -> Bool {
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!]?.lowercased() {
            return site == "cross-site" || site == "same-site"
        }
        guard let origin = request.headers[HTTPField.Name("Origin")!].flatMap(authority(of:)) else { return false }
        let own = [request.head.authority?.lowercased(), configuration.publicURL.flatMap(authority(of:))]
        return !own.contains(origin)
    }

    /// `host[:port]` of an absolute URL, lowercased.
    static func authority(of url: String) -> String? {
        guard let url = URL(string: url), let host = url.host?.lowercased() else { return nil }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// The double-submit cookie's name: `__Host-` prefixed when cookies are https-only.
    static func cookieName(_ configuration: WebConfiguration) -> String {
        configuration.secureCookies ? "__Host-bt_csrf" : "bt_csrf"
    }

    /// The token for a form shown to someone not signed in, and the cookie to set when the
    /// browser has none yet.
    static func anonymousToken(for request: Request, configuration: WebConfiguration) -> (token: String, cookie: Cookie?) {
        let name = cookieName(configuration)
        if let existing = request.cookies[name]?.value, existing.count >= 32 { return (existing, nil) }
        let token = Secrets.token()
        return (
            token,
            Cookie(name: name, value: token, path: "/", secure: configuration.secureCookies, httpOnly: true, sameSite: .lax)
        )
    }
}
