import BooksTrackCore
import Foundation
import SQLKit

/// The people a name might be, waiting for a reader's yes or no.
extension EnrichmentRepository {
    /// Keeps the people a name might be for a reader to choose from. A candidate already known
    /// (open, confirmed or rejected) is not added again.
    public func propose(_ candidates: [AuthorCandidate], now: Date) async throws {
        guard !candidates.isEmpty else { return }
        try await database.write { db in
            for candidate in candidates {
                try await db.raw(
                    """
                    INSERT INTO author_candidates (id, author_id, source, reference, label, description, facts, status,
                        created_at)
                    VALUES (\(bind: candidate.id.string), \(bind: candidate.authorID.string), \(bind: candidate.source.rawValue),
                        \(bind: candidate.reference), \(bind: candidate.label), \(bind: candidate.description),
                        \(bind: JSONColumn.text(candidate.facts)), 'open', \(bind: now.milliseconds))
                    ON CONFLICT (author_id, source, reference) DO NOTHING
                    """
                ).run()
            }
        }
    }

    /// Closes an author's open candidates without an answer (a look-up identified the author).
    public func closeCandidates(of authorID: Author.ID, now: Date) async throws {
        try await database.write { db in
            try await db.raw(
                """
                UPDATE author_candidates SET status = 'rejected', answered_at = \(bind: now.milliseconds)
                WHERE author_id = \(bind: authorID.string) AND status = 'open'
                """
            ).run()
        }
    }

    /// The open candidates of the reader's authors (none once one of an author is confirmed).
    private static func open(for userID: User.ID) -> SQLQueryString {
        """
        k.status = 'open' AND k.author_id IN (\(readerAuthors(userID)))
            AND NOT EXISTS (SELECT 1 FROM author_candidates c WHERE c.author_id = k.author_id AND c.status = 'confirmed')
        """
    }

    /// How many questions wait for the reader, and about how many authors (one query, for pages
    /// that only link to them).
    public func openCandidateCounts(for userID: User.ID) async throws -> (questions: Int, authors: Int) {
        try await database.read { db in
            let row = try await db.raw(
                """
                SELECT COUNT(*) AS questions, COUNT(DISTINCT k.author_id) AS authors FROM author_candidates k
                WHERE \(Self.open(for: userID))
                """
            ).first()
            return (try row?.optionalInteger("questions") ?? 0, try row?.optionalInteger("authors") ?? 0)
        }
    }

    /// The candidates waiting for the reader, for authors of their books, oldest first.
    public func openCandidates(for userID: User.ID, limit: Int = 50) async throws -> [CandidateQuestion] {
        try await database.read { db in
            let rows = try await db.raw(
                """
                SELECT k.*, a.name AS author_name FROM author_candidates k JOIN authors a ON a.id = k.author_id
                WHERE \(Self.open(for: userID))
                ORDER BY k.created_at, k.id LIMIT \(literal: limit)
                """
            ).all()
            var out: [CandidateQuestion] = []
            for row in rows {
                let candidate = try Self.candidate(row)
                let book = try await db.raw(
                    """
                    SELECT w.title, COUNT(*) OVER () AS books FROM library_entries e
                    JOIN work_contributors c ON c.work_id = e.work_id AND c.role = 'author' JOIN works w ON w.id = e.work_id
                    WHERE e.user_id = \(bind: userID.string) AND c.author_id = \(bind: candidate.authorID.string)
                    ORDER BY w.title LIMIT 1
                    """
                ).first()
                out.append(
                    CandidateQuestion(
                        candidate: candidate, authorName: try row.text("author_name"),
                        bookTitle: try book?.optionalText("title"), books: try book?.optionalInteger("books") ?? 0))
            }
            return out
        }
    }

    /// Records a reader's answer to "Is this …?". Yes writes the candidate's facts (with their
    /// source) and the identification as the reader's, and closes the author's other candidates;
    /// no closes this one. Answering a candidate twice, or one of an author not in the reader's
    /// library, changes nothing. Returns whether the answer changed anything.
    @discardableResult
    public func answer(_ id: AuthorCandidate.ID, yes: Bool, by userID: User.ID, now: Date) async throws -> Bool {
        try await database.changing { db, changes in
            guard
                let row = try await db.raw(
                    """
                    SELECT * FROM author_candidates WHERE id = \(bind: id.string) AND status = 'open'
                        AND author_id IN (\(Self.readerAuthors(userID)))
                    """
                ).first()
            else {
                let exists = try await db.raw(
                    """
                    SELECT 1 AS found FROM author_candidates WHERE id = \(bind: id.string)
                        AND author_id IN (\(Self.readerAuthors(userID)))
                    """
                ).first()
                if exists == nil { throw StoreError.notFound(.candidate(id)) }
                return false
            }
            let candidate = try Self.candidate(row)
            let stamp = now.milliseconds
            let closed = try await db.raw(
                """
                UPDATE author_candidates SET status = \(bind: yes ? "confirmed" : "rejected"), answered_by = \(bind: userID.string),
                    answered_at = \(bind: stamp)
                WHERE id = \(bind: id.string) AND status = 'open' RETURNING id
                """
            ).first()
            guard closed != nil else { return false }
            guard yes else { return true }
            try await db.raw(
                """
                UPDATE author_candidates SET status = 'rejected', answered_by = \(bind: userID.string), answered_at = \(bind: stamp)
                WHERE author_id = \(bind: candidate.authorID.string) AND status = 'open'
                """
            ).run()
            var facts = candidate.facts.filter { $0.kind != .wikidataID }.map { fact in
                var fact = fact
                fact.provenance.recordedAt = now
                return PlannedAuthorFact(authorID: candidate.authorID, assertion: fact)
            }
            // The identification is the reader's: no look-up may replace it.
            if let qid = candidate.wikidataID {
                facts.append(
                    PlannedAuthorFact(
                        authorID: candidate.authorID,
                        assertion: AuthorFactAssertion(
                            kind: .wikidataID, value: qid,
                            provenance: Provenance(source: .user, userID: userID, recordedAt: now))))
            }
            try await FactRows.record(facts, now: now, on: db)
            // A Wikidata person is looked up already; a bundled one with an id is looked up next
            // (Wikidata's facts are fresher than the table's).
            let next = candidate.source != .wikidata && candidate.wikidataID != nil ? "pending" : "done"
            try await db.raw(
                """
                UPDATE enrichment_jobs SET status = \(bind: next), attempts = 0, next_attempt_at = \(bind: stamp),
                    updated_at = \(bind: stamp)
                WHERE subject_kind = 'author' AND subject_id = \(bind: candidate.authorID.string)
                """
            ).run()
            changes.authors([candidate.authorID])
            return true
        }
    }

    static func candidate(_ row: any SQLRow) throws -> AuthorCandidate {
        AuthorCandidate(
            id: try row.id("id"), authorID: try row.id("author_id"),
            source: FactSource(rawValue: try row.text("source")) ?? .wikidata, reference: try row.text("reference"),
            label: try row.text("label"), description: try row.optionalText("description"),
            facts: (try? row.json("facts", as: [AuthorFactAssertion].self)) ?? [],
            status: AuthorCandidate.Status(rawValue: try row.text("status")) ?? .open)
    }
}
