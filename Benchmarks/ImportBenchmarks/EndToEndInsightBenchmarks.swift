import Benchmark
import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import Foundation

#if os(Linux)
    import CMalloc
    import Glibc
#endif

/// The first insights answer after a write, as a reader waits for it (SPEC §7: ≤ 10 ms at 1,000
/// books, ≤ 60 ms at 10,000, ≤ 600 ms at 100,000; issue 16): a library written into a real SQLite
/// database by the import, a warm application (`BooksTrack`, as `serve` runs it), then, measured:
///
/// - after an import (one new book): the import (matching, the write, the bundled author table and
///   the look-up queue for that book), the kept library patched from the change log, flattened,
///   and the insights report computed;
/// - a library this server does not keep yet (a server just started, or after an import of more
///   than 500 books or a restored backup, which log the whole library): read whole from the
///   database, flattened, and the report computed;
/// - after a settings change: the write, the reader's row patched into the kept library, every
///   book and author told again with the new settings (``InsightIndex`` `retell`), and the report;
/// - after a book's status changes: the write with its after-write step (which brings the kept
///   library up to date from the change log and flattens it), then the insights report.
///
/// The in-memory figures (`InsightBenchmarks`) leave the database out; these keep it in.
func endToEndInsightBenchmarks(today: LocalDate, now: Date) {
    for size in [1_000, 10_000, 100_000] {
        // The harness calls a benchmark's body once per iteration: what must differ from one
        // iteration to the next (a year never asked for, a status other than the last) is
        // counted outside it, or every iteration after the first would answer from a cache.
        let (years, settingsChanges, statusChanges, zoneChanges) = (Counter(), Counter(), Counter(), Counter())
        Benchmark(
            "First insights answer after an import of one book (the import, the kept library patched, flattened, computed), \(size) books",
            configuration: .init(maxDuration: .seconds(30), maxIterations: size >= 100_000 ? 10 : 50)
        ) { benchmark in
            let (app, user) = try await PreparedLibrary.shared.library(books: size, today: today, now: now)
            var run = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                run += 1
                // A Goodreads export of one book the library does not have yet.
                let row =
                    "\(20_000_000_000 + Int.random(in: 0..<1_000_000_000)),A New Book \(UUID().uuidString),Ann Author,\"Author, Ann\",,,,0,0,,,,,,,2026/01/01,,,read,,,,0,0"
                let file = Array((SyntheticGoodreads.header + "\n" + row + "\n").utf8)
                let batch = try LibraryFileReader.read(bytes: file, today: today)
                _ = try await app.imports.importNow(batch, for: user, fileName: "one.csv", dryRun: false)
                blackHole(try await app.insights.report(for: user, InsightRequest(period: .thisYear), now: now))
            }
            benchmark.stopMeasurement()
            precondition(run > 0)
        }
        Benchmark(
            "First insights answer of a library not kept yet (read whole from SQLite, flattened, computed), \(size) books",
            configuration: .init(
                metrics: [.wallClock, .cpuTotal, .peakMemoryResident, ResidentMemory.keptLibrary],
                maxDuration: .seconds(30), maxIterations: size >= 100_000 ? 10 : 50)
        ) { benchmark in
            // No archive: after a restored backup, or an import that logged the whole library.
            try await coldAnswers(benchmark, books: size, archiving: nil, years: years, today: today, now: now)
        }
        Benchmark(
            "First insights answer of a library not kept yet, from its archive (a server just started), \(size) books",
            configuration: .init(
                metrics: [.wallClock, .cpuTotal, .peakMemoryResident, ResidentMemory.keptLibrary],
                maxDuration: .seconds(30), maxIterations: size >= 100_000 ? 10 : 50)
        ) { benchmark in
            try await coldAnswers(
                benchmark, books: size, archiving: LibraryArchiving(from: 1), years: years, today: today, now: now)
        }
        Benchmark(
            "First insights answer after a settings change (the reader's row patched in, every book told again, computed), \(size) books",
            configuration: .init(maxDuration: .seconds(30), maxIterations: size >= 100_000 ? 10 : 50)
        ) { benchmark in
            // A setting moves the whole library's version: the next answer reads it again.
            try await answersAfterSettings(benchmark, books: size, today: today, now: now) {
                $0.primaryLanguage = settingsChanges.next() % 2 == 0 ? LanguageCode(lenient: "fr") : LanguageCode(lenient: "en")
            }
        }
        Benchmark(
            "First insights answer after a time zone change (the figures moved to the zone, computed), \(size) books",
            configuration: .init(maxDuration: .seconds(30), maxIterations: size >= 100_000 ? 10 : 50)
        ) { benchmark in
            try await answersAfterSettings(benchmark, books: size, today: today, now: now) {
                $0.timeZone = zoneChanges.next() % 2 == 0 ? "Asia/Tokyo" : "America/Los_Angeles"
            }
        }
        Benchmark(
            "First insights answer after a book's status changes (write, after-write step, report), \(size) books",
            configuration: .init(maxDuration: .seconds(30), maxIterations: size >= 100_000 ? 20 : 100)
        ) { benchmark in
            let (app, current, entry) = try await PreparedLibrary.shared.firstBook(books: size, today: today, now: now)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let index = statusChanges.next()
                try await app.library.changeStatus(
                    of: entry, to: index % 2 == 0 ? .reading : .read, for: current, now: now)
                blackHole(try await app.insights.report(for: current, InsightRequest(period: .thisYear), now: now))
            }
            benchmark.stopMeasurement()
        }
    }
}

