import BooksTrackCore
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

@Suite("Goal progress, derived from the library (SPEC F6)")
struct GoalProgressTests {
    static let utc = TimeZone(identifier: "UTC")!

    func goal(
        _ kind: Goal.Kind, target: Int, from: String = "2026-01-01", to: String = "2026-12-31", criteria: Goal.Criteria = .init()
    )
        -> Goal
    {
        Goal(
            userID: .random(), title: "\(kind)", kind: kind, target: target, cadence: .year, startsOn: LocalDate(from)!,
            endsOn: LocalDate(to)!, criteria: criteria, createdAt: Date(timeIntervalSince1970: 0))
    }

    func progress(_ goal: Goal, _ b: LibraryBuilder, today: String = "2026-07-02") -> GoalProgress {
        goal.progress(in: b.library, today: LocalDate(today)!, timeZone: Self.utc)
    }

    /// Three books finished this year (one in Nigeria by a woman, one translated from Japanese, one
    /// owned on the "sci-fi" shelf) and one last year.
    static func library() -> (LibraryBuilder, [LibraryEntry.ID]) {
        var b = LibraryBuilder(primaryLanguage: "en")
        let adichie = b.author("Chimamanda Ngozi Adichie", country: "NG", gender: .female)
        let murakami = b.author("Haruki Murakami", country: "JP", gender: .male)
        let leGuin = b.author("Ursula K. Le Guin", country: "US", gender: .female)
        let a = b.book("Half of a Yellow Sun", by: [adichie], language: "en", finished: "2026-02-10", pages: 400)
        let c = b.book("Kafka on the Shore", by: [murakami], language: "ja", finished: "2026-05-01", pages: 500)
        let d = b.book("The Dispossessed", by: [leGuin], language: "en", finished: "2026-06-20", pages: 300)
        b.book("Americanah", by: [adichie], language: "en", finished: "2025-11-01", pages: 600)
        let index = b.library.entries.firstIndex { $0.id == d }!
        b.library.entries[index].state.owned = true
        b.library.entries[index].state.shelves = ["Sci-Fi"]
        return (b, [a, c, d])
    }

    @Test("Books, pages and distinct authors count what was finished inside the period")
    func counts() {
        let (b, ids) = Self.library()
        let books = progress(goal(.books, target: 12), b)
        #expect(books.current == 3 && books.books == ids && books.percent == 25 && books.milestones == [25])
        #expect(books.story == Goal.Snapshot(progress: 0.25, books: 3, pages: 1200, countries: 0))
        #expect(progress(goal(.books, target: 3), b).story == Goal.Snapshot(progress: 1, books: 3, pages: 1200, countries: 3))
        #expect(progress(goal(.pages, target: 2400), b).current == 1200)
        #expect(progress(goal(.authorsExplored, target: 10), b).current == 3)
    }

    @Test("Diversity, share and category goals count the books that match every criterion given")
    func criteria() {
        let (b, ids) = Self.library()
        let africa = progress(goal(.diversity, target: 5, criteria: .init(regions: [.africa])), b)
        #expect(africa.current == 1 && africa.books == [ids[0]])
        let women = progress(goal(.share, target: 50, criteria: .init(genders: [.female])), b)
        #expect(abs(women.current - 200.0 / 3) < 1e-9 && women.pace == .onTrack, "on track, not done: the year runs on")
        let translated = progress(goal(.diversity, target: 3, criteria: .init(translatedOnly: true)), b)
        #expect(translated.books == [ids[1]])
        let owned = progress(goal(.category, target: 10, criteria: .init(shelf: "sci-fi", ownedOnly: true)), b)
        #expect(owned.books == [ids[2]])
        let both = progress(goal(.diversity, target: 3, criteria: .init(regions: [.africa], genders: [.male])), b)
        #expect(both.current == 0)
    }

