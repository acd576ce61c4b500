import Foundation
import Synchronization

/// What a reader's own shelves mean (SPEC §3): a shelf that says the reader owns the book marks
/// it owned (so a `to-read` book on it is "To read (owned)", not "Want to read"), a shelf that
/// names a genre gives the book that genre, and any other shelf stays a shelf. Every shelf is kept
/// as a shelf either way; what it is read as is shown in the import's preview, where the reader can
/// change it before confirming (``choices``).
///
/// The lists below are the defaults, documented in docs/import.md: they are compared after
/// folding case and dropping punctuation, and a genre shelf may carry the prefixes readers use to
/// file a genre by status (`read-fantasy`, `to-read-science-fiction`, `genre-horror`).
public struct ShelfReading: Sendable, Hashable, Codable {
    /// What a shelf is read as.
    public enum Meaning: Sendable, Hashable, Codable, CustomStringConvertible {
        /// Only a shelf.
        case shelf
        /// The reader owns the books on it.
        case owned
        /// The books on it are of this genre.
        case genre(String)

        public var description: String {
            switch self {
            case .shelf: "shelf"
            case .owned: "owned"
            case .genre(let genre): "genre: \(genre)"
            }
        }
    }

    /// The reader's choices, by ``key(_:)`` of the shelf; a shelf not named here is read by the
    /// defaults.
    public var choices: [String: Meaning]

    public init(choices: [String: Meaning] = [:]) { self.choices = choices }

    /// The defaults alone.
    public static let defaults = ShelfReading()

    /// What a shelf is read as: the reader's choice, or the default.
    public func meaning(of shelf: String) -> Meaning {
        choices[Self.key(shelf)] ?? Self.defaultMeaning(of: shelf)
    }

    /// Sets what a shelf is read as (a choice that is the default is not kept as one).
    public mutating func choose(_ meaning: Meaning, for shelf: String) {
        choices[Self.key(shelf)] = meaning == Self.defaultMeaning(of: shelf) ? nil : meaning
    }

    /// Parses `NAME=owned`, `NAME=genre`, `NAME=genre:Label` or `NAME=shelf` (the API's `shelf`
    /// parameter and the command line's `--shelf`); `nil` for anything else.
    public mutating func choose(parsing text: String) -> Bool {
        guard let equals = text.firstIndex(of: "=") else { return false }
        let shelf = text[..<equals].trimmingCharacters(in: .whitespaces)
        let meaning = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !shelf.isEmpty else { return false }
        switch meaning.lowercased() {
        case "shelf": choose(.shelf, for: shelf)
        case "owned": choose(.owned, for: shelf)
        case "genre": choose(.genre(Self.suggestedGenre(for: shelf)), for: shelf)
        default:
            // By scalars: a mark after the colon ("genre:🏻") joins it in one Character.
            let scalars = Array(meaning.unicodeScalars)
            guard String(String.UnicodeScalarView(scalars.prefix(6))).lowercased() == "genre:" else { return false }
            let genre = TextNormalization.collapseWhitespace(String(String.UnicodeScalarView(scalars.dropFirst(6))))
            guard !genre.isEmpty else { return false }
            choose(.genre(GenreChoice.canonical(genre) ?? genre), for: shelf)
        }
        return true
    }

    /// What a shelf is read as unless the reader says otherwise.
    public static func defaultMeaning(of shelf: String) -> Meaning {
        if isOwnership(shelf) { return .owned }
        if let genre = genre(named: shelf) { return .genre(genre) }
        return .shelf
    }

