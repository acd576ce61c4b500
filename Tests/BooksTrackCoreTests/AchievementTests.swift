import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

@Suite("Achievements (SPEC F7): every rule pinned at its threshold, worked out from the library")
struct AchievementTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// Facts that meet exactly what an achievement asks.
    static func facts(meeting achievement: Achievement) -> AchievementFacts {
        var facts = AchievementFacts()
        for requirement in achievement.requirements { set(&facts, requirement.measure, requirement.target) }
        return facts
    }

    static func set(_ facts: inout AchievementFacts, _ measure: Achievement.Measure, _ value: Double) {
        switch measure {
        case .books: facts.books = Int(value)
        case .regions: facts.regions = Int(value)
        case .languages: facts.languages = Int(value)
        case .ratedBooks: facts.ratedBooks = Int(value)
        case .averageRating: facts.averageRating = value
        case .streakDays: facts.longestStreak = Int(value)
        case .contributions: facts.contributions = Int(value)
        }
    }

    static func earned(_ id: String, _ facts: AchievementFacts) -> Bool {
        Achievements.standings(facts, unlocked: []).first { $0.achievement.id == id }!.earned
    }

    @Test("Each achievement is earned exactly at its threshold and not one step below", arguments: Achievements.all)
    func thresholds(_ achievement: Achievement) {
        let exact = Self.facts(meeting: achievement)
        #expect(Self.earned(achievement.id, exact))
        for requirement in achievement.requirements {
            var below = exact
            let step = requirement.measure == .averageRating ? 0.01 : 1
            Self.set(&below, requirement.measure, requirement.target - step)
            #expect(!Self.earned(achievement.id, below), "\(achievement.id) with \(requirement.measure) one step short")
        }
    }

    @Test("The seed's rules by name: 9 vs 10 books, 3.99 vs 4.0 over 10 rated books, 20 books + 5 regions")
    func namedRules() {
        #expect(!Self.earned("bookworm", AchievementFacts(books: 9)))
        #expect(Self.earned("bookworm", AchievementFacts(books: 10)))
        #expect(!Self.earned("qualityReader", AchievementFacts(ratedBooks: 10, averageRating: 3.99)))
        #expect(Self.earned("qualityReader", AchievementFacts(ratedBooks: 10, averageRating: 4.0)))
        #expect(!Self.earned("qualityReader", AchievementFacts(ratedBooks: 9, averageRating: 5)), "too few rated books")
        #expect(!Self.earned("balancedReader", AchievementFacts(books: 20, regions: 4)))
        #expect(Self.earned("balancedReader", AchievementFacts(books: 20, regions: 5)))
        #expect(!Self.earned("masterExplorer", AchievementFacts(books: 50, regions: 8, ratedBooks: 10, averageRating: 3.9)))
        #expect(Self.earned("masterExplorer", AchievementFacts(books: 50, regions: 8, ratedBooks: 10, averageRating: 4)))
        #expect(Self.earned("consistentReader", AchievementFacts(longestStreak: 7)))
        #expect(Self.earned(Curation.achievement, AchievementFacts(contributions: 5)))
        #expect(!Self.earned("dedicatedCurator", AchievementFacts(contributions: 24)))
    }

    @Test("Rarity runs from common to legendary, and every id is distinct")
    func catalogue() {
        #expect(Set(Achievements.all.map(\.id)).count == Achievements.all.count)
        #expect(Set(Achievements.all.map(\.rarity)) == Set(Rarity.allCases))
        #expect(Achievements.achievement("readingLegend")?.rarity == .legendary)
        #expect(Rarity.common < Rarity.legendary)
    }

    @Test("Locked achievements say how far along; stored unlocks keep their date")
    func progress() {
        let date = Date(timeIntervalSince1970: 1_770_000_000)
        let standings = Achievements.standings(
            AchievementFacts(books: 7, regions: 3), unlocked: [AchievementUnlock(achievement: "firstSteps", unlockedAt: date)])
        let bookworm = standings.first { $0.achievement.id == "bookworm" }!
        #expect(bookworm.progressText == "7 / 10 books" && abs(bookworm.fraction - 0.7) < 1e-9 && bookworm.unlockedAt == nil)
        let balanced = standings.first { $0.achievement.id == "balancedReader" }!
        #expect(balanced.progressText == "7 / 20 books · 3 / 5 regions")
        #expect(abs(balanced.fraction - 0.35) < 1e-9, "the least advanced requirement decides")
        #expect(standings.first { $0.achievement.id == "firstSteps" }?.unlockedAt == date)
        let new = Achievements.newlyEarned(AchievementFacts(books: 10, regions: 3), unlocked: ["firstSteps"], now: date)
        #expect(Set(new.map(\.achievement)) == ["bookworm", "globalPerspective", "cultureExplorer"])
    }

    @Test("Facts from a library: books read with or without a date, regions, original languages, ratings, streak")
    func factsFromLibrary() {
        var b = LibraryBuilder()
        let adichie = b.author("Chimamanda Ngozi Adichie", country: "NG")
        let murakami = b.author("Haruki Murakami", country: "JP")
        let unknown = b.author("Somebody")
        let a = b.book("Half of a Yellow Sun", by: [adichie], language: "en", finished: "2026-03-01")
        let c = b.book("Kafka on the Shore", by: [murakami], language: "ja", finished: "2026-03-02")
        b.book("Undated", by: [unknown], language: "fr")  // status read, no finish date
        b.book("Wanted", by: [unknown], language: "de", status: .wishlist)
        for (entry, quarters) in [(a, 16), (c, 18)] {
            let index = b.library.entries.firstIndex { $0.id == entry }!
            b.library.entries[index].state.rating = Rating(quarters: quarters)
        }
        b.session(a, start: "2026-03-03T08:00:00Z", minutes: 30, pages: 1...20)
        let facts = LibraryFigures(b.library, timeZone: Self.utc).achievementFacts(contributions: 2)
        #expect(facts.books == 3, "the wishlist book is not read")
        #expect(facts.regions == 2 && facts.languages == 3)
        #expect(facts.ratedBooks == 2 && facts.averageRating == 4.25)
        #expect(facts.longestStreak == 3, "finishes on the 1st and 2nd, a session on the 3rd")
        #expect(facts.contributions == 2)
    }
}

