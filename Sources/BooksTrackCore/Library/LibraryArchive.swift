import Foundation

/// A reader's books written down compactly — the entries, their works and editions, the bulk of
/// a kept library — so a process that does not keep the library yet starts from them rather than
/// from the database's joins: at 100,000 books the joins and their rows take ~1.5 s, the archive
/// a tenth of that (issue 42). The rest of a library (the reader, authors, sessions, goals) is
/// small and is read as usual; what changed since the archive's version is patched on from the
/// change log, as a kept library is.
///
/// The bytes are positional and versioned by ``format``: every text once in a table (a shelf, a
/// publisher, a genre list repeated by thousands of books is kept once, in the bytes and in
/// memory), numbers as variable-length integers, identifiers as their 16 bytes. Bytes that do not
/// read back whole are refused (``Damaged``), never half read: the library is then read from
/// the database.
public enum LibraryArchive {
    /// The layout's version: an archive of another is not read (2: the authors the works name
    /// listed first, and the works and editions apart, to be read at once).
    public static let format = 2

    /// What an archive holds.
    public struct Books: Sendable, Equatable {
        public var entries: [LibraryEntry]
        public var works: DenseDictionary<Work.ID, Work>
        public var editions: DenseDictionary<Edition.ID, Edition>
        /// Every author the works name (as authors or contributors), each once, in order: what a
        /// reader of the archive reads from the database beside it, before the works are read.
        public var authorIDs: [Author.ID]

        public init(
            entries: [LibraryEntry], works: DenseDictionary<Work.ID, Work>, editions: DenseDictionary<Edition.ID, Edition>
        ) {
            self.entries = entries
            self.works = works
            self.editions = editions
            authorIDs = Self.authors(of: works)
        }

        init(
            entries: [LibraryEntry], works: DenseDictionary<Work.ID, Work>, editions: DenseDictionary<Edition.ID, Edition>,
            authorIDs: [Author.ID]
        ) {
            self.entries = entries
            self.works = works
            self.editions = editions
            self.authorIDs = authorIDs
        }

        static func authors(of works: DenseDictionary<Work.ID, Work>) -> [Author.ID] {
            var ids = Set<Author.ID>()
            for work in works.values { ids.formUnion(work.namedAuthorIDs) }
            return ids.sorted()
        }

        /// The library's entries and the works and editions they reach (a kept library may hold
        /// a few that no entry reaches any more, until it drops them).
        public init(_ library: ReaderLibrary) {
            entries = library.entries
            works = [:]
            editions = [:]
            works.reserveCapacity(entries.count)
            editions.reserveCapacity(entries.count)
            for entry in entries {
                works[entry.workID] = library.works[entry.workID]
                if let id = entry.editionID { editions[id] = library.editions[id] }
            }
            authorIDs = Self.authors(of: works)
        }
    }

