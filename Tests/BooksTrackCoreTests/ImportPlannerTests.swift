import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

@Suite("Planning an import: matching, merging and what changes")
struct ImportPlannerTests {
    let reader = User.ID.random()

    func record(
        _ row: Int, _ title: String, by author: String = "Chinua Achebe", ids: [ExternalID] = [],
        status: ReadingStatus = .read, review: String? = nil, rating: Double? = nil,
        readings: [Reading] = [], shelves: [String] = [], carries: EntryFields = .all
    ) -> ImportRecord {
        ImportRecord(
            row: row, title: title, authors: [author], identifiers: ids,
            entry: EntryState(
                status: status, rating: rating.flatMap(Rating.init(stars:)), shelves: shelves,
                review: review, readings: readings),
            carries: carries)
    }

    func plan(_ records: [ImportRecord], format: ImportFormat = .goodreads, context: ImportMatchContext? = nil) -> ImportPlan {
        ImportPlanner.plan(
            ImportBatch(format: format, records: records),
            context: context ?? ImportMatchContext(userID: reader, now: TestClock.now), dryRun: false)
    }

    /// The context a store would load after `plan` was written.
    func context(after plan: ImportPlan) -> ImportMatchContext {
        var context = ImportMatchContext(userID: reader, now: TestClock.now)
        for id in plan.newIdentifiers {
            context.identifiers[id.id] = id.target
            context.identifiersByWork[id.target.workID, default: []].append(id.id)
        }
        for work in plan.newWorks { context.worksByMatchKey[plan.newWorkMatchKeys[work.id]!, default: []].append(work.id) }
        for author in plan.newAuthors { context.authorsByKey[author.nameKey] = author.id }
        for entry in plan.newEntries + plan.updatedEntries { context.entriesByWork[entry.workID] = entry }
        for edition in plan.newEditions { context.editions[edition.id] = edition }
        return context
    }

    @Test("A new book creates its work, author and entry, and the report says imported")
    func newBook() {
        let plan = plan([record(1, "Things Fall Apart", ids: [ExternalID(.goodreads, "37781")])])
        #expect(plan.newWorks.count == 1)
        #expect(plan.newAuthors.map(\.name) == ["Chinua Achebe"])
        #expect(plan.newEntries.count == 1)
        #expect(plan.report.imported == 1)
        #expect(plan.report.outcomes.first?.status == .read)
    }

    @Test("Planning the same records against what they created changes nothing")
    func idempotent() {
        let records = [
            record(1, "Things Fall Apart", ids: [ExternalID(.goodreads, "37781")], review: "Great", rating: 5),
            record(2, "Arrow of God", status: .toRead),
        ]
        let first = plan(records)
        let second = plan(records, context: context(after: first))
        #expect(second.report.unchanged == 2)
        #expect(second.isEmpty)
    }

    @Test("Two authors' names that differ only in case, accents or spacing are one author")
    func authorDeduplication() {
        let plan = plan([record(1, "A", by: "Gabriel García Márquez"), record(2, "B", by: "gabriel  garcia marquez")])
        #expect(plan.newAuthors.count == 1)
        #expect(plan.newWorks.count == 2)
    }

    @Test("Rows of the same book in one file merge into one entry, and the second row says where it went")
    func editionsMerge() {
        let plan = plan(
            [
                record(1, "The Hunger Games", by: "Suzanne Collins", status: .wishlist, shelves: ["ya"]),
                record(2, "The Hunger Games", by: "Suzanne Collins", status: .toRead, shelves: ["to-be-read"]),
            ],
            format: .storyGraph)
        #expect(plan.newEntries.count == 1)
        #expect(plan.newEntries.first?.state.status == .toRead)
        #expect(plan.newEntries.first?.state.shelves == ["to-be-read", "ya"])
        let second = plan.report.outcomes[1]
        #expect(second.kind == .skipped)
        #expect(second.reason?.contains("row 1") == true)
        #expect(second.entryID == plan.newEntries.first?.id)
    }

    @Test("A title match never merges two books with different Goodreads ids")
    func differentIDsStayApart() {
        let plan = plan([
            record(1, "Poems", by: "Emily Dickinson", ids: [ExternalID(.goodreads, "1")]),
            record(2, "Poems", by: "Emily Dickinson", ids: [ExternalID(.goodreads, "2")]),
        ])
        #expect(plan.newEntries.count == 2)
        #expect(plan.report.imported == 2)
    }

    @Test("A book from another tracker matches by ISBN, or by title and author when it has none")
    func crossTrackerMatching() {
        let goodreads = plan([
            record(
                1, "Things Fall Apart (African Trilogy, #1)",
                ids: [ExternalID(.goodreads, "37781"), ExternalID(.isbn, "9780385474542")]),
            record(2, "Arrow of God", ids: [ExternalID(.goodreads, "9")]),
        ])
        let storyGraph = plan(
            [
                record(1, "Totally different title", ids: [ExternalID(.isbn, "9780385474542")]),
                record(2, "Arrow of God"),
            ], format: .storyGraph, context: context(after: goodreads))
        #expect(storyGraph.newWorks.isEmpty)
        #expect(storyGraph.report.outcomes.map(\.reason) == ["matched by ISBN", "matched by title and author"])
    }