@Suite("Reading insights (SPEC F7): the hero, the cards and the timeline")
struct ReadingInsightsTests {
    static let utc = TimeZone(identifier: "UTC")!
    /// Noon UTC of a day: the moment the insights are asked for.
    static func noon(_ day: String) -> Date { try! Date(day + "T12:00:00Z", strategy: .iso8601) }

    static func library() -> LibraryBuilder {
        var b = LibraryBuilder()
        let adichie = b.author("Chimamanda Ngozi Adichie", country: "NG", gender: .female)
        let murakami = b.author("Haruki Murakami", country: "JP", gender: .male)
        let leGuin = b.author("Ursula K. Le Guin", country: "US", gender: .female)
        // October: one book; November (this month): three, from two regions, one new.
        b.book("The Left Hand of Darkness", by: [leGuin], language: "en", finished: "2026-10-05", pages: 300)
        let kafka = b.book("Kafka on the Shore", by: [murakami], language: "ja", finished: "2026-11-02", pages: 500)
        b.book("Americanah", by: [adichie], language: "en", finished: "2026-11-10", pages: 600)
        b.book("Purple Hibiscus", by: [adichie], language: "en", finished: "2026-11-20", pages: 300)
        b.session(kafka, start: "2026-11-19T20:00:00Z", minutes: 45, pages: 1...30)
        b.session(kafka, start: "2026-11-20T20:00:00Z", minutes: 30, pages: 31...50)
        return b
    }

    func compute(_ span: ReadingSpan, _ b: LibraryBuilder, today: String = "2026-11-21") -> ReadingInsights {
        ReadingInsights.compute(
            span, figures: LibraryFigures(b.library, timeZone: Self.utc), library: b.library, now: Self.noon(today))
    }

    @Test("This month against last: books, cultures, new regions, the sentences a person would say")
    func month() {
        let insights = compute(.month, Self.library())
        #expect(insights.from == LocalDate("2026-11-01") && insights.to == LocalDate("2026-11-30"))
        #expect(insights.current.books == 3 && insights.previous?.books == 1)
        #expect(insights.current.cultures == 2 && insights.previous?.cultures == 1)
        #expect(insights.headline == "Exploring 2 cultures across 3 books")
        let cards = Dictionary(uniqueKeysWithValues: insights.cards.map { ($0.id, $0) })
        #expect(cards["velocity"]?.sentence.hasPrefix("You read 2 more books than last month.") == true)
        #expect(cards["velocity"]?.trend == .up)
        #expect(cards["culture"]?.sentence == "2 regions read for the first time.")
        #expect(insights.currentStreak == 2, "sessions on the 19th and 20th, and a finish on the 20th; today has none yet")
        #expect(insights.current.minutes == 75)
        #expect(insights.current.pages == 29 + 19 + 600 + 300, "Kafka's session pages, the others' page counts")
    }

    @Test("All time's timeline starts at the first book finished: by month up to 36 months, by year past them")
    func allTimeTimeline() {
        var b = Self.library()
        // Two years of history: monthly from the first book.
        let recent = compute(.all, b)
        #expect(recent.timelineBy == .month)
        #expect(recent.timeline.first?.month == "2025-12", "12 months when the history is shorter")
        let author = b.author("Old Reader", country: "FR", gender: .female)
        b.book("Imported", by: [author], language: "fr", finished: "2024-03-15", pages: 200)
        let months = compute(.all, b)
        #expect(months.timelineBy == .month && months.timeline.first?.month == "2024-03" && months.timeline.count == 33)
        #expect(months.timeline.first?.books == 1)
        // History from 2012: one point a year, every year up to this one.
        b.book("Older", by: [author], language: "fr", finished: "2012-06-01", pages: 300)
        let years = compute(.all, b)
        #expect(years.timelineBy == .year)
        #expect(years.timeline.map(\.month) == (2012...2026).map(String.init))
        #expect(years.timeline.first?.label == "2012" && years.timeline.first?.books == 1)
        #expect(years.timeline.last?.books == 4, "this year's books")
        // A year keeps its 12 months.
        #expect(compute(.year, b).timeline.count == 12 && compute(.year, b).timelineBy == .month)
    }

