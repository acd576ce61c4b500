import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import Foundation

/// A reader's library as a file: the complete JSON backup or a Goodreads-compatible CSV. The web
/// page, the API and `bookstrack export` all make it here.
public enum Exports {
    public enum Format: String, CaseIterable, Sendable {
        /// A BooksTrack backup: restoring it reproduces the library, sessions, goals and facts.
        case json
        /// For other trackers: what the Goodreads format can hold.
        case goodreads
    }

    public struct File: Sendable {
        public var data: Data
        /// A file name with the reader and the day, e.g. `bookstrack-dana-2026-11-23.json`.
        public var name: String
        public var contentType: String
        /// How many books it holds.
        public var books: Int
    }

    public static func file(_ format: Format, for user: User, store: Store, now: Date) async throws -> File {
        let library = try await store.reader(user.id).library()
        let day = user.today(at: now).description
        switch format {
        case .json:
            return File(
                data: try BackupWriter.document(for: library).encoded(), name: "bookstrack-\(user.name)-\(day).json",
                contentType: "application/json", books: library.entries.count)
        case .goodreads:
            return File(
                data: Data(GoodreadsCSVWriter.csv(for: library).utf8), name: "bookstrack-\(user.name)-\(day)-goodreads.csv",
                contentType: "text/csv; charset=utf-8", books: library.entries.count)
        }
    }

    /// A file name a person's browser sent, made safe to show and store: the last path part,
    /// without control characters, at most 200 characters.
    public static func cleanFileName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let clean = String(last.filter { !$0.isNewline && $0.asciiValue.map { $0 >= 32 } ?? true }.prefix(200))
        return clean.isEmpty ? "upload" : clean
    }
}
