import Foundation

/// The rules of a goal that are not its progress: when it is complete, which milestones it has
/// and which it has reached (SPEC F6) — decided here, recorded and told by the application.
extension Goal {
    /// A share goal completes over at least this many books with the fact known, unless the
    /// goal sets its own (``Criteria/minimumBooks``).
    public static let defaultShareMinimum = 10

    /// The fewest books with the fact known for a share goal to complete.
    public var shareMinimum: Int { criteria.minimumBooks ?? Self.defaultShareMinimum }

    /// The marks of the goal's milestones: 25/50/75/100% of the target; for a streak goal 7, 30,
    /// 100 and 365 days (those below the target) and the target; for a share goal the books
    /// counted — 5, 10, 25, 50, 100 (a share crosses 50% and falls back with every book, so its
    /// percentages are no milestones).
    public var milestoneMarks: [Int] {
        switch kind {
        case .streakDays: [7, 30, 100, 365].filter { $0 < target } + [target]
        case .share: [5, 10, 25, 50, 100]
        default: [25, 50, 75, 100]
        }
    }

    /// The marks the progress has reached.
    public func milestonesReached(_ progress: GoalProgress) -> [Int] {
        milestoneMarks.filter { mark in
            switch kind {
            case .streakDays: progress.current >= Double(mark)
            case .share: progress.known >= mark
            default: progress.percent >= mark
            }
        }
    }

    /// Whether reaching `mark` is told on its own: the last mark of a goal counted to its target
    /// is told by the goal's completion instead.
    public func tellsMilestone(_ mark: Int) -> Bool {
        switch kind {
        case .streakDays: mark != target
        case .share: true
        default: mark != 100
        }
    }
}

extension Goal.Criteria {
    /// What must be known of a book for a share goal to count it, in words ("gender" in
    /// "3 books without a known gender").
    public var shareFact: String {
        var facts: [String] = []
        if !genders.isEmpty { facts.append("gender") }
        if !regions.isEmpty { facts.append("region") }
        if !languages.isEmpty { facts.append("original language") }
        if marginalizedOnly { facts.append("marginalized-voice fact") }
        if translatedOnly { facts.append("translation") }
        return facts.isEmpty ? "fact" : facts.joined(separator: " and ")
    }
}