    @Test("A goal says which finished books might count if a fact were known, and the regions reached so far")
    func mightCount() {
        var (b, ids) = Self.library()
        let unknown = b.author("Someone Unknown")
        let known = b.author("Known Elsewhere", country: "FR", gender: .male)
        b.book("Unplaced", by: [unknown], finished: "2026-03-01")
        b.book("Placed", by: [known], finished: "2026-03-02")
        b.book("Unplaced last year", by: [unknown], finished: "2025-03-01")
        let africa = progress(goal(.diversity, target: 5, criteria: .init(regions: [.africa, .asia])), b)
        #expect(africa.books == [ids[0], ids[1]])
        // The French author's book cannot count: its region is known. Last year's is outside.
        #expect(africa.mightCount == 1 && africa.missingFacts == [.region])
        #expect(africa.regions == [.africa, .asia])
        let women = progress(goal(.diversity, target: 5, criteria: .init(regions: [.africa], genders: [.female])), b)
        #expect(women.mightCount == 1 && women.missingFacts == [.region, .gender])
        let regions = progress(goal(.regionsExplored, target: 6), b)
        #expect(regions.regions == [.africa, .asia, .europe, .northAmerica])
        #expect(regions.mightCount == 1 && regions.missingFacts == [.region])
        #expect(progress(goal(.books, target: 10), b).mightCount == 0)
        // Reached, the goal's story keeps the regions: its celebration names them.
        #expect(progress(goal(.regionsExplored, target: 4), b).story.regions == [.africa, .asia, .europe, .northAmerica])
        // Countries: Nigeria, Japan, the United States and France this year; the unplaced book
        // might count once its author's country is known; Nigeria last year is outside.
        let countries = progress(goal(.countriesExplored, target: 25), b)
        #expect(countries.current == 4)
        #expect(countries.mightCount == 1 && countries.missingFacts == [.region])
        #expect(progress(goal(.countriesExplored, target: 4), b).pace == .done)
        #expect(regions.story.regions == nil, "not reached yet: no story to tell")
        #expect(progress(goal(.books, target: 3), b).story.regions == nil, "a goal that asks for no region")
    }

    @Test("A share goal: of the books whose fact is known, complete only at its end over its minimum of books")
    func shareGoals() {
        var b = LibraryBuilder(primaryLanguage: "en")
        let butler = b.author("Octavia E. Butler", country: "US", gender: .female)
        let unknown = b.author("A. Nonymous")
        b.book("Kindred", by: [butler], language: "en", finished: "2026-02-10", pages: 300)
        let women = goal(.share, target: 50, criteria: .init(genders: [.female]))
        // One book, by a woman: 100%, on track — never "complete" after one book.
        let one = progress(women, b)
        #expect(one.current == 100 && one.known == 1 && one.pace == .onTrack)
        #expect(women.milestonesReached(one).isEmpty, "milestones are books counted: 5, 10, 25…")
        // Books of unknown gender are left out of the share, not counted as "not women".
        for index in 0..<3 { b.book("Unknown \(index)", by: [unknown], language: "en", finished: "2026-03-0\(index + 1)") }
        let withUnknown = progress(women, b)
        #expect(withUnknown.current == 100 && withUnknown.known == 1 && withUnknown.unknown == 3)
        // Below the target: the next books, all by women, that bring it back to 50%.
        let someone = b.author("Someone", gender: .male)
        for index in 0..<4 { b.book("His \(index)", by: [someone], language: "en", finished: "2026-04-0\(index + 1)") }
        let below = progress(women, b)
        #expect(below.current == 20 && below.known == 5 && below.pace == .needs(books: 3), "1 of 5; 4 of 8 is 50%")
        #expect(women.milestonesReached(below) == [5])
        // The year over at 50% or more, but over fewer books than the minimum: not complete.
        for index in 0..<4 { b.book("Hers \(index)", by: [butler], language: "en", finished: "2026-05-0\(index + 1)") }
        let ended = progress(women, b, today: "2027-01-05")
        #expect(ended.current >= 50 && ended.known == 9 && ended.pace == .ended, "9 books, the minimum is 10")
        let lower = goal(.share, target: 50, criteria: .init(genders: [.female], minimumBooks: 5))
        #expect(progress(lower, b, today: "2027-01-05").pace == .done)
        #expect(progress(lower, b).pace == .onTrack, "complete only when the period ends")
        // 100% can no longer be reached once one book does not count.
        #expect(progress(goal(.share, target: 100, criteria: .init(genders: [.female])), b).pace == .needs(books: nil))
    }