/// The first answer after each change of the reader's settings that `change` makes, through the
/// application as the account page makes it.
private func answersAfterSettings(
    _ benchmark: Benchmark, books size: Int, today: LocalDate, now: Date, change: (inout ReaderSettings) -> Void
) async throws {
    let (app, user) = try await PreparedLibrary.shared.library(books: size, today: today, now: now)
    var reader = user
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        change(&reader.settings)
        try await app.reader(user).update(settings: reader.settings, now: now)
        blackHole(try await app.insights.report(for: reader, InsightRequest(period: .thisYear), now: now))
    }
    benchmark.stopMeasurement()
}

/// The first answer of applications that keep nothing yet (servers just started), each on the
/// same database, with `archiving` (the library's archive written first, as the server that
/// kept it last leaves it) or without (the library read whole).
private func coldAnswers(
    _ benchmark: Benchmark, books size: Int, archiving: LibraryArchiving?, years: Counter, today: LocalDate, now: Date
) async throws {
    _ = try await PreparedLibrary.shared.library(books: size, today: today, now: now)
    let (store, user) = await PreparedLibrary.shared.store(books: size)
    if let archiving {
        let writer = BooksTrack(store: store, clock: { now }, archiving: archiving)
        _ = try await writer.libraries.library(of: user.id)
        await writer.libraries.settleArchives()
    }
    var kept: [Int] = []
    // Each application let go after the measurement: freeing a library of 100,000 books takes
    // ~0.1 s that no reader waits for (it was measured with the next answer until 2026-11-30).
    var started: [BooksTrack] = []
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        // A new application on the same database keeps nothing: a server just started. A
        // year never asked for, so no report stored for other servers answers it.
        let year = 1000 + years.next()
        let before = ResidentMemory.afterTrim()
        let cold = BooksTrack(store: store, clock: { now }, archiving: archiving)
        blackHole(try await cold.insights.report(for: user, InsightRequest(period: .year(year)), now: now))
        kept.append(ResidentMemory.afterTrim() - before)
        started.append(cold)
    }
    benchmark.stopMeasurement()
    started.removeAll()
    for bytes in kept { benchmark.measurement(ResidentMemory.keptLibrary, bytes / 1_000_000) }
}