    /// The genre a shelf would give when read as one: a known genre's label, or the shelf's own
    /// name ("classics" → "Classics").
    public static func suggestedGenre(for shelf: String) -> String {
        if let genre = genre(named: shelf) { return genre }
        let name = withoutStatusPrefix(spaced(shelf))
        let words = name.split(separator: " ")
        guard let first = words.first else { return shelf }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst().map(String.init)).joined(separator: " ")
    }

    /// Applies the reading to one record of an export: ownership and genres from its shelves.
    /// The shelves themselves stay.
    public func apply(to record: inout ImportRecord) {
        for shelf in record.entry.shelves {
            switch meaning(of: shelf) {
            case .shelf: break
            case .owned:
                record.entry.owned = true
                record.carries.insert(.owned)
                // Wanted, yet on a shelf that says it is owned: it is to be read, and owned.
                if record.entry.status == .wishlist { record.entry.status = .toRead }
            case .genre(let genre):
                if !record.genres.contains(where: { $0.caseInsensitiveCompare(genre) == .orderedSame }) {
                    record.genres.append(genre)
                }
            }
        }
    }

    /// The comparison key of a shelf name: lower case, letters and digits only.
    public static func key(_ shelf: String) -> String {
        shelf.lowercased().filter { $0.isLetter || $0.isNumber }
    }

    // MARK: The documented lists

    /// Shelves that say the reader owns the book.
    public static let ownershipShelves: [String] = [
        "owned", "own", "own-it", "owned-books", "owned-to-read", "owned-tbr", "tbr-owned", "to-read-owned",
        "owned-unread", "unread-owned", "i-own", "i-own-it", "books-i-own", "my-books", "my-library", "my-shelf",
        "on-my-shelf", "on-my-shelves", "home-library", "personal-library", "in-my-library", "physical",
        "physical-books", "physical-copy", "bookshelf", "owned-ebooks", "owned-kindle", "owned-physical",
    ]

    /// Words that, in a shelf's name, say the book is *not* owned ("not-owned", "want-to-own",
    /// "used-to-own", "borrowed").
    private static let notOwnedWords: Set<String> = [
        "not", "dont", "unowned", "wish", "want", "wanted", "buy", "borrowed", "borrow", "sold", "donated", "gone",
        "used", "formerly", "previously", "lent", "loaned", "library",
    ]

    private static let ownershipKeys = Set(ownershipShelves.map(key))

    /// Whether a shelf says the reader owns the book: one of ``ownershipShelves``, or a name with
    /// the word "owned" or "own" and none that says otherwise.
    public static func isOwnership(_ shelf: String) -> Bool {
        if ownershipKeys.contains(key(shelf)) { return true }
        let words = shelf.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard words.contains("owned") || words.contains("own") else { return false }
        return !words.contains(where: notOwnedWords.contains)
    }

    /// Genre shelves beyond the genre question's own names and spellings (``GenreChoice``).
    public static let genreShelves: [String: String] = [
        "buddhism": "Philosophy & religion", "christianity": "Philosophy & religion", "spirituality": "Philosophy & religion",
        "theology": "Philosophy & religion", "religious": "Philosophy & religion", "zen": "Philosophy & religion",
        "dystopia": "Science fiction", "dystopian": "Science fiction", "space opera": "Science fiction",
        "cyberpunk": "Science fiction", "science fiction fantasy": "Science fiction", "urban fantasy": "Fantasy",
        "epic fantasy": "Fantasy", "high fantasy": "Fantasy", "magical realism": "Literary fiction",
        "literary fiction": "Literary fiction", "historical fiction": "Historical fiction", "cozy mystery": "Mystery & crime",
        "whodunit": "Mystery & crime", "noir": "Mystery & crime", "ghost stories": "Horror", "gothic": "Horror",
        "biographies": "Biography & memoir", "memoirs": "Biography & memoir", "autobiographies": "Biography & memoir",
        "sociology": "Society & politics", "anthropology": "Society & politics", "economics": "Society & politics",
        "political": "Society & politics", "feminism": "Society & politics", "physics": "Science & nature",
        "biology": "Science & nature", "popular science": "Science & nature", "nature writing": "Science & nature",
        "short story": "Short stories", "short fiction": "Short stories", "graphic novel": "Comics & graphic novels",
        "middle grade": "Young adult & children", "kids": "Young adult & children", "picture books": "Young adult & children",
        "plays": "Drama", "essays": "Essays", "travel": "Travel", "travelogue": "Travel",
    ]

    /// Prefixes readers put before a genre to file it by status.
    private static let statusPrefixes = ["to read ", "tbr ", "read ", "genre ", "currently reading "]

    /// The genre a shelf names, if it names one.
    public static func genre(named shelf: String) -> String? {
        let name = spaced(shelf)
        for candidate in [name, withoutStatusPrefix(name)] {
            if let genre = GenreChoice.canonical(candidate) ?? genreShelves[candidate] { return genre }
        }
        return nil
    }

    /// Lower case, `-` and `_` as spaces, white space collapsed.
    private static func spaced(_ shelf: String) -> String {
        TextNormalization.collapseWhitespace(
            shelf.lowercased().replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " "))
    }

    /// "read fantasy" → "fantasy".
    private static func withoutStatusPrefix(_ name: String) -> String {
        guard let prefix = statusPrefixes.first(where: name.hasPrefix), name.count > prefix.count else { return name }
        return String(name.dropFirst(prefix.count))
    }
}

