import BooksTrackCore
import Foundation

/// The BooksTrack JSON backup, version 1 (documented in `docs/backup-format.md`).
///
/// The document names things rather than numbering them: entries carry their book's title,
/// authors and identifiers; authors are listed once with their curated facts. That makes a
/// backup readable, portable between instances, and deterministic: exporting a restored backup
/// gives the same bytes.
public struct BackupDocument: Codable, Hashable, Sendable {
    public static let formatName = "bookstrack-backup"
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    public var reader: Reader
    public var authors: [Author]
    public var entries: [Entry]
    public var goals: [Goal]
    public var contributions: [Contribution]
    public var achievements: [Achievement]
    /// The reader's own identity badges; absent in backups made before them.
    public var badges: [Badge]? = nil

    public struct Reader: Codable, Hashable, Sendable {
        public var name: String
        public var displayName: String
        public var primaryLanguage: String?
        public var timeZone: String?
        public var underrepresentedRegions: [String]
        /// The chart palette, when not the standard one (`blueOrange`).
        public var palette: String? = nil
    }

    public struct Author: Codable, Hashable, Sendable {
        public var name: String
        public var sortName: String
        public var facts: [Fact]
    }

    public struct Fact: Codable, Hashable, Sendable {
        public var kind: String
        public var value: String?
        public var source: String
        /// "you" when the backed-up reader entered it; absent otherwise.
        public var enteredBy: String?
        public var recordedAt: Date
        /// Where an automatic fact came from: the Wikidata item, the Open Library record, the
        /// bundled table's dataset. Absent for people's answers and in older backups.
        public var detail: String? = nil
    }

    public struct Entry: Codable, Hashable, Sendable {
        public var title: String
        public var authors: [String]
        public var contributors: [Contributor]
        public var status: String
        public var rating: Double?
        public var owned: Bool
        public var added: String?
        public var readCount: Int?
        public var currentPage: Int?
        public var shelves: [String]
        public var review: String?
        public var notes: String?
        public var readings: [Reading]
        public var sessions: [Session]
        /// Progress updates without a session; absent when there are none (and in older backups).
        public var progress: [Progress]? = nil
        public var work: Work
        public var edition: Edition?
        public var extras: [String: String]
    }

    public struct Contributor: Codable, Hashable, Sendable {
        public var name: String
        public var role: String
    }

    public struct Reading: Codable, Hashable, Sendable {
        public var started: String?
        public var finished: String?
        public var outcome: String
        public var origin: String
    }

    public struct Progress: Codable, Hashable, Sendable {
        public var page: Int
        /// For an edition without a page count: how far through, in percent.
        public var percent: Int? = nil
        public var recordedAt: Date
    }

    public struct Session: Codable, Hashable, Sendable {
        public var startedAt: Date
        public var endedAt: Date?
        public var startPage: Int
        public var endPage: Int?
        public var loggedAfterwards: Bool
    }

    public struct Work: Codable, Hashable, Sendable {
        public var originalLanguage: String?
        public var firstPublished: Int?
        public var genres: [String]
        public var ownVoices: String?
        public var accessibility: [String]
        /// `scheme:value`, e.g. `goodreads:257233`, `isbn:9780140236668`.
        public var identifiers: [String]
    }

    public struct Edition: Codable, Hashable, Sendable {
        public var isbn10: String?
        public var isbn13: String?
        public var publisher: String?
        public var year: Int?
        public var pages: Int?
        public var format: String?
        public var binding: String?
        public var language: String?
    }

    public struct Goal: Codable, Hashable, Sendable {
        public var title: String
        public var kind: String
        public var target: Int
        public var cadence: String
        public var recurring: Bool
        public var startsOn: String
        public var endsOn: String
        public var criteria: BooksTrackCore.Goal.Criteria
        public var status: String
        public var createdAt: Date
        public var completedAt: Date?
        public var snapshot: BooksTrackCore.Goal.Snapshot?
        public var milestones: [GoalMilestone]
    }

    public struct GoalMilestone: Codable, Hashable, Sendable {
        public var percent: Int
        public var reachedAt: Date
    }

    public struct Contribution: Codable, Hashable, Sendable {
        public var author: String?
        public var work: String?
        public var fact: String
        /// The answer and the reader's free text, when the contribution recorded them.
        public var value: String?
        public var note: String?
        public var points: Int
        public var recordedAt: Date
    }

    /// An identity badge, its book by title or its author by name.
    public struct Badge: Codable, Hashable, Sendable {
        public var badge: String
        public var book: String?
        public var author: String?
        public var statedBy: String
        public var source: String
        public var shared: Bool
        public var recordedAt: Date
    }

    public struct Achievement: Codable, Hashable, Sendable {
        public var achievement: String
        public var unlockedAt: Date
    }
}

extension BackupDocument {
    /// Encodes with sorted keys and millisecond timestamps, so equal documents are equal bytes.
    public func encoded() throws -> Data {
        var data = try Self.encoder().encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The encoder of backups: pretty, sorted keys, millisecond timestamps.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(BackupDates.string(from: date))
        }
        return encoder
    }

    /// Decodes a document; dates may be written with or without fractional seconds.
    public static func decode(_ data: Data) throws -> BackupDocument {
        try decoder().decode(BackupDocument.self, from: data)
    }

    /// The decoder of backups and their parts.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = BackupDates.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "“\(text)” is not an ISO 8601 time")
            }
            return date
        }
        return decoder
    }
}

/// ISO 8601 instants in UTC with milliseconds.
enum BackupDates {
    /// Formats from whole milliseconds: formatting a `Date` directly truncates its binary
    /// fraction (0.123 s becomes .122), which would drift on every round trip.
    static func string(from date: Date) -> String {
        let milliseconds = Int64(Int(saturating: (date.timeIntervalSince1970 * 1000).rounded()))
        let seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (whole, fraction) = seconds.remainder < 0 ? (seconds.quotient - 1, seconds.remainder + 1000) : seconds
        let base = Date(timeIntervalSince1970: Double(whole)).formatted(Date.ISO8601FormatStyle())
        return String(base.dropLast()) + "." + String(format: "%03d", Int(fraction)) + "Z"
    }

    static func date(from text: String) -> Date? {
        (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    }
}