    /// Bytes that are not an archive of this format for this reader, or end early.
    public struct Damaged: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { "The library archive cannot be read: \(reason)." }
    }

    static let magic: [UInt8] = Array("BTLA".utf8)

    /// The books of `userID` as bytes.
    public static func encode(_ books: Books, of userID: User.ID) -> [UInt8] {
        var body = Writer()
        body.integer(books.entries.count)
        for entry in books.entries { body.entry(entry) }
        // The works, then the editions, after the entries: where a reader of the archive can
        // start each at once.
        let entriesLength = body.bytes.count
        body.integer(books.works.count)
        for work in books.works.values { body.work(work) }
        let worksLength = body.bytes.count - entriesLength
        body.integer(books.editions.count)
        for edition in books.editions.values { body.edition(edition) }

        var head = Writer()
        head.bytes.append(contentsOf: magic)
        head.integer(format)
        head.id(userID)
        head.integer(books.authorIDs.count)
        for author in books.authorIDs { head.id(author) }
        head.integer(body.texts.count)
        for text in body.texts {
            head.integer(text.utf8.count)
            head.bytes.append(contentsOf: text.utf8)
        }
        head.integer(body.lists.count)
        for list in body.lists {
            head.integer(list.count)
            for index in list { head.integer(index) }
        }
        head.integer(entriesLength)
        head.integer(worksLength)
        return head.bytes + body.bytes
    }

    /// The books an archive of `userID` holds; ``Damaged`` unless every byte reads back. The
    /// entries, the works and the editions are read at once (the entries and the editions
    /// together are about as much work as the works).
    public static func decode(_ bytes: [UInt8], of userID: User.ID) async throws -> Books {
        let layout = try bytes.withUnsafeBytes { try Layout(reading: $0, of: userID, tables: true) }
        async let entries = bytes.withUnsafeBytes { bytes in
            var reader = Reader(bytes: bytes, layout.entries, tables: layout.tables)
            return try reader.entries(of: userID)
        }
        async let works = bytes.withUnsafeBytes { bytes in
            var reader = Reader(bytes: bytes, layout.works, tables: layout.tables)
            return try reader.works()
        }
        async let editions = bytes.withUnsafeBytes { bytes in
            var reader = Reader(bytes: bytes, layout.editions, tables: layout.tables)
            return try reader.editions()
        }
        let (readEntries, readWorks, readEditions) = try await (entries, works, editions)
        return Books(entries: readEntries, works: readWorks, editions: readEditions, authorIDs: layout.authorIDs)
    }

    /// The authors the works of an archive of `userID` name (``Books/authorIDs``), read from
    /// its first bytes alone: the caller can read them from the database while the rest is
    /// decoded. ``Damaged`` when the bytes are not an archive of this format for this reader.
    public static func authorIDs(in bytes: [UInt8], of userID: User.ID) throws -> [Author.ID] {
        try bytes.withUnsafeBytes { try Layout(reading: $0, of: userID, tables: false).authorIDs }
    }

    /// The authors, texts and lists every part of an archive names, and where its parts are.
    struct Layout: Sendable {
        var authorIDs: [Author.ID] = []
        var tables = Tables()
        var entries = 0..<0
        var works = 0..<0
        var editions = 0..<0

        /// Reads the head of an archive; without `tables`, only as far as the authors.
        init(reading bytes: UnsafeRawBufferPointer, of userID: User.ID, tables readingTables: Bool) throws {
            var reader = Reader(bytes: bytes, 0..<bytes.count, tables: Tables())
            guard reader.take(magic.count).elementsEqual(magic) else { throw Damaged(reason: "not an archive") }
            guard try reader.integer() == format else { throw Damaged(reason: "another format") }
            guard try reader.id() as User.ID == userID else { throw Damaged(reason: "another reader's") }
            let authors = try reader.count(each: 16)
            authorIDs.reserveCapacity(authors)
            for _ in 0..<authors { authorIDs.append(try reader.id()) }
            guard readingTables else { return }
            try reader.readTables()
            tables = reader.tables
            let (entriesLength, worksLength) = (try reader.count(), try reader.count())
            guard entriesLength + worksLength <= bytes.count - reader.offset else { throw Damaged(reason: "a part past the end") }
            entries = reader.offset..<reader.offset + entriesLength
            works = entries.upperBound..<entries.upperBound + worksLength
            editions = works.upperBound..<bytes.count
        }
    }

    struct Tables: Sendable {
        var texts: [String] = []
        var lists: [[String]] = []
    }
}

// MARK: - Writing

extension LibraryArchive {
    struct Writer {
        var bytes: [UInt8] = []
        /// Every text written, once, by its position.
        private(set) var texts: [String] = []
        private var textIndex: [String: Int] = [:]
        /// Every list of texts written, once, as positions in `texts`.
        private(set) var lists: [[Int]] = []
        private var listIndex: [[String]: Int] = [:]

        mutating func integer(_ value: Int) {
            // Zig-zag, so small negative numbers stay short, then seven bits a byte.
            var rest = UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)
            while rest >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        /// `nil` as a 0 byte, a number as a 1 byte and the number.
        mutating func optional(_ value: Int?) {
            flag(value != nil)
            if let value { integer(value) }
        }

        mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

