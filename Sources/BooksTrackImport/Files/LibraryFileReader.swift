import BooksTrackCore
import Foundation

/// Reads an export file of any supported format, detecting the format from the content.
///
/// The checks run before anything is parsed: size, emptiness, known binary formats (images,
/// archives, spreadsheets, PDFs), text encoding (UTF-8 with or without a byte-order mark, or
/// UTF-16 with one). A refused file produces one ``ImportFileError``.
public enum LibraryFileReader {
    /// The largest file accepted: 50 MB (SPEC §6).
    public static let sizeLimit = 50 * 1_048_576

    /// Reads and parses the file at a path. The size is checked before the file is read.
    public static func read(fileAt path: String, today: LocalDate) throws(ImportFileError) -> ImportBatch {
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch {
            throw .unreadable(FileManager.default.fileExists(atPath: path) ? "permission denied" : "there is no file at \(path)")
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory { throw .unreadable("\(path) is a folder, not a file") }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        if size > sizeLimit { throw .tooLarge(bytes: size, limit: sizeLimit) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable("permission denied") }
        return try read(bytes: [UInt8](data), today: today)
    }

    /// Parses the bytes of an export.
    public static func read(bytes: [UInt8], today: LocalDate) throws(ImportFileError) -> ImportBatch {
        if bytes.count > sizeLimit { throw .tooLarge(bytes: bytes.count, limit: sizeLimit) }
        if let (kind, advice) = FileSignature.knownBinary(bytes) { throw .notAnExport(kind: kind, advice: advice) }
        let text = try FileSignature.utf8Text(bytes)
        guard let first = text.first(where: { !FileSignature.isWhitespace($0) }) else { throw .empty }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return try readJSON(text, today: today)
        }
        return try readDelimited(text, today: today)
    }

    private static func readJSON(_ bytes: [UInt8], today: LocalDate) throws(ImportFileError) -> ImportBatch {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: Data(bytes)) } catch { throw .unreadableJSON(jsonProblem(error)) }
        if let object = json as? [String: Any], object["format"] as? String == BackupDocument.formatName {
            let version = object["version"] as? Int ?? 0
            guard version == BackupDocument.currentVersion else { throw .unsupportedBackupVersion(version) }
            do { return BackupParser(document: try BackupDocument.decode(Data(bytes))).parse() } catch {
                throw .unreadableJSON(decodingProblem(error))
            }
        }
        guard let books = LibraryThingJSONParser.books(in: json) else { throw .unrecognisedJSON }
        return LibraryThingJSONParser(books: books, today: today).parse()
    }

    private static func readDelimited(_ bytes: [UInt8], today: LocalDate) throws(ImportFileError) -> ImportBatch {
        let headerEnd = bytes.firstIndex(where: { $0 == 10 || $0 == 13 }) ?? bytes.endIndex
        let headerLine = bytes[..<headerEnd]
        let tabs = headerLine.filter { $0 == 9 }.count
        let commas = headerLine.filter { $0 == UInt8(ascii: ",") }.count
        let isTSV = tabs > commas
        let result: CSVTokenizer.Result
        do { result = try CSVTokenizer.tokenize(bytes, delimiter: isTSV ? 9 : UInt8(ascii: ","), quoting: !isTSV) } catch {
            if case .unterminatedQuote(let line) = error { throw .truncated(line: line) }
            throw .binary
        }
        var table = CSVTable(result: result)
        var fileWarnings: [ImportWarning] = []
        let format: ImportFormat
        do throws(ImportFileError) {
            format = try detectFormat(table, isTSV: isTSV)
        } catch {
            // A Goodreads export whose header row was removed (edited in a spreadsheet).
            guard !isTSV, let header = GoodreadsLayout.header(forHeaderless: result.rows) else { throw error }
            var withHeader = result
            withHeader.rows.insert(CSVTokenizer.Row(line: 0, fields: header, invalidUTF8Fields: []), at: 0)
            table = CSVTable(result: withHeader)
            format = .goodreads
            fileWarnings.append(
                ImportWarning(
                    "The file has no header row, but its \(header.count) columns are laid out as a Goodreads export’s: it was read with Goodreads’ column names. Check the report."
                ))
        }
        guard !table.rows.isEmpty else { throw .noRows(format) }
        if !table.endsWithNewline, let last = table.rows.last, last.fields.count < table.headers.count {
            throw .truncated(line: last.line)
        }
        var batch: ImportBatch
        switch format {
        case .goodreads: batch = GoodreadsParser(table: table, today: today).parse()
        case .storyGraph: batch = StoryGraphParser(table: table, today: today).parse()
        case .bookWyrm, .openreads, .calibre: batch = MoreTrackersParser(table: table, format: format, today: today).parse()
        default: batch = LibraryThingParser(table: table, format: format, today: today).parse()
        }
        batch.fileWarnings = fileWarnings + batch.fileWarnings
        return batch
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

    private static func jsonProblem(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("end of") || text.localizedCaseInsensitiveContains("unexpected end") {
            return "it ends too early"
        }
        return "it is not valid JSON"
    }

    private static func decodingProblem(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "“\(key.stringValue)” is missing at \(path(context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        default:
            return "it does not follow the backup format"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