    @Test("Deleting a book lowers progress; a book's new author facts change a diversity goal")
    func derived() {
        var (b, ids) = Self.library()
        let africa = goal(.diversity, target: 5, criteria: .init(regions: [.africa]))
        #expect(progress(africa, b).current == 1)
        let murakami = b.library.works[b.library.entries.first { $0.id == ids[1] }!.workID]!.authorIDs[0]
        b.library.authors[murakami]?.chosenRegion = AuthorFact(
            value: .africa, provenance: Provenance(source: .user, recordedAt: b.recorded))
        #expect(progress(africa, b).current == 2)
        b.library.entries.removeAll { $0.id == ids[0] }
        #expect(progress(africa, b).current == 1)
    }

    @Test("A past goal is frozen by its dates; a future one has not started")
    func frozen() {
        var (b, _) = Self.library()
        let last = goal(.books, target: 2, from: "2025-01-01", to: "2025-12-31")
        #expect(progress(last, b).current == 1 && progress(last, b).pace == .ended)
        b.book("Purple Hibiscus", by: [b.library.authors.keys.first!], finished: "2026-06-30")
        #expect(progress(last, b).current == 1, "books finished after it ended do not count")
        #expect(progress(goal(.books, target: 2, from: "2027-01-01", to: "2027-12-31"), b).pace == .notStarted)
    }

    @Test("Pace: on track, ahead, or behind by more than 20% with the weekly pace needed; unrealistic targets")
    func pace() {
        let (b, _) = Self.library()
        // 2 July is half way through 2026 (183 of 365 days): 6 of 12 expected, 3 done.
        let books = goal(.books, target: 12)
        #expect(progress(books, b).pace == .behind(left: 9, daysLeft: 183), "3 of an expected 6 is behind")
        #expect(books.paceSentence(progress(books, b)) == "9 books to go by 31 December 2026 — about 0.3 a week.")
        // Pages in the goal's own unit, per day when the days left are few (not "1680.0 pages/week").
        let pages = goal(.pages, target: 10000, from: "2026-06-01", to: "2026-07-03")
        #expect(pages.paceSentence(progress(pages, b)) == "9,700 pages to go in 2 days — about 4,850 a day.")
        #expect(pages.paceSentence(progress(pages, b, today: "2026-07-03")) == "9,700 pages to go today.")
        #expect(progress(goal(.books, target: 6), b).pace == .onTrack)
        #expect(progress(goal(.books, target: 4), b, today: "2026-03-01").pace == .ahead)
        let huge = goal(.books, target: 1000)
        #expect(huge.unrealisticWarning(progress(huge, b), today: LocalDate("2026-07-02")!) == "This requires 5.4 books/day.")
        #expect(books.unrealisticWarning(progress(books, b), today: LocalDate("2026-07-02")!) == nil)
    }

    @Test("Reading time and streak goals come from sessions and reading days in the period")
    func timeAndStreaks() {
        var (b, ids) = Self.library()
        for day in 0..<4 {
            let start = ISO8601DateFormatter().date(from: "2026-06-1\(day)T20:00:00Z")!
            b.library.sessions.append(
                ReadingSession(
                    userID: b.library.user.id, entryID: ids[2], startedAt: start, endedAt: start.addingTimeInterval(1800),
                    startPage: day * 10, endPage: day * 10 + 10))
        }
        #expect(progress(goal(.minutes, target: 600), b).current == 120)
        #expect(progress(goal(.streakDays, target: 7), b).current == 4)
        // A streak's pace is days in a row, never a weekly rate (issue 44 item 5; seed 004).
        let week = goal(.streakDays, target: 7)
        #expect(progress(week, b).pace == .streak(run: 0, broken: true, fits: true))
        #expect(week.paceSentence(progress(week, b)) == "Streak broken. Start a new one today!")
        #expect(week.paceSentence(progress(week, b, today: "2026-06-14")) == "4 days in a row so far: 3 more days to go.")
        #expect(progress(week, b, today: "2026-06-13").pace == .streak(run: 4, broken: false, fits: true))
        let june = goal(.streakDays, target: 30, from: "2026-06-01", to: "2026-06-30")
        #expect(
            june.paceSentence(progress(june, b, today: "2026-06-14")) == "A 30-day streak no longer fits before 30 June 2026.")
        let august = goal(.streakDays, target: 7, from: "2026-08-01", to: "2026-08-31")
        #expect(
            august.paceSentence(progress(august, b, today: "2026-08-01")) == "Read today to start your streak: 7 days in a row.")
        // Pages: the timed book counts its sessions' 40 pages instead of its 300.
        #expect(progress(goal(.pages, target: 2400), b).current == 400 + 500 + 40)
    }
}

