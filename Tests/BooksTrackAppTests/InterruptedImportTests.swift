import BooksTrackCore
import BooksTrackImport
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackApp
@testable import BooksTrackStore

@Suite("An import whose server died says so at once, and its file is dropped")
struct InterruptedImportTests {
    @Test(
        "After a restart, an import claimed by the dead process is failed 'interrupted' at once, the file gone",
        arguments: TestDatabase.available)
    func restartInterrupts(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let user = try await store.users.create(name: "dana", now: TestClock.now)
            let reader = store.reader(user.id)
            let upload = try await reader.uploads.save(
                fileName: "library.csv", bytes: Array("Title,Author\nKindred,Octavia E. Butler\n".utf8),
                preview: ImportReport(format: .goodreads, dryRun: true, outcomes: [], fileWarnings: []), now: TestClock.now)
            #expect(
                try await reader.uploads.queueImport(upload.id, runID: .random(), kind: ImportService.jobKind, now: TestClock.now)
            )
            let app = BooksTrack(store: store, clock: { TestClock.now })
            // The process before the restart (this host, another process id that is gone) had
            // claimed it, and reported a moment ago: no lease has lapsed.
            let host = ProcessInfo.processInfo.hostName
            let dead = "\(host):999999:deadbeef"
            #expect(app.jobs.isDead(dead))
            #expect(!app.jobs.isDead(app.jobs.worker))
            #expect(!app.jobs.isDead("elsewhere.example:1:abcdef12"))  // only its lease can tell
            let claimed = try #require(
                try await store.jobs.claimNext(kinds: [ImportService.jobKind], worker: dead, now: TestClock.now))
            #expect(try await reader.uploads.upload(upload.id)?.0.status == .running)

            await app.jobs.recoverAbandoned()

            let job = try await store.jobs.job(claimed.id)
            #expect(job?.status == .failed && job?.lastError == "interrupted")
            let (after, bytes) = try #require(try await reader.uploads.upload(upload.id))
            #expect(after.status == .failed)
            #expect(after.error == ImportService.interruptedMessage)
            #expect(bytes.isEmpty)
            #expect(try await reader.browse.statusCounts().isEmpty)
            // Nothing is run again: the reader uploads the file again when they want it.
            await app.jobs.drain()
            #expect(try await store.jobs.job(claimed.id)?.status == .failed)

            // An import that committed just before its process died stays done.
            let second = try await reader.uploads.save(
                fileName: "again.csv", bytes: Array("Title,Author\nBeloved,Toni Morrison\n".utf8),
                preview: ImportReport(format: .goodreads, dryRun: true, outcomes: [], fileWarnings: []), now: TestClock.now)
            #expect(
                try await reader.uploads.queueImport(second.id, runID: .random(), kind: ImportService.jobKind, now: TestClock.now)
            )
            _ = try #require(try await store.jobs.claimNext(kinds: [ImportService.jobKind], worker: dead, now: TestClock.now))
            try await reader.uploads.finish(second.id, error: nil, now: TestClock.now)
            await app.jobs.recoverAbandoned()
            #expect(try await reader.uploads.upload(second.id)?.0.status == .done)
        }
    }

    @Test(
        "A big import killed while staging is thrown away at once; one killed after it was published is finished and says done",
        arguments: [TestDatabase.sqlite])
    func stagedRunsOfDeadJobs(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let user = try await store.users.create(name: "dana", now: TestClock.now)
            let reader = store.reader(user.id)
            let app = BooksTrack(store: store, clock: { TestClock.now })
            let dead = "\(ProcessInfo.processInfo.hostName):999999:deadbeef"
            let path = Fixtures.url(Fixtures.goodreadsFiles[3]).path
            let batch = try LibraryFileReader.read(fileAt: path, today: LocalDate(year: 2026, month: 11, day: 21)!)
            for published in [false, true] {
                let upload = try await reader.uploads.save(
                    fileName: "big.csv", bytes: Array("Title,Author\nKindred,Octavia E. Butler\n".utf8),
                    preview: ImportReport(format: .goodreads, dryRun: true, outcomes: [], fileWarnings: []), now: TestClock.now)
                let runID = ImportRunSummary.ID.random()
                #expect(
                    try await reader.uploads.queueImport(upload.id, runID: runID, kind: ImportService.jobKind, now: TestClock.now)
                )
                _ = try #require(try await store.jobs.claimNext(kinds: [ImportService.jobKind], worker: dead, now: TestClock.now))
                // What the dead process had written: the file staged, and, the second time, published.
                let plan = try await store.database.read { db in
                    ImportPlanner.plan(
                        batch,
                        context: try await ImportContextLoader.context(
                            for: ImportPlanner.lookupKeys(for: batch.records), userID: user.id, now: TestClock.now, on: db),
                        dryRun: false)
                }
                let run = StagedImport(
                    database: store.database, userID: user.id, runID: runID, now: TestClock.now, progress: nil,
                    tuning: ImportTuning())
                let staging = try await run.begin()
                let rest = try await run.stage(plan, as: staging, fileName: "big.csv", fileSize: nil)
                if published {
                    #expect(try await run.publish(rest, as: staging, matchedAt: try await reader.dataVersion(), readerData: nil))
                }

                await app.jobs.recoverAbandoned()

                let after = try #require(try await reader.uploads.upload(upload.id)?.0)
                let books = try await reader.browse.statusCounts().values.reduce(0, +)
                if published {
                    #expect(after.status == .done && after.error == nil)
                    #expect(books == plan.report.imported)
                } else {
                    #expect(after.status == .failed && after.error == ImportService.interruptedMessage)
                    #expect(books == 0)
                }
                #expect(try await store.recoverImports(now: Date(timeIntervalSinceNow: 3_600)) == 0, "nothing left to recover")
                #expect(try await store.users.all().count == 1)
            }
        }
    }
}
