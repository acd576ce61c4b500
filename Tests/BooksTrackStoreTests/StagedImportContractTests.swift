import BooksTrackImport
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import SQLKit
import Testing

@testable import BooksTrackCore
@testable import BooksTrackStore

/// Big imports are written in short transactions under a hidden account and published at the
/// end (issue 19): the result must be the one-transaction import's, nothing may show before it is
/// published, and a run whose process died is thrown away (staging) or finished (publishing).
@Suite("Big imports written in chunks")
struct StagedImportContractTests {
    static let file = "goodreads/craig0a__reading_history_analysis__goodreads_library_export.csv"

    // Staged on SQLite only (one writer there); the test of stopped runs below stages on both.
    @Test(
        "A staged import ends as the one-transaction import: same books, readings, shelves, report",
        arguments: [TestDatabase.sqlite])
    func sameAsOneTransaction(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            let whole = try await bob.tuned(ImportTuning(stagedFrom: 1_000_000)).importFixture(Self.file)
            let staged = try await alice.tuned(ImportTuning(stagedFrom: 10, chunk: 37)).importFixture(Self.file)
            #expect(staged.imported > 500)
            #expect(staged.outcomes.map(\.kind) == whole.outcomes.map(\.kind))
            #expect(try await Self.summary(alice.library.whole()) == Self.summary(bob.library.whole()))
            // The report is the reader's, whole, and nothing of the hidden account is left.
            let runs = try await alice.imports.runs()
            #expect(runs.count == 1 && runs.first?.imported == staged.imported)
            #expect(try await alice.imports.run(runs[0].id)?.1.outcomes.count == staged.rows)
            #expect(try await store.users.all().map(\.name) == ["alice", "bob"])
            #expect(try await store.count("import_stagings") == 0)
            #expect(try await store.count("users") == 2)
            #expect(try await Self.worksOwned(by: alice.userID, in: store) == Self.worksOwned(by: bob.userID, in: store))

            // Importing again (staged too) finds everything there.
            let again = try await alice.tuned(ImportTuning(stagedFrom: 10)).importFixture(Self.file)
            #expect(again.unchanged == again.rows - again.skipped && again.imported == 0)
        }
    }

    @Test("Each chunk stages the works, editions and identifiers its books first name, in order; the rest is left for publishing")
    func chunkGroups() {
        let works = (0..<5).map { Work(title: "Book \($0)", authorIDs: []) }
        let existing = Work.ID.random()  // a work already in the catalogue: no new work row
        let reader = User.ID.random()
        var plan = ImportPlan(report: ImportReport(format: .goodreads, dryRun: false, outcomes: [], fileWarnings: []))
        plan.newWorks = works
        // Books of works 0, 1, 2 and of the existing work; work 4 has no new book (left over).
        plan.newEntries = [works[0].id, works[1].id, works[2].id, existing].map {
            LibraryEntry(userID: reader, workID: $0, state: EntryState(status: .read), createdAt: TestClock.now)
        }
        // Editions out of order, two for work 2, one for a work with no new book.
        let editions = [works[2].id, works[0].id, works[4].id, existing, works[2].id].map {
            Edition(workID: $0, details: EditionDetails())
        }
        plan.newEditions = editions
        plan.newIdentifiers = [works[1].id, works[4].id, works[1].id].enumerated().map {
            NewIdentifier(
                id: ExternalID(.goodreads, "\($0.offset)"), target: IdentifierTarget(workID: $0.element, editionID: nil))
        }
        let groups = StagedImport.ChunkGroups(plan, chunk: 2)
        #expect(groups.chunks.map(\.entries) == [0..<2, 2..<4])
        #expect(groups.chunks.map(\.works) == [[0, 1], [2]])
        #expect(groups.chunks.map(\.editions) == [[1], [0, 4, 3]])
        #expect(groups.chunks.map(\.identifiers) == [[0, 2], []])
        #expect(groups.leftWorks == [3, 4])
        #expect(groups.leftEditions == [2])
        #expect(groups.leftIdentifiers == [1])
    }

    @Test("Five imports of one big file at once by one reader: each book once", arguments: [TestDatabase.sqlite])
    func concurrentStagedImports(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let staging = alice.tuned(ImportTuning(stagedFrom: 10))
            let reports = try await withThrowingTaskGroup(of: ImportReport.self) { group in
                for _ in 0..<5 { group.addTask { try await staging.importFixture(Self.file) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let books = try await alice.statusCounts().values.reduce(0, +)
            #expect(reports.map(\.imported).reduce(0, +) == books)
            #expect(reports.filter { $0.imported > 0 }.count == 1)
            #expect(try await store.count("import_stagings") == 0)
            #expect(try await store.count("users") == 1)
        }
    }

    @Test(
        "A run that stops while staging shows nothing and is thrown away once its lease lapses; one stopped while publishing is finished",
        arguments: TestDatabase.available)
    func stoppedRuns(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            try await alice.importText("Title,Author,Exclusive Shelf\nKindred,Octavia E. Butler,read\n")
            let before = try await store.tableCounts()
            let plan = try await Self.plan(Self.file, for: alice, in: store)
            let version = try await alice.dataVersion()

            // Staged, then the process "dies": the reader sees none of it.
            let run = StagedImport(
                database: store.database, userID: alice.userID, runID: .random(), now: TestClock.now, progress: nil,
                tuning: ImportTuning(chunk: 50))
            let staging = try await run.begin()
            _ = try await run.stage(plan, as: staging, fileName: nil, fileSize: nil)
            #expect(try await alice.statusCounts() == [.read: 1])
            #expect(try await alice.imports.runs().count == 1)
            #expect(try await alice.dataVersion() == version)
            #expect(try await store.users.all().count == 1)
            // Alive (its lease holds): left alone.
            #expect(try await store.recoverImports(now: Date()) == 0)
            #expect(try await store.recoverImports(now: Date(timeIntervalSinceNow: StagedImport.lease + 1)) == 1)
            #expect(try await store.tableCounts().filter { $0.key != "authors" } == before.filter { $0.key != "authors" })
            #expect(try await store.count("users") == 1)

            // Published, then the process "dies" before the books moved: finished by recovery.
            let second = StagedImport(
                database: store.database, userID: alice.userID, runID: .random(), now: TestClock.now, progress: nil,
                tuning: ImportTuning())
            let staging2 = try await second.begin()
            let rest = try await second.stage(plan, as: staging2, fileName: nil, fileSize: nil)
            #expect(try await second.publish(rest, as: staging2, matchedAt: version, readerData: nil))
            #expect(try await store.recoverImports(now: Date()) == 0)
            #expect(try await store.recoverImports(now: Date(timeIntervalSinceNow: StagedImport.lease + 1)) == 1)
            #expect(try await alice.statusCounts().values.reduce(0, +) == plan.report.imported + 1)
            #expect(try await alice.imports.runs().count == 2)
            #expect(try await store.count("import_stagings") == 0)
            #expect(try await store.count("users") == 1)

            // A run whose library moved while it was staged is not published, and is thrown away.
            let other = try await Self.plan(Fixtures.goodreadsFiles[1], for: alice, in: store)
            let third = StagedImport(
                database: store.database, userID: alice.userID, runID: .random(), now: TestClock.now, progress: nil,
                tuning: ImportTuning())
            let staging3 = try await third.begin()
            let rest3 = try await third.stage(other, as: staging3, fileName: nil, fileSize: nil)
            try await alice.importText("Title,Author,Exclusive Shelf\nCirce,Madeline Miller,to-read\n")
            let moved = try await alice.dataVersion()
            #expect(try await !third.publish(rest3, as: staging3, matchedAt: moved - 1, readerData: nil))
            try await StagedImport.discard(staging3, on: store.database, tuning: ImportTuning())
            #expect(try await alice.statusCounts().values.reduce(0, +) == plan.report.imported + 2)
            #expect(try await store.count("users") == 1)
        }
    }

    @Test(
        "A staged book the reader has by the time it moves: the reader's own entry stays, the staged copy goes with its shelves and readings",
        arguments: TestDatabase.available)
    func readerHasBookWhenMoved(database: TestDatabase) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let plan = try await Self.plan(Self.file, for: alice, in: store)
            let run = StagedImport(
                database: store.database, userID: alice.userID, runID: .random(), now: TestClock.now, progress: nil,
                tuning: ImportTuning(chunk: 40))
            let staging = try await run.begin()
            let rest = try await run.stage(plan, as: staging, fileName: nil, fileSize: nil)
            #expect(try await run.publish(rest, as: staging, matchedAt: try await alice.dataVersion(), readerData: nil))
            // Before the books move, the reader has two of them (one early, one last).
            let copied = try await store.database.write { db in
                let staged = try await db.raw(
                    """
                    SELECT e.id FROM library_entries e WHERE e.user_id = \(bind: staging.string)
                        AND EXISTS (SELECT 1 FROM entry_shelves s WHERE s.entry_id = e.id)
                        AND EXISTS (SELECT 1 FROM readings r WHERE r.entry_id = e.id) ORDER BY e.id
                    """
                ).all().map { try $0.text("id") }
                let picked = [staged[min(45, staged.count - 2)], staged[staged.count - 1]]
                for id in picked {
                    try await db.raw(
                        """
                        INSERT INTO library_entries (id, user_id, work_id, edition_id, status, rating_quarters, owned,
                            added_on, read_count, current_page, review, notes, extras, created_at, updated_at)
                        SELECT \(bind: LibraryEntry.ID.random().string), \(bind: alice.userID.string), work_id, edition_id,
                            'reading', NULL, owned, added_on, 0, NULL, 'mine', notes, extras, created_at, updated_at
                        FROM library_entries WHERE id = \(bind: id)
                        """
                    ).run()
                }
                return picked
            }
            // A commit after every chunk, as when other readers write all along: the move stops at
            // the first copy with chunks already moved, and must not take those for copies.
            try await StagedImport.move(
                staging, to: alice.userID, on: store.database, tuning: ImportTuning(chunk: 40, stepsPerTransaction: 1))

            let library = try await alice.library.whole()
            #expect(library.entries.count == plan.newEntries.count)
            #expect(library.entries.filter { $0.state.review == "mine" }.count == 2)
            #expect(library.entries.filter { $0.state.status == .reading }.count == 2)
            try await store.database.read { db in
                for id in copied {
                    #expect(try await db.raw("SELECT id FROM library_entries WHERE id = \(bind: id)").first() == nil)
                }
                for table in ["entry_shelves", "readings"] {
                    let orphans = try await db.raw(
                        """
                        SELECT COUNT(*) AS n FROM \(unsafeRaw: table) x
                        WHERE NOT EXISTS (SELECT 1 FROM library_entries e WHERE e.id = x.entry_id AND e.user_id = x.user_id)
                        """
                    ).first()?.integer("n")
                    #expect(orphans == 0, "\(table)")
                }
            }
            #expect(try await store.count("import_stagings") == 0)
            #expect(try await store.count("users") == 1)
            #expect(try await Self.worksOwned(by: alice.userID, in: store) == plan.newWorks.count)
        }
    }

    /// A file matched against the reader's library, as the import does before writing.
    static func plan(_ file: String, for reader: ReaderStore, in store: Store) async throws -> ImportPlan {
        let batch = try LibraryFileReader.read(
            fileAt: Fixtures.url(file).path, today: LocalDate(year: 2026, month: 11, day: 21)!)
        return try await store.database.read { db in
            ImportPlanner.plan(
                batch,
                context: try await ImportContextLoader.context(
                    for: ImportPlanner.lookupKeys(for: batch.records), userID: reader.userID, now: TestClock.now, on: db),
                dryRun: false)
        }
    }

    /// Every book as the reader sees it, without ids.
    static func summary(_ library: ReaderLibrary) -> [String] {
        library.entries.map { entry in
            let work = library.works[entry.workID]
            let authors = work?.authorIDs.compactMap { library.authors[$0]?.name } ?? []
            let edition = entry.editionID.flatMap { library.editions[$0] }
            let s = entry.state
            return [
                work?.title ?? "?", authors.joined(separator: "; "), s.status.rawValue, "\(s.rating?.quarters ?? -1)",
                s.shelves.sorted().joined(separator: ","),
                s.readings.map { "\($0.startedOn?.description ?? "")-\($0.finishedOn?.description ?? "")" }
                    .sorted().joined(separator: ","),
                edition?.details.isbn13 ?? "", "\(edition?.details.pageCount ?? -1)", s.review ?? "",
                s.addedOn?.description ?? "",
            ].joined(separator: " | ")
        }.sorted()
    }

    static func worksOwned(by userID: User.ID, in store: Store) async throws -> Int {
        try await store.database.read { db in
            try await db.raw("SELECT COUNT(*) AS n FROM works WHERE owner_id = \(bind: userID.string)").first()?.integer("n") ?? 0
        }
    }

    @Test(
        "A shared author keeps each reader's spelling: in the library, the book, the author page and the list",
        arguments: TestDatabase.available, [false, true])
    func ownSpelling(database: TestDatabase, staged: Bool) async throws {
        try await database.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            try await alice.importText("Book Id,Title,Author,Exclusive Shelf\n1,Things Fall Apart,Chínua Achebe,read\n")
            let bob = try await store.makeReader("bob")
            let file =
                "Book Id,Title,Author,Exclusive Shelf\n1,Arrow of God,Chinua Achebe,read\n2,Anthills of the Savannah,Chinua Achebe,to-read\n"
            try await bob.tuned(ImportTuning(stagedFrom: staged ? 1 : 1_000)).importText(file)
            #expect(try await store.count("authors") == 1)

            for (reader, spelling) in [(alice, "Chínua Achebe"), (bob, "Chinua Achebe")] {
                let library = try await reader.library.whole()
                #expect(library.authors.values.map(\.name) == [spelling])
                let entry = try #require(library.entries.first)
                let detail = try #require(try await reader.browse.detail(of: entry.id))
                #expect(detail.authors.map(\.name) == [spelling])
                let authorID = try #require(library.authors.keys.first)
                let (author, _) = try #require(try await reader.browse.author(authorID))
                #expect(author.name == spelling)
                let listed = try await reader.browse.list(LibraryQuery(parameters: [:]), primaryLanguage: nil).items
                #expect(listed.allSatisfy { $0.authors == [spelling] })
            }
            // Typing the catalogue's spelling later makes it the reader's again.
            try await bob.importText("Book Id,Title,Author,Exclusive Shelf\n3,No Longer at Ease,Chínua Achebe,read\n")
            #expect(try await bob.library.whole().authors.values.map(\.name) == ["Chínua Achebe"])
            #expect(try await store.count("reader_author_names") == 0)
        }
    }
}

