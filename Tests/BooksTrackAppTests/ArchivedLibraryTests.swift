import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import PropertyBased
import Testing

@testable import BooksTrackApp
@testable import BooksTrackCore

/// Issue 42: a process that does not keep a reader's library yet (after a restart, on another
/// server) starts from the library's archive and the change log rather than reading every
/// table whole. What it then shows must be what a whole read shows — for libraries nobody wrote
/// by hand, with writes of every kind after the archive was written.
@Suite("A library started from its archive")
struct ArchivedLibraryTests {
    @Test(
        "Generated libraries: the archive and the writes since give the library the tables give",
        arguments: TestDatabase.available)
    func archivedEqualsWhole(_ database: TestDatabase) async throws {
        await propertyCheck(count: 3, input: Gen.int(in: 0...1_000_000)) { seed in
            try await database.withStore { (store: Store) async throws in
                var random = SeededGenerator(seed: UInt64(seed))
                // A server archiving a library of any size, as a big one is: after its first
                // whole read and every 32 versions (the writes since are patched on).
                let first = BooksTrack(store: store, clock: { TestClock.now }, archiving: LibraryArchiving(from: 1))
                let user = try await ColdPathTests.library(seed: seed, random: &random, app: first)
                await first.libraries.settleArchives()
                let archivedAt = try #require(first.libraries.archiver?.archivedVersion(of: user.id), "seed \(seed)")

                // Writes the archive does not have, by a process that writes none.
                let other = BooksTrack(store: store, clock: { TestClock.now }, archiving: nil)
                let entries = try await store.reader(user.id).library.whole().entries.map(\.id)
                try await other.library.changeStatus(of: entries[0], to: .dnf, for: user, now: TestClock.now)
                try await other.library.delete(entries[1], for: user, now: TestClock.now)
                _ = try await other.sessions.log(
                    on: entries[2], startedAt: TestClock.now.addingTimeInterval(-7_200), minutes: 30, startPage: 1,
                    endPage: 20, for: user, now: TestClock.now)

                // Started from the archive: it found the archive there, and (the writes since too
                // few to write it again) wrote none after — a whole read would have written one.
                // The first server's archive may be up to 31 versions behind, so with the default
                // 32 the three writes could make the restarted one write it again while we look.
                let restarted = BooksTrack(
                    store: store, clock: { TestClock.now }, archiving: LibraryArchiving(from: 1, every: 1_000))
                let whole = BooksTrack(store: store, clock: { TestClock.now }, archiving: nil)
                let started = try await restarted.libraries.library(of: user.id)
                await restarted.libraries.settleArchives()
                #expect(restarted.libraries.archiver?.archivedVersion(of: user.id) == archivedAt, "seed \(seed)")
                let read = try await whole.libraries.library(of: user.id)
                #expect(started.entries == read.entries, "seed \(seed)")
                // What the entries reach (a kept library may hold a few works no entry reaches).
                let (reached, tables) = (LibraryArchive.Books(started), LibraryArchive.Books(read))
                #expect(reached.works == tables.works, "seed \(seed)")
                #expect(reached.editions == tables.editions, "seed \(seed)")
                // The authors those works name (a patched library may keep one no work names).
                let named = Set(tables.works.values.flatMap { $0.authorIDs + $0.contributors.map(\.authorID) })
                #expect(started.authors.filter { named.contains($0.key) } == read.authors, "seed \(seed)")
                #expect(started.sessions == read.sessions, "seed \(seed)")
                #expect(started.contributions == read.contributions, "seed \(seed)")
                let request = InsightRequest(scope: .library)
                let shown = try await restarted.insights.report(for: user, request, now: TestClock.now).report
                #expect(shown == (try await whole.insights.report(for: user, request, now: TestClock.now).report), "seed \(seed)")
                await restarted.libraries.settleArchives()
            }
        }
    }

    @Test(
        "A restore on the command line leaves the library archived at its new version for the server",
        arguments: TestDatabase.available)
    func restoreLeavesArchive(_ database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            var random = SeededGenerator(seed: 42)
            let server = BooksTrack(store: store, clock: { TestClock.now }, archiving: LibraryArchiving(from: 1))
            let source = try await ColdPathTests.library(seed: 42, random: &random, app: server)
            let backup = try await Exports.file(.jsonGzip, for: source, store: store, now: TestClock.now).data()

            // A process of its own, keeping no library, restores the backup into a new reader's
            // library: a write the change log records as the whole library.
            let commandLine = BooksTrack(store: store, clock: { TestClock.now }, archiving: LibraryArchiving(from: 1))
            let reader = try await store.users.create(name: "restored", now: TestClock.now)
            let batch = try await ImportService.parse([UInt8](backup), today: TestClock.today, limit: nil)
            _ = try await commandLine.imports.importNow(batch, for: reader, fileName: "backup.json.gz", dryRun: false)
            await commandLine.libraries.settleArchives()

            let version = try await store.reader(reader.id).dataVersion()
            #expect(try await store.reader(reader.id).library.changes(since: version - 1) == nil, "logged whole")
            let archived = try #require(try await store.reader(reader.id).library.archived())
            #expect(archived.version == version)
            let whole = try await store.reader(reader.id).library.whole()
            #expect(archived.library.entries == whole.entries)
            #expect(whole.entries.count == (try await store.reader(source.id).library.whole().entries.count))
        }
    }
}