        mutating func id<Owner>(_ id: TypedID<Owner>) {
            let (high, low) = id.bits
            withUnsafeBytes(of: high.bigEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: low.bigEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func optionalID<Owner>(_ id: TypedID<Owner>?) {
            flag(id != nil)
            if let id { self.id(id) }
        }

        mutating func instant(_ date: Date) {
            withUnsafeBytes(of: date.timeIntervalSinceReferenceDate.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func day(_ day: LocalDate?) {
            optional(day.map { $0.year * 512 + $0.month * 32 + $0.day })
        }

        private mutating func position(of text: String) -> Int {
            if let kept = textIndex[text] { return kept }
            texts.append(text)
            textIndex[text] = texts.count - 1
            return texts.count - 1
        }

        mutating func text(_ text: String) { integer(position(of: text)) }

        mutating func text(_ text: String?) { optional(text.map { position(of: $0) }) }

        mutating func list(_ list: [String]) {
            if let kept = listIndex[list] { return integer(kept) }
            lists.append(list.map { position(of: $0) })
            listIndex[list] = lists.count - 1
            integer(lists.count - 1)
        }

        mutating func entry(_ entry: LibraryEntry) {
            id(entry.id)
            id(entry.workID)
            optionalID(entry.editionID)
            instant(entry.createdAt)
            instant(entry.updatedAt)
            let state = entry.state
            text(state.status.rawValue)
            optional(state.rating?.quarters)
            flag(state.owned)
            day(state.addedOn)
            optional(state.readCount)
            optional(state.currentPage)
            list(state.shelves)
            text(state.review)
            text(state.notes)
            integer(state.readings.count)
            for reading in state.readings {
                id(reading.id)
                day(reading.startedOn)
                day(reading.finishedOn)
                text(reading.outcome.rawValue)
                text(reading.origin.description)
            }
            integer(state.extras.count)
            for (key, value) in state.extras.sorted(by: { $0.key < $1.key }) {
                text(key)
                text(value)
            }
        }

        mutating func work(_ work: Work) {
            id(work.id)
            text(work.title)
            integer(work.authorIDs.count)
            for author in work.authorIDs { id(author) }
            integer(work.contributors.count)
            for contributor in work.contributors {
                id(contributor.authorID)
                text(contributor.role.rawValue)
            }
            text(work.originalLanguage?.code)
            optional(work.firstPublishedYear)
            list(work.genres)
            text(work.ownVoices?.rawValue)
            list(work.accessibilityTags)
            integer(work.identifiers.count)
            for identifier in work.identifiers {
                text(identifier.scheme.rawValue)
                text(identifier.value)
            }
        }

        mutating func edition(_ edition: Edition) {
            id(edition.id)
            id(edition.workID)
            let details = edition.details
            text(details.isbn10)
            text(details.isbn13)
            text(details.publisher)
            optional(details.year)
            optional(details.pageCount)
            text(details.format?.rawValue)
            text(details.binding)
            text(details.language?.code)
        }
    }
}

// MARK: - Reading

extension LibraryArchive {
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset: Int
        /// Where the part read ends.
        let end: Int
        var tables: Tables
        /// Values named by a text, each made once (`LanguageCode(lenient:)` trims and searches
        /// tables; an enumeration compares strings).
        var languages = NamedValues<LanguageCode>()
        var statuses = NamedValues<ReadingStatus>()
        var outcomes = NamedValues<Reading.Outcome>()
        var origins = NamedValues<Reading.Origin>()
        var roles = NamedValues<ContributorRole>()
        var answers = NamedValues<YesNo>()
        var schemes = NamedValues<ExternalID.Scheme>()
        var formats = NamedValues<BookFormat>()

        init(bytes: UnsafeRawBufferPointer, _ part: Range<Int>, tables: Tables) {
            self.bytes = bytes
            offset = part.lowerBound
            end = part.upperBound
            self.tables = tables
        }

        var isAtEnd: Bool { offset == end }

        mutating func take(_ count: Int) -> UnsafeRawBufferPointer.SubSequence {
            let end = min(offset + count, self.end)
            defer { offset = end }
            return bytes[offset..<end]
        }

        mutating func byte() throws -> UInt8 {
            guard offset < end else { throw Damaged(reason: "it ends early") }
            defer { offset += 1 }
            return bytes[offset]
        }

        private mutating func unsigned() throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try byte()
                guard shift < 64 else { throw Damaged(reason: "a number too long") }
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }

        private static func unzigzag(_ value: UInt64) -> Int {
            Int(Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1))
        }

        mutating func integer() throws -> Int { Self.unzigzag(try unsigned()) }

        /// A count of things that follow, each at least `size` bytes long: never more than the
        /// bytes left hold, so a damaged count cannot make the reader reserve room for millions.
        mutating func count(each size: Int = 1) throws -> Int {
            let count = try integer()
            guard count >= 0, count <= (end - offset) / size else { throw Damaged(reason: "a count past the end") }
            return count
        }

        mutating func optional() throws -> Int? { try flag() ? try integer() : nil }

        mutating func flag() throws -> Bool {
            switch try byte() {
            case 0: return false
            case 1: return true
            default: throw Damaged(reason: "an unknown flag")
            }
        }

        private mutating func word() throws -> UInt64 {
            guard end - offset >= 8 else { throw Damaged(reason: "it ends early") }
            defer { offset += 8 }
            return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }

        mutating func id<Owner>() throws -> TypedID<Owner> { TypedID(bits: (try word(), try word())) }

        mutating func optionalID<Owner>() throws -> TypedID<Owner>? { try flag() ? try id() : nil }

        mutating func instant() throws -> Date { Date(timeIntervalSinceReferenceDate: Double(bitPattern: try word())) }

        mutating func day() throws -> LocalDate? {
            guard let packed = try optional() else { return nil }
            guard let day = LocalDate(year: packed / 512, month: packed / 32 % 16, day: packed % 32) else {
                throw Damaged(reason: "an impossible day")
            }
            return day
        }

        mutating func readTables() throws {
            let textCount = try count()
            tables.texts.reserveCapacity(textCount)
            for _ in 0..<textCount {
                let length = try count()
                let text = UnsafeRawBufferPointer(rebasing: take(length))
                tables.texts.append(String(decoding: text.assumingMemoryBound(to: UInt8.self), as: UTF8.self))
            }
            let listCount = try count()
            tables.lists.reserveCapacity(listCount)
            for _ in 0..<listCount {
                let length = try count()
                var list: [String] = []
                list.reserveCapacity(length)
                for _ in 0..<length { list.append(try text()) }
                tables.lists.append(list)
            }
        }

        mutating func entries(of userID: User.ID) throws -> [LibraryEntry] {
            // An entry is at least two identifiers and two instants.
            let count = try count(each: 48)
            var entries: [LibraryEntry] = []
            entries.reserveCapacity(count)
            for _ in 0..<count { entries.append(try entry(of: userID)) }
            guard isAtEnd else { throw Damaged(reason: "bytes after the entries") }
            return entries
        }

        mutating func works() throws -> DenseDictionary<Work.ID, Work> {
            var works: DenseDictionary<Work.ID, Work> = [:]
            let count = try count(each: 16)
            works.reserveCapacity(count)
            // Each value made straight into its slot: a work bound first and then stored was
            // copied in and destroyed, a retain and a release of each of its texts and lists.
            for _ in 0..<count {
                let id: Work.ID = try id()
                works[id] = try work(id)
            }
            guard isAtEnd else { throw Damaged(reason: "bytes after the works") }
            return works
        }

        mutating func editions() throws -> DenseDictionary<Edition.ID, Edition> {
            var editions: DenseDictionary<Edition.ID, Edition> = [:]
            let count = try count(each: 32)
            editions.reserveCapacity(count)
            for _ in 0..<count {
                let id: Edition.ID = try id()
                editions[id] = try edition(id)
            }
            guard isAtEnd else { throw Damaged(reason: "bytes after the end") }
            return editions
        }

        private mutating func position() throws -> Int {
            let at = try integer()
            guard tables.texts.indices.contains(at) else { throw Damaged(reason: "a text out of the table") }
            return at
        }

        /// A text's position, or `nil` (an absent text).
        private mutating func optionalPosition() throws -> Int? {
            guard let at = try optional() else { return nil }
            guard tables.texts.indices.contains(at) else { throw Damaged(reason: "a text out of the table") }
            return at
        }

        mutating func text() throws -> String { tables.texts[try position()] }

        mutating func optionalText() throws -> String? {
            guard let at = try optionalPosition() else { return nil }
            return tables.texts[at]
        }

        mutating func list() throws -> [String] {
            let at = try integer()
            guard tables.lists.indices.contains(at) else { throw Damaged(reason: "a list out of the table") }
            return tables.lists[at]
        }

        mutating func status() throws -> ReadingStatus {
            let at = try position()
            return try statuses.value(at, tables.texts, ReadingStatus.init(rawValue:))
        }

        mutating func outcome() throws -> Reading.Outcome {
            let at = try position()
            return try outcomes.value(at, tables.texts, Reading.Outcome.init(rawValue:))
        }

        mutating func origin() throws -> Reading.Origin {
            let at = try position()
            return try origins.value(at, tables.texts, Reading.Origin.init)
        }

        mutating func role() throws -> ContributorRole {
            let at = try position()
            return try roles.value(at, tables.texts, ContributorRole.init(rawValue:))
        }

        mutating func scheme() throws -> ExternalID.Scheme {
            let at = try position()
            return try schemes.value(at, tables.texts, ExternalID.Scheme.init(rawValue:))
        }

        mutating func answer() throws -> YesNo? {
            guard let at = try optionalPosition() else { return nil }
            return try answers.value(at, tables.texts, YesNo.init(rawValue:))
        }

        mutating func format() throws -> BookFormat? {
            guard let at = try optionalPosition() else { return nil }
            return try formats.value(at, tables.texts, BookFormat.init(rawValue:))
        }

        mutating func language() throws -> LanguageCode? {
            guard let at = try optionalPosition() else { return nil }
            return try languages.value(at, tables.texts, LanguageCode.init(lenient:))
        }

        mutating func entry(of userID: User.ID) throws -> LibraryEntry {
            let (entryID, workID, editionID): (LibraryEntry.ID, Work.ID, Edition.ID?) = (
                try id(), try id(), try optionalID()
            )
            let (createdAt, updatedAt) = (try instant(), try instant())
            var state = EntryState(status: try status())
            if let quarters = try optional() {
                guard let rating = Rating(quarters: quarters) else { throw Damaged(reason: "an impossible rating") }
                state.rating = rating
            }
            state.owned = try flag()
            state.addedOn = try day()
            state.readCount = try optional()
            state.currentPage = try optional()
            // Kept as the library had them (already in order): not sorted again.
            state.shelves = try list()
            state.review = try optionalText()
            state.notes = try optionalText()
            let readings = try count(each: 16)
            state.readings.reserveCapacity(readings)
            for _ in 0..<readings {
                state.readings.append(
                    Reading(
                        id: try id(), startedOn: try day(), finishedOn: try day(),
                        outcome: try outcome(), origin: try origin()))
            }
            let extras = try count()
            if extras > 0 {
                state.extras.reserveCapacity(extras)
                for _ in 0..<extras {
                    let key = try text()
                    state.extras[key] = try text()
                }
            }
            return LibraryEntry(
                id: entryID, userID: userID, workID: workID, editionID: editionID, state: state, createdAt: createdAt,
                updatedAt: updatedAt)
        }

        /// The work written after its identifier (read by the caller).
        mutating func work(_ workID: Work.ID) throws -> Work {
            var work = Work(id: workID, title: try text(), authorIDs: [])
            let authors = try count(each: 16)
            work.authorIDs.reserveCapacity(authors)
            for _ in 0..<authors { work.authorIDs.append(try id()) }
            let contributors = try count(each: 16)
            for _ in 0..<contributors {
                work.contributors.append(Contributor(authorID: try id(), role: try role()))
            }
            work.originalLanguage = try language()
            work.firstPublishedYear = try optional()
            work.genres = try list()
            work.ownVoices = try answer()
            work.accessibilityTags = try list()
            let identifiers = try count()
            work.identifiers.reserveCapacity(identifiers)
            for _ in 0..<identifiers {
                work.identifiers.append(ExternalID(try scheme(), try text()))
            }
            return work
        }

        /// The edition written after its identifier (read by the caller).
        mutating func edition(_ editionID: Edition.ID) throws -> Edition {
            let workID: Work.ID = try id()
            return Edition(
                id: editionID, workID: workID,
                details: EditionDetails(
                    isbn10: try optionalText(), isbn13: try optionalText(), publisher: try optionalText(),
                    year: try optional(), pageCount: try optional(),
                    format: try format(), binding: try optionalText(),
                    language: try language()))
        }
    }

    /// The values an archive names by text, by the text's position. An archive names few of each
    /// kind (five statuses, a few dozen languages), so they are found by a walk over the
    /// positions met so far, not hashed once per book.
    struct NamedValues<Value> {
        private var positions: [Int] = []
        private var values: [Value] = []

        /// The value the text at `position` names, made by `make` the first time.
        mutating func value(_ position: Int, _ texts: [String], _ make: (String) -> Value?) throws -> Value {
            if let known = positions.firstIndex(of: position) { return values[known] }
            guard let value = make(texts[position]) else { throw Damaged(reason: "an unknown name") }
            positions.append(position)
            values.append(value)
            return value
        }
    }
}
