import BooksTrackCore
import Dispatch
import Synchronization

/// A CSV or TSV export whose records are made a chunk at a time, as often as asked (see
/// ``ImportRecordSource``): only the file's text and where each row starts are held. Opening it
/// reads the file once without making a single field (where rows start, how many fields the last
/// one has), so a cut-off file or one with no rows is refused before anything is imported.
public struct DelimitedRecords: ImportRecordSource {
    public let format: ImportFormat
    public let fileWarnings: [ImportWarning]
    private let text: [UInt8]
    private let delimiter: UInt8
    private let quoting: Bool
    /// Where each data row starts.
    private let starts: [CSVTokenizer.RowStart]
    private let makeRecord: @Sendable (CSVTokenizer.Row, Int) -> ImportRecord

    public var count: Int { starts.count }

    /// Recognises the file's format from its header (or, with none, from its rows' shape).
    init(text: [UInt8], today: LocalDate) throws(ImportFileError) {
        self.text = text
        let headerEnd = text.firstIndex(where: { $0 == 10 || $0 == 13 }) ?? text.endIndex
        let headerLine = text[..<headerEnd]
        let isTSV = headerLine.filter { $0 == 9 }.count > headerLine.filter { $0 == UInt8(ascii: ",") }.count
        delimiter = isTSV ? 9 : UInt8(ascii: ",")
        quoting = !isTSV
        var starts: [CSVTokenizer.RowStart] = []
        var scanner = CSVTokenizer.RowScanner(bytes: text, delimiter: delimiter, quoting: quoting)
        var lastRow: (line: Int, fields: Int)?
        var first: [CSVTokenizer.Row] = []
        do throws(CSVTokenizer.Failure) {
            while true {
                let start = scanner.position
                // The header and the first rows are read whole: they say what the file is.
                guard let row = try scanner.next(decode: first.count < 51) else { break }
                if first.count < 51 { first.append(row) }
                starts.append(start)
                lastRow = (row.line, scanner.fieldCount)
            }
        } catch {
            guard case .unterminatedQuote(let line) = error else { throw .binary }
            throw .truncated(line: line)
        }
        var warnings: [ImportWarning] = []
        var table = CSVTable(header: first.first?.fields ?? [])
        let format: ImportFormat
        do throws(ImportFileError) {
            format = try LibraryFileReader.detectFormat(table, isTSV: isTSV)
            starts.removeFirst()
        } catch {
            // A Goodreads export whose header row was removed (edited in a spreadsheet).
            guard !isTSV, let header = GoodreadsLayout.header(forHeaderless: first) else { throw error }
            table = CSVTable(header: header)
            format = .goodreads
            warnings.append(
                ImportWarning(
                    "The file has no header row, but its \(header.count) columns are laid out as a Goodreads export’s: it was read with Goodreads’ column names. Check the report."
                ))
        }
        guard !starts.isEmpty else { throw .noRows(format) }
        if !scanner.endsWithNewline, let lastRow, lastRow.fields < table.headers.count {
            throw .truncated(line: lastRow.line)
        }
        self.format = format
        self.starts = starts
        switch format {
        case .goodreads:
            let parser = GoodreadsParser(table: table, today: today)
            let (extras, carries) = (parser.extraColumns, parser.carries)
            makeRecord = { parser.record($0, number: $1, extras: extras, carries: carries) }
            warnings += parser.fileWarnings
        case .storyGraph:
            let parser = StoryGraphParser(table: table, today: today)
            makeRecord = { parser.record($0, number: $1) }
        case .bookWyrm, .openreads, .calibre:
            let parser = MoreTrackersParser(table: table, format: format, today: today)
            makeRecord = { parser.record($0, number: $1) }
        default:
            let parser = LibraryThingParser(table: table, format: format, today: today)
            makeRecord = { parser.record($0, number: $1) }
        }
        fileWarnings = warnings
    }

    public func chunks(of size: Int) -> any ImportRecordChunks { Chunks(self, size: max(1, size)) }

    /// The records of rows `range` (numbered from 1 in the report), made on both cores when
    /// there are many.
    func records(rows range: Range<Int>) -> [ImportRecord] {
        let part = 512
        guard range.count > part * 2 else { return records(sequentially: range) }
        let parts = (range.count + part - 1) / part
        let results = Mutex<[[ImportRecord]]>(Array(repeating: [], count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { index in
            let lower = range.lowerBound + index * part
            let made = records(sequentially: lower..<min(range.upperBound, lower + part))
            results.withLock { $0[index] = made }
        }
        var all: [ImportRecord] = []
        all.reserveCapacity(range.count)
        for made in results.withLock({ $0 }) { all += made }
        return all
    }

    private func records(sequentially range: Range<Int>) -> [ImportRecord] {
        guard !range.isEmpty else { return [] }
        var scanner = CSVTokenizer.RowScanner(bytes: text, delimiter: delimiter, quoting: quoting, from: starts[range.lowerBound])
        var records: [ImportRecord] = []
        records.reserveCapacity(range.count)
        for index in range {
            // The rows were read once when the file was opened: the same bytes give the same rows.
            guard let row = try? scanner.next() else { break }
            records.append(makeRecord(row, index + 1))
        }
        return records
    }

    private final class Chunks: ImportRecordChunks {
        private let source: DelimitedRecords
        private let size: Int
        private let position = Mutex(0)

        init(_ source: DelimitedRecords, size: Int) {
            self.source = source
            self.size = size
        }

        func next() -> [ImportRecord]? {
            let range: Range<Int>? = position.withLock { position in
                guard position < source.count else { return nil }
                defer { position = min(source.count, position + size) }
                return position..<min(source.count, position + size)
            }
            return range.map { source.records(rows: $0) }
        }
    }
}
