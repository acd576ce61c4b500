import BooksTrackApp
import BooksTrackCore

extension NoticeDestination {
    /// The page a notification leads to, on this web app. The one place a notification's
    /// destination becomes an address: the pages, the API's `link` and webhooks' click-through.
    public var path: String {
        switch self {
        case .goal(let id): "/goals/\(id.string)"
        case .goals: "/goals"
        case .achievements: "/insights/reading#achievements"
        case .contributions: "/contributions"
        case .readingNow: "/library?status=reading"
        case .notifications: "/notifications"
        }
    }
}
