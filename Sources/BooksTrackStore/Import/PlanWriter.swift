import BooksTrackCore
import Foundation
import SQLKit

/// Writes an import plan. Runs inside the import's transaction: a failure anywhere rolls back
/// everything, so the library is as it was.
struct PlanWriter {
    let db: any SQLDatabase
    let userID: User.ID
    let now: Date
    let progress: ImportProgressHandler?
    /// A staged import's hidden account, whose books become the reader's once published: a
    /// backup's badges find their books among them too.
    var staging: User.ID? = nil

    /// Writes the plan; returns it with every author id as stored (a new author another reader
    /// created a moment ago is theirs, not a second row with the same name).
    @discardableResult
    func write(_ plan: ImportPlan, readerData: ReaderData?) async throws -> ImportPlan {
        let total = plan.newEntries.count + plan.updatedEntries.count
        progress?(.writing(done: 0, total: total))
        let resolved = try await CatalogueRows.insert(authors: plan.newAuthors, now: now, on: db)
        let plan = plan.replacingAuthors(resolved)
        try await CatalogueRows.record(spellings: plan.spellings, of: userID, on: db)
        try await CatalogueRows.insert(
            works: plan.newWorks, owner: userID, matchKeys: plan.newWorkMatchKeys, now: now, on: db)
        try await CatalogueRows.insert(editions: plan.newEditions, now: now, on: db)
        try await CatalogueRows.insert(identifiers: plan.newIdentifiers, on: db)
        // An import fills in the reader's own works only: a public record is never changed by
        // one reader's file (SPEC F9).
        let own = try await WorkOwnership.owned(
            Array(Set(plan.workFills.keys).union(plan.editionFills.map(\.workID))), by: userID, on: db)
        for (workID, facts) in plan.workFills.sorted(by: { $0.key < $1.key }) where own.contains(workID) {
            try await db.raw(
                """
                UPDATE works SET original_language = \(bind: facts.originalLanguage?.code),
                    first_published_year = \(bind: facts.firstPublishedYear), updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: workID.string)
                """
            ).run()
        }
        for edition in plan.editionFills where own.contains(edition.workID) {
            try await CatalogueRows.update(edition: edition, on: db)
        }

        var done = 0
        for chunk in plan.newEntries.chunked(into: 1000) {
            try await EntryRows.insert(chunk, on: db)
            done += chunk.count
            progress?(.writing(done: done, total: total))
        }
        for chunk in plan.updatedEntries.chunked(into: 1000) {
            try await EntryRows.replace(chunk, on: db)
            done += chunk.count
            progress?(.writing(done: done, total: total))
        }
        try await FactRows.record(plan.authorFacts, now: now, on: db)
        try await ActivityRows.insert(newSessionsOf: plan.sessions, userID: userID, now: now, on: db)
        try await ActivityRows.insert(newProgressOf: plan.progress, userID: userID, on: db)
        if let readerData {
            try await ActivityRows.restore(readerData, userID: userID, staging: staging, now: now, on: db)
            try await IdentityBadgeRepository.restore(readerData.badges, userID: userID, staging: staging, on: db)
        }
        return plan
    }
}

extension ImportPlan {
    /// The plan with planned author ids replaced by the ids the rows were stored under.
    func replacingAuthors(_ resolved: [Author.ID: Author.ID]) -> ImportPlan {
        guard resolved.contains(where: { $0.key != $0.value }) else { return self }
        var plan = self
        plan.spellings.merge(Self.spellings(of: newAuthors, resolved: resolved)) { current, _ in current }
        plan.newWorks = newWorks.replacingAuthors(resolved)
        plan.authorFacts = authorFacts.map {
            PlannedAuthorFact(authorID: resolved[$0.authorID] ?? $0.authorID, assertion: $0.assertion)
        }
        return plan
    }
}

extension ImportPlan {
    /// The reader's spellings of authors the plan meant to create that another reader created a
    /// moment before (`resolved` maps them to that row), perhaps spelled otherwise.
    static func spellings(of authors: [Author], resolved: [Author.ID: Author.ID]) -> [Author.ID: String] {
        var spellings: [Author.ID: String] = [:]
        for author in authors {
            guard let stored = resolved[author.id], stored != author.id, spellings[stored] == nil else { continue }
            spellings[stored] = author.name
        }
        return spellings
    }
}

extension [Work] {
    /// The works with planned author ids replaced by the ids the rows were stored under.
    func replacingAuthors(_ resolved: [Author.ID: Author.ID]) -> [Work] {
        guard resolved.contains(where: { $0.key != $0.value }) else { return self }
        func id(_ author: Author.ID) -> Author.ID { resolved[author] ?? author }
        return map { work in
            var work = work
            work.authorIDs = work.authorIDs.map(id)
            work.contributors = work.contributors.map { Contributor(authorID: id($0.authorID), role: $0.role) }
            return work
        }
    }
}

/// Progress of a long import, for a progress bar.
public enum ImportProgress: Sendable, Equatable {
    /// Matching the rows against the library.
    case matching(rows: Int)
    /// Writing entries.
    case writing(done: Int, total: Int)
}

public typealias ImportProgressHandler = @Sendable (ImportProgress) -> Void

extension Array {
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
