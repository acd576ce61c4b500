import Foundation

/// The kinds of notification a reader can turn on or off (issue 20 item 20): what BooksTrack
/// tells them after a write (achievements, goal milestones) and the two reminders, which are
/// opt-in.
public enum NotificationKind: String, CaseIterable, Codable, Hashable, Sendable {
    case achievement, goal, streakReminder, weeklyCheckIn

    public var displayName: String {
        switch self {
        case .achievement: "Achievements"
        case .goal: "Goal milestones"
        case .streakReminder: "Streak reminder"
        case .weeklyCheckIn: "Weekly goal check-in"
        }
    }

    /// What a reader gets, in one sentence.
    public var explanation: String {
        switch self {
        case .achievement: "When a badge unlocks."
        case .goal: "When a goal reaches 25%, 50%, 75% and when it is complete."
        case .streakReminder:
            "At \(Reminders.eveningHour):00 your time, when you have a streak of \(Reminders.streakMinimum) days or more and have not read yet today."
        case .weeklyCheckIn: "On Sunday at \(Reminders.checkInHour):00 your time, where each running goal stands."
        }
    }

    /// Reminders are off until the reader turns them on; the others are on until turned off.
    public var onByDefault: Bool { !isReminder }

    public var isReminder: Bool { self == .streakReminder || self == .weeklyCheckIn }
}

/// Which kinds of notification a reader gets: the defaults, with the reader's own choices.
public struct NotificationPreferences: Hashable, Sendable {
    public var chosen: [NotificationKind: Bool]

    public init(_ chosen: [NotificationKind: Bool] = [:]) { self.chosen = chosen }

    public func allows(_ kind: NotificationKind) -> Bool { chosen[kind] ?? kind.onByDefault }

    /// Whether a notice of this kind is recorded; kinds that cannot be turned off (a webhook's
    /// test notification) always are.
    public func allows(kind: String) -> Bool { NotificationKind(rawValue: kind).map(allows) ?? true }
}

/// The reminders due to a reader at a moment (pure: the application looks every few minutes
/// and records what is due; each notice's key makes it once a day, or once a week).
public enum Reminders {
    /// The streak reminder is due from this hour of the reader's evening.
    public static let eveningHour = 19
    /// The weekly check-in is due from this hour on Sunday.
    public static let checkInHour = 18
    /// A run shorter than this is not worth a reminder.
    public static let streakMinimum = 2

    /// A goal running today, as the check-in reports it.
    public struct RunningGoal: Hashable, Sendable {
        public var title: String
        /// "24 / 30 books (80%)".
        public var summary: String
        /// "6 books to go; at your pace you finish on 14 November", when there is one.
        public var outlook: String?

        public init(title: String, summary: String, outlook: String?) {
            self.title = title
            self.summary = summary
            self.outlook = outlook
        }
    }

    /// What is due at `now` in the reader's time zone. `streak` is the run of reading days up to
    /// yesterday when `readToday` is false (the current streak); `goals` are those running today.
    public static func due(
        now: Date, timeZone: TimeZone, preferences: NotificationPreferences, streak: Int, readToday: Bool,
        goals: [RunningGoal]
    ) -> [Notice] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .weekday], from: now)
        let hour = parts.hour ?? 0
        let today = LocalDate(now, in: timeZone)
        var due: [Notice] = []
        if preferences.allows(.streakReminder), hour >= eveningHour, !readToday, streak >= streakMinimum {
            due.append(
                Notice(
                    kind: NotificationKind.streakReminder.rawValue, key: "reminder:streak:\(today)",
                    title: "🔥 Read today to keep your \(streak)-day streak",
                    body: "A few pages before midnight keep it going. Log a session or a page to count today.",
                    destination: .readingNow))
        }
        // Sunday is weekday 1 in the Gregorian calendar.
        if preferences.allows(.weeklyCheckIn), parts.weekday == 1, hour >= checkInHour, !goals.isEmpty {
            let lines = goals.map { goal in
                "\(goal.title): \(goal.summary)" + (goal.outlook.map { " — \($0)" } ?? "") + "."
            }
            due.append(
                Notice(
                    kind: NotificationKind.weeklyCheckIn.rawValue, key: "reminder:weekly:\(today)",
                    title: goals.count == 1 ? "📅 Weekly check-in: your goal" : "📅 Weekly check-in: \(goals.count) goals",
                    body: lines.joined(separator: " "), destination: .goals))
        }
        return due
    }
}
