import BooksTrackCore
import BooksTrackImport
import BooksTrackTestSupport
import Foundation
import SQLKit
import Testing

@testable import BooksTrackStore

@Suite("Backups and exports restore exactly")
struct BackupContractTests {
    /// A library with something of everything: three trackers' books, author facts from people
    /// and Wikidata, a reading session, a goal with a milestone, curator points, an achievement.
    static func populate(_ store: Store) async throws -> ReaderStore {
        let alice = try await store.makeReader("alice")
        try await alice.importFixture(Fixtures.goodreadsFiles[2])
        try await alice.importFixture(Fixtures.storyGraph)
        try await alice.importFixture(Fixtures.libraryThingJSON)
        let achebe = try #require(try await store.catalogue.author(named: "Jack London"))
        try await store.catalogue.record(
            AuthorFactAssertion(
                kind: .country, value: "US", provenance: Provenance(source: .wikidata, recordedAt: TestClock.now)),
            about: achebe.id, now: TestClock.now)
        try await store.catalogue.record(
            AuthorFactAssertion(
                kind: .gender, value: "male",
                provenance: Provenance(source: .user, userID: alice.userID, recordedAt: TestClock.now)),
            about: achebe.id, now: TestClock.now)
        // A reader who chose the blue–orange chart colours gets them back from their backup.
        try await store.users.update(
            settings: ReaderSettings(
                primaryLanguage: LanguageCode(lenient: "en"), timeZone: "Europe/London", palette: .blueOrange),
            for: alice.userID, now: TestClock.now)
        let entry = try #require(try await alice.library.whole().entries.first { $0.state.status == .reading })
        try await alice.sessions.record(
            ReadingSession(
                userID: alice.userID, entryID: entry.id, startedAt: TestClock.now,
                endedAt: TestClock.now.addingTimeInterval(1800.123), startPage: 10, endPage: 42),
            now: TestClock.now)
        try await alice.progress.record(on: entry.id, page: 5, now: TestClock.now.addingTimeInterval(3600))
        let goal = Goal(
            userID: alice.userID, title: "30 books in 2026", kind: .books, target: 30, cadence: .year,
            startsOn: LocalDate("2026-01-01")!, endsOn: LocalDate("2026-12-31")!, createdAt: TestClock.now)
        try await alice.goals.record(
            goal, milestones: [Milestone(goalID: goal.id, percent: 25, reachedAt: TestClock.now)], now: TestClock.now)
        try await alice.curation.record(
            Contribution(
                userID: alice.userID, authorID: achebe.id, fact: "gender", value: "male", note: "From his memoir",
                points: 5, recordedAt: TestClock.now))
        try await alice.achievements.record(
            [AchievementUnlock(achievement: "firstSteps", unlockedAt: TestClock.now)], now: TestClock.now)
        // Identity badges: one on a book (its title in the backup), one shared about an author (by name).
        let library = try await alice.library.whole()
        let london = try #require(
            library.entries.first { library.works[$0.workID]?.authorIDs.contains(achebe.id) == true })
        let work = london.workID
        // A contribution about a book: restored, it keeps its book (by title).
        try await alice.curation.record(
            Contribution(
                userID: alice.userID, workID: work, fact: "originalLanguage", value: "en", points: 5,
                recordedAt: TestClock.now.addingTimeInterval(2)))
        _ = try await store.badges.record(
            IdentityBadgeDraft(kind: .cultural, subject: .work(work), statedBy: .author, source: "Foreword", shared: false),
            on: london.id, for: alice.userID, now: TestClock.now)
        _ = try await store.badges.record(
            IdentityBadgeDraft(
                kind: .neurodivergent, subject: .author(achebe.id), statedBy: .publicSource,
                source: "https://example.org/london", shared: true),
            on: london.id, for: alice.userID, now: TestClock.now.addingTimeInterval(1))
        return alice
    }

    @Test(
        "Export → import (compressed) into an empty database → export gives the same document", arguments: TestDatabase.available)
    func backupRoundTrip(database: TestDatabase) async throws {
        let (first, compressed) = try await database.withStore { (store: Store) async throws in
            let alice = try await Self.populate(store)
            let library = try await alice.library.whole()
            let badges = try await store.badges.drafts(of: alice.userID)
            let whole = try BackupWriter.document(for: library, badges: badges).encoded()
            // Written a piece at a time, the backup is the same bytes; compressed, it decompresses to them.
            #expect(try Self.pieces(BackupStream(library: library, badges: badges)) == whole)
            let compressed = try Self.pieces(BackupStream(library: library, badges: badges, compressed: true))
            #expect(compressed.count * 4 < whole.count)
            #expect(try Gzip.decompress([UInt8](compressed), limit: nil) == [UInt8](whole))
            return (whole, compressed)
        }
        let document = try BackupDocument.decode(first)
        #expect(document.entries.count > 400)
        #expect(document.entries.allSatisfy { ReadingStatus(rawValue: $0.status) != nil })
        #expect(document.goals.first?.milestones.count == 1)
        #expect(document.contributions.first?.value == "male" && document.contributions.first?.note == "From his memoir")
        #expect(document.entries.contains { !$0.sessions.isEmpty })
        #expect(document.entries.contains { $0.progress?.map(\.page) == [5] })
        let london = try #require(document.authors.first { $0.name == "Jack London" })
        #expect(london.facts.map(\.kind) == ["country", "gender"])
        #expect(london.facts.first { $0.kind == "gender" }?.enteredBy == "you")
        #expect(document.badges?.map(\.badge) == ["cultural", "neurodivergent"])
        #expect(document.badges?.last?.author == "Jack London" && document.badges?.last?.shared == true)

        let second = try await database.withStore { (store: Store) async throws in
            let restored = try await store.makeReader("alice")
            let batch = try LibraryFileReader.read(bytes: [UInt8](compressed), today: LocalDate(year: 2026, month: 11, day: 21)!)
            let report = try await restored.imports.import(batch, dryRun: false, now: TestClock.now)
            #expect(report.imported == document.entries.count)
            let again = try await restored.imports.import(batch, dryRun: false, now: TestClock.now)
            #expect(again.unchanged == document.entries.count)
            return try BackupWriter.document(
                for: try await restored.library.whole(), badges: try await store.badges.drafts(of: restored.userID)
            ).encoded()
        }
        #expect(first == second)
        // The same backup restored in chunks (a big library's way): the badges find their books
        // while those are still staged.
        let staged = try await database.withStore { (store: Store) async throws in
            let restored = try await store.makeReader("alice")
            let batch = try LibraryFileReader.read(bytes: [UInt8](compressed), today: LocalDate(year: 2026, month: 11, day: 21)!)
            _ = try await restored.tuned(ImportTuning(stagedFrom: 10)).imports.import(batch, dryRun: false, now: TestClock.now)
            let contributions = try await restored.curation.contributions()
            #expect(contributions.contains { $0.fact == "originalLanguage" && $0.workID != nil }, "\(contributions)")
            return try await store.badges.drafts(of: restored.userID)
        }
        #expect(Set(staged.map(\.kind)) == [.cultural, .neurodivergent], "\(staged)")
        #expect(staged.allSatisfy { $0.source == "Foreword" || $0.shared })
    }

    static func pieces(_ stream: BackupStream) throws -> Data {
        var stream = stream
        var data = Data()
        while let piece = try stream.next() { data.append(piece) }
        return data
    }

    @Test("A Goodreads CSV export imports back into the same library", arguments: TestDatabase.available)
    func goodreadsRoundTrip(database: TestDatabase) async throws {
        let (csv, original) = try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            try await alice.importFixture(Fixtures.goodreadsFiles[4])
            let library = try await alice.library.whole()
            return (GoodreadsCSVWriter.csv(for: library), library)
        }
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader()
            let report = try await alice.importText(csv)
            #expect(report.imported == original.entries.count)
            let restored = try await alice.library.whole()
            func summary(_ library: ReaderLibrary) -> [String] {
                library.entries.map { entry in
                    let work = library.works[entry.workID]!
                    let s = entry.state
                    return [
                        work.title, library.authors(of: entry).first?.name ?? "", s.status.rawValue,
                        s.rating.map { String(Int($0.stars.rounded())) } ?? "-", s.shelves.joined(separator: ";"),
                        s.addedOn?.description ?? "", s.readings.compactMap(\.finishedOn).max()?.description ?? "",
                        String(s.timesRead), String(s.owned), work.identifiers.map(\.description).joined(separator: " "),
                    ]
                    .joined(separator: "|")
                }.sorted()
            }
            #expect(summary(restored) == summary(original))
        }
    }
}
