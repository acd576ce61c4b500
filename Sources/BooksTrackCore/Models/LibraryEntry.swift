import Foundation

/// One reader's relationship with one work: private to that reader.
public struct LibraryEntry: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<LibraryEntry>

    public var id: ID
    public var userID: User.ID
    public var workID: Work.ID
    /// The edition the reader has or read.
    public var editionID: Edition.ID?
    public var state: EntryState
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: ID = .random(), userID: User.ID, workID: Work.ID, editionID: Edition.ID? = nil,
        state: EntryState, createdAt: Date, updatedAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.workID = workID
        self.editionID = editionID
        self.state = state
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }
}

/// What a reader has recorded about a book; the part of an entry an import can change.
public struct EntryState: Hashable, Sendable, Codable {
    public var status: ReadingStatus
    public var rating: Rating?
    public var owned: Bool
    public var addedOn: LocalDate?
    /// How many times the reader has read the book, when a source said so; `nil` means count
    /// the finished ``readings``.
    public var readCount: Int?
    public var currentPage: Int?
    /// Shelves and tags, sorted, without duplicates.
    public var shelves: [String]
    public var review: String?
    /// Private notes.
    public var notes: String?
    /// Reading records, one per read-through; a re-read is another record.
    public var readings: [Reading]
    /// Columns from the source that BooksTrack does not model, kept so that nothing is lost
    /// and exports can give them back ("Recommended By", "Condition" …).
    public var extras: [String: String]

    public init(
        status: ReadingStatus, rating: Rating? = nil, owned: Bool = false, addedOn: LocalDate? = nil,
        readCount: Int? = nil, currentPage: Int? = nil, shelves: [String] = [], review: String? = nil,
        notes: String? = nil, readings: [Reading] = [], extras: [String: String] = [:]
    ) {
        self.status = status
        self.rating = rating
        self.owned = owned
        self.addedOn = addedOn
        self.readCount = readCount
        self.currentPage = currentPage
        self.shelves = EntryState.normalizedShelves(shelves)
        self.review = review
        self.notes = notes
        self.readings = readings
        self.extras = extras
    }

    /// Sorted, trimmed, de-duplicated shelf names (compared without case).
    public static func normalizedShelves(_ shelves: [String]) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for shelf in shelves {
            let name = TextNormalization.collapseWhitespace(shelf)
            guard !name.isEmpty, seen.insert(name.lowercased()).inserted else { continue }
            out.append(name)
        }
        return out.sorted { $0.lowercased() < $1.lowercased() }
    }

    /// The number of read-throughs to show: the source's count, else the finished readings.
    public var timesRead: Int {
        readCount ?? readings.filter { $0.outcome == .finished }.count
    }
}

/// One read-through of a book.
public struct Reading: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<Reading>

    public enum Outcome: String, Sendable, Codable, Hashable, CaseIterable {
        case inProgress
        case finished
        case abandoned
    }

    /// Who created the record: the reader, or an import from a given source. Each source owns
    /// its readings: importing a newer export from the same source replaces them; readings the
    /// reader entered, or that came from another source, are never touched by it.
    public enum Origin: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
        case user
        case imported(ImportFormat)

        /// `user`, or `import:` and the format (`import:goodreads`).
        public var description: String {
            switch self {
            case .user: "user"
            case .imported(let format): "import:\(format.rawValue)"
            }
        }

        /// Parses ``description``; a bare `import` (from older backups) is an unknown import.
        public init?(_ text: String) {
            if text == "user" {
                self = .user
            } else if text.hasPrefix("import:"), let format = ImportFormat(rawValue: String(text.dropFirst(7))) {
                self = .imported(format)
            } else if text == "import" {
                self = .imported(.backup)
            } else {
                return nil
            }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let origin = Origin(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "“\(text)” is not a reading origin")
            }
            self = origin
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
    }

    public var id: ID
    public var startedOn: LocalDate?
    public var finishedOn: LocalDate?
    public var outcome: Outcome
    public var origin: Origin

    public init(
        id: ID = .random(), startedOn: LocalDate? = nil, finishedOn: LocalDate? = nil,
        outcome: Outcome, origin: Origin
    ) {
        self.id = id
        self.startedOn = startedOn
        self.finishedOn = finishedOn
        self.outcome = outcome
        self.origin = origin
    }

    /// The reading without its id, for comparing what a reader would see.
    public var content: ReadingContent {
        ReadingContent(startedOn: startedOn, finishedOn: finishedOn, outcome: outcome, origin: origin)
    }
}

/// A reading's visible content.
public struct ReadingContent: Hashable, Sendable, Comparable {
    public var startedOn: LocalDate?
    public var finishedOn: LocalDate?
    public var outcome: Reading.Outcome
    public var origin: Reading.Origin

    public static func < (lhs: Self, rhs: Self) -> Bool {
        func key(_ r: Self) -> (Int, Int, String, String) {
            (r.finishedOn?.dayNumber ?? Int.max, r.startedOn?.dayNumber ?? Int.max, r.outcome.rawValue, r.origin.description)
        }
        return key(lhs) < key(rhs)
    }
}