@Suite("Goal forms: ranges, periods and templates (SPEC F6)", .today("2026-07-02"))
struct GoalDraftTests {
    var today: LocalDate { TestClock.today }  // a Thursday

    @Test("Periods: the calendar year, month, and the week from Monday; custom dates checked")
    func periods() throws {
        let year = try GoalDraft.parse(["kind": "books", "target": "30", "cadence": "year"], today: today).get()
        #expect(
            year.startsOn == LocalDate("2026-01-01") && year.endsOn == LocalDate("2026-12-31") && year.title == "30 books in 2026"
        )
        let month = try GoalDraft.parse(["kind": "pages", "target": "900", "cadence": "month"], today: today).get()
        #expect(month.startsOn == LocalDate("2026-07-01") && month.endsOn == LocalDate("2026-07-31"))
        #expect(month.title == "900 pages in July 2026")
        let week = try GoalDraft.parse(["kind": "minutes", "target": "300", "cadence": "week", "recurring": "on"], today: today)
            .get()
        #expect(week.startsOn == LocalDate("2026-06-29") && week.endsOn == LocalDate("2026-07-05") && week.recurring)
        #expect(week.title == "300 minutes in the week from 29 June")
        let custom = try GoalDraft.parse(
            [
                "kind": "share", "target": "50", "genders": "female", "cadence": "custom", "starts_on": "2026-07-01",
                "ends_on": "2027-03-01",
            ], today: today
        ).get()
        #expect(custom.title == "50% of the books by 1 March 2027")
        #expect(try GoalDraft.parse(["kind": "books", "target": "1", "title": " Mine "], today: today).get().title == "Mine")
        let backwards = GoalDraft.parse(
            ["kind": "books", "target": "3", "cadence": "custom", "starts_on": "2026-08-01", "ends_on": "2026-07-01"],
            today: today)
        #expect(backwards == .failure(FieldErrors(["ends_on": "The last day is before the first."])))
    }

    @Test("Targets outside the seed's ranges, a diversity goal over a month, and criteria-less challenges are refused")
    func ranges() throws {
        #expect(
            GoalDraft.parse(["kind": "books", "target": "0"], today: today)
                == .failure(FieldErrors(["target": "The target is a whole number from 1 to 1000 books."])))
        #expect(GoalDraft.parse(["kind": "books", "target": "1000000"], today: today).isFailure)
        let monthly = GoalDraft.parse(
            ["kind": "diversity", "target": "5", "cadence": "month", "regions": "africa"], today: today)
        #expect(monthly.failureMessages["cadence"]?.contains("3 to 12 months") == true)
        // A share goal's fewest books: 1 to 1000, refused out of range whatever the goal's kind.
        for kind in ["share", "books"] {
            guard
                case .failure(let errors) = GoalDraft.parse(
                    ["kind": kind, "target": "50", "genders": "female", "minimum": "1001"], today: today)
            else {
                Issue.record("a minimum of 1001 was accepted for \(kind)")
                continue
            }
            #expect(errors["minimum"] != nil)
        }
        let minimum = try GoalDraft.parse(["kind": "share", "target": "50", "genders": "female", "minimum": "5"], today: today)
            .get()
        #expect(minimum.criteria.minimumBooks == 5)
        let vague = GoalDraft.parse(["kind": "share", "target": "50"], today: today)
        #expect(vague.failureMessages["criteria"] != nil)
        #expect(
            GoalDraft.parse(["kind": "diversity", "target": "5", "regions": "atlantis"], today: today).failureMessages["regions"]
                != nil)
        #expect(GoalDraft.parse(["target": "5"], today: today).failureMessages["kind"] != nil)
        #expect(
            GoalDraft.parse(["kind": "books", "target": "5", "cadence": "fortnight"], today: today).failureMessages["cadence"]
                != nil)
    }

    @Test("Every template makes a valid goal")
    func templates() throws {
        for template in GoalDraft.templates {
            let draft = try GoalDraft.parse(template.fields, today: today).get()
            #expect(GoalDraft.range(of: draft.kind).contains(draft.target), "\(template.id)")
            #expect(draft.title == template.title)
        }
        #expect(
            GoalDraft.templates.map(\.id) == [
                "52-books", "read-women", "around-the-world", "read-the-world", "tbr-stack-buster", "every-decade",
            ])
    }

    @Test("A book from every decade: distinct decades of first publication from the first decade on, once each")
    func decades() throws {
        var b = LibraryBuilder()
        let author = b.author("Someone")
        let early = b.book("Bleak House", by: [author], year: 1853, finished: "2026-01-10")
        b.book("Hard Times", by: [author], year: 1854, finished: "2026-01-20")  // the same decade: counted once
        let modern = b.book("Beloved", by: [author], year: 1987, finished: "2026-03-01")
        b.book("Frankenstein", by: [author], year: 1818, finished: "2026-04-01")  // before the first decade
        b.book("No Year", by: [author], finished: "2026-05-01")
        b.book("Read Last Year", by: [author], year: 1962, finished: "2025-05-01")
        let draft = try GoalDraft.parse(["kind": "decadesExplored", "since": "1857"], today: today).get()
        // 1857 is in the 1850s: from there to the 2020s, eighteen decades.
        #expect(draft.criteria.sinceYear == 1850 && draft.target == 18)
        #expect(draft.title == "A book from every decade since 1850")
        let measure = GoalProgressTests()
        var goal = measure.goal(.decadesExplored, target: draft.target, criteria: draft.criteria)
        let result = measure.progress(goal, b)
        #expect(result.current == 2 && result.decades == [1850, 1980])
        #expect(Set(result.books).isSuperset(of: [early, modern]) && result.books.count == 3)
        goal.criteria.sinceYear = 1810
        #expect(measure.progress(goal, b).decades == [1810, 1850, 1980])
        // Years before the common era fall in their own decade, rounded down.
        var ancient = LibraryBuilder()
        ancient.book("The Odyssey", by: [ancient.author("Homer")], year: -725, finished: "2026-02-02")
        goal.criteria.sinceYear = -800
        #expect(measure.progress(goal, ancient).decades == [-730])

        #expect(
            GoalDraft.parse(["kind": "decadesExplored"], today: today).failureMessages["since"]
                == "Say from which decade on a book counts: a year like 1850.")
        #expect(GoalDraft.parse(["kind": "decadesExplored", "since": "2999"], today: today).failureMessages["since"] != nil)
        #expect(
            GoalDraft.parse(["kind": "decadesExplored", "since": "2000", "target": "5"], today: today).failureMessages[
                "target"] == "From the 2000s to the end of the goal there are 3 decades: the target is at most 3.")
        let five = try GoalDraft.parse(["kind": "decadesExplored", "since": "1900", "target": "5"], today: today).get()
        #expect(five.target == 5 && five.title == "A book from every decade since 1900 (5 of them)")
    }
}