    @Test("Another tracker's export updates without erasing what the reader has")
    func partialSourcesNeverErase() {
        let first = plan([record(1, "Beloved", by: "Toni Morrison", review: "A masterpiece", rating: 5, shelves: ["classics"])])
        let second = plan(
            [record(1, "Beloved", by: "Toni Morrison", status: .read, review: nil, rating: nil, shelves: ["favourites"])],
            format: .storyGraph, context: context(after: first))
        let entry = second.updatedEntries.first
        #expect(entry?.state.review == "A masterpiece")
        #expect(entry?.state.rating?.stars == 5)
        #expect(entry?.state.shelves == ["classics", "favourites"])
        #expect(second.report.outcomes.first?.changes == ["shelves"])
    }

    @Test("A backup replaces the entry completely")
    func backupsReplace() {
        let first = plan([record(1, "Beloved", by: "Toni Morrison", review: "A masterpiece", rating: 5, shelves: ["classics"])])
        var restored = record(1, "Beloved", by: "Toni Morrison", status: .dnf)
        restored.readingsAreComplete = true
        let second = plan([restored], format: .backup, context: context(after: first))
        let entry = second.updatedEntries.first
        #expect(entry?.state.status == .dnf)
        #expect(entry?.state.review == nil)
        #expect(entry?.state.shelves == [])
        #expect(second.report.outcomes.first?.changes.first == "status: Read → Did not finish")
    }

    @Test("Each source owns its readings: the reader's own and other trackers' are kept")
    func readingsPerSource() {
        let day = { (text: String) in LocalDate(text)! }
        let mine = Reading(finishedOn: day("2020-01-01"), outcome: .finished, origin: .user)
        let goodreads = Reading(finishedOn: day("2021-05-09"), outcome: .finished, origin: .imported(.goodreads))
        var context = ImportMatchContext(userID: reader, now: TestClock.now)
        let work = Work.ID.random()
        context.worksByMatchKey[Work.matchKey(title: "Beloved", primaryAuthor: "Toni Morrison")] = [work]
        context.entriesByWork[work] = LibraryEntry(
            userID: reader, workID: work,
            state: EntryState(status: .read, readings: [mine, goodreads]), createdAt: TestClock.now)
        let storyGraphReading = Reading(
            startedOn: day("2023-05-23"), finishedOn: day("2023-06-07"), outcome: .finished, origin: .imported(.storyGraph))
        let sameAsGoodreads = Reading(finishedOn: day("2021-05-09"), outcome: .finished, origin: .imported(.storyGraph))
        let plan = plan(
            [record(1, "Beloved", by: "Toni Morrison", readings: [storyGraphReading, sameAsGoodreads])],
            format: .storyGraph, context: context)
        let readings = plan.updatedEntries.first?.state.readings.map(\.content) ?? []
        #expect(readings.count == 3)
        #expect(readings.contains(mine.content))
        #expect(readings.contains(goodreads.content))
        #expect(readings.contains(storyGraphReading.content))
    }

    @Test("A row without a title, or one the parser refused, is skipped with its reason")
    func skippedRows() {
        let plan = plan([record(1, "   "), .skipped(row: 2, line: 3, title: "X", reason: "The row is empty.")])
        #expect(plan.report.skipped == 2)
        #expect(plan.report.outcomes.map(\.reason) == ["The row has no title.", "The row is empty."])
        #expect(plan.isEmpty)
    }

    @Test("A dry run plans the same report without being written")
    func dryRun() {
        let batch = ImportBatch(format: .goodreads, records: [record(1, "Things Fall Apart")])
        let report = ImportPlanner.plan(batch, context: ImportMatchContext(userID: reader, now: TestClock.now), dryRun: true)
            .report
        #expect(report.dryRun)
        #expect(report.imported == 1)
    }
}

@Suite("Merging readings from several trackers")
struct ReadingMergeTests {
    let day = { (text: String) in LocalDate(text)! }

    func finished(_ date: String?, _ origin: Reading.Origin) -> Reading {
        Reading(finishedOn: date.map { LocalDate($0)! }, outcome: .finished, origin: origin)
    }

    @Test("An undated finish from a second tracker does not count the book twice")
    func undatedIsRedundant() {
        let merged = EntryState.mergeReadings(
            kept: [finished("2021-05-09", .imported(.goodreads))],
            incoming: [finished(nil, .imported(.storyGraph))])
        #expect(merged.map(\.finishedOn) == [day("2021-05-09")])
    }

    @Test("A dated finish replaces another tracker's undated one, but never the reader's own")
    func datedReplacesUndated() {
        let merged = EntryState.mergeReadings(
            kept: [finished(nil, .imported(.goodreads)), finished(nil, .user)],
            incoming: [finished("2023-06-07", .imported(.storyGraph))])
        #expect(merged.map(\.origin) == [.user, .imported(.storyGraph)])
    }

    @Test("Distinct dated finishes are re-reads and all stay")
    func rereads() {
        let merged = EntryState.mergeReadings(
            kept: [finished("2019-01-01", .imported(.goodreads))],
            incoming: [finished("2023-06-07", .imported(.storyGraph)), finished("2019-01-01", .imported(.storyGraph))])
        #expect(merged.compactMap(\.finishedOn).sorted() == [day("2019-01-01"), day("2023-06-07")])
    }
}
