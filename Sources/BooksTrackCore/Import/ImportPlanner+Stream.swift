import Foundation

/// A file's records, read a chunk at a time, from the start as often as asked: a big file is
/// planned and written without ever holding all its records (issue 16: a 50,000-row file's
/// records and whole plan were 200 MB of a 375 MB import).
public protocol ImportRecordSource: Sendable {
    var format: ImportFormat { get }
    /// Things noticed about the file as a whole.
    var fileWarnings: [ImportWarning] { get }
    /// How many records the file has (the report's rows).
    var count: Int { get }
    /// The records in the file's order, from the first; `size` at a time.
    func chunks(of size: Int) -> any ImportRecordChunks
}

/// One reading of an ``ImportRecordSource``.
public protocol ImportRecordChunks: AnyObject, Sendable {
    /// The next records, or `nil` after the last.
    func next() -> [ImportRecord]?
}

extension ImportRecordSource {
    /// Every record at once (a small file, a dry run, or an import matched again).
    public func batch() -> ImportBatch {
        var records: [ImportRecord] = []
        records.reserveCapacity(count)
        let reading = chunks(of: 2_048)
        while let chunk = reading.next() { records += chunk }
        return ImportBatch(format: format, records: records, fileWarnings: fileWarnings)
    }
}

extension ImportMatchContext {
    /// Adds what another look-up found (for other records of the same file, in the same read
    /// transaction): what is already known stays, as each look-up finds whole answers.
    public mutating func merge(_ other: ImportMatchContext) {
        identifiers.merge(other.identifiers) { current, _ in current }
        identifiersByWork.merge(other.identifiersByWork) { current, _ in current }
        worksByMatchKey.merge(other.worksByMatchKey) { current, _ in current }
        workFacts.merge(other.workFacts) { current, _ in current }
        authorsByKey.merge(other.authorsByKey) { current, _ in current }
        entriesByWork.merge(other.entriesByWork) { current, _ in current }
        editions.merge(other.editions) { current, _ in current }
    }
}

extension ImportPlanner {
    /// Plans a file in two passes over its records, so that neither the records nor the plan
    /// are ever whole in memory; the result is the plan ``ImportPlanner/plan(_:context:dryRun:)``
    /// makes, in pieces.
    ///
    /// 1. ``resolve(_:context:)`` finds or creates each record's work, chunk after chunk (each
    ///    chunk's look-ups added to the context first), and remembers only the work of each row.
    /// 2. ``takeNew()`` hands over the authors and works created (the caller writes them), and
    ///    ``endFirstPass()`` lets go of what only matching needs.
    /// 3. ``plan(_:)`` plans the books of the next chunk of the same records, read again: a book
    ///    whose rows are all read is planned at once; the rows of a work that has more rows
    ///    later in the file wait for its last one (they merge into one book, as in one pass).
    public struct Stream: Sendable {
        var state: PlannerState
        let origin: Reading.Origin
        /// Each record's work, by record index; `nil` for a skipped row.
        var works: [Work.ID?] = []
        /// The index of the last record of each record's work, by record index.
        var groupEnds: [Int32] = []
        /// The rows of works whose last row is not read yet.
        var pending: [Work.ID: [(index: Int, record: ImportRecord)]] = [:]
        /// The next record's index in the second pass.
        var next = 0

        public init(format: ImportFormat, userID: User.ID, now: Date) {
            state = PlannerState(context: ImportMatchContext(userID: userID, now: now))
            origin = .imported(format)
        }

        /// The first pass over the next records: `context` is what the store found for their
        /// keys (``ImportPlanner/lookupKeys(for:)``).
        public mutating func resolve(_ records: [ImportRecord], context: ImportMatchContext) {
            state.context.merge(context)
            works.reserveCapacity(works.count + records.count)
            for record in records {
                let index = works.count
                if record.skipReason ?? problem(with: record) != nil {
                    works.append(nil)
                } else {
                    works.append(state.resolveWork(for: record, index: index))
                }
            }
        }

        /// The authors and works a file creates.
        public struct Created: Sendable {
            public var authors: [Author]
            /// The reader's spellings of authors already in the catalogue (``ImportPlan/spellings``).
            public var spellings: [Author.ID: String]
            public var works: [Work]
            /// Each new work's ``Work/matchKey(title:primaryAuthor:)``.
            public var matchKeys: [Work.ID: String]
        }

        /// The authors and works created since the last call, taken out of the planner (the caller
        /// writes them). Each is created once, final: later rows of the same book find it by its
        /// ids or its match key, which the planner keeps.
        public mutating func takeNew() -> Created {
            let created = Created(
                authors: state.plan.newAuthors, spellings: state.plan.spellings, works: state.plan.newWorks,
                matchKeys: state.plan.newWorkMatchKeys)
            state.plan.newAuthors = []
            state.plan.spellings = [:]
            state.plan.newWorks = []
            state.plan.newWorkMatchKeys = [:]
            return created
        }

        /// After the first pass: lets go of what only matching needs (records are matched against
        /// each other and against the catalogue in the first pass only) and finds each work's last
        /// row. Any authors and works not taken yet are left for ``takeNew()``.
        public mutating func endFirstPass() {
            state.batchIdentifiers = [:]
            state.batchIdentifiersByWork = [:]
            state.batchMatchKeys = [:]
            state.context.identifiers = [:]
            state.context.identifiersByWork = [:]
            state.context.worksByMatchKey = [:]
            var last: [Work.ID: Int32] = [:]
            for (index, work) in works.enumerated() { if let work { last[work] = Int32(index) } }
            groupEnds = works.enumerated().map { index, work in work.flatMap { last[$0] } ?? Int32(index) }
        }

        /// The second pass over the next records (the same records as the first, in the same
        /// chunks or others): the plan of the books they complete, with the outcome of each row
        /// they complete in its report. New authors and works are not in it (``takeNew()``).
        public mutating func plan(_ records: [ImportRecord]) -> ImportPlan {
            var outcomes: [ImportOutcome] = []
            for record in records {
                let index = next
                next += 1
                guard let workID = works[index] else {
                    outcomes.append(skippedOutcome(record, reason: record.skipReason ?? problem(with: record) ?? ""))
                    continue
                }
                guard groupEnds[index] == Int32(index) else {
                    pending[workID, default: []].append((index, record))
                    continue
                }
                let group = (pending.removeValue(forKey: workID) ?? []) + [(index, record)]
                outcomes += state.planEntry(
                    workID: workID, records: group.map(\.record), indices: group.map(\.index), source: origin)
            }
            var piece = state.plan
            state.plan = ImportPlan(report: state.plan.report)
            piece.report.outcomes = outcomes
            return piece
        }
    }
}
