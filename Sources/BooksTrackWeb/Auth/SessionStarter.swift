import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// Signing a browser in and out.
struct SessionStarter {
    let app: BooksTrack
    let configuration: WebConfiguration

    /// Creates a session for the reader and returns the response that sets its cookie.
    func signIn(_ user: User, redirectTo location: String, notice: Notice? = nil) async throws -> Response {
        let token = Secrets.token()
        let now = configuration.clock()
        try await app.accounts.startLogin(
            tokenHash: Secrets.hash(token), csrfToken: Secrets.token(), for: user.id,
            expiresAt: now.addingTimeInterval(configuration.sessionLifetime), now: now)
        var response = Responses.redirect(to: location, notice: notice)
        response.setCookie(SessionMiddleware.cookie(token, configuration: configuration))
        return response
    }

    func signOut(_ session: BrowserSession?, redirectTo location: String, notice: Notice? = nil) async throws -> Response {
        if let session { try await app.accounts.endLogin(tokenHash: session.tokenHash) }
        var response = Responses.redirect(to: location, notice: notice)
        response.setCookie(SessionMiddleware.clearingCookie(configuration: configuration))
        return response
    }
}
