import Foundation

/// Measuring one goal on the board: the books its period finished, what its kind counts among
/// them, the story told once it is reached, and its pace.
extension GoalBoard {
    /// A goal's progress as of `today`.
    public func progress(of goal: Goal, today: LocalDate) -> GoalProgress {
        let period = period(goal.measuredDays(today: today).map { $0.lowerBound.dayNumber...$0.upperBound.dayNumber })
        let criteria = compile(goal.criteria)
        let measure = measure(goal, in: period, criteria: criteria)
        let regions = regionsReached(by: goal, measure, in: period, askedFor: criteria.regionMask)
        return GoalProgress(
            current: measure.current, target: goal.target, ids: ids, counted: measure.counted,
            finishedInPeriod: period.finished.count, known: measure.known,
            pace: pace(of: goal, measure, in: period, today: today),
            story: story(of: goal, measure, regions: regions, in: period), decades: measure.decades, regions: regions,
            mightCount: measure.mightCount, missingFacts: GoalFact.allCases.filter(measure.missingFacts.contains))
    }

    /// A goal's period on the board: its days, its slices of the sorted finishes and of the
    /// sessions, and the books finished in it.
    private struct Period {
        var days: ClosedRange<Int>?
        var finishes = 0..<0
        var sessions = 0..<0
        /// A book finished twice in the period is in it once, by its first finish.
        var finished: [Int32] = []
    }

    /// What a goal's kind counts among its period's finished books.
    private struct Measure {
        var current: Double = 0
        /// The books that count: their pages, countries and regions tell the story.
        var counted: [Int32]
        /// The finished books whose facts are known (a share is of those).
        var known: Int
        /// The finished books that only unknown facts keep from counting, and those facts.
        var mightCount = 0
        var missingFacts = Set<GoalFact>()
        /// Whether the books that count are the period's finishes as they are (their pages are
        /// then two look-ups).
        var countedIsSlice: Bool
        var decades: [Int] = []

        /// Some finished books lack the one fact that would tell whether they count.
        mutating func lacking(_ fact: GoalFact, books: Int) {
            mightCount = books
            if books > 0 { missingFacts = [fact] }
        }
    }

    private func period(_ days: ClosedRange<Int>?) -> Period {
        var period = Period(days: days)
        if let days {
            period.finishes =
                Self.first(finishDays, atLeast: days.lowerBound)..<Self.first(finishDays, atLeast: days.upperBound + 1)
            period.sessions =
                Self.first(sessionDays, atLeast: days.lowerBound)..<Self.first(sessionDays, atLeast: days.upperBound + 1)
        }
        guard rereads else {
            period.finished = Array(finishBooks[period.finishes])
            return period
        }
        var seen = [Bool](repeating: false, count: books.count)
        for index in finishBooks[period.finishes] where !seen[Int(index)] {
            seen[Int(index)] = true
            period.finished.append(index)
        }
        return period
    }

    private func measure(_ goal: Goal, in period: Period, criteria: CompiledCriteria) -> Measure {
        let all = period.finished
        var measure = Measure(counted: all, known: all.count, countedIsSlice: !rereads)
        switch goal.kind {
        case .books: measure.current = Double(all.count)
        case .diversity, .category: measure = matching(criteria, among: all)
        case .share: measure = share(criteria, among: all)
        case .pages: measure.current = Double(pages(in: period))
        case .minutes:
            measure.counted = []
            measure.current = Double(minutesBefore[period.sessions.upperBound] - minutesBefore[period.sessions.lowerBound])
        case .streakDays:
            measure.counted = []
            measure.current = Double(period.days.map(longestRun) ?? 0)
        case .authorsExplored:
            measure.current = Double(distinct(\.authors, in: flatAuthors, of: authorCountry.count, among: all))
        case .genresExplored:
            measure.current = Double(distinct(\.genres, in: flatGenres, of: genreIndex.count, among: all))
        case .regionsExplored:
            measure.current = Double(all.reduce(UInt16(0)) { $0 | books[Int($1)].regionMask }.nonzeroBitCount)
            measure.lacking(.region, books: all.count { books[Int($0)].regionMask == 0 })
        case .countriesExplored:
            measure.current = Double(countries(among: all))
            measure.lacking(
                .region,
                books: all.count { !books[Int($0)].authors.contains { authorCountry[Int(flatAuthors[Int($0)])] >= 0 } })
        case .decadesExplored: measure = decades(since: goal.criteria.sinceYear, among: all)
        }
        return measure
    }