/// The write itself, as the API's answer to a write waits for it (issue 42: a rating took 130–170
/// ms at 100,000 books): the store's transaction and the after-write step, nothing read after it.
func writeBenchmarks(today: LocalDate, now: Date) {
    for size in [1_000, 10_000, 100_000] {
        let changes = Counter()
        Benchmark(
            "The write itself: a book's status changes (write and after-write step), \(size) books",
            configuration: .init(maxDuration: .seconds(30), maxIterations: size >= 100_000 ? 20 : 100)
        ) { benchmark in
            let (app, current, entry) = try await PreparedLibrary.shared.firstBook(books: size, today: today, now: now)
            // The library is kept, as on a server that has shown the reader a page.
            _ = try await app.insights.report(for: current, InsightRequest(period: .thisYear), now: now)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try await app.library.changeStatus(
                    of: entry, to: changes.next() % 2 == 0 ? .reading : .read, for: current, now: now)
            }
            benchmark.stopMeasurement()
        }
    }
}

/// A status change of a reader with an active goal: the after-write step measures the goal, so
/// the goal board is built again from the patched figures on every write (it is not patched).
func goalWriteBenchmarks(today: LocalDate, now: Date) {
    for size in [1_000, 10_000, 100_000] {
        let changes = Counter()
        Benchmark(
            "The write itself with a yearly goal active (minutes): a book's status changes, \(size) books",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(20), maxIterations: size >= 100_000 ? 20 : 100)
        ) { benchmark in
            let (app, user, entry) = try await PreparedLibrary.shared.keptFirstBook(books: size, today: today, now: now)
            let draft = try GoalDraft.parse(["kind": "minutes", "target": "600", "cadence": "year"], today: today).get()
            let goal = try await app.goals.create(draft, for: user, now: now)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try await app.library.changeStatus(of: entry, to: changes.next() % 2 == 0 ? .reading : .read, for: user, now: now)
            }
            benchmark.stopMeasurement()
            // The other benchmarks on this library measure a reader without goals.
            try await app.goals.delete(goal.id, for: user)
        }
    }
}

/// Each kind of write (issue 42's table: a rating, a status, an add, an author fact, a delete),
/// through the application as a request makes it — the store's transaction and the after-write
/// step on a kept library — at 1,000 / 10,000 / 100,000 books: the write itself ("The write
/// itself: …"), and the write followed by the insights report of this year ("First insights
/// answer after …": what a reader who writes and then opens the insights waits for). Resident
/// memory is the harness's `peakMemoryResident` metric of the same runs.
func everyWriteBenchmarks(today: LocalDate, now: Date) {
    for size in [1_000, 10_000, 100_000] {
        for answered in [false, true] {
            let counter = Counter()
            let configuration = Benchmark.Configuration(
                metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(20),
                maxIterations: size >= 100_000 ? 20 : 100)
            /// The benchmark of one kind of write: `prepare` (not measured) gets the library ready
            /// for `iterations` writes and returns the write of each.
            typealias Write = @Sendable (Int) async throws -> Void
            func measure(
                _ kind: String,
                prepare: @escaping @Sendable (BooksTrack, User, LibraryEntry.ID, _ iterations: Int) async throws -> Write
            ) {
                let name = answered ? "First insights answer after \(kind)" : "The write itself: \(kind)"
                Benchmark("\(name), \(size) books", configuration: configuration) { benchmark in
                    let (app, user, entry) = try await PreparedLibrary.shared.keptFirstBook(books: size, today: today, now: now)
                    let write = try await prepare(app, user, entry, benchmark.scaledIterations.count)
                    benchmark.startMeasurement()
                    for iteration in benchmark.scaledIterations {
                        try await write(iteration)
                        if answered {
                            blackHole(try await app.insights.report(for: user, InsightRequest(period: .thisYear), now: now))
                        }
                    }
                    benchmark.stopMeasurement()
                }
            }
            measure("a rating") { app, user, entry, _ in
                let detail = try await app.library.detail(of: entry, for: user)!
                let current = EntryFields.draft(detail)
                return { _ in
                    var rated = current
                    rated.rating = Rating(stars: counter.next() % 2 == 0 ? 4 : 3.5)
                    let draft = try rated.checked(today: today).get()
                    try await app.library.update(entry, with: draft, for: user, now: now)
                }
            }
            measure("a book added") { app, user, _, _ in
                return { _ in
                    let draft = try BookDraft.parse(
                        ["title": "Added \(counter.next()) \(UUID().uuidString)", "authors": "Ann Author", "status": "read"],
                        today: today
                    ).get()
                    _ = try await app.library.add(draft, for: user, now: now)
                }
            }
            measure("an author fact") { app, user, entry, _ in
                let author = try await app.library.detail(of: entry, for: user)!.authors[0].id
                return { _ in
                    try await app.library.recordFacts(
                        [(.country, counter.next() % 2 == 0 ? "NG" : "KE")], about: author, for: user, now: now)
                }
            }
            measure("a book deleted") { app, user, _, iterations in
                // Books to delete, added first: the library keeps its size.
                var added: [LibraryEntry.ID] = []
                for _ in 0..<iterations {
                    let draft = try BookDraft.parse(
                        ["title": "To delete \(counter.next()) \(UUID().uuidString)", "authors": "Ann Author"], today: today
                    ).get()
                    if case .added(let entry) = try await app.library.add(draft, for: user, now: now) { added.append(entry) }
                }
                return { [added] iteration in try await app.library.delete(added[iteration], for: user, now: now) }
            }
        }
    }
}

