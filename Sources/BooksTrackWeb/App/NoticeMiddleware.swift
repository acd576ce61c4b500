import HTTPTypes
import Hummingbird

/// Carries a ``Notice`` from a form post to the page it redirects to, in a short-lived cookie
/// that holds only the notice's fixed key (`Secure` behind https, like every cookie we set).
struct NoticeMiddleware: RouterMiddleware {
    typealias Context = AppContext
    static let cookieName = "bt_notice"

    let secureCookies: Bool

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws
        -> Response
    {
        guard request.method == .get, let key = request.cookies[Self.cookieName]?.value else {
            return securing(try await next(request, context))
        }
        // Only a page the reader goes to shows (and so uses up) the notice. The service worker
        // fetches the offline page in the background when it installs; taking the notice there
        // lost "The share link is revoked" now and then. Browsers say which is which with
        // Sec-Fetch-Mode; a request without it counts as a navigation.
        if let mode = request.headers[Self.fetchMode], mode != "navigate" { return securing(try await next(request, context)) }
        var context = context
        context.notice = Notice(rawValue: key)
        var response = try await next(request, context)
        if response.status == .ok {
            response.setCookie(
                Cookie(
                    name: Self.cookieName, value: "", maxAge: 0, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax)
            )
        }
        return securing(response)
    }

    /// The notice cookie a route set (``cookie(_:)`` knows no configuration), marked `Secure`.
    private func securing(_ response: Response) -> Response {
        guard secureCookies else { return response }
        var response = response
        let cookies = response.headers[values: .setCookie]
        guard cookies.contains(where: { $0.hasPrefix(Self.cookieName + "=") && !$0.contains("; Secure") }) else {
            return response
        }
        response.headers[values: .setCookie] = cookies.map {
            $0.hasPrefix(Self.cookieName + "=") && !$0.contains("; Secure") ? $0 + "; Secure" : $0
        }
        return response
    }

    static let fetchMode = HTTPField.Name("Sec-Fetch-Mode")!

    static func cookie(_ notice: Notice) -> Cookie {
        Cookie(name: cookieName, value: notice.rawValue, maxAge: 120, path: "/", httpOnly: true, sameSite: .lax)
    }
}
