import Foundation

/// Matches a batch of records against the instance and decides what to write (SPEC F2).
///
/// Matching order for a record: a source identifier (Goodreads, LibraryThing, StoryGraph), then
/// the ISBN (ISBN-10s are compared in their 13-digit form), then the folded title and primary
/// author. A title match never merges two records that carry different identifiers of the same
/// source, because those are different books on that source. Rows of one file that resolve to the
/// same work (a second edition on StoryGraph, a second copy on LibraryThing) are merged into one
/// entry and reported as skipped with the row they were merged into.
public enum ImportPlanner {
    /// The keys the store has to look up before planning a batch.
    public static func lookupKeys(for records: [ImportRecord]) -> ImportLookupKeys {
        var keys = ImportLookupKeys(identifiers: [], matchKeys: [], authorKeys: [])
        for record in records where record.skipReason == nil {
            keys.identifiers.formUnion(record.identifiers)
            keys.matchKeys.insert(record.matchKey)
            for name in record.authors + record.contributors.map(\.name) + record.authorFacts.map(\.authorName) {
                keys.authorKeys.insert(TextNormalization.nameKey(name))
            }
        }
        return keys
    }

    /// Plans the import of a batch for the context's reader.
    public static func plan(_ batch: ImportBatch, context: ImportMatchContext, dryRun: Bool) -> ImportPlan {
        var planner = PlannerState(context: context)
        var groups: [Work.ID: [Int]] = [:]
        var order: [Work.ID] = []
        var outcomes: [ImportOutcome] = []
        // Room for a new book, work and edition per row, reserved once: grown by doubling, the
        // arrays held up to twice what they needed through the whole import (room never used
        // is never touched, so a re-import that adds nothing costs nothing for it).
        let rows = batch.records.count
        outcomes.reserveCapacity(rows)
        planner.plan.newEntries.reserveCapacity(rows)
        planner.plan.newWorks.reserveCapacity(rows)
        planner.plan.newEditions.reserveCapacity(rows)
        for (index, record) in batch.records.enumerated() {
            if let reason = record.skipReason ?? problem(with: record) {
                outcomes.append(skippedOutcome(record, reason: reason))
                continue
            }
            let workID = planner.resolveWork(for: record, index: index)
            if groups[workID] == nil { order.append(workID) }
            groups[workID, default: []].append(index)
        }
        for workID in order {
            let indices = groups[workID]!
            outcomes += planner.planEntry(
                workID: workID, records: indices.map { batch.records[$0] },
                indices: indices, source: .imported(batch.format))
        }
        var plan = planner.plan
        plan.report = ImportReport(
            format: batch.format, dryRun: dryRun, outcomes: outcomes,
            fileWarnings: batch.fileWarnings.map(\.description))
        let sessions = batch.records.reduce(0) { $0 + ($1.skipReason == nil ? $1.sessions.count : 0) }
        if sessions > 0 { plan.report.sessionsInFile = sessions }
        return plan
    }

    /// A reason to refuse a record the parser let through.
    static func problem(with record: ImportRecord) -> String? {
        if TextNormalization.collapseWhitespace(record.title).isEmpty { return "The row has no title." }
        return nil
    }

    static func skippedOutcome(_ record: ImportRecord, reason: String) -> ImportOutcome {
        ImportOutcome(
            row: record.row, line: record.line, kind: .skipped, title: record.title,
            authors: record.authors, status: nil, entryID: nil, reason: reason,
            warnings: record.warnings.map(\.description))
    }
}

/// The planner's working state: the plan so far and what the batch itself has created.
struct PlannerState {
    var context: ImportMatchContext
    var plan = ImportPlan(report: ImportReport(format: .goodreads, dryRun: true, outcomes: [], fileWarnings: []))
    var batchIdentifiers: [ExternalID: Work.ID] = [:]
    var batchIdentifiersByWork: [Work.ID: [ExternalID]] = [:]
    var batchMatchKeys: [String: [Work.ID]] = [:]
    var batchAuthors: [String: Author.ID] = [:]
    /// Name keys already computed in this batch: authors recur on many rows.
    var nameKeys: [String: String] = [:]
    /// How each record was matched, by record index, for the report.
    var matchNotes: [Int: String] = [:]
    /// The identifier a record matched through (with its edition), by record index.
    var matchedTargets: [Int: IdentifierTarget] = [:]
    /// Identifiers a record brings that the instance does not know yet, by record index.
    var unclaimedIdentifiers: [Int: [ExternalID]] = [:]
    var newWorkIDs: Set<Work.ID> = []

    init(context: ImportMatchContext) { self.context = context }

