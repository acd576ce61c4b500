import Foundation

/// A notification the application owes a reader, before it is stored. `key` makes it once-only:
/// the same key is never recorded twice for one reader, however many writes ask.
public struct Notice: Hashable, Sendable {
    public var kind: String
    public var key: String
    public var title: String
    public var body: String
    /// Where it leads.
    public var destination: NoticeDestination?

    public init(kind: String, key: String, title: String, body: String, destination: NoticeDestination? = nil) {
        self.kind = kind
        self.key = key
        self.title = title
        self.body = body
        self.destination = destination
    }
}

/// What a reader's standing owes them in notifications (SPEC §8 notification centre). Pure: the
/// application stores each unlock with ``notice(for:)`` in one transaction.
public enum Notices {
    /// A reader's badges and contributions, as the achievements page measures them.
    public struct Standing: Hashable, Sendable {
        public var achievements: [AchievementUnlock]
        /// How many curator contributions the reader made (the curator achievements count them).
        public var contributions: Int
        public init(achievements: [AchievementUnlock], contributions: Int = 0) {
            self.achievements = achievements
            self.contributions = contributions
        }
    }

    /// The notice for an unlocked achievement; `nil` for an achievement BooksTrack no longer knows.
    public static func notice(for unlock: AchievementUnlock) -> Notice? {
        switch unlock.achievement {
        case Curation.achievement:
            let level = Curation.levels[0]
            return Notice(
                kind: "achievement", key: achievementPrefix + unlock.achievement, title: "🏅 You are a \(level.name)",
                body: "\(level.threshold) facts added to your books. Every answer makes your figures more honest.",
                destination: .contributions)
        default:
            guard let achievement = Achievements.achievement(unlock.achievement) else { return nil }
            return Notice(
                kind: "achievement", key: achievementPrefix + unlock.achievement,
                title: "\(achievement.symbol) Achievement unlocked: \(achievement.name)",
                body: "\(achievement.rule). \(achievement.rarity.displayName).", destination: .achievements)
        }
    }
}

extension Notices {
    /// How many achievements earned by one write are still told one by one; more (an import of
    /// years of reading) become one notice.
    public static let achievementsTold = 2

    /// What one write owes, as a reader should meet it (issue 44, item 6): more than
    /// ``achievementsTold`` achievements at once are told by one notice naming them; several
    /// notices of one goal at once (a goal for a past period reaching every milestone and its
    /// end) by its last. The others are still recorded — already read, in the notification
    /// centre — so they are never owed again.
    public static func batched(_ notices: [Notice]) -> (unread: [Notice], read: [Notice]) {
        var unread: [Notice] = []
        var read: [Notice] = []
        let achievements = notices.filter { $0.kind == "achievement" }
        if achievements.count > achievementsTold {
            read += achievements
            unread.append(summary(of: achievements))
        } else {
            unread += achievements
        }
        // A goal's notices, in the order they were reached (milestones up, then done).
        var byGoal: [String: [Notice]] = [:]
        var goalOrder: [String] = []
        for notice in notices where notice.kind != "achievement" {
            let goal =
                notice.kind == "goal" ? String(notice.key.split(separator: ":").prefix(2).joined(separator: ":")) : notice.key
            if byGoal[goal] == nil { goalOrder.append(goal) }
            byGoal[goal, default: []].append(notice)
        }
        for goal in goalOrder {
            guard let own = byGoal[goal], let last = own.last else { continue }
            read += own.dropLast()
            unread.append(last)
        }
        return (unread, read)
    }

    private static let summaryPrefix = "achievements:"
    private static let achievementPrefix = "achievement:"

    /// The achievements a notice's key tells of: one ("achievement:bookworm"), several for a
    /// notice that tells them as one (``batched(_:)``), none for another kind of notice.
    public static func achievements(inKey key: String) -> [String] {
        if key.hasPrefix(summaryPrefix) {
            return key.dropFirst(summaryPrefix.count).split(separator: "+").map {
                String($0.dropFirst(achievementPrefix.count))
            }
        }
        return key.hasPrefix(achievementPrefix) ? [String(key.dropFirst(achievementPrefix.count))] : []
    }

    /// "🏅 7 achievements from your reading", naming them.
    static func summary(of achievements: [Notice]) -> Notice {
        let names = achievements.map { notice in
            notice.title.replacingOccurrences(of: "Achievement unlocked: ", with: "")
        }
        let shown = names.prefix(4).joined(separator: ", ")
        let more = names.count > 4 ? " and \(names.count - 4) more" : ""
        return Notice(
            kind: "achievement", key: summaryPrefix + achievements.map(\.key).sorted().joined(separator: "+"),
            title: "🏅 \(achievements.count) achievements from your reading",
            body: "Earned by the books in your library: \(shown)\(more).", destination: .achievements)
    }
}
