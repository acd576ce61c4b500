/// The file formats BooksTrack reads. The format is always detected from the content.
public enum ImportFormat: String, Sendable, Codable, Hashable, CaseIterable {
    case goodreads
    case storyGraph
    case libraryThingTSV
    case libraryThingCSV
    case libraryThingJSON
    case bookWyrm
    case openreads
    case calibre
    case backup
    /// KOReader's reading statistics (`statistics.sqlite3`): books and their page turns.
    case koreader
    /// The demo library `bookstrack demo` creates.
    case demo

    /// "a Goodreads CSV", "KOReader's statistics": the name in a sentence.
    public var withArticle: String { self == .koreader ? "KOReader’s reading statistics" : "a \(displayName)" }

    /// The name a reader sees.
    public var displayName: String {
        switch self {
        case .goodreads: "Goodreads CSV"
        case .storyGraph: "StoryGraph CSV"
        case .libraryThingTSV: "LibraryThing TSV"
        case .libraryThingCSV: "LibraryThing CSV"
        case .libraryThingJSON: "LibraryThing JSON"
        case .bookWyrm: "BookWyrm CSV"
        case .openreads: "Openreads CSV"
        case .calibre: "Calibre CSV"
        case .backup: "BooksTrack backup"
        case .koreader: "KOReader statistics"
        case .demo: "BooksTrack demo library"
        }
    }
}

/// Something the importer noticed and dealt with, without refusing the row.
public struct ImportWarning: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The column or field it concerns, as the source names it.
    public var field: String?
    public var message: String

    public init(field: String? = nil, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { field.map { "\($0): \(message)" } ?? message }
}

/// The entry fields a source carries. Fields a source does not carry keep what the reader has.
///
/// A backup carries the whole entry and replaces it. An export from another tracker updates
/// without erasing: its status, ownership and edition replace the reader's; its rating, read
/// count, current page, review and notes replace them only when the file has one; shelves are
/// added to the reader's; the date added is the earliest known; and its readings replace only
/// the readings earlier imports from the same tracker created (see ``Reading/Origin``).
public struct EntryFields: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let status = EntryFields(rawValue: 1 << 0)
    public static let rating = EntryFields(rawValue: 1 << 1)
    public static let owned = EntryFields(rawValue: 1 << 2)
    public static let addedOn = EntryFields(rawValue: 1 << 3)
    public static let readCount = EntryFields(rawValue: 1 << 4)
    public static let currentPage = EntryFields(rawValue: 1 << 5)
    public static let shelves = EntryFields(rawValue: 1 << 6)
    public static let review = EntryFields(rawValue: 1 << 7)
    public static let notes = EntryFields(rawValue: 1 << 8)
    public static let readings = EntryFields(rawValue: 1 << 9)
    public static let extras = EntryFields(rawValue: 1 << 10)
    public static let edition = EntryFields(rawValue: 1 << 11)

    public static let all: EntryFields = [
        .status, .rating, .owned, .addedOn, .readCount, .currentPage, .shelves, .review, .notes,
        .readings, .extras, .edition,
    ]
}
