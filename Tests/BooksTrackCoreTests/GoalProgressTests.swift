import BooksTrackCore
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
        #expect(abs(women.current - 200.0 / 3) < 1e-9 && women.pace == .done)
        let translated = progress(goal(.diversity, target: 3, criteria: .init(translatedOnly: true)), b)
        #expect(translated.books == [ids[1]])
        let owned = progress(goal(.category, target: 10, criteria: .init(shelf: "sci-fi", ownedOnly: true)), b)
        #expect(owned.books == [ids[2]])
        let both = progress(goal(.diversity, target: 3, criteria: .init(regions: [.africa], genders: [.male])), b)
        #expect(both.current == 0)
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
        guard case .behind(let perWeek) = progress(books, b).pace else {
            Issue.record("3 of an expected 6 is behind")
            return
        }
        #expect(abs(perWeek - 9.0 / 183 * 7) < 1e-9)
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
        // Pages: the timed book counts its sessions' 40 pages instead of its 300.
        #expect(progress(goal(.pages, target: 2400), b).current == 400 + 500 + 40)
    }
}

@Suite("Goal forms: ranges, periods and templates (SPEC F6)")
struct GoalDraftTests {
    let today = LocalDate("2026-07-02")!  // a Thursday

    @Test("Periods: the calendar year, month, and the week from Monday; custom dates checked")
    func periods() throws {
        let year = try GoalDraft.parse(["kind": "books", "target": "30", "cadence": "year"], today: today).get()
        #expect(year.startsOn == LocalDate("2026-01-01") && year.endsOn == LocalDate("2026-12-31") && year.title == "30 books")
        let month = try GoalDraft.parse(["kind": "pages", "target": "900", "cadence": "month"], today: today).get()
        #expect(month.startsOn == LocalDate("2026-07-01") && month.endsOn == LocalDate("2026-07-31"))
        let week = try GoalDraft.parse(["kind": "minutes", "target": "300", "cadence": "week", "recurring": "on"], today: today)
            .get()
        #expect(week.startsOn == LocalDate("2026-06-29") && week.endsOn == LocalDate("2026-07-05") && week.recurring)
        let backwards = GoalDraft.parse(
            ["kind": "books", "target": "3", "cadence": "custom", "starts_on": "2026-08-01", "ends_on": "2026-07-01"],
            today: today)
        #expect(backwards == .failure(FieldErrors(["ends_on": "The last day is before the first."])))
    }

    @Test("Targets outside the seed's ranges, a diversity goal over a month, and criteria-less challenges are refused")
    func ranges() {
        #expect(
            GoalDraft.parse(["kind": "books", "target": "0"], today: today)
                == .failure(FieldErrors(["target": "The target is a whole number from 1 to 1000 books."])))
        #expect(GoalDraft.parse(["kind": "books", "target": "1000000"], today: today).isFailure)
        let monthly = GoalDraft.parse(
            ["kind": "diversity", "target": "5", "cadence": "month", "regions": "africa"], today: today)
        #expect(monthly.failureMessages["cadence"]?.contains("3 to 12 months") == true)
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
    func templates() {
        for template in GoalDraft.templates {
            #expect(GoalDraft.range(of: template.kind).contains(template.target), "\(template.id)")
        }
        #expect(GoalDraft.templates.map(\.id) == ["52-books", "read-women", "around-the-world", "tbr-stack-buster"])
    }
}

extension Result where Failure == FieldErrors {
    var isFailure: Bool { if case .failure = self { true } else { false } }
    var failureMessages: [String: String] { if case .failure(let errors) = self { errors.messages } else { [:] } }
}
