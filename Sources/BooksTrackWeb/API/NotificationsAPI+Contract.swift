import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension NotificationsAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case getNotificationSettings, setNotificationSettings, listNotifications, markAllNotificationsRead, markNotificationRead

        var declaration: APIOperation {
            switch self {
            case .getNotificationSettings:
                APIOperation(
                    .get, "me/notification-settings", .account, summary: "Which kinds of notification you get",
                    description:
                        "Achievements and goal milestones are on until turned off; the two reminders (`streakReminder` in your evening, `weeklyCheckIn` on Sunday evening, in your time zone) are off until turned on. A kind turned off is not recorded, so it reaches neither the notification centre nor your webhook.",
                    responses: [.json(.ok, "The settings.", NotificationsAPI.Settings.self), .unauthorized])
            case .setNotificationSettings:
                APIOperation(
                    .put, "me/notification-settings", .account,
                    summary: "Turn kinds of notification on or off; kinds not sent keep theirs",
                    requestBody: .json(
                        NotificationsAPI.SettingsRequest.self, example: ["streakReminder": true, "weeklyCheckIn": true]),
                    responses: [.json(.ok, "Saved.", NotificationsAPI.Settings.self), .unauthorized, .invalid])
            case .listNotifications:
                APIOperation(
                    .get, "notifications", .notifications,
                    summary: "The reader's latest 50 notifications, newest first, and the unread count",
                    description:
                        "What the reader's writes earned: achievements now (the Curator badge); goal milestones and streaks with their features. Each is recorded once.",
                    responses: [.json(.ok, "The notifications.", NotificationsAPI.List.self), .unauthorized])
            case .markAllNotificationsRead:
                APIOperation(
                    .post, "notifications/read", .notifications,
                    summary: "Mark every unread notification read (an import can bring many at once)",
                    responses: [.json(.ok, "How many were unread.", NotificationsAPI.Marked.self), .unauthorized])
            case .markNotificationRead:
                APIOperation(
                    .post, "notifications/{notificationId}/read", .notifications,
                    summary: "Mark a notification read (again changes nothing: the first date stays)",
                    parameters: [.notificationID],
                    responses: [.empty(.noContent, "Marked read."), .unauthorized, .notFound])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .getNotificationSettings: settings
        case .setNotificationSettings: saveSettings
        case .listNotifications: list
        case .markAllNotificationsRead: markAllRead
        case .markNotificationRead: markRead
        }
    }
}

extension NotificationsAPI.SettingsRequest: DocumentedRequest {
    static let schemaName = "NotificationSettingsInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            [
                "achievement": JSONSchema.boolean, "goal": JSONSchema.boolean, "streakReminder": JSONSchema.boolean,
                "weeklyCheckIn": JSONSchema.boolean,
            ], closed: true)
    }
}
