import Foundation

/// Where a goal stands, derived from the library on every read (SPEC F6): never a stored
/// counter, so deleting a book lowers it and a book counts toward every goal it matches. A goal
/// whose period is over is measured over its own dates only, so it stays as it ended.
public struct GoalProgress: Sendable, Equatable {
    /// Books, pages, minutes, days, distinct authors or genres — or, for a share goal, the
    /// percentage of the period's finished books that match.
    public var current: Double
    public var target: Int
    /// The books that count, in the order they were finished.
    public var books: [LibraryEntry.ID] { counted.map { ids[Int($0)] } }
    /// The board's book ids (shared, not copied) and the indices of the books that count: the
    /// ids are only looked up for a page that lists them.
    let ids: [LibraryEntry.ID]
    let counted: [Int32]
    /// Finished books in the period.
    public var finishedInPeriod: Int
    /// For a share goal, the period's finished books whose fact is known: the whole the share is
    /// of (a book of unknown gender is no book "not by a woman"). Every finished book otherwise.
    public var known: Int
    /// Finished books the share leaves out because their fact is not known.
    public var unknown: Int { finishedInPeriod - known }
    public var pace: Pace
    /// The goal's story: books and pages of the books that count, and — once the target is
    /// reached, when the story is told — their distinct countries.
    public var story: Goal.Snapshot
    /// A decades goal's decades with a book that counts (each a year ending in 0), oldest first.
    public var decades: [Int] = []
    /// The regions the books that count reach, in the regions' order: a regions goal's regions
    /// explored, or which of a diversity goal's regions its books reach so far.
    public var regions: [CulturalRegion] = []
    /// The period's finished books that do not count only because a fact the goal asks about is
    /// not known (an author's region or gender, the original language, a genre): filled in, they
    /// might count (issue 40: goals lead somewhere).
    public var mightCount: Int = 0
    /// The facts whose absence keeps those books out, in ``GoalFact``'s order.
    public var missingFacts: [GoalFact] = []

    public enum Pace: Sendable, Equatable {
        /// The target is reached.
        case done
        /// The period is over and the target was not reached.
        case ended
        /// The period has not started.
        case notStarted
        case ahead
        case onTrack
        /// Behind by more than 20%: `left` of the goal's unit to go in `daysLeft` days, today
        /// included.
        case behind(left: Double, daysLeft: Int)
        /// A streak goal under its target while its period runs: the run of reading days that is
        /// still alive (up to today, or up to yesterday while today is not read yet), whether an
        /// earlier run in the period ended without reaching it, and whether the target still fits
        /// in the days left.
        case streak(run: Int, broken: Bool, fits: Bool)
        /// A share goal under its target: this many next books, all matching, bring it there
        /// (nil: it can no longer get there this period).
        case needs(books: Int?)
    }

    /// 0…1, for a ring.
    public var fraction: Double { target > 0 ? min(1, max(0, current / Double(target))) : 0 }

    /// Whole percent, not capped (a goal can be passed).
    public var percent: Int { target > 0 ? Int((current / Double(target) * 100).rounded(.down)) : 0 }

    /// The milestones (25, 50, 75, 100) the progress has crossed.
    public var milestones: [Int] { [25, 50, 75, 100].filter { percent >= $0 } }
}

/// A fact a goal's criteria ask about, which a book may lack.
public enum GoalFact: String, CaseIterable, Sendable, Equatable {
    case region
    case gender
    case marginalized
    case language
    case translated
    case genre
}

extension Goal {
    /// The days the goal measures, up to `today`: nil when it has not started.
    func measuredDays(today: LocalDate) -> ClosedRange<LocalDate>? {
        let end = min(endsOn, today)
        return startsOn <= end ? startsOn...end : nil
    }

    /// The goal's progress as of `today` in the reader's time zone (one goal; several share a
    /// ``GoalBoard``).
    public func progress(in library: ReaderLibrary, today: LocalDate, timeZone: TimeZone) -> GoalProgress {
        GoalBoard(library, timeZone: timeZone).progress(of: self, today: today)
    }

    /// Where the reader's own pace in the goal's period leads (issue 20 item 19): "12 books to
    /// go; at your pace you finish on 14 November", or what it reaches by the end. `nil` for a goal
    /// that is done, over, not started, or not counted up book by book (a share, a streak,
    /// regions, decades), and while nothing counts yet (no pace to go on).
    public func projection(_ progress: GoalProgress, today: LocalDate) -> String? {
        switch kind {
        case .share, .streakDays, .regionsExplored, .countriesExplored, .decadesExplored: return nil
        default: break
        }
        guard progress.current > 0, progress.current < Double(target), startsOn <= today, today <= endsOn else {
            return nil
        }
        let unit = GoalDraft.unit(of: kind)
        let left = Double(target) - progress.current
        let leftText = "\(InsightFormat.number(left)) \(left == 1 ? String(unit.dropLast()) : unit) to go"
        let elapsed = Double(today.dayNumber - startsOn.dayNumber + 1)
        let rate = progress.current / elapsed
        let daysNeeded = Int((left / rate).rounded(.up))
        let finish = today.adding(days: daysNeeded)
        if finish <= endsOn {
            return "\(leftText); at your pace you finish on \(finish.dayAndMonth)"
                + (finish.year == today.year ? "." : " \(finish.year).")
        }
        let reached = min(Double(target), (rate * Double(endsOn.dayNumber - startsOn.dayNumber + 1)).rounded(.down))
        return
            "\(leftText); at your pace you reach \(InsightFormat.number(reached)) of \(target) by \(endsOn.dayAndMonth)."
    }

    /// What is left, per day, when it is more than anyone reads ("This requires 2.7 books/day").
    public func unrealisticWarning(_ progress: GoalProgress, today: LocalDate) -> String? {
        let from = max(today, startsOn)
        guard from <= endsOn, progress.current < Double(target) else { return nil }
        let left = Double(endsOn.dayNumber - from.dayNumber + 1)
        let perDay = (Double(target) - progress.current) / left
        let (limit, unit): (Double, String) =
            switch kind {
            case .books, .diversity, .category, .authorsExplored, .genresExplored: (1, "books")
            case .pages: (300, "pages")
            case .minutes: (480, "minutes")
            case .share, .streakDays, .regionsExplored, .countriesExplored, .decadesExplored: (.infinity, "")
            }
        guard perDay > limit else { return nil }
        return "This requires \(String(format: "%.1f", perDay)) \(unit)/day."
    }
}