    @Test("Pace is timed pages over timed hours: a long book and five minutes of sessions make no pace")
    func paceOfTimedSessions() {
        var b = LibraryBuilder()
        let tolstoy = b.author("Leo Tolstoy", country: "RU", gender: .male)
        // 36,000 pages of finished books without sessions, and one five-minute session of 2 pages.
        for index in 0..<30 {
            b.book("Volume \(index)", by: [tolstoy], language: "ru", finished: "2026-11-0\(index % 9 + 1)", pages: 1_200)
        }
        let open = b.book("War and Peace", by: [tolstoy], language: "ru", status: .reading, pages: 1_225)
        b.session(open, start: "2026-11-20T20:00:00Z", minutes: 5, pages: 0...2)
        let short = compute(.month, b)
        #expect(short.current.pages == 36_002 && short.current.minutes == 5)
        #expect(short.current.pagesPerHour == nil, "five minutes say nothing about a pace")
        let velocity = short.cards.first { $0.id == "velocity" }
        #expect(velocity?.figure == "30 books")
        #expect(velocity?.sentence.contains("in 5 min") == false, "\(velocity?.sentence ?? "")")
        #expect(velocity?.sentence.contains("pages an hour") == false)

        // Forty more minutes of sessions, 60 pages: 62 pages in 45 minutes, 83 pages an hour.
        b.session(open, start: "2026-11-21T08:00:00Z", minutes: 40, pages: 2...62)
        let timed = compute(.month, b)
        #expect(timed.current.pagesPerHour.map { Int($0.rounded()) } == 83)
        #expect(
            timed.cards.first { $0.id == "velocity" }?.sentence.hasSuffix(
                "36,062 pages; 83 pages an hour over 45 min of timed sessions.") == true)
    }

    @Test("All time has no comparison; the rings fall back to this year's books against last year's")
    func allTime() {
        let insights = compute(.all, Self.library())
        #expect(insights.previous == nil && insights.cards.allSatisfy { $0.trend == nil })
        #expect(insights.current.books == 4 && insights.current.cultures == 3)
        #expect(insights.rings.outerLabel == "4 books this year" && insights.rings.outer == 1)
        #expect(abs(insights.rings.inner - 3.0 / 11) < 1e-9)
    }

    @Test("The timeline: 12 months ending this one, books per month, no score where too little is known")
    func timeline() {
        let b = Self.library()
        let insights = compute(.year, b)
        #expect(insights.timeline.count == 12)
        #expect(insights.timeline.first?.month == "2025-12" && insights.timeline.last?.month == "2026-11")
        #expect(insights.timeline.map(\.books).suffix(2) == [1, 3])
        #expect(insights.timeline.first?.diversity == nil, "no books, no score")
        let six = ReadingInsights.compute(
            .year, figures: LibraryFigures(b.library, timeZone: Self.utc), library: b.library,
            now: Self.noon("2026-11-21"), months: 6)
        #expect(six.timeline.count == 6 && six.timeline.first?.month == "2026-06")
    }

    @Test("One write's notices as a reader meets them: many achievements as one, a goal's milestones and end as its last")
    func batchedNotices() {
        func achievement(_ id: String) -> Notice {
            Notices.notice(for: AchievementUnlock(achievement: id, unlockedAt: Date(timeIntervalSince1970: 0)))!
        }
        func goal(_ id: String, _ mark: String) -> Notice {
            Notice(kind: "goal", key: "goal:\(id):\(mark)", title: "\(id) \(mark)", body: "")
        }
        let two = Notices.batched([achievement("firstSteps"), achievement("bookworm")])
        #expect(two.unread.count == 2 && two.read.isEmpty)

        let past = [25, 50, 75, 100].map { goal("g1", "\($0)") } + [goal("g1", "done"), goal("g2", "25")]
        let many = Notices.batched([achievement("firstSteps"), achievement("bookworm"), achievement("avidReader")] + past)
        #expect(many.unread.map(\.title) == ["🏅 3 achievements from your reading", "g1 done", "g2 25"])
        #expect(many.read.count == 3 + 4)
        #expect(many.unread[0].body.contains("First Steps") && many.unread[0].destination == .achievements)
        // The same achievements give the same key, so two writes at once tell them once.
        let again = Notices.batched([achievement("avidReader"), achievement("bookworm"), achievement("firstSteps")])
        #expect(again.unread[0].key == many.unread[0].key)
    }
}
