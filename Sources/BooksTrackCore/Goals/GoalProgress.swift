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
    public var books: [LibraryEntry.ID]
    /// Finished books in the period (for a share goal: the whole the share is of).
    public var finishedInPeriod: Int
    public var pace: Pace
    /// The goal's story so far: books, pages and distinct countries of the books that count.
    public var story: Goal.Snapshot

    public enum Pace: Sendable, Equatable {
        /// The target is reached.
        case done
        /// The period is over and the target was not reached.
        case ended
        /// The period has not started.
        case notStarted
        case ahead
        case onTrack
        /// Behind by more than 20%: this much per week is needed to finish on time.
        case behind(perWeek: Double)
    }

    /// 0…1, for a ring.
    public var fraction: Double { target > 0 ? min(1, max(0, current / Double(target))) : 0 }

    /// Whole percent, not capped (a goal can be passed).
    public var percent: Int { target > 0 ? Int((current / Double(target) * 100).rounded(.down)) : 0 }

    /// The milestones (25, 50, 75, 100) the progress has crossed.
    public var milestones: [Int] { [25, 50, 75, 100].filter { percent >= $0 } }
}

extension Goal {
    /// The days the goal measures, up to `today`: nil when it has not started.
    func measuredDays(today: LocalDate) -> ClosedRange<LocalDate>? {
        let end = min(endsOn, today)
        return startsOn <= end ? startsOn...end : nil
    }

    /// Whether a book matches the goal's criteria: every criterion given must hold (any of a
    /// list's values will do).
    func matches(
        _ entry: LibraryEntry, library: ReaderLibrary, underrepresented: Set<CulturalRegion>, primaryLanguage: LanguageCode?
    ) -> Bool {
        let criteria = self.criteria
        guard let work = library.works[entry.workID] else { return false }
        let authors = work.authorIDs.compactMap { library.authors[$0] }
        if !criteria.regions.isEmpty, !authors.contains(where: { $0.region.map(criteria.regions.contains) ?? false }) {
            return false
        }
        if !criteria.genders.isEmpty, !authors.contains(where: { $0.gender.map { criteria.genders.contains($0.value) } ?? false })
        {
            return false
        }
        if criteria.marginalizedOnly,
            !authors.contains(where: { marginalizedVoice($0, underrepresented: underrepresented) == true })
        {
            return false
        }
        if !criteria.languages.isEmpty, !(work.originalLanguage.map(criteria.languages.contains) ?? false) { return false }
        if criteria.translatedOnly {
            let read = entry.editionID.flatMap { library.editions[$0]?.details.language } ?? primaryLanguage
            guard let original = work.originalLanguage, let read, original != read else { return false }
        }
        if let genre = criteria.genre, !work.genres.contains(where: { $0.caseInsensitiveCompare(genre) == .orderedSame }) {
            return false
        }
        if let shelf = criteria.shelf,
            !entry.state.shelves.contains(where: { $0.caseInsensitiveCompare(shelf) == .orderedSame })
        {
            return false
        }
        if criteria.ownedOnly, !entry.state.owned { return false }
        return true
    }

