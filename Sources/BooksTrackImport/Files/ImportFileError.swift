import BooksTrackCore
import Foundation

/// Why a whole file cannot be imported. Each case has a message a person can act on; nothing is
/// written when a file is refused.
public enum ImportFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case empty
    case tooLarge(bytes: Int, limit: Int)
    /// The file is a known non-export kind ("a PNG image", "a ZIP archive").
    case notAnExport(kind: String, advice: String)
    case binary
    case truncated(line: Int)
    case unrecognisedColumns([String])
    case noRows(ImportFormat)
    case unreadableJSON(String)
    case unrecognisedJSON
    case unsupportedBackupVersion(Int)
    /// A gzip file whose compressed data is damaged or cut off.
    case damagedCompression
    /// A compressed file that grows past what this instance accepts when decompressed.
    case tooLargeWhenDecompressed(limit: Int)
    /// An SQLite database that is not KOReader's statistics, or that SQLite cannot read.
    case notKOReaderStatistics(String)
    /// KOReader statistics with more page turns than one import reads.
    case tooManyPageTurns(limit: Int)

    public var description: String {
        switch self {
        case .unreadable(let reason):
            "The file could not be read: \(Self.excerpt(reason, limit: 300))"
        case .empty:
            "The file is empty. Export your library again and import the new file."
        case .tooLarge(let bytes, let limit):
            "The file is \(Self.megabytes(bytes)); imports are limited to \(Self.megabytes(limit)). "
                + "Even a 20,000-book Goodreads export is under 10 MB — is this the right file? "
                + "A BooksTrack backup this large goes through compressed (export it as .json.gz), "
                + "or with `bookstrack import` on the server, which has no limit."
        case .notAnExport(let kind, let advice):
            "This is \(kind), not a library export. \(advice)"
        case .binary:
            "This file is not text, so it is not a library export. Import the CSV, TSV or JSON file your tracker exported."
        case .truncated(let line):
            "The file seems to be cut off: a quoted field that starts on line \(line) never ends, or the last row is incomplete. "
                + "Download the export again and import the complete file."
        case .unrecognisedColumns(let columns):
            "The header row does not look like a Goodreads, StoryGraph, LibraryThing, BookWyrm, Openreads or Calibre export (its columns are: "
                + Self.excerpt(columns.prefix(8).map { Self.excerpt($0, limit: 40) }.joined(separator: ", "), limit: 300)
                + (columns.count > 8 ? ", …" : "") + ")."
        case .noRows(.koreader):
            "These KOReader statistics hold no books. There is nothing to import."
        case .noRows(let format):
            "The file is a \(format.displayName) export with a header row but no books. There is nothing to import."
        case .unreadableJSON(let reason):
            "The JSON file is damaged or incomplete (\(Self.excerpt(reason, limit: 200))). Export it again and import the new file."
        case .unrecognisedJSON:
            "This JSON file is neither a BooksTrack backup nor a LibraryThing export."
        case .unsupportedBackupVersion(let version):
            "This backup is version \(version) of the format; this BooksTrack reads version \(BackupDocument.currentVersion). Update BooksTrack to restore it."
        case .damagedCompression:
            "The compressed (gzip) file is damaged or cut off, so it cannot be read. Download or export it again and import the new file."
        case .tooLargeWhenDecompressed(let limit):
            "Decompressed, the file is larger than \(Self.megabytes(limit)), the most this server accepts. "
                + "Import it with `bookstrack import` on the server, which has no limit."
        case .notKOReaderStatistics(let reason):
            "This is an SQLite database, but not KOReader’s reading statistics (\(Self.excerpt(reason, limit: 200))). "
                + "BooksTrack imports KOReader’s statistics.sqlite3, found in KOReader’s settings folder."
        case .tooManyPageTurns(let limit):
            "These KOReader statistics hold more than \(limit.formatted()) page turns, more than one import reads. "
                + "Use KOReader’s statistics to delete old books’ data, or import a copy from before."
        }
    }

    /// At most `limit` characters of a file's text, so a message never repeats a whole file (a
    /// 52 MB file that is one long line must not become a 52 MB error page).
    static func excerpt(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value >= 10 ? "\(Int(value.rounded())) MB" : String(format: "%.1f MB", value)
    }
}
