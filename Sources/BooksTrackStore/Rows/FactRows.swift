import BooksTrackCore
import Foundation
import SQLKit
import Synchronization

/// The history of author facts and the current values derived from it.
enum FactRows {
    /// Every assertion about these authors, oldest first.
    static func history(of ids: [Author.ID], on db: any SQLDatabase) async throws -> [Author.ID: [AuthorFactAssertion]] {
        try await history(of: .list(ids.map(\.string)), on: db)
    }

    static func history(of keys: Keys, on db: any SQLDatabase) async throws -> [Author.ID: [AuthorFactAssertion]] {
        var out: [Author.ID: [AuthorFactAssertion]] = [:]
        let rows = try await db.rows(
            for: keys, { "SELECT * FROM author_facts WHERE author_id IN (\($0)) ORDER BY recorded_at, id" })
        for row in rows {
            guard let kind = AuthorFactKind(rawValue: try row.text("kind")),
                let source = FactSource(rawValue: try row.text("source"))
            else { continue }
            out[try row.id("author_id"), default: []].append(
                AuthorFactAssertion(
                    kind: kind, value: try row.optionalText("value"),
                    provenance: Provenance(
                        source: source, userID: try row.optionalID("user_id"), recordedAt: try row.instant("recorded_at"),
                        detail: try row.optionalText("detail"))))
        }
        return out
    }

    /// Adds assertions that are not already in the history, then refreshes the authors' current
    /// values. Returns how many assertions were new.
    @discardableResult
    static func record(_ facts: [PlannedAuthorFact], now: Date, on db: any SQLDatabase) async throws -> Int {
        guard !facts.isEmpty else { return 0 }
        let authorIDs = Array(Set(facts.map(\.authorID)))
        let existing = try await history(of: authorIDs, on: db)
        var seen = Set(existing.flatMap { id, list in list.map { FactKey(authorID: id, assertion: $0) } })
        var rows: [[SQLValue]] = []
        for fact in facts where seen.insert(FactKey(authorID: fact.authorID, assertion: fact.assertion)).inserted {
            let a = fact.assertion
            rows.append([
                FactID.next(recordedAt: a.provenance.recordedAt), fact.authorID.string, a.kind.rawValue, a.value,
                a.provenance.source.rawValue, a.provenance.userID?.string, a.provenance.recordedAt.milliseconds,
                a.provenance.detail,
            ])
        }
        try await db.insertRows(
            into: "author_facts", columns: ["id", "author_id", "kind", "value", "source", "user_id", "recorded_at", "detail"],
            rows: rows)
        if !rows.isEmpty { try await refresh(authorIDs, now: now, on: db) }
        return rows.count
    }

    /// Recomputes the current-value columns of authors from their history.
    static func refresh(_ ids: [Author.ID], now: Date, on db: any SQLDatabase) async throws {
        let authors = try await CatalogueRows.authors(ids, as: nil, on: db)
        // In id order: two writes refreshing the same authors take their row locks in one order.
        for author in authors.values.sorted(by: { $0.id < $1.id }) {
            try await db.raw(
                """
                UPDATE authors SET gender = \(bind: author.gender?.value.rawValue), country = \(bind: author.country?.value.alpha2),
                    chosen_region = \(bind: author.chosenRegion?.value.rawValue), region = \(bind: author.region?.rawValue),
                    marginalized = \(bind: author.marginalized?.value.rawValue), birth_year = \(bind: author.birthYear?.value),
                    death_year = \(bind: author.deathYear?.value), wikidata_id = \(bind: author.wikidataID?.value),
                    updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: author.id.string)
                """
            ).run()
        }
    }

    /// Identity of an assertion for de-duplication (milliseconds, as stored).
    private struct FactKey: Hashable {
        let authorID: Author.ID
        let kind: AuthorFactKind
        let value: String?
        let source: FactSource
        let userID: User.ID?
        let recordedAt: Int

        init(authorID: Author.ID, assertion: AuthorFactAssertion) {
            self.authorID = authorID
            kind = assertion.kind
            value = assertion.value
            source = assertion.provenance.source
            userID = assertion.provenance.userID
            recordedAt = assertion.provenance.recordedAt.milliseconds
        }
    }
}

/// Identifiers of fact statements that sort in the order they were recorded, so that of two
/// statements made in the same millisecond the later one is the later in the history (and wins
/// among people, see ``AuthorFactAssertion/winner(among:)``): the time, a counter of this
/// process, and randomness so that two processes never make the same one.
enum FactID {
    private static let counter = Atomic<Int>(0)

    static func next(recordedAt: Date) -> String {
        let milliseconds = String(max(0, recordedAt.milliseconds))
        let count = String(counter.wrappingAdd(1, ordering: .relaxed).newValue)
        return "f" + String(repeating: "0", count: max(0, 15 - milliseconds.count)) + milliseconds + "-"
            + String(repeating: "0", count: max(0, 12 - count.count)) + count + "-"
            + UUID().uuidString.prefix(8).lowercased()
    }
}