    /// The finished books that meet the criteria, and those only unknown facts keep out.
    private func matching(_ criteria: CompiledCriteria, among all: [Int32]) -> Measure {
        var measure = Measure(counted: [], known: all.count, countedIsSlice: false)
        for index in all {
            if criteria.matches(books[Int(index)], on: self) {
                measure.counted.append(index)
            } else {
                let lacking = criteria.missing(books[Int(index)], on: self)
                if !lacking.isEmpty {
                    measure.mightCount += 1
                    measure.missingFacts.formUnion(lacking)
                }
            }
        }
        measure.current = Double(measure.counted.count)
        return measure
    }

    /// The share, in percent, of the finished books whose facts are known that meet the
    /// criteria: unknown is not "not a match".
    private func share(_ criteria: CompiledCriteria, among all: [Int32]) -> Measure {
        let knownBooks = all.filter { criteria.isKnown(books[Int($0)]) }
        let counted = knownBooks.filter { criteria.matches(books[Int($0)], on: self) }
        var measure = Measure(counted: counted, known: knownBooks.count, countedIsSlice: false)
        measure.current = knownBooks.isEmpty ? 0 : Double(counted.count) / Double(knownBooks.count) * 100
        return measure
    }

    /// The pages read in the period: its sessions' pages, and the page counts of the books
    /// finished in it without a finished session.
    private func pages(in period: Period) -> Int {
        let sessionPages = pagesBefore[period.sessions.upperBound] - pagesBefore[period.sessions.lowerBound]
        let untimed =
            rereads
            ? period.finished.reduce(0) { $0 + (books[Int($1)].timed ? 0 : max(0, Int(books[Int($1)].pageCount))) }
            : untimedPagesBefore[period.finishes.upperBound] - untimedPagesBefore[period.finishes.lowerBound]
        return sessionPages + untimed
    }

    /// The finished books first published since a year (any year when `nil`), and their decades.
    private func decades(since year: Int?, among all: [Int32]) -> Measure {
        let since = Int64(year ?? Int(Int32.min) + 1)
        let counted = all.filter { books[Int($0)].decade != .min && Int64(books[Int($0)].decade) >= since }
        var measure = Measure(counted: counted, known: all.count, countedIsSlice: false)
        measure.decades = Set(counted.map { Int(books[Int($0)].decade) }).sorted()
        measure.current = Double(measure.decades.count)
        return measure
    }

    /// The regions reached: a regions goal's by every finished book, another's by its books that
    /// count, among the regions it asks for.
    private func regionsReached(by goal: Goal, _ measure: Measure, in period: Period, askedFor regionMask: UInt16)
        -> [CulturalRegion]
    {
        guard goal.kind == .regionsExplored || regionMask != 0 else { return [] }
        let reached =
            goal.kind == .regionsExplored
            ? period.finished.reduce(UInt16(0)) { $0 | books[Int($1)].regionMask }
            : measure.counted.reduce(UInt16(0)) { $0 | books[Int($1)].regionMask } & regionMask
        return CulturalRegion.allCases.filter { reached & Self.bit($0) != 0 }
    }

    /// What the books that count come to. Countries and regions are told only when the goal is
    /// reached: counting countries for every goal on every read would cost more than the rest.
    private func story(of goal: Goal, _ measure: Measure, regions: [CulturalRegion], in period: Period) -> Goal.Snapshot {
        let reached = measure.current >= Double(goal.target)
        let pages =
            measure.countedIsSlice && measure.counted.count == period.finishes.count
            ? allPagesBefore[period.finishes.upperBound] - allPagesBefore[period.finishes.lowerBound]
            : measure.counted.reduce(0) { $0 + max(0, Int(books[Int($1)].pageCount)) }
        return Goal.Snapshot(
            progress: goal.target > 0 ? min(1, measure.current / Double(goal.target)) : 0, books: measure.counted.count,
            pages: pages, countries: reached ? countries(among: measure.counted) : 0,
            regions: reached && !regions.isEmpty ? regions : nil)
    }

    /// How the goal is going: a share's and a streak's in their own terms, any other's by its rate.
    private func pace(of goal: Goal, _ measure: Measure, in period: Period, today: LocalDate) -> GoalProgress.Pace {
        switch goal.kind {
        case .share:
            goal.sharePace(share: measure.current, known: measure.known, matching: measure.counted.count, today: today)
        case .streakDays:
            goal.streakPace(
                longest: Int(measure.current), run: period.days.map(aliveRun) ?? 0,
                readToday: isReadingDay(today.dayNumber), today: today)
        default: goal.pace(current: measure.current, today: today)
        }
    }
}
