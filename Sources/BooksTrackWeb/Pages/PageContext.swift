import BooksTrackCore
import Foundation

/// What every page needs besides its own content: who is looking, the form token, where they
/// are, and a message from the previous step.
struct PageContext {
    var user: User?
    /// The CSRF token forms on this page carry.
    var csrfToken: String
    /// The section of the navigation this page belongs to.
    var area: Area?
    var notice: Notice?
    /// Unread notifications, for the header.
    var unread = 0
    /// The reader's running reading session: every page's header shows it with its timer and Stop.
    var running: RunningTimer? = nil

    /// The sections of the navigation (SPEC F11).
    enum Area: String, CaseIterable {
        case home, library, insights, goals, `import`, account

        var title: String {
            switch self {
            case .home: "Home"
            case .library: "Library"
            case .insights: "Insights"
            case .goals: "Goals"
            case .import: "Import"
            case .account: "Account"
            }
        }

        var path: String {
            switch self {
            case .home: "/"
            case .library: "/library"
            case .insights: "/insights"
            case .goals: "/goals"
            case .import: "/import"
            case .account: "/account"
            }
        }

        /// The areas in the main navigation, in order.
        static let navigation: [Area] = [.home, .library, .insights, .goals, .import]
    }
}

/// A one-line confirmation shown after a form was handled (post/redirect/get). Only these fixed
/// messages travel in the `bt_notice` cookie, so nothing a request supplies is ever echoed.
enum Notice: String, CaseIterable {
    case bookAdded = "book-added"
    case bookUpdated = "book-updated"
    case bookDeleted = "book-deleted"
    case statusChanged = "status-changed"
    case factsSaved = "facts-saved"
    case badgeRecorded = "badge-recorded"
    case badgeRemoved = "badge-removed"
    case passwordChanged = "password-changed"
    case tokenRevoked = "token-revoked"
    case shareRevoked = "share-revoked"
    case signedOut = "signed-out"
    case welcome = "welcome"
    case importCancelled = "import-cancelled"
    case demoLoaded = "demo-loaded"
    case alreadyInLibrary = "already-in-library"
    case settingsSaved = "settings-saved"
    case languageSaved = "language-saved"
    case authorConfirmed = "author-confirmed"
    case authorRuledOut = "author-ruled-out"
    case sessionStarted = "session-started"
    case sessionAlreadyRunning = "session-already-running"
    case sessionLogged = "session-logged"
    case sessionSaved = "session-saved"
    case sessionDeleted = "session-deleted"
    case progressSaved = "progress-saved"
    case goalCreated = "goal-created"
    case goalUpdated = "goal-updated"
    case comparisonJoined = "comparison-joined"
    case comparisonLeft = "comparison-left"
    case goalDeleted = "goal-deleted"
    case webhookSaved = "webhook-saved"
    case notificationsSaved = "notifications-saved"
    case webhookRemoved = "webhook-removed"
    case webhookTestSent = "webhook-test-sent"
    case webhookPolicySaved = "webhook-policy-saved"
    case registrationOpened = "registration-opened"
    case registrationClosed = "registration-closed"
    case allRead = "all-read"

    var message: String {
        switch self {
        case .bookAdded: "The book is in your library."
        case .bookUpdated: "Your changes are saved."
        case .bookDeleted: "The book was removed from your library."
        case .statusChanged: "The status is updated."
        case .factsSaved: "The author’s details are saved. Thank you — every reader of this author benefits."
        case .badgeRecorded: "The badge is recorded, with who states it and where."
        case .badgeRemoved: "The badge is removed."
        case .passwordChanged: "Your password is changed. Other devices were signed out."
        case .languageSaved: "Your reading language is saved: the translation figures count from it."
        case .tokenRevoked: "The token is revoked; anything using it can no longer reach your library."
        case .shareRevoked: "The share link is revoked; it no longer shows anything."
        case .signedOut: "You are signed out."
        case .welcome: "Welcome to BooksTrack."
        case .importCancelled: "The import was cancelled; nothing was changed."
        case .demoLoaded: "The demo library is loaded: every page now has something to show."
        case .alreadyInLibrary: "That book was already in your library, so nothing was added; here it is."
        case .settingsSaved: "Your settings are saved; your insights use them from now on."
        case .authorConfirmed: "Thank you: that person’s facts are recorded for the author, with where they came from."
        case .authorRuledOut: "Thank you: that person is ruled out."
        case .sessionStarted: "Your session has started. The timer keeps running if you close this page."
        case .sessionAlreadyRunning: "A session is already running — here it is. Stop it before starting another."
        case .sessionLogged: "The session is logged."
        case .sessionSaved: "The session is saved."
        case .sessionDeleted: "The session was deleted."
        case .progressSaved: "Your page is saved."
        case .goalCreated: "Your goal is set. It counts the books already in your library."
        case .goalUpdated: "The goal is updated."
        case .notificationsSaved: "Your choice of notifications is saved."
        case .comparisonJoined: "You take part in the comparison: your figures count in this instance’s averages."
        case .comparisonLeft: "You no longer take part in the comparison: your figures are left out of the averages."
        case .goalDeleted: "The goal was deleted."
        case .webhookSaved: "Your notifications will also be sent to that address."
        case .webhookRemoved: "Your notifications are no longer sent anywhere else."
        case .webhookTestSent: "A test notification is on its way; its delivery shows under Notifications elsewhere."
        case .webhookPolicySaved: "The webhook rule for this BooksTrack is saved."
        case .registrationOpened: "Anyone who reaches this BooksTrack can now create an account at /register."
        case .registrationClosed: "Accounts are by invitation only again."
        case .allRead: "Every notification is marked as read."
        }
    }
}