/// How the shelves of one import were read: each shelf with its books, as the preview shows it.
public struct ShelfUse: Sendable, Hashable, Codable {
    public var shelf: String
    public var books: Int
    public var meaning: ShelfReading.Meaning

    public init(shelf: String, books: Int, meaning: ShelfReading.Meaning) {
        self.shelf = shelf
        self.books = books
        self.meaning = meaning
    }
}

extension [ShelfUse] {
    /// The shelves read as ownership, as a reader reads them: "“owned-to-read” (279 books)", or
    /// `nil` when there is none.
    public var ownershipSummary: String? {
        let owned = filter { $0.meaning == .owned }
        return owned.isEmpty ? nil : owned.map { "“\($0.shelf)” (\(Self.books($0.books)))" }.joined(separator: ", ")
    }

    /// The shelves read as genres: "“horror” → Horror (35 books)", or `nil` when there is none.
    public var genreSummary: String? {
        let genres = compactMap { use -> String? in
            guard case .genre(let genre) = use.meaning else { return nil }
            return "“\(use.shelf)” → \(genre) (\(Self.books(use.books)))"
        }
        return genres.isEmpty ? nil : genres.joined(separator: ", ")
    }

    private static func books(_ count: Int) -> String { count == 1 ? "1 book" : "\(count) books" }
}

/// Counts the shelves of an import's records as the reading is applied to them.
public final class ShelfTally: Sendable {
    /// Books per shelf key (with the first spelling met), and the rows already counted.
    private let tally = Mutex<(books: [String: (name: String, count: Int)], counted: Set<Int>)>(([:], []))
    public let reading: ShelfReading

    public init(_ reading: ShelfReading) { self.reading = reading }

    /// Applies the reading to records and counts their shelves (each row once, however often
    /// the file is read).
    public func apply(to records: inout [ImportRecord]) {
        for index in records.indices { reading.apply(to: &records[index]) }
        tally.withLock { tally in
            for record in records where tally.counted.insert(record.row).inserted {
                var keys = Set<String>()
                for shelf in record.entry.shelves where keys.insert(ShelfReading.key(shelf)).inserted {
                    tally.books[ShelfReading.key(shelf), default: (shelf, 0)].count += 1
                }
            }
        }
    }

    /// The shelves seen, most books first.
    public var uses: [ShelfUse] {
        tally.withLock { tally in
            tally.books.values.map { ShelfUse(shelf: $0.name, books: $0.count, meaning: reading.meaning(of: $0.name)) }
        }
        .sorted { ($0.books, $1.shelf) > ($1.books, $0.shelf) }
    }
}

/// A source of records with a shelf reading applied to each chunk as it is read.
public struct ShelfReadingSource: ImportRecordSource {
    let base: any ImportRecordSource
    let tally: ShelfTally

    public init(_ base: any ImportRecordSource, tally: ShelfTally) {
        self.base = base
        self.tally = tally
    }

    public var format: ImportFormat { base.format }
    public var fileWarnings: [ImportWarning] { base.fileWarnings }
    public var count: Int { base.count }

    public func chunks(of size: Int) -> any ImportRecordChunks { Chunks(base: base.chunks(of: size), tally: tally) }

    private final class Chunks: ImportRecordChunks, @unchecked Sendable {
        let base: any ImportRecordChunks
        let tally: ShelfTally

        init(base: any ImportRecordChunks, tally: ShelfTally) {
            self.base = base
            self.tally = tally
        }

        func next() -> [ImportRecord]? {
            guard var records = base.next() else { return nil }
            tally.apply(to: &records)
            return records
        }
    }
}
