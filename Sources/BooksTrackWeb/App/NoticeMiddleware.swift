import HTTPTypes
import Hummingbird

/// Carries a ``Notice`` from a form post to the page it redirects to, in a short-lived cookie
/// that holds only the notice's fixed key.
struct NoticeMiddleware: RouterMiddleware {
    typealias Context = AppContext
    static let cookieName = "bt_notice"

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws
        -> Response
    {
        guard request.method == .get, let key = request.cookies[Self.cookieName]?.value else {
            return try await next(request, context)
        }
        // Only a page the reader goes to shows (and so uses up) the notice. The service worker
        // fetches the offline page in the background when it installs; taking the notice there
        // lost "The share link is revoked" now and then. Browsers say which is which with
        // Sec-Fetch-Mode; a request without it counts as a navigation.
        if let mode = request.headers[Self.fetchMode], mode != "navigate" { return try await next(request, context) }
        var context = context
        context.notice = Notice(rawValue: key)
        var response = try await next(request, context)
        if response.status == .ok {
            response.setCookie(Cookie(name: Self.cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax))
        }
        return response
    }

    static let fetchMode = HTTPField.Name("Sec-Fetch-Mode")!

    static func cookie(_ notice: Notice) -> Cookie {
        Cookie(name: cookieName, value: notice.rawValue, maxAge: 120, path: "/", httpOnly: true, sameSite: .lax)
    }
}
