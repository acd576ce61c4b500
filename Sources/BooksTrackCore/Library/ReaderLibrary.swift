import Foundation

/// Everything one reader has, as plain values: the library with the catalogue objects it refers
/// to, sessions, goals and curation. Exports are built from it; metrics read it.
public struct ReaderLibrary: Sendable {
    public var user: User
    public var entries: [LibraryEntry]
    public var works: DenseDictionary<Work.ID, Work>
    public var editions: DenseDictionary<Edition.ID, Edition>
    public var authors: [Author.ID: Author]
    public var sessions: [ReadingSession]
    /// Progress updates without a session, oldest first.
    public var progress: [ProgressUpdate]
    public var goals: [Goal]
    public var milestones: [Milestone]
    public var contributions: [Contribution]
    public var achievements: [AchievementUnlock]

    public init(
        user: User, entries: [LibraryEntry] = [], works: DenseDictionary<Work.ID, Work> = [:],
        editions: DenseDictionary<Edition.ID, Edition> = [:], authors: [Author.ID: Author] = [:],
        sessions: [ReadingSession] = [], progress: [ProgressUpdate] = [], goals: [Goal] = [], milestones: [Milestone] = [],
        contributions: [Contribution] = [], achievements: [AchievementUnlock] = []
    ) {
        self.user = user
        self.entries = entries
        self.works = works
        self.editions = editions
        self.authors = authors
        self.sessions = sessions
        self.progress = progress
        self.goals = goals
        self.milestones = milestones
        self.contributions = contributions
        self.achievements = achievements
    }

    /// The countries of the library's authors, by name: the choices of the library's country filter.
    public var authorCountries: [CountryCode] {
        Set(authors.values.compactMap { $0.country?.value }).sorted { $0.name < $1.name }
    }

    /// Where the entry with this id is in ``entries`` (kept sorted by id), or where it would go:
    /// found by halving, not by a walk over every entry.
    public func entrySlot(_ id: LibraryEntry.ID) -> (index: Int, found: Bool) {
        let at = entries.insertionIndex { $0.id < id }
        return (at, at < entries.endIndex && entries[at].id == id)
    }

    /// The authors of an entry's work, in order.
    public func authors(of entry: LibraryEntry) -> [Author] {
        works[entry.workID]?.authorIDs.compactMap { authors[$0] } ?? []
    }
}