extension PreparedLibrary {
    /// ``firstBook(books:today:now:)`` with the library kept, as on a server that has shown the
    /// reader a page.
    func keptFirstBook(books size: Int, today: LocalDate, now: Date) async throws -> (BooksTrack, User, LibraryEntry.ID) {
        let (app, user, entry) = try await firstBook(books: size, today: today, now: now)
        _ = try await app.insights.report(for: user, InsightRequest(period: .thisYear), now: now)
        return (app, user, entry)
    }

    /// The prepared library's application, its reader as stored now, and the first book of their list.
    func firstBook(books size: Int, today: LocalDate, now: Date) async throws -> (BooksTrack, User, LibraryEntry.ID) {
        let (app, user) = try await library(books: size, today: today, now: now)
        let current = try await app.accounts.reader(named: user.name) ?? user
        return (app, current, try await app.reader(current).list(LibraryQuery()).items[0].entryID)
    }
}

/// One SQLite library per size, imported once and kept open for every benchmark that uses it.
actor PreparedLibrary {
    static let shared = PreparedLibrary()
    private var prepared: [Int: (BooksTrack, User)] = [:]
    private var stores: [Int: (Store, User)] = [:]

    /// The store under a prepared library, for a second application on it (a server just started).
    func store(books: Int) -> (Store, User) { stores[books]! }

    func library(books: Int, today: LocalDate, now: Date) async throws -> (BooksTrack, User) {
        if let kept = prepared[books] { return kept }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-e2e-\(UUID().uuidString).sqlite").path
        let database = try await Database.open(.sqlite(path: path), clock: { Date() })
        _ = try await Migrator.migrate(database, now: now)
        let store = Store(database: database)
        let app = BooksTrack(store: store, clock: { now })
        let user = try await store.users.create(name: "bench", now: now)
        let batch = try LibraryFileReader.read(bytes: SyntheticGoodreads.csv(rows: books), today: today)
        let report = try await app.imports.importNow(batch, for: user, fileName: "bench.csv", dryRun: false)
        precondition(report.imported == books, "imported \(report.imported)")
        prepared[books] = (app, user)
        stores[books] = (store, user)
        return (app, user)
    }
}

/// A count kept across a benchmark's iterations: 1, 2, 3…
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

/// What a process holds for one reader's kept library (the library, its figures and the report):
/// resident memory after the first answer minus before it, each after `malloc_trim` gave freed
/// memory back — not the process's peak, which holds every prepared library too.
enum ResidentMemory {
    static let keptLibrary = BenchmarkMetric.custom("Kept library, resident (MB)", useScalingFactor: false)

    /// This process's resident bytes once glibc has given back what is free.
    static func afterTrim() -> Int {
        #if os(Linux)
            _ = malloc_trim(0)
            guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
                let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
            else { return 0 }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            return 0
        #endif
    }
}
