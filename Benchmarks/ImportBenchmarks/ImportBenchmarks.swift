import Benchmark
import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import Foundation
import SQLKit

/// Import speed (SPEC §7: ≥ 5,000 Goodreads rows/s parsed and stored into SQLite).
///
/// Each iteration imports a synthetic 10,000-row Goodreads export into a fresh SQLite database
/// (the database is created outside the measured part). Rows per second = 10,000 ÷ wall clock.
/// With `BOOKSTRACK_BENCH_POSTGRES_URL` set, the same import runs on PostgreSQL too.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .throughput],
        timeUnits: .milliseconds, maxDuration: .seconds(60), maxIterations: 10)

    let rows = 10_000
    let file = SyntheticGoodreads.csv(rows: rows)
    let today = LocalDate(year: 2026, month: 11, day: 21)!
    let now = Date(timeIntervalSince1970: 1_773_576_000)

    Benchmark("Parse a 10,000-row Goodreads CSV") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try LibraryFileReader.read(bytes: file, today: today))
        }
    }

    // Setup per iteration happens before startMeasurement(), which restarts the clock.
    Benchmark("Import a 10,000-row Goodreads CSV into a new SQLite database") { benchmark in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        try await Store.withStore(.sqlite(path: directory.appendingPathComponent("b.sqlite").path), clock: { Date() }) { store in
            let reader = store.reader(try await store.users.create(name: "bench", now: now).id)
            benchmark.startMeasurement()
            let batch = try LibraryFileReader.read(bytes: file, today: today)
            let report = try await reader.imports.import(batch, dryRun: false, now: now)
            benchmark.stopMeasurement()
            precondition(report.imported == rows, "imported \(report.imported)")
        }
        try? FileManager.default.removeItem(at: directory)
    }

    Benchmark("Re-import the same 10,000 rows (all unchanged) into SQLite") { benchmark in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        try await Store.withStore(.sqlite(path: directory.appendingPathComponent("b.sqlite").path), clock: { Date() }) { store in
            let reader = store.reader(try await store.users.create(name: "bench", now: now).id)
            _ = try await reader.imports.import(try LibraryFileReader.read(bytes: file, today: today), dryRun: false, now: now)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let report = try await reader.imports.import(
                    try LibraryFileReader.read(bytes: file, today: today), dryRun: false, now: now)
                precondition(report.unchanged == rows)
            }
            benchmark.stopMeasurement()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    endToEndInsightBenchmarks(today: today, now: now)
    writeBenchmarks(today: today, now: now)
    everyWriteBenchmarks(today: today, now: now)
    goalWriteBenchmarks(today: today, now: now)

    if let url = ProcessInfo.processInfo.environment["BOOKSTRACK_BENCH_POSTGRES_URL"], !url.isEmpty {
        Benchmark("Import a 10,000-row Goodreads CSV into PostgreSQL") { benchmark in
            try await Store.withStore(try DatabaseLocation(parsing: url), clock: { Date() }) { store in
                let reader = store.reader(try await store.users.create(name: "bench-\(UUID().uuidString.prefix(8))", now: now).id)
                try await store.database.write { db in
                    try await db.raw("TRUNCATE library_entries, works, authors, external_ids, editions CASCADE").run()
                }
                benchmark.startMeasurement()
                let report = try await reader.imports.import(
                    try LibraryFileReader.read(bytes: file, today: today), dryRun: false, now: now)
                benchmark.stopMeasurement()
                precondition(report.imported == rows)
            }
        }
    }
}