/// A big CSV file is matched and staged as it is read (`StagedImport+Streaming`): never whole in
/// memory, and still the import a whole file gets.
@Suite("Big files staged as they are read", .today("2026-11-21"))
struct StreamedImportTests {
    static var today: LocalDate { TestClock.today }

    /// A library both readers have before the big file.
    static let before = """
        Book Id,Title,Author,ISBN13,Exclusive Shelf,My Rating,Publisher
        1005,Book 5,Author 5,,to-read,0,
        1017,Book 17,Author 3,,read,4,
        ,Lonely Book,Ann Other,,to-read,0,Old House

        """

    /// 61 rows: rows of one book far apart (by Goodreads id, and by title and author), books the
    /// library has (one changed, one as it is, one found by title that brings an ISBN), rows
    /// that cannot be imported, and new books in between.
    static var big: String {
        var lines = ["Book Id,Title,Author,ISBN13,Exclusive Shelf,My Rating,Date Read,Bookshelves,Publisher"]
        for index in 0..<55 {
            let shelf = ["read", "to-read", "currently-reading"][index % 3]
            let date = shelf == "read" ? "2024/0\(index % 9 + 1)/1\(index % 10)" : ""
            lines.append("\(1000 + index),Book \(index),Author \(index % 7),,\(shelf),\(index % 6),\(date),tag\(index % 4),")
        }
        lines[6] = "1005,Book 5,Author 5,,read,5,2025/01/02,,"  // the library's, changed
        lines[18] = "1017,Book 17,Author 3,,read,4,,,"  // the library's, as it is
        lines += [
            "1003,Book 3,Author 3,,read,5,2025/05/05,second-copy,",  // row 4's book again, far below
            ",Book 8,Author 1,9780306406157,read,3,2023/03/03,,",  // row 9's book by title and author
            ",,,,read,,,,",  // nothing at all
            ",Lonely Book,Ann Other,9780140449136,to-read,0,,,New House",  // the library's, by title: brings an ISBN
            ",   ,Someone,,read,,,,",  // an author but no title
            "1056,Book 56,Author 2,9780306406157,read,2,,,",  // an ISBN another row brought
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func open(_ text: String) throws -> ImportFile { try LibraryFileReader.open(bytes: Array(text.utf8), today: today) }

    @Test("Matched in chunks, planned in chunks of another size: the same books, report and catalogue as a whole import")
    func sameAsWhole() async throws {
        try await TestDatabase.sqlite.withStore { (store: Store) async throws in
            let alice = try await store.makeReader("alice")
            let bob = try await store.makeReader("bob")
            for reader in [alice, bob] { try await reader.importText(Self.before) }
            guard case .records(let source) = try Self.open(Self.big) else {
                Issue.record("a CSV file is read a chunk at a time")
                return
            }
            #expect(source.count == 61)
            let whole = try await bob.tuned(ImportTuning(stagedFrom: 1_000)).imports.import(
                source, fileName: "big.csv", dryRun: false, now: TestClock.now)
            let streamed = try await alice.tuned(ImportTuning(stagedFrom: 10, chunk: 5, matchingChunk: 8)).imports.import(
                source, fileName: "big.csv", dryRun: false, now: TestClock.now)
            func rows(_ report: ImportReport) -> [String] {
                report.outcomes.map {
                    "\($0.row) \($0.kind) \($0.title) \($0.status?.rawValue ?? "-") \($0.reason ?? "") \($0.changes) \($0.warnings)"
                }
            }
            #expect(rows(streamed) == rows(whole))
            #expect(streamed.rows == 61 && streamed.updated == 2 && streamed.unchanged == 1 && streamed.skipped == 4)
            #expect(streamed.imported == 54)
            #expect(
                try await StagedImportContractTests.summary(alice.library.whole())
                    == StagedImportContractTests.summary(bob.library.whole()))
            // The merged rows made one book each, with both rows' shelves and readings.
            let library = try await alice.library.whole()
            let three = library.entries.first { library.works[$0.workID]?.title == "Book 3" }
            #expect(three?.state.shelves.contains("second-copy") == true)
            #expect(three?.state.readings.count == 2)
            // The library's book found by title moved to the edition the file describes.
            let lonely = library.entries.first { library.works[$0.workID]?.title == "Lonely Book" }
            #expect(lonely.flatMap { $0.editionID.flatMap { library.editions[$0]?.details.publisher } } == "New House")
            #expect(
                try await StagedImportContractTests.worksOwned(by: alice.userID, in: store)
                    == StagedImportContractTests.worksOwned(by: bob.userID, in: store))
            #expect(try await alice.imports.runs().first?.imported == 54)
            #expect(try await store.count("import_stagings") == 0)
            #expect(try await store.count("users") == 2)

            // Again: every book is there, as for the whole import.
            let again = try await alice.tuned(ImportTuning(stagedFrom: 10)).imports.import(
                source, fileName: "big.csv", dryRun: false, now: TestClock.now)
            let wholeAgain = try await bob.imports.import(source, fileName: "big.csv", dryRun: false, now: TestClock.now)
            #expect(again.imported == 0 && again.unchanged > 50)
            #expect(rows(again) == rows(wholeAgain))
        }
    }
}
