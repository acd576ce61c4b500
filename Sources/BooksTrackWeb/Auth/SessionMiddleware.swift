import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// Finds the reader of a request: a browser session cookie, or an API token in an
/// `Authorization: Bearer` header. Sessions live in the database, so any app server can serve
/// any request; they slide forward while used.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = AppContext
    static let cookieName = "bt_session"

    let app: BooksTrack
    let configuration: WebConfiguration

    func handle(_ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response) async throws
        -> Response
    {
        var context = context
        let now = configuration.clock()
        var known: (user: User.ID, version: Int)?
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            let token = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            guard let (user, version) = try await app.accounts.authenticate(tokenHash: Secrets.hash(token), now: now) else {
                throw WebError.unauthorized("The API token is not valid (it may have been revoked).")
            }
            context.tokenUser = user
            context.tokenHash = Secrets.hash(token)
            known = (user.id, version)
        } else if let token = request.cookies[Self.cookieName]?.value {
            let hash = Secrets.hash(token)
            if let session = try await app.accounts.login(tokenHash: hash, now: now) {
                // A page shows the unread count in its header (SPEC §8); it comes with the session.
                context.session = BrowserSession(
                    user: session.user, csrfToken: session.csrfToken, tokenHash: hash, unread: session.unread,
                    running: session.running.map { RunningTimer(session: $0, elapsed: Int(now.timeIntervalSince($0.startedAt))) })
                known = (session.user.id, session.dataVersion)
                if session.expiresAt.timeIntervalSince(now) < configuration.sessionLifetime / 2 {
                    try await app.accounts.extendLogin(
                        tokenHash: hash, until: now.addingTimeInterval(configuration.sessionLifetime), now: now)
                }
            }
        }
        // A request that only reads needs not ask for the reader's data_version again: every
        // figure it shows is at least as new as the session's (a write asks the database itself).
        guard let known, request.method == .get || request.method == .head else {
            // A write learns its reader's version from the write itself, for what it reads after.
            return try await RequestFreshness.writing { try await next(request, context) }
        }
        return try await RequestFreshness.reading(known.user, at: known.version) { try await next(request, context) }
    }

    /// The cookie that keeps a browser signed in.
    static func cookie(_ token: String, configuration: WebConfiguration) -> Cookie {
        Cookie(
            name: cookieName, value: token, maxAge: Int(configuration.sessionLifetime), path: "/",
            secure: configuration.secureCookies, httpOnly: true, sameSite: .lax)
    }

    /// The cookie that signs a browser out.
    static func clearingCookie(configuration: WebConfiguration) -> Cookie {
        Cookie(
            name: cookieName, value: "", maxAge: 0, path: "/", secure: configuration.secureCookies, httpOnly: true, sameSite: .lax
        )
    }
}