    /// The goal's progress as of `today` in the reader's time zone.
    public func progress(in library: ReaderLibrary, today: LocalDate, timeZone: TimeZone) -> GoalProgress {
        let settings = library.user.settings
        let days = measuredDays(today: today)
        // Books finished in the period, each once, by the first finish in it.
        var finished: [(LocalDate, LibraryEntry)] = []
        if let days {
            for entry in library.entries {
                let finishes = entry.state.readings.filter { $0.outcome == .finished }.compactMap(\.finishedOn)
                if let first = finishes.filter(days.contains).min() { finished.append((first, entry)) }
            }
        }
        finished.sort { ($0.0, $0.1.id) < ($1.0, $1.1.id) }
        let matching = finished.filter {
            matches(
                $0.1, library: library, underrepresented: settings.underrepresentedRegions,
                primaryLanguage: settings.primaryLanguage)
        }
        let counted: [LibraryEntry]
        var current: Double
        switch kind {
        case .books:
            counted = finished.map(\.1)
            current = Double(counted.count)
        case .diversity, .category:
            counted = matching.map(\.1)
            current = Double(counted.count)
        case .share:
            counted = matching.map(\.1)
            current = finished.isEmpty ? 0 : Double(matching.count) / Double(finished.count) * 100
        case .pages:
            counted = finished.map(\.1)
            current = Double(pages(of: counted, in: library, days: days, timeZone: timeZone))
        case .minutes:
            counted = []
            current = Double(
                library.sessions.filter { session in
                    days.map { $0.contains(LocalDate(session.startedAt, in: timeZone)) } ?? false
                }.compactMap(\.minutes).reduce(0, +))
        case .streakDays:
            counted = []
            current = Double(longestRun(in: library, days: days, timeZone: timeZone, today: today))
        case .authorsExplored:
            counted = finished.map(\.1)
            current = Double(Set(counted.flatMap { library.works[$0.workID]?.authorIDs ?? [] }).count)
        case .genresExplored:
            counted = finished.map(\.1)
            current = Double(Set(counted.flatMap { library.works[$0.workID]?.genres.map { $0.lowercased() } ?? [] }).count)
        case .regionsExplored:
            counted = finished.map(\.1)
            current = Double(
                Set(
                    counted.flatMap { entry in
                        (library.works[entry.workID]?.authorIDs ?? []).compactMap { library.authors[$0]?.region }
                    }
                ).count)
        }
        let countries = Set(
            counted.flatMap { entry in
                (library.works[entry.workID]?.authorIDs ?? []).compactMap { library.authors[$0]?.country?.value }
            })
        let story = Goal.Snapshot(
            progress: target > 0 ? min(1, current / Double(target)) : 0, books: counted.count,
            pages: counted.compactMap { $0.editionID.flatMap { library.editions[$0]?.details.pageCount } }.reduce(0, +),
            countries: countries.count)
        return GoalProgress(
            current: current, target: target, books: counted.map(\.id), finishedInPeriod: finished.count,
            pace: pace(current: current, today: today), story: story)
    }

    /// Pages read in the period: finished sessions' pages, plus the page count of finished books
    /// without a finished session (as the reading stats count them).
    private func pages(of books: [LibraryEntry], in library: ReaderLibrary, days: ClosedRange<LocalDate>?, timeZone: TimeZone)
        -> Int
    {
        guard let days else { return 0 }
        var timed = Set<LibraryEntry.ID>()
        var total = 0
        for session in library.sessions {
            guard let pages = session.pagesRead, session.minutes != nil else { continue }
            timed.insert(session.entryID)
            if days.contains(LocalDate(session.startedAt, in: timeZone)) { total += pages }
        }
        for book in books where !timed.contains(book.id) {
            total += book.editionID.flatMap { library.editions[$0]?.details.pageCount } ?? 0
        }
        return total
    }

    /// The longest run of reading days inside the period.
    private func longestRun(in library: ReaderLibrary, days: ClosedRange<LocalDate>?, timeZone: TimeZone, today: LocalDate)
        -> Int
    {
        guard let days else { return 0 }
        let finished = library.entries.flatMap { $0.state.readings.filter { $0.outcome == .finished }.compactMap(\.finishedOn) }
        let all = Streak.days(
            sessions: library.sessions.map { (start: $0.startedAt, end: $0.endedAt ?? $0.startedAt) },
            progress: library.progress.map(\.recordedAt),
            finished: finished, in: timeZone, now: .distantPast)
        return Streak(days: all.filter(days.contains), today: days.upperBound).longest
    }

    /// On track, ahead or behind: the progress expected by today is the target times the share
    /// of the period gone; more than 20% below it is behind, 20% above it ahead.
    private func pace(current: Double, today: LocalDate) -> GoalProgress.Pace {
        if current >= Double(target) { return .done }
        if today > endsOn { return .ended }
        if today < startsOn { return .notStarted }
        let length = Double(endsOn.dayNumber - startsOn.dayNumber + 1)
        let gone = Double(today.dayNumber - startsOn.dayNumber + 1)
        let expected = Double(target) * gone / length
        if current >= expected * 1.2 { return .ahead }
        if current >= expected * 0.8 { return .onTrack }
        let left = Double(endsOn.dayNumber - today.dayNumber + 1)
        return .behind(perWeek: (Double(target) - current) / left * 7)
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
            case .share, .streakDays, .regionsExplored: (.infinity, "")
            }
        guard perDay > limit else { return nil }
        return "This requires \(String(format: "%.1f", perDay)) \(unit)/day."
    }
}
