extension Goal {
    /// The marks `progress` has reached that are not recorded yet: what a write crossed.
    public func newMilestones(_ progress: GoalProgress, recorded: Set<Int>) -> [Int] {
        milestonesReached(progress).filter { !recorded.contains($0) }
    }

    /// Whether an active goal completes with this progress: its target reached as the board
    /// decides it (a share goal: its period over at the target, over its minimum of books).
    public func completes(with progress: GoalProgress) -> Bool { status == .active && progress.pace == .done }
}

extension Goal.Snapshot {
    /// "30 books · 9,450 pages · 12 countries". A figure nothing is known for is said so, never
    /// a bare 0 ("page counts not known" when none of the books has one).
    public var summary: String {
        let unknown = books > 0
        let regionsReached =
            (regions ?? []).isEmpty ? "" : " · regions reached: " + InsightFormat.list((regions ?? []).map(\.displayName))
        return [
            InsightFormat.books(books),
            unknown && pages == 0 ? "page counts not known" : InsightFormat.counted(pages, "page"),
            unknown && countries == 0
                ? "authors’ countries not known"
                : countries == 1 ? "1 country" : "\(InsightFormat.grouped(countries)) countries",
        ].joined(separator: " · ") + regionsReached
    }
}

extension Notices {
    /// The notice owed for a milestone the goal crossed, unless the goal's completion tells it
    /// (``Goal/tellsMilestone(_:)``).
    public static func milestone(_ mark: Int, of goal: Goal, progress: GoalProgress) -> Notice? {
        guard goal.tellsMilestone(mark) else { return nil }
        let title =
            switch goal.kind {
            case .streakDays: "\(mark)-day streak: \(goal.title)"
            case .share: "\(mark) books counted for “\(goal.title)”"
            default: "\(mark)% of “\(goal.title)”"
            }
        let body =
            goal.kind == .share
            ? "\(Int(saturating: progress.current.rounded()))% so far; the target is \(goal.target)%."
            : "\(InsightFormat.number(progress.current)) / \(InsightFormat.grouped(goal.target)) \(GoalDraft.unit(of: goal.kind)) so far."
        return Notice(
            kind: "goal", key: "goal:\(goal.id.string):\(mark)", title: title, body: body, destination: .goal(goal.id))
    }

    /// The notice that a goal is complete, with the story of its books.
    public static func completion(of goal: Goal, story: Goal.Snapshot) -> Notice {
        Notice(
            kind: "goal", key: "goal:\(goal.id.string):done", title: "Goal complete: \(goal.title)", body: story.summary,
            destination: .goal(goal.id))
    }
}
