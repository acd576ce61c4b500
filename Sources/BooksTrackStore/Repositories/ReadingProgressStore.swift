import BooksTrackCore
import Foundation
import SQLKit

/// A reader's quick progress updates (SPEC F5): "I'm on page N" or "I'm N% through", without a
/// session. An update by page moves the book's current page, as a finished session does.
public struct ReadingProgressStore: ReaderScoped {
    /// The reader whose progress this is.
    public let userID: User.ID
    let database: Database

    /// "I'm on page N": a progress update without a session; moves the book's current page.
    public func record(on entryID: LibraryEntry.ID, page: Int, now: Date) async throws {
        try await record(on: entryID, page: page, percent: nil, now: now)
    }

    /// "I'm N% through": on a book with a page count it is that page; on one without, the
    /// percentage is kept with the update and the current page stays.
    public func record(on entryID: LibraryEntry.ID, percent: Int, now: Date) async throws {
        guard (0...100).contains(percent) else {
            throw StoreError.invalid(.session(.percent))
        }
        try await record(on: entryID, page: nil, percent: percent, now: now)
    }

    /// A progress update by page or by percent, in one transaction.
    private func record(on entryID: LibraryEntry.ID, page: Int?, percent: Int?, now: Date) async throws {
        let userID = self.userID
        try await changing(entries: true) { db, changes in
            guard let entry = try await Self.ownedEntry(entryID, of: userID, on: db) else {
                throw StoreError.notFound(.entry(entryID))
            }
            let pages = try await Self.pageCount(of: entry, on: db).flatMap { $0 > 0 ? $0 : nil }
            var (page, percent) = (page, percent)
            if let share = percent, let pages {
                (page, percent) = (Int(saturating: (Double(share) * Double(pages) / 100).rounded()), nil)
            }
            if let page {
                if let problem = SessionRules.check(page: page) {
                    throw StoreError.invalid(.session(problem))
                }
                if let pages, page > pages {
                    throw StoreError.invalid(.session(.beyondBook(pages: pages)))
                }
            }
            try await db.raw(
                """
                INSERT INTO progress_updates (id, user_id, entry_id, page, percent, recorded_at)
                VALUES (\(bind: ProgressUpdate.ID.random().string), \(bind: userID.string), \(bind: entryID.string),
                    \(bind: page ?? entry.state.currentPage ?? 0), \(bind: percent), \(bind: now.milliseconds))
                """
            ).run()
            if let page { try await Self.moveCurrentPage(of: entryID, to: page, userID: userID, now: now, on: db) }
            changes.entries([entryID], of: userID)
        }
    }
}
