import Benchmark
import BooksTrackCharts
import BooksTrackCore
import BooksTrackTestSupport
import Foundation

/// Insight speed (SPEC §7: all insights for one reader ≤ 2 ms at 1,000 books, ≤ 20 ms at 10,000,
/// ≤ 200 ms at 100,000). Each iteration computes the whole insights report of one request —
/// diversity figures, score, the representation radar with its completion, reading stats, the
/// same for the previous period, and what to read next — from a synthetic library already in
/// memory (as the server has it after loading). Also: rendering the radar's SVG, and choosing
/// the next question for a "+".
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(10),
        maxIterations: 1_000)

    let today = LocalDate(year: 2026, month: 11, day: 21)!
    let now = Date(timeIntervalSince1970: 1_795_262_400)  // 21 November 2026, 12:00 UTC
    let utc = TimeZone(identifier: "UTC")!
    for size in [1_000, 10_000, 100_000] {
        let library = SyntheticLibrary.make(books: size, today: today)
        Benchmark("All insights, this year with the previous year, \(size) books") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(
                    InsightsReport.compute(InsightRequest(period: .thisYear), library: library, today: today, timeZone: utc))
            }
        }
        // Everything one reader's pages show, computed cold from the library: the report, the
        // goal board (built once per change of the library and kept with it by the server),
        // the reading insights of this year with the timeline, and the achievements.
        Benchmark("All insights with reading insights and achievements, cold, \(size) books") { benchmark in
            for _ in benchmark.scaledIterations {
                let figures = LibraryFigures(library, timeZone: utc)
                blackHole(
                    InsightsReport.compute(InsightRequest(period: .thisYear), library: library, figures: figures, today: today))
                blackHole(ReadingInsights.compute(.year, figures: figures, library: library, now: now))
                blackHole(Achievements.standings(figures.achievementFacts(contributions: 0), unlocked: []))
            }
        }
        // The server flattens a library once per change (LibraryFigures, kept with the library
        // by KeptLibraries); every read then computes from the kept figures.
        Benchmark("Flatten the library (LibraryFigures: index and goal board), \(size) books") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(LibraryFigures(library, timeZone: utc)) }
        }
        let figures = LibraryFigures(library, timeZone: utc)
        let goals = GoalFixtures.goals(for: library)
        Benchmark("All insights on kept figures: report, reading insights, achievements, 100 goals, \(size) books") {
            benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(
                    InsightsReport.compute(InsightRequest(period: .thisYear), library: library, figures: figures, today: today))
                blackHole(ReadingInsights.compute(.year, figures: figures, library: library, now: now))
                blackHole(Achievements.standings(figures.achievementFacts(contributions: 0), unlocked: []))
                for goal in goals { blackHole(figures.board.progress(of: goal, today: today)) }
            }
        }
        Benchmark("Reading insights and achievements on kept figures, \(size) books") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(ReadingInsights.compute(.year, figures: figures, library: library, now: now))
                blackHole(Achievements.standings(figures.achievementFacts(contributions: 0), unlocked: []))
            }
        }
        Benchmark("All insights, all time, whole library by authors, \(size) books") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(
                    InsightsReport.compute(
                        InsightRequest(scope: .library, unit: .authors), library: library, today: today, timeZone: utc))
            }
        }
    }

    // SPEC §7: 100 active goals over a 10,000-book library evaluated in ≤ 10 ms (what the goals
    // page, home and the after-write step do: one board, every goal measured on it).
    do {
        let library = SyntheticLibrary.make(books: 10_000, today: today)
        let goals = GoalFixtures.goals(for: library)
        Benchmark("100 active goals, 10000 books, board built too") { benchmark in
            for _ in benchmark.scaledIterations {
                let board = GoalBoard(library, timeZone: utc)
                for goal in goals { blackHole(board.progress(of: goal, today: today)) }
            }
        }
        // The two halves: the board is built once per change of the library (by the after-write
        // step, and kept with the library: KeptLibraries.goalBoard); each read of the goals
        // page, home or the API measures the goals on the kept board.
        Benchmark("Goal board of 10000 books") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(GoalBoard(library, timeZone: utc)) }
        }
        let board = GoalBoard(library, timeZone: utc)
        Benchmark("100 active goals on a kept board, 10000 books") { benchmark in
            for _ in benchmark.scaledIterations {
                for goal in goals { blackHole(board.progress(of: goal, today: today)) }
            }
        }
    }

    for size in [1_000, 10_000] {
        let library = SyntheticLibrary.make(books: size, today: today)
        Benchmark("Next question for a radar axis (era), \(size) books") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(ProfilingPrompts.next(for: .era, library: library, skips: [], now: Date()))
            }
        }
    }

    let report = InsightsReport.compute(
        InsightRequest(), library: SyntheticLibrary.make(books: 1_000, today: today), today: today, timeZone: utc)
    let partial = RepresentationRadar(
        axes: report.radar.axes.enumerated().map { index, axis in
            index == 3 ? .init(axis: axis.axis, value: nil, coverage: 0) : axis
        }, books: report.radar.books)
    Benchmark("Render the library radar (SVG, one ghost axis)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(RadarChart.svg(partial, id: "radar", label: partial.accessibleSummary))
        }
    }
    Benchmark("Render the regions bar chart and the gender donut (SVG)") { benchmark in
        for _ in benchmark.scaledIterations {
            let bars = report.diversity.regions.map {
                BarChart.Bar(
                    label: $0.region.displayName, fraction: $0.figure.share ?? 0,
                    valueText: InsightFormat.number($0.figure.count),
                    accessibleText: $0.region.displayName, href: "/library?region=\($0.region.rawValue)",
                    highlighted: $0.underrepresented)
            }
            blackHole(BarChart.svg(bars, id: "regions", label: "Regions"))
            blackHole(
                DonutChart.svg(
                    report.diversity.genders.map {
                        DonutChart.Segment(value: $0.figure.count, colorClass: "seg", accessibleText: $0.gender.displayName)
                    }, centerValue: "142", centerLabel: "authors", label: "Gender"))
        }
    }
}

