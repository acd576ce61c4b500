import Foundation
import Synchronization

/// A reader's library flattened once (SPEC §7): the insights index every report is computed
/// from, the reading days, what achievements count, and — built from them when first asked for —
/// the goal board goals and reading insights are measured on. One pass over the library's
/// dictionaries for everything a reader's pages show; the server keeps it with the library and
/// brings it up to date in place by the rows each write touched (``update(_:touched:)``).
public struct LibraryFigures: Sendable {
    private(set) var index: InsightIndex
    /// The reading days every streak is counted from.
    public private(set) var readingDays: ReadingDays
    /// The goal board of these figures, once built (a new box whenever they change).
    private var built = BoardBox()

    private final class BoardBox: Sendable {
        let board = Mutex<GoalBoard?>(nil)
    }

    public init(_ library: ReaderLibrary, timeZone: TimeZone) {
        index = InsightIndex(library, timeZone: timeZone)
        readingDays = Self.readingDays(library, index: index, timeZone: timeZone)
    }

    /// The finishes as the index counts them, with the library's progress updates and sessions.
    private static func readingDays(_ library: ReaderLibrary, index: InsightIndex, timeZone: TimeZone) -> ReadingDays {
        ReadingDays(
            finishedDays: index.finishes.keys, progress: library.progress.map(\.recordedAt),
            sessions: library.sessions.map { (start: $0.startedAt, end: $0.endedAt) }, timeZone: timeZone)
    }

    /// The zone the index's days are in (the reading days').
    public var timeZone: TimeZone { readingDays.timeZone }

    /// These figures in another time zone (a reader who moved, or changed the setting): the
    /// sessions and the reading days counted again in it, the books left as they are (their days
    /// are calendar days) — not the library flattened anew. `library` is the one they describe.
    public func inTimeZone(_ timeZone: TimeZone, of library: ReaderLibrary) -> LibraryFigures {
        var figures = self
        figures.built = BoardBox()
        figures.index.rezone(library, timeZone: timeZone)
        figures.readingDays = Self.readingDays(library, index: figures.index, timeZone: timeZone)
        return figures
    }

    /// Brings the figures up to date after a change that touched a few of the library's rows,
    /// in place: the index patched by those rows (a write on a 100,000-book library does not
    /// wait for the whole library to be flattened again, nor for a copy of it), the reading
    /// days gathered again from the kept finishes; every book told again when the reader's
    /// settings changed what they are told with. `library` is the library after the change.
    public mutating func update(_ library: ReaderLibrary, touched: LibraryTouch) {
        let board = built.board.withLock { $0 }
        built = BoardBox()
        let rebuilt = index.patch(library, touched: touched, timeZone: timeZone)
        readingDays = Self.readingDays(library, index: index, timeZone: timeZone)
        // Every book told again (the reader's settings): the board is built anew when asked for.
        guard let rebuilt else { return }
        // A board already built follows the patch (a reader with a goal measures it after
        // every write); else it is built when first asked for.
        if let patched = board?.patched(index: index, readingDays: readingDays.days, rebuilt: rebuilt) {
            built.board.withLock { $0 = patched }
        }
    }

    /// The goal board, built on first use (once, however many ask at once).
    public var board: GoalBoard {
        built.board.withLock { built in
            if let built { return built }
            let board = GoalBoard(index: index, readingDays: readingDays.days)
            built = board
            return board
        }
    }

    /// What achievements look at (``Achievements``): the books read, the regions and original
    /// languages among them, their ratings, and the longest run of reading days — the one
    /// definition on the kept library (a process that keeps none asks the database,
    /// `AchievementStore.counts(timeZone:)`, held equal to this by `AchievementCountsTests`), kept as
    /// books change (``InsightIndex/ReadTally``).
    public func achievementFacts(contributions: Int) -> AchievementFacts {
        let tally = index.tally
        return AchievementFacts(
            books: tally.books, regions: tally.regions.count, languages: tally.languages.count, ratedBooks: tally.rated,
            averageRating: tally.rated > 0 ? Double(tally.quarters) / Double(tally.rated) / 4 : nil,
            longestStreak: ReadingDays.longestRun(readingDays.days), contributions: contributions)
    }

    /// The diversity of the books finished in a stretch, as the comparison with other readers
    /// puts it beside the reading figures (issue 44 item 8): each share only where enough is
    /// known to show one (``MinimumData``), the score only when it is not provisional.
    public func diversity(_ span: ReadingSpan, today: LocalDate) -> InstanceComparison.Diversity {
        let figures = DiversityFigures.compute(
            index.select(.read, in: span.dayNumbers(today: today)), index: index, unit: .books,
            underrepresented: index.underrepresented)
        return InstanceComparison.Diversity(
            score: figures.score.isEmpty || figures.score.isProvisional ? nil : figures.score.total,
            women: figures.allowsShares(.gender) ? figures.figure(for: .female)?.figure.share ?? 0 : nil,
            marginalized: figures.allowsShares(.marginalized) ? figures.marginalized.share : nil,
            languages: figures.languages.count)
    }

    /// Unlocks dated by the reading that earned them (issue 44 item 6): an import of years of
    /// reading earns First Steps on the day its first book was finished, not on the day of the
    /// import. A requirement the history cannot date (ratings, curation, a book without a finish
    /// date among the ones that count) leaves the unlock as it was; a date is never later.
    public func dated(_ unlocks: [AchievementUnlock]) -> [AchievementUnlock] {
        guard !unlocks.isEmpty else { return unlocks }
        // Each book read with a date, by the day it was first finished.
        let firsts = index.books.filter(\.readAtSomeTime).compactMap { book in
            book.finishedDays.min().map { (day: $0, book: book) }
        }
        .sorted { $0.day < $1.day }
        func day(_ requirement: Achievement.Requirement) -> Int? {
            let target = Int(requirement.target.rounded(.up))
            guard target >= 1 else { return nil }
            switch requirement.measure {
            case .books: return target <= firsts.count ? firsts[target - 1].day : nil
            case .regions:
                var seen = Set<CulturalRegion>()
                for (day, book) in firsts {
                    for author in book.authors { if let region = index.authors[Int(author)].region { seen.insert(region) } }
                    if seen.count >= target { return day }
                }
                return nil
            case .languages:
                var seen = Set<Int32>()
                for (day, book) in firsts where book.language >= 0 {
                    seen.insert(book.language)
                    if seen.count >= target { return day }
                }
                return nil
            case .streakDays: return ReadingDays.firstDay(reachingRun: target, in: readingDays.days)
            case .ratedBooks, .averageRating, .contributions: return nil
            }
        }
        return unlocks.map { unlock in
            guard let achievement = Achievements.achievement(unlock.achievement) else { return unlock }
            let days = achievement.requirements.map(day)
            guard !days.isEmpty, !days.contains(nil), let earned = days.compactMap({ $0 }).max() else { return unlock }
            // Noon of that day in the reader's zone: the day, whatever the hour of the reading.
            let noon = Double(earned) * 86_400 + 43_200
            let instant = Date(
                timeIntervalSince1970: noon - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: noon))))
            var dated = unlock
            dated.unlockedAt = min(unlock.unlockedAt, instant)
            return dated
        }
    }

    /// The reader's streak as of `now` (see ``ReadingDays``).
    public func streak(at now: Date) -> Streak { readingDays.streak(at: now) }
}
