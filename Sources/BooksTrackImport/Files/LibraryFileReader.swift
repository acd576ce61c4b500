import BooksTrackCore
import Foundation

/// Reads an export file of any supported format, detecting the format from the content.
///
/// The checks run before anything is parsed: size, emptiness, known binary formats (images,
/// archives, spreadsheets, PDFs), text encoding (UTF-8 with or without a byte-order mark, or
/// UTF-16 with one). A refused file produces one ``ImportFileError``.
///
/// A gzip-compressed file is decompressed as it is read, whatever is inside. A BooksTrack backup
/// is streamed: entries are read one at a time, so neither the file nor its parsed JSON is ever
/// whole in memory (a 100,000-book backup is over 100 MB).
public enum LibraryFileReader {
    /// The largest upload a server accepts unless its owner sets another (SPEC §6): 50 MB.
    public static let sizeLimit = 50 * 1_048_576

    /// How many times its size a compressed backup may grow when decompressed: a 50 MB limit
    /// lets a backup of a million books through (it is streamed, never whole in memory), and stops
    /// a "zip bomb". Any other compressed file is read whole, so it may grow only to the limit
    /// itself: a 79 KB file cannot make the server hold 80 MB.
    public static let decompressionFactor = 20

    /// Reads and parses the file at a path. `limit` (none from the command line) is checked
    /// against the file's size before anything is read.
    public static func read(fileAt path: String, today: LocalDate, limit: Int? = sizeLimit) throws(ImportFileError)
        -> ImportBatch
    {
        try open(fileAt: path, today: today, limit: limit).batch
    }

    /// Parses the bytes of an export (an upload); `limit` is the server's upload limit.
    public static func read(bytes: [UInt8], today: LocalDate, limit: Int? = sizeLimit) throws(ImportFileError)
        -> ImportBatch
    {
        try open(bytes: bytes, today: today, limit: limit).batch
    }

