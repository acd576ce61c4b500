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
    /// The goal's story: books and pages of the books that count, and — once the target is
    /// reached, when the story is told — their distinct countries.
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

/// What every goal of a reader is measured on, worked out once from the library: each finished
/// book's finish days and traits, the sessions by day and the reading days. Evaluating a goal
/// then walks only the finished books (100 goals over 10,000 books in a few milliseconds).
public struct GoalBoard: Sendable {
    struct Book: Sendable {
        var id: LibraryEntry.ID
        /// Day numbers of finished read-throughs, ascending.
        var finishDays: [Int]
        // Small arrays, not sets: a book has one or two of each, and 10,000 books' sets would be
        // 50,000 allocations.
        var regions: [CulturalRegion]
        var genders: [Gender]
        var marginalized: Bool
        var originalLanguage: LanguageCode?
        var translated: Bool
        var genres: [String]
        var shelves: [String]
        var owned: Bool
        var pageCount: Int?
        var timed: Bool
        var authors: [Author.ID]
        var countries: [CountryCode]
    }

    var books: [Book] = []
    /// Every finish as (day number, book index), sorted: a period's finishes are one slice.
    var finishDays: [Int] = []
    var finishBooks: [Int] = []
    /// Whether some book was finished more than once (only then a period may hold it twice).
    var rereads = false
    /// Finished sessions sorted by day, with running totals of minutes and pages (a period's sum
    /// is two look-ups).
    var sessionDays: [Int] = []
    var minutesBefore: [Int] = [0]
    var pagesBefore: [Int] = [0]
    /// Reading days (sessions, progress updates, finishes), for streak goals.
    var readingDays: Set<LocalDate> = []

    public init(_ library: ReaderLibrary, timeZone: TimeZone) {
        let settings = library.user.settings
        var timed = Set<LibraryEntry.ID>()
        var sessions: [(day: Int, minutes: Int, pages: Int)] = []
        for session in library.sessions {
            guard let pages = session.pagesRead, let minutes = session.minutes else { continue }
            timed.insert(session.entryID)
            sessions.append((LocalDate(session.startedAt, in: timeZone).dayNumber, minutes, pages))
        }
        sessions.sort { $0.day < $1.day }
        for session in sessions {
            sessionDays.append(session.day)
            minutesBefore.append(minutesBefore.last! + session.minutes)
            pagesBefore.append(pagesBefore.last! + session.pages)
        }
        var finishedDates: [LocalDate] = []
        // Each author's traits once (authors repeat across books).
        var traits: [Author.ID: (region: CulturalRegion?, gender: Gender?, marginalized: Bool, country: CountryCode?)] = [:]
        func traitsOf(_ id: Author.ID) -> (region: CulturalRegion?, gender: Gender?, marginalized: Bool, country: CountryCode?)? {
            if let known = traits[id] { return known }
            guard let author = library.authors[id] else { return nil }
            let found = (
                author.region, author.gender?.value,
                marginalizedVoice(author, underrepresented: settings.underrepresentedRegions) == true, author.country?.value
            )
            traits[id] = found
            return found
        }
        for entry in library.entries {
            let finishes = entry.state.readings.filter { $0.outcome == .finished }.compactMap(\.finishedOn)
            guard !finishes.isEmpty, let work = library.works[entry.workID] else { continue }
            finishedDates += finishes
            let authors = work.authorIDs.compactMap(traitsOf)
            let edition = entry.editionID.flatMap { library.editions[$0]?.details }
            let read = edition?.language ?? settings.primaryLanguage
            books.append(
                Book(
                    id: entry.id, finishDays: finishes.map(\.dayNumber).sorted(),
                    regions: authors.compactMap(\.region), genders: authors.compactMap(\.gender),
                    marginalized: authors.contains { $0.marginalized },
                    originalLanguage: work.originalLanguage,
                    translated: work.originalLanguage.map { original in read.map { $0 != original } ?? false } ?? false,
                    genres: work.genres.map { $0.lowercased() }, shelves: entry.state.shelves.map { $0.lowercased() },
                    owned: entry.state.owned, pageCount: edition?.pageCount, timed: timed.contains(entry.id),
                    authors: work.authorIDs, countries: authors.compactMap(\.country)))
        }
        var finishes: [(day: Int, book: Int)] = []
        for index in books.indices {
            if books[index].finishDays.count > 1 { rereads = true }
            for day in books[index].finishDays { finishes.append((day, index)) }
        }
        finishes.sort { ($0.day, $0.book) < ($1.day, $1.book) }
        finishDays = finishes.map(\.day)
        finishBooks = finishes.map(\.book)
        readingDays = Streak.days(
            sessions: library.sessions.map { (start: $0.startedAt, end: $0.endedAt ?? $0.startedAt) },
            progress: library.progress.map(\.recordedAt), finished: finishedDates, in: timeZone, now: .distantPast)
    }