extension Result where Failure == FieldErrors {
    var isFailure: Bool { if case .failure = self { true } else { false } }
    var failureMessages: [String: String] { if case .failure(let errors) = self { errors.messages } else { [:] } }
}

@Suite("Goals suggested from the reader's own history", .today("2026-07-02"))
struct GoalSuggestionTests {
    var today: LocalDate { TestClock.today }

    func suggestions(_ b: LibraryBuilder, existing: [Goal] = []) -> [GoalSuggestion] {
        GoalBoard(b.library, timeZone: .gmt).suggestions(today: today, existing: existing)
    }

    @Test("Each rule says what it comes from; a thin history suggests nothing; a goal already set is not suggested again")
    func rules() throws {
        var b = LibraryBuilder(primaryLanguage: "en")
        let woman = b.author("Nigerian Woman", country: "NG", gender: .female)
        let man = b.author("French Man", country: "FR", gender: .male)
        let unknown = b.author("Nobody Knows")
        // Four books in the last twelve months: below the minimum of five.
        for (index, day) in ["2025-08-01", "2025-12-01", "2026-02-01", "2026-05-01"].enumerated() {
            b.book("Recent \(index)", by: [index == 0 ? woman : man], finished: day)
        }
        b.book("Translated", by: [man], language: "fr", finished: "2025-03-01")
        b.book("Long Ago", by: [woman], finished: "2024-03-01")
        #expect(suggestions(b).map(\.id) == ["translated"])
        let translated = try #require(suggestions(b).first)
        #expect(translated.title == "3 translated books in 2026" && translated.reason == "You read 1 translated book in 2025.")
        #expect(try GoalDraft.parse(translated.fields, today: today).get().criteria.translatedOnly)

        b.book("Fifth", by: [man], finished: "2026-06-30")
        b.book("Sixth", by: [unknown], finished: "2026-07-01")
        let all = suggestions(b)
        #expect(all.map(\.id) == ["books", "translated", "women", "regions"])
        let books = try #require(all.first)
        // Six finished in the last twelve months (the translated one was 16 months ago): about a tenth more.
        #expect(books.title == "7 books in 2026" && books.reason.hasPrefix("You finished 6 books in the last 12 months"))
        #expect(books.recommendation.contains("challenging but achievable"))
        let women = all[2]
        #expect(women.reason.contains("20% of the books whose author’s gender you know were by women (1 of 5; 1 unknown)"))
        #expect(all[3].title == "4 regions in 2026")
        for suggestion in all {
            #expect(throws: Never.self, "\(suggestion.id)") { try GoalDraft.parse(suggestion.fields, today: today).get() }
        }
        // A books goal for this year is already there: not suggested again.
        let mine = try GoalDraft.parse(books.fields, today: today).get()
        let existing = Goal(
            userID: b.library.user.id, title: mine.title, kind: .books, target: 20, cadence: .year, startsOn: mine.startsOn,
            endsOn: mine.endsOn, createdAt: Date())
        #expect(!suggestions(b, existing: [existing]).map(\.id).contains("books"))
    }
}