/// A reader's library of a given size with realistic shape: about one author per two books,
/// 10% co-authored, facts known for most authors, 60% of books read over the last five years,
/// a session for a third of the read books.
enum SyntheticLibrary {
    static func make(books: Int, today: LocalDate) -> ReaderLibrary {
        var generator = SplitMix(seed: UInt64(books))
        let user = User(name: "bench", createdAt: Date(timeIntervalSince1970: 1_600_000_000))
        var library = ReaderLibrary(user: user)
        let provenance = Provenance(source: .user, recordedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let countries = ["NG", "KE", "JP", "IN", "FR", "GB", "US", "CA", "BR", "MX", "AU", "EG", "JM", "KZ", "TR", "CN", "PL"]
        let languages = ["en", "fr", "ja", "es", "sw", "ko", "zh", "pl", "tr", "pt", "ru", "it", "de", "ar"]
        var authorIDs: [Author.ID] = []
        for index in 0..<max(1, books / 2) {
            var author = Author(name: "Author \(index)")
            let roll = generator.next() % 100
            if roll < 85 {
                author.country = AuthorFact(
                    value: CountryCode(lenient: countries[Int(generator.next() % UInt64(countries.count))])!,
                    provenance: provenance)
            }
            if roll < 90 {
                author.gender = AuthorFact(value: Gender.allCases[Int(generator.next() % 3)], provenance: provenance)
            }
            if roll < 3 { author.chosenRegion = AuthorFact(value: .indigenous, provenance: provenance) }
            library.authors[author.id] = author
            authorIDs.append(author.id)
        }
        for index in 0..<books {
            var authors = [authorIDs[Int(generator.next() % UInt64(authorIDs.count))]]
            if generator.next() % 10 == 0 { authors.append(authorIDs[Int(generator.next() % UInt64(authorIDs.count))]) }
            let work = Work(
                title: "Book \(index)", authorIDs: Array(Set(authors)),
                originalLanguage: generator.next() % 10 < 8
                    ? LanguageCode(lenient: languages[Int(generator.next() % UInt64(languages.count))]) : nil,
                firstPublishedYear: 1850 + Int(generator.next() % 175))
            library.works[work.id] = work
            let edition = Edition(workID: work.id, details: EditionDetails(pageCount: 150 + Int(generator.next() % 500)))
            library.editions[edition.id] = edition
            let read = generator.next() % 10 < 6
            let finished = today.adding(days: -Int(generator.next() % 1_825))
            let entry = LibraryEntry(
                userID: user.id, workID: work.id, editionID: edition.id,
                state: EntryState(
                    status: read ? .read : (generator.next() % 2 == 0 ? .toRead : .wishlist),
                    addedOn: finished.adding(days: -Int(generator.next() % 200)),
                    readings: read ? [Reading(finishedOn: finished, outcome: .finished, origin: .user)] : []),
                createdAt: Date(timeIntervalSince1970: 1_600_000_000))
            library.entries.append(entry)
            if read, generator.next() % 3 == 0 {
                let start = Date(timeIntervalSince1970: TimeInterval(finished.dayNumber * 86_400 - 86_400 * 2 + 72_000))
                library.sessions.append(
                    ReadingSession(
                        userID: user.id, entryID: entry.id, startedAt: start, endedAt: start.addingTimeInterval(2_700),
                        startPage: 0, endPage: 40))
            }
        }
        return library
    }
}

/// 100 active goals of every kind, over one to three years.
enum GoalFixtures {
    static func goals(for library: ReaderLibrary) -> [Goal] {
        let kinds: [(Goal.Kind, Goal.Criteria)] = [
            (.books, .init()), (.pages, .init()), (.minutes, .init()), (.streakDays, .init()),
            (.diversity, .init(regions: [.africa, .asia])), (.share, .init(genders: [.female])),
            (.category, .init(ownedOnly: true)), (.authorsExplored, .init()), (.genresExplored, .init()),
            (.regionsExplored, .init()),
        ]
        return (0..<100).map { index in
            let (kind, criteria) = kinds[index % kinds.count]
            return Goal(
                userID: library.user.id, title: "goal \(index)", kind: kind, target: 50 + index, cadence: .year,
                startsOn: LocalDate(year: 2026 - index % 3, month: 1, day: 1)!,
                endsOn: LocalDate(year: 2026, month: 12, day: 31)!,
                criteria: criteria, createdAt: Date(timeIntervalSince1970: 0))
        }
    }
}