    /// A goal's progress as of `today`.
    public func progress(of goal: Goal, today: LocalDate) -> GoalProgress {
        let days = goal.measuredDays(today: today).map { $0.lowerBound.dayNumber...$0.upperBound.dayNumber }
        // Books finished in the period, each once, by their first finish in it (indices into
        // `books`, so no book is copied): a slice of the sorted finishes.
        var all: [Int] = []
        var sessionRange = 0..<0
        if let days {
            let slice = Self.first(finishDays, atLeast: days.lowerBound)..<Self.first(finishDays, atLeast: days.upperBound + 1)
            if rereads {
                var seen = [Bool](repeating: false, count: books.count)
                for index in finishBooks[slice] where !seen[index] {
                    seen[index] = true
                    all.append(index)
                }
            } else {
                all = Array(finishBooks[slice])
            }
            sessionRange =
                Self.first(sessionDays, atLeast: days.lowerBound)..<Self.first(sessionDays, atLeast: days.upperBound + 1)
        }
        let criteria = goal.criteria
        let regions = Set(criteria.regions)
        let genders = Set(criteria.genders)
        let languages = Set(criteria.languages)
        let genre = criteria.genre?.lowercased()
        let shelf = criteria.shelf?.lowercased()
        func matches(_ index: Int) -> Bool {
            (regions.isEmpty || books[index].regions.contains(where: regions.contains))
                && (genders.isEmpty || books[index].genders.contains(where: genders.contains))
                && (!criteria.marginalizedOnly || books[index].marginalized)
                && (languages.isEmpty || books[index].originalLanguage.map(languages.contains) == true)
                && (!criteria.translatedOnly || books[index].translated)
                && (genre.map { books[index].genres.contains($0) } ?? true)
                && (shelf.map { books[index].shelves.contains($0) } ?? true) && (!criteria.ownedOnly || books[index].owned)
        }
        var counted = all
        var current: Double
        switch goal.kind {
        case .books: current = Double(all.count)
        case .diversity, .category:
            counted = all.filter(matches)
            current = Double(counted.count)
        case .share:
            counted = all.filter(matches)
            current = all.isEmpty ? 0 : Double(counted.count) / Double(all.count) * 100
        case .pages:
            let sessionPages = pagesBefore[sessionRange.upperBound] - pagesBefore[sessionRange.lowerBound]
            current = Double(sessionPages + all.filter { !books[$0].timed }.compactMap { books[$0].pageCount }.reduce(0, +))
        case .minutes:
            counted = []
            current = Double(minutesBefore[sessionRange.upperBound] - minutesBefore[sessionRange.lowerBound])
        case .streakDays:
            counted = []
            let inPeriod: Set<LocalDate> = days.map { days in readingDays.filter { days.contains($0.dayNumber) } } ?? []
            current = Double(Streak(days: inPeriod, today: min(goal.endsOn, today)).longest)
        case .authorsExplored:
            var seen = Set<Author.ID>()
            for index in all { seen.formUnion(books[index].authors) }
            current = Double(seen.count)
        case .genresExplored:
            var seen = Set<String>()
            for index in all { seen.formUnion(books[index].genres) }
            current = Double(seen.count)
        case .regionsExplored:
            var seen = Set<CulturalRegion>()
            for index in all { seen.formUnion(books[index].regions) }
            current = Double(seen.count)
        }
        // The story is told when a goal is reached; counting countries for every goal on every
        // read would cost more than the rest.
        var countries = Set<CountryCode>()
        if current >= Double(goal.target) { for index in counted { countries.formUnion(books[index].countries) } }
        let story = Goal.Snapshot(
            progress: goal.target > 0 ? min(1, current / Double(goal.target)) : 0, books: counted.count,
            pages: counted.compactMap { books[$0].pageCount }.reduce(0, +), countries: countries.count)
        return GoalProgress(
            current: current, target: goal.target, books: counted.map { books[$0].id }, finishedInPeriod: all.count,
            pace: goal.pace(current: current, today: today), story: story)
    }
}

extension GoalBoard {
    /// The index of the first value at least `value` in ascending `values`.
    static func first(_ values: [Int], atLeast value: Int) -> Int {
        var (low, high) = (0, values.count)
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
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

    /// On track, ahead or behind: the progress expected by today is the target times the share
    /// of the period gone; more than 20% below it is behind, 20% above it ahead.
    func pace(current: Double, today: LocalDate) -> GoalProgress.Pace {
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