@Suite("Where the reader's pace leads a goal")
struct GoalProjectionTests {
    func goal(_ kind: Goal.Kind, target: Int) -> Goal {
        Goal(
            userID: .random(), title: "t", kind: kind, target: target, cadence: .year, startsOn: LocalDate("2026-01-01")!,
            endsOn: LocalDate("2026-12-31")!, createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test("Books to go and the day the pace reaches the target, or what it reaches by the end")
    func projection() {
        var b = LibraryBuilder()
        let author = b.author("Someone")
        // Ten books by 10 April (day 100): a book every ten days.
        for index in 0..<10 {
            b.book("Book \(index)", by: [author], finished: LocalDate("2026-01-01")!.adding(days: index * 10).description)
        }
        let today = LocalDate("2026-04-10")!
        let twenty = goal(.books, target: 20)
        let progress = twenty.progress(in: b.library, today: today, timeZone: .gmt)
        #expect(twenty.projection(progress, today: today) == "10 books to go; at your pace you finish on 19 July.")
        let fifty = goal(.books, target: 50)
        #expect(
            fifty.projection(fifty.progress(in: b.library, today: today, timeZone: .gmt), today: today)
                == "40 books to go; at your pace you reach 36 of 50 by 31 December.")
        // Nothing to go on, or nothing left, or a kind that is not counted book by book: no projection.
        #expect(
            twenty.projection(twenty.progress(in: LibraryBuilder().library, today: today, timeZone: .gmt), today: today) == nil)
        let five = goal(.books, target: 5)
        #expect(five.projection(five.progress(in: b.library, today: today, timeZone: .gmt), today: today) == nil)
        let regions = goal(.regionsExplored, target: 11)
        #expect(regions.projection(regions.progress(in: b.library, today: today, timeZone: .gmt), today: today) == nil)
    }
}