    /// Opens the file at a path for import: a CSV or TSV export's records are made when asked
    /// for (a chunk at a time), anything else is parsed at once.
    public static func open(fileAt path: String, today: LocalDate, limit: Int? = sizeLimit) throws(ImportFileError)
        -> ImportFile
    {
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch {
            throw .unreadable(FileManager.default.fileExists(atPath: path) ? "permission denied" : "there is no file at \(path)")
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory { throw .unreadable("\(path) is a folder, not a file") }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        if let limit, size > limit { throw .tooLarge(bytes: size, limit: limit) }
        return try read(
            opening: { () throws(ImportFileError) -> any ByteChunks in try FileChunks(path: path) }, size: size,
            today: today, limit: limit)
    }

    /// Opens the bytes of an export (an upload) for import; `limit` is the server's upload limit.
    public static func open(bytes: [UInt8], today: LocalDate, limit: Int? = sizeLimit) throws(ImportFileError)
        -> ImportFile
    {
        if let limit, bytes.count > limit { throw .tooLarge(bytes: bytes.count, limit: limit) }
        return try read(
            opening: { () throws(ImportFileError) -> any ByteChunks in MemoryChunks(bytes) }, size: bytes.count,
            today: today, limit: limit)
    }

    /// Reads a file from its pieces; `open` starts again from the beginning (a file that turns
    /// out not to be a backup is read a second time, whole).
    private static func read(
        opening open: @escaping () throws(ImportFileError) -> any ByteChunks, size: Int, today: LocalDate, limit: Int?
    ) throws(ImportFileError) -> ImportFile {
        var (head, rest) = try Self.head(of: try open())
        var reopen: () throws(ImportFileError) -> any ByteChunks = open
        let compressed = Gzip.isCompressed(head)
        if compressed {
            reopen = { () throws(ImportFileError) -> any ByteChunks in LimitedChunks(InflatingChunks(try open()), limit: limit) }
            (head, rest) = try Self.head(
                of: PrefixedChunks(head, rest: rest).inflated(limit: limit.map { $0 * decompressionFactor }))
        }
        if head.isEmpty { throw .empty }
        if let (kind, advice) = FileSignature.knownBinary(head) { throw .notAnExport(kind: kind, advice: advice) }
        let text = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
        let first = text.first(where: { !FileSignature.isWhitespace($0) })
        if first == UInt8(ascii: "{"), !text.contains(0),
            let batch = try BackupStreamReader.read(PrefixedChunks(text, rest: rest))
        {
            return .batch(batch)
        }
        // KOReader's reading statistics: an SQLite database, read whole.
        if KOReaderStatistics.isSQLite(head) {
            var bytes: [UInt8] = []
            var whole = try reopen()
            while let chunk = try whole.next() { bytes += chunk }
            return .batch(try KOReaderStatistics.read(bytes: bytes))
        }
        // Not a backup: the whole file, as text, unless its start already shows it is not text.
        let utf16 = head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF])
        if !utf16, head.contains(0) { throw .binary }
        var bytes: [UInt8] = []
        // Sized once (a file that is not compressed): grown by doubling, a 10 MB file took 16 MB,
        // held through the whole import.
        if !compressed { bytes.reserveCapacity(size) }
        var whole = try reopen()
        while let chunk = try whole.next() { bytes += chunk }
        return try read(text: bytes, today: today)
    }

    /// The first 64 KB (or all) of a file, and the source of the rest.
    private static func head(of source: any ByteChunks) throws(ImportFileError) -> ([UInt8], any ByteChunks) {
        var source = source
        var head: [UInt8] = []
        while head.count < 65_536, let chunk = try source.next() { head += chunk }
        return (head, source)
    }

    /// Reads a whole file held in memory.
    private static func read(text bytes: [UInt8], today: LocalDate) throws(ImportFileError) -> ImportFile {
        if let (kind, advice) = FileSignature.knownBinary(bytes) { throw .notAnExport(kind: kind, advice: advice) }
        let text = try FileSignature.utf8Text(bytes)
        guard let first = text.first(where: { !FileSignature.isWhitespace($0) }) else { throw .empty }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return .batch(try readJSON(text, today: today))
        }
        return .records(try DelimitedRecords(text: text, today: today))
    }

    private static func readJSON(_ bytes: [UInt8], today: LocalDate) throws(ImportFileError) -> ImportBatch {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: Data(bytes)) } catch { throw .unreadableJSON(jsonProblem(error)) }
        if let object = json as? [String: Any], object["format"] as? String == BackupDocument.formatName {
            let version = object["version"] as? Int ?? 0
            guard version == BackupDocument.currentVersion else { throw .unsupportedBackupVersion(version) }
            do { return BackupParser.parse(try BackupDocument.decode(Data(bytes))) } catch {
                throw .unreadableJSON(decodingProblem(error))
            }
        }
        guard let books = LibraryThingJSONParser.books(in: json) else { throw .unrecognisedJSON }
        return LibraryThingJSONParser(books: books, today: today).parse()
    }

    /// Recognises an export by its header's column names.
    static func detectFormat(_ table: CSVTable, isTSV: Bool) throws(ImportFileError) -> ImportFormat {
        if table.has("Primary Author") || (table.has("Book Id") && table.has("Collections")) {
            return isTSV ? .libraryThingTSV : .libraryThingCSV
        }
        if table.has("Exclusive Shelf") || (table.has("Book Id") && table.has("Title") && table.has("Author"))
            || (table.has("Author l-f") && table.has("Title"))
        {
            return .goodreads
        }
        if table.has("Read Status") && (table.has("ISBN/UID") || table.has("Authors")) { return .storyGraph }
        if table.has("author_text") && (table.has("remote_id") || table.has("shelf")) { return .bookWyrm }
        if table.has("olid") && (table.has("readings") || table.has("my_review") || table.has("book_format")) {
            return .openreads
        }
        if table.has("author_sort") && table.has("uuid") && table.has("identifiers") { return .calibre }
        throw .unrecognisedColumns(table.headers.filter { !$0.isEmpty })
    }

    static func jsonProblem(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("end of") || text.localizedCaseInsensitiveContains("unexpected end") {
            return "it ends too early"
        }
        return "it is not valid JSON"
    }

    static func decodingProblem(_ error: any Error, at prefix: [String] = []) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "“\(key.stringValue)” is missing at \(path(prefix, context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(prefix, context.codingPath))"
        default:
            return "it does not follow the backup format"
        }
    }

    private static func path(_ prefix: [String], _ keys: [any CodingKey]) -> String {
        let parts = prefix + keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return parts.isEmpty ? "the top level" : parts.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }
}

/// An export opened for import: a CSV or TSV file's records made a chunk at a time, a JSON file
/// (a backup, LibraryThing's JSON) parsed whole.
public enum ImportFile: Sendable {
    case records(any ImportRecordSource)
    case batch(ImportBatch)

    /// Every record at once.
    public var batch: ImportBatch {
        switch self {
        case .records(let source): source.batch()
        case .batch(let batch): batch
        }
    }
}
