import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird
import Logging

/// The request context: who is asking, how they proved it, and the form they sent.
public struct AppContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The signed-in reader of a browser session.
    var session: BrowserSession?
    /// The reader of an API token.
    var tokenUser: User?
    /// The hash of that API token (a password change that revokes tokens keeps this one).
    var tokenHash: String?
    /// The decoded body of an HTML form post, already checked for its CSRF token.
    var form: FormData?
    /// The confirmation left by the previous request (post/redirect/get).
    var notice: Notice?

    /// The address of the peer of the connection: the client, or a reverse proxy.
    let peerAddress: String?
    /// The client's IP address (for sign-in throttling): the peer's, or the one a trusted proxy
    /// forwarded (``ClientAddressMiddleware``).
    var remoteAddress: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
        remoteAddress = peerAddress
    }

    /// The reader this request acts for.
    var user: User? { session?.user ?? tokenUser }

    /// The reader this request acts for, or "sign in first".
    func requireUser() throws -> User {
        guard let user else { throw WebError.unauthorized() }
        return user
    }

    /// The posted form (HTML routes only; ``CSRFMiddleware`` decodes it).
    func requireForm() throws -> FormData {
        guard let form else { throw WebError.badRequest("The form was sent without its fields.") }
        if form.fields.contains(where: { $0.key.contains("\0") || $0.value.contains("\0") }) {
            throw WebError.badRequest(InputMiddleware.message)
        }
        return form
    }

    /// What a page rendered for this request needs.
    func page(_ area: PageContext.Area?, csrfToken: String? = nil) -> PageContext {
        PageContext(
            user: user, csrfToken: csrfToken ?? session?.csrfToken ?? "", area: area, notice: notice,
            unread: session?.unread ?? 0,
            running: session?.running)
    }

    public var maxUploadSize: Int { 50 * 1_048_576 + 65_536 }
}

/// A signed-in browser.
struct BrowserSession: Sendable {
    var user: User
    var csrfToken: String
    var tokenHash: String
    /// Unread notifications, counted for pages.
    var unread = 0
    /// The reading session running now, for the header.
    var running: RunningTimer?
}

/// A running reading session as the header shows it: the session, and how long it had run when
/// the request came (the page's timer counts on from there).
struct RunningTimer: Sendable, Equatable {
    var session: RunningSession
    var elapsed: Int
}