    /// Finds or creates the work a record describes and registers its identifiers.
    mutating func resolveWork(for record: ImportRecord, index: Int) -> Work.ID {
        let key = record.matchKey
        let workID: Work.ID
        if let (target, via) = matchByIdentifier(record) {
            workID = target.workID
            matchedTargets[index] = target
            matchNotes[index] = "matched by \(via)"
        } else if let candidate = matchByTitle(key: key, identifiers: record.identifiers) {
            workID = candidate
            matchNotes[index] = "matched by title and author"
        } else {
            workID = createWork(for: record, key: key)
        }
        var unclaimed: [ExternalID] = []
        for id in record.identifiers where batchIdentifiers[id] == nil && context.identifiers[id] == nil {
            batchIdentifiers[id] = workID
            batchIdentifiersByWork[workID, default: []].append(id)
            unclaimed.append(id)
        }
        if !unclaimed.isEmpty { unclaimedIdentifiers[index] = unclaimed }
        return workID
    }

    private func matchByIdentifier(_ record: ImportRecord) -> (IdentifierTarget, String)? {
        let ordered =
            record.identifiers.count < 2
            ? record.identifiers
            : record.identifiers.sorted {
                ($0.scheme.identifiesSourceRecord ? 0 : 1, $0.scheme) < ($1.scheme.identifiesSourceRecord ? 0 : 1, $1.scheme)
            }
        for id in ordered {
            if let target = context.identifiers[id] { return (target, label(id.scheme)) }
            if let workID = batchIdentifiers[id] {
                return (IdentifierTarget(workID: workID, editionID: nil), label(id.scheme))
            }
        }
        return nil
    }

    private func matchByTitle(key: String, identifiers: [ExternalID]) -> Work.ID? {
        let candidates = (batchMatchKeys[key] ?? []) + (context.worksByMatchKey[key] ?? [])
        return candidates.first { candidate in
            let known = (context.identifiersByWork[candidate] ?? []) + (batchIdentifiersByWork[candidate] ?? [])
            return !Self.conflict(identifiers, known)
        }
    }

    /// Two records conflict when both carry ids of the same source scheme and share none.
    static func conflict(_ lhs: [ExternalID], _ rhs: [ExternalID]) -> Bool {
        for scheme in ExternalID.Scheme.allCases where scheme.identifiesSourceRecord {
            let a = Set(lhs.filter { $0.scheme == scheme })
            let b = Set(rhs.filter { $0.scheme == scheme })
            if !a.isEmpty, !b.isEmpty, a.isDisjoint(with: b) { return true }
        }
        return false
    }

    private mutating func createWork(for record: ImportRecord, key: String) -> Work.ID {
        // Resolve names in statements of their own: calling a method of `self` with an argument
        // that mutates `self` keeps a copy alive and makes every insertion copy the tables.
        var resolved: [Author.ID] = []
        for name in record.authors { resolved.append(author(named: name)) }
        var contributors: [Contributor] = []
        for contributor in record.contributors {
            contributors.append(Contributor(authorID: author(named: contributor.name), role: contributor.role))
        }
        let authorIDs = Self.unique(resolved)
        let work = Work(
            title: TextNormalization.collapseWhitespace(record.title), authorIDs: authorIDs,
            contributors: Array(Set(contributors)).sorted { ($0.role.rawValue, $0.authorID) < ($1.role.rawValue, $1.authorID) },
            originalLanguage: record.originalLanguage, firstPublishedYear: record.firstPublishedYear,
            genres: record.genres, ownVoices: record.ownVoices,
            accessibilityTags: record.accessibilityTags)
        plan.newWorks.append(work)
        plan.newWorkMatchKeys[work.id] = key
        newWorkIDs.insert(work.id)
        batchMatchKeys[key, default: []].append(work.id)
        return work.id
    }

    /// The author with this name: existing, created earlier in the batch, or new.
    mutating func author(named name: String) -> Author.ID {
        let key: String
        if let known = nameKeys[name] {
            key = known
        } else {
            key = TextNormalization.nameKey(name)
            nameKeys[name] = key
        }
        if let id = context.authorsByKey[key] {
            if plan.spellings[id] == nil { plan.spellings[id] = name }
            return id
        }
        if let id = batchAuthors[key] { return id }
        let author = Author(name: name)
        plan.newAuthors.append(author)
        batchAuthors[key] = author.id
        return author.id
    }

    private static func unique(_ ids: [Author.ID]) -> [Author.ID] {
        var seen = Set<Author.ID>()
        return ids.filter { seen.insert($0).inserted }
    }

    private func label(_ scheme: ExternalID.Scheme) -> String {
        switch scheme {
        case .goodreads: "Goodreads id"
        case .libraryThing: "LibraryThing book id"
        case .libraryThingWork: "LibraryThing work"
        case .storyGraph: "StoryGraph id"
        case .isbn: "ISBN"
        case .asin: "ASIN"
        case .openLibrary: "Open Library id"
        case .wikidata: "Wikidata id"
        }
    }
}
