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
        /// The same backup, gzip-compressed: about a tenth of the size.
        case jsonGzip = "json.gz"
        /// For other trackers: what the Goodreads format can hold.
        case goodreads
    }

    /// A file ready to be written out a piece at a time (a backup is never whole in memory).
    public struct File: Sendable {
        /// A file name with the reader and the day, e.g. `bookstrack-dana-2026-11-23.json`.
        public var name: String
        public var contentType: String
        /// How many books it holds.
        public var books: Int
        let library: ReaderLibrary
        /// The reader's own identity badges, for the backup.
        var badges: [BadgeDraft] = []
        let format: Format

        /// Hands each piece of the file to `write`, in order.
        public func write(_ write: (Data) async throws -> Void) async throws {
            switch format {
            case .json, .jsonGzip:
                var stream = BackupStream(library: library, badges: badges, compressed: format == .jsonGzip)
                while let piece = try stream.next() { try await write(piece) }
            case .goodreads:
                try await write(Data(GoodreadsCSVWriter.csv(for: library).utf8))
            }
        }

        /// The whole file (tests, small libraries).
        public func data() async throws -> Data {
            var data = Data()
            try await write { data.append($0) }
            return data
        }
    }

    public static func file(_ format: Format, for user: User, store: Store, now: Date) async throws -> File {
        let library = try await store.reader(user.id).library.whole()
        let day = user.today(at: now).description
        let (name, type) =
            switch format {
            case .json: ("bookstrack-\(user.name)-\(day).json", "application/json")
            case .jsonGzip: ("bookstrack-\(user.name)-\(day).json.gz", "application/gzip")
            case .goodreads: ("bookstrack-\(user.name)-\(day)-goodreads.csv", "text/csv; charset=utf-8")
            }
        let badges = format == .goodreads ? [] : try await store.badges.drafts(of: user.id)
        return File(
            name: name, contentType: type, books: library.entries.count, library: library, badges: badges, format: format)
    }

    /// A file name a person's browser sent, made safe to show and store: the last path part,
    /// without control characters, at most 200 characters.
    public static func cleanFileName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let clean = String(last.filter { !$0.isNewline && $0.asciiValue.map { $0 >= 32 } ?? true }.prefix(200))
        return clean.isEmpty ? "upload" : clean
    }
}
