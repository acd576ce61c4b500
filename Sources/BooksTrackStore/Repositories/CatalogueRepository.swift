import BooksTrackCore
import Foundation
import SQLKit

/// The catalogue shared by every reader: authors and the facts curated about them.
public struct CatalogueRepository: Sendable {
    let database: Database

    /// The author with this name (folded as in ``Author/nameKey``).
    public func author(named name: String) async throws -> Author? {
        try await database.read { db in
            guard
                let row = try await db.raw("SELECT id FROM authors WHERE name_key = \(bind: TextNormalization.nameKey(name))")
                    .first()
            else { return nil }
            let id: Author.ID = try row.id("id")
            return try await CatalogueRows.authors([id], as: nil, on: db)[id]
        }
    }

    public func author(id: Author.ID) async throws -> Author? {
        try await database.read { try await CatalogueRows.authors([id], as: nil, on: $0)[id] }
    }

    /// Adds a statement to an author's fact history; the current value follows the rule of
    /// ``AuthorFactAssertion/winner(among:)``.
    public func record(_ assertion: AuthorFactAssertion, about authorID: Author.ID, now: Date) async throws {
        if let value = assertion.value, assertion.kind.canonical(value) != value {
            throw StoreError.invalid(.factValue(assertion.kind, value))
        }
        try await database.changing { db, changes in
            guard try await db.raw("SELECT id FROM authors WHERE id = \(bind: authorID.string)").first() != nil else {
                throw StoreError.notFound(.author(authorID))
            }
            try await FactRows.record([PlannedAuthorFact(authorID: authorID, assertion: assertion)], now: now, on: db)
            changes.authors([authorID])
        }
    }

    /// Every statement ever made about an author, oldest first.
    public func factHistory(of authorID: Author.ID) async throws -> [AuthorFactAssertion] {
        try await database.read { try await FactRows.history(of: [authorID], on: $0)[authorID] ?? [] }
    }
}
