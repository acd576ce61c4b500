import BooksTrackCore
import Foundation
import SQLKit

/// What a look-up fills in on a book: its title (when it was imported without one), its
/// original language and first publication year, an edition's page count.
extension EnrichmentRepository {
    /// Gives a book imported without a title ("Untitled (ISBN …)") the title its ISBN's record
    /// has — only while it still has the placeholder it was given, and only a reader's own work.
    public func fill(work id: Work.ID, untitled: String, title: String, primaryAuthor: String?, now: Date) async throws {
        let title = TextNormalization.trim(title)
        guard Work.isUntitled(untitled), !title.isEmpty, title.count <= 500 else { return }
        try await database.changing { db, changes in
            let updated = try await db.raw(
                """
                UPDATE works SET title = \(bind: title), title_key = \(bind: TextNormalization.titleKey(title)),
                    match_key = \(bind: Work.matchKey(title: title, primaryAuthor: primaryAuthor)),
                    updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id.string) AND title = \(bind: untitled) AND owner_id IS NOT NULL
                RETURNING id
                """
            ).first()
            if updated != nil { changes.works([id]) }
        }
    }

    /// Gives a reader's book without genres the genres a public catalogue names (issue 40 item
    /// 4); a book with genres of its own keeps them.
    public func fill(work id: Work.ID, genres: [String], now: Date) async throws {
        guard !genres.isEmpty else { return }
        try await database.changing { db, changes in
            let updated = try await db.raw(
                """
                UPDATE works SET genres = \(bind: JSONColumn.text(genres)), updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id.string) AND genres = '[]' AND owner_id IS NOT NULL
                RETURNING id
                """
            ).first()
            if updated != nil { changes.works([id]) }
        }
    }

    /// Fills a book's original language and first publication year, and the page count of the
    /// edition with this ISBN, from a public source where they are empty; what a reader entered
    /// is never replaced.
    public func fill(
        work id: Work.ID, originalLanguage: LanguageCode?, firstPublished: Int?, pages: Int? = nil, isbn: String? = nil,
        now: Date
    ) async throws {
        guard originalLanguage != nil || firstPublished != nil || pages != nil else { return }
        try await database.changing { db, changes in
            if let pages, pages > 0, pages < 100_000, let isbn {
                let edited = try await db.raw(
                    """
                    UPDATE editions SET page_count = \(bind: pages)
                    WHERE page_count IS NULL AND work_id = \(bind: id.string)
                        AND (isbn13 = \(bind: isbn) OR isbn10 = \(bind: isbn))
                    RETURNING id
                    """
                ).all()
                if !edited.isEmpty { changes.works([id]) }
            }
            let updated = try await db.raw(
                """
                UPDATE works SET original_language = COALESCE(original_language, \(bind: originalLanguage?.code)),
                    first_published_year = COALESCE(first_published_year, \(bind: firstPublished)),
                    updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id.string)
                    AND ((original_language IS NULL AND \(bind: originalLanguage?.code) IS NOT NULL)
                        OR (first_published_year IS NULL AND \(bind: firstPublished) IS NOT NULL))
                RETURNING id
                """
            ).first()
            if updated != nil { changes.works([id]) }
        }
    }
}
