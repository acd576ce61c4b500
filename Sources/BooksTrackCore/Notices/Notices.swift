import Foundation

/// A notification the application owes a reader, before it is stored. `key` makes it once-only:
/// the same key is never recorded twice for one reader, however many writes ask.
public struct Notice: Hashable, Sendable {
    public var kind: String
    public var key: String
    public var title: String
    public var body: String
    public var link: String?

    public init(kind: String, key: String, title: String, body: String, link: String? = nil) {
        self.kind = kind
        self.key = key
        self.title = title
        self.body = body
        self.link = link
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
                kind: "achievement", key: "achievement:\(unlock.achievement)", title: "🏅 You are a \(level.name)",
                body: "\(level.threshold) facts added to your books. Every answer makes your figures more honest.",
                link: "/contributions")
        default:
            guard let achievement = Achievements.achievement(unlock.achievement) else { return nil }
            return Notice(
                kind: "achievement", key: "achievement:\(unlock.achievement)",
                title: "\(achievement.symbol) Achievement unlocked: \(achievement.name)",
                body: "\(achievement.rule). \(achievement.rarity.displayName).", link: "/insights/reading#achievements")
        }
    }
}
