import Foundation

/// A reader's library flattened once (SPEC §7): the insights index every report is computed
/// from, the reading days, and — built from them when first asked for — the goal board goals and
/// reading insights are measured on. One pass over the library's dictionaries for everything a
/// reader's pages show; the server keeps it with the library until the library changes.
///
/// Achievements' facts come from the index directly, so the after-write step of a reader without
/// goals never builds the board.
public final class LibraryFigures: @unchecked Sendable {
    let index: InsightIndex
    /// The reading days every streak is counted from.
    public let readingDays: ReadingDays
    private let lock = NSLock()
    private var built: GoalBoard?

    public init(_ library: ReaderLibrary, timeZone: TimeZone) {
        let index = InsightIndex(library, timeZone: timeZone)
        self.index = index
        readingDays = ReadingDays(library, timeZone: timeZone)
    }

    /// The goal board, built on first use (once, however many ask at once).
    public var board: GoalBoard {
        lock.withLock {
            if let built { return built }
            let board = GoalBoard(index: index, readingDays: readingDays.days)
            built = board
            return board
        }
    }

    /// What achievements look at (``Achievements``): the books read, the regions and original
    /// languages among them, their ratings, and the longest run of reading days — the one
    /// definition on the kept library (a process that keeps none asks the database,
    /// `ReaderStore.achievementCounts`, held equal to this by `AchievementCountsTests`).
    public func achievementFacts(contributions: Int) -> AchievementFacts {
        var regions = Set<CulturalRegion>()
        var languages = Set<Int32>()
        var (books, rated, quarters) = (0, 0, 0)
        for book in index.books where book.readAtSomeTime {
            books += 1
            for author in book.authors { if let region = index.authors[Int(author)].region { regions.insert(region) } }
            if book.language >= 0 { languages.insert(book.language) }
            if book.rating >= 0 {
                rated += 1
                quarters += Int(book.rating)
            }
        }
        return AchievementFacts(
            books: books, regions: regions.count, languages: languages.count, ratedBooks: rated,
            averageRating: rated > 0 ? Double(quarters) / Double(rated) / 4 : nil,
            longestStreak: ReadingDays.longestRun(readingDays.days), contributions: contributions)
    }

    /// The diversity of the books finished in a stretch, as the comparison with other readers
    /// puts it beside the reading figures (issue 44 item 8): each share only where enough is
    /// known to show one (``MinimumData``), the score only when it is not provisional.
    public func diversity(_ span: ReadingSpan, today: LocalDate) -> InstanceComparison.Diversity {
        let days = span.range(today: today).map { $0.lowerBound.dayNumber...min($0.upperBound, today).dayNumber }
        let figures = DiversityFigures.compute(
            index.select(.read, in: days), index: index, unit: .books, underrepresented: index.underrepresented)
        return InstanceComparison.Diversity(
            score: figures.score.isEmpty || figures.score.isProvisional ? nil : figures.score.total,
            women: figures.allowsShares(.gender) ? figures.figure(for: .female)?.figure.share ?? 0 : nil,
            marginalized: figures.allowsShares(.marginalized) ? figures.marginalized.share : nil,
            languages: figures.languages.count)
    }

    /// The reader's streak as of `now` (see ``ReadingDays``).
    public func streak(at now: Date) -> Streak { readingDays.streak(at: now) }
}
