/// A lenient RFC 4180 reader over raw bytes.
///
/// It works on bytes rather than a decoded `String` so that invalid UTF-8 can be replaced and
/// reported field by field instead of failing the whole file. Beyond RFC 4180 it accepts:
/// CRLF, LF or CR line ends; spaces before an opening quote and after a closing one (files padded
/// into fixed-width columns by hand); quotes inside unquoted fields, kept as text; and text after
/// a closing quote, kept. A quote that is never closed means the file was cut off.
enum CSVTokenizer {
    struct Row: Sendable {
        /// The line the row starts on, from 1.
        var line: Int
        var fields: [String]
        /// Indexes of fields that held invalid UTF-8 (replaced by U+FFFD).
        var invalidUTF8Fields: [Int]
    }

    struct Result {
        var rows: [Row]
        /// Whether the last row ended with a line break (a cut-off file usually does not).
        var endsWithNewline: Bool
    }

    enum Failure: Error, Equatable {
        /// A quoted field opened on this line is never closed.
        case unterminatedQuote(line: Int)
    }

    private enum Terminator { case delimiter, newline, end }

    static let quote = UInt8(ascii: "\"")
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")

    /// Splits bytes into rows of fields. With `quoting` off (LibraryThing's TSV), quotes are text.
    /// Lines with nothing on them are not rows.
    static func tokenize(_ bytes: [UInt8], delimiter: UInt8, quoting: Bool) throws(Failure) -> Result {
        var reader = RowScanner(bytes: bytes, delimiter: delimiter, quoting: quoting)
        var rows: [Row] = []
        while let row = try reader.next() { rows.append(row) }
        return Result(rows: rows, endsWithNewline: reader.endsWithNewline)
    }

    /// Where a row starts in the bytes, and on which line.
    struct RowStart: Sendable {
        var offset: Int
        var line: Int
    }

    /// Reads rows one at a time from any row's start (see ``RowStart``).
    struct RowScanner {
        private var scanner: Scanner
        /// Whether the last row read ended with a line break.
        private(set) var endsWithNewline = false
        /// How many fields the last row read had (also when they were not decoded).
        private(set) var fieldCount = 0

        init(bytes: [UInt8], delimiter: UInt8, quoting: Bool, from start: RowStart = RowStart(offset: 0, line: 1)) {
            scanner = Scanner(bytes: bytes, delimiter: delimiter, quoting: quoting)
            scanner.index = start.offset
            scanner.line = start.line
        }

        /// Where the next row starts (blank lines before it included).
        var position: RowStart { RowStart(offset: scanner.index, line: scanner.line) }

        /// The next row, or `nil` at the end; with `decode` off its fields are left empty (only
        /// the row's place and its number of fields are wanted).
        mutating func next(decode: Bool = true) throws(Failure) -> Row? {
            var current = Row(line: scanner.line, fields: [], invalidUTF8Fields: [])
            var count = 0
            var firstIsEmpty = false
            while scanner.index < scanner.bytes.count {
                let terminator = try scanner.readField()
                if count == 0 { firstIsEmpty = scanner.field.isEmpty }
                if decode {
                    let (text, valid) = CSVTokenizer.decode(scanner.field)
                    if !valid { current.invalidUTF8Fields.append(current.fields.count) }
                    current.fields.append(text)
                }
                count += 1
                switch terminator {
                case .delimiter:
                    guard scanner.index == scanner.bytes.count else { continue }
                    if decode { current.fields.append("") }
                    count += 1
                    endsWithNewline = false
                case .newline: endsWithNewline = true
                case .end: endsWithNewline = false
                }
                if !(count == 1 && firstIsEmpty) {
                    fieldCount = count
                    return current
                }
                current = Row(line: scanner.line, fields: [], invalidUTF8Fields: [])
                count = 0
            }
            return nil
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        let delimiter: UInt8
        let quoting: Bool
        var index = 0
        var line = 1
        var field: [UInt8] = []

        init(bytes: [UInt8], delimiter: UInt8, quoting: Bool) {
            self.bytes = bytes
            self.delimiter = delimiter
            self.quoting = quoting
            field.reserveCapacity(256)
        }

        /// Reads the next field's bytes into ``field``.
        mutating func readField() throws(Failure) -> Terminator {
            field.removeAll(keepingCapacity: true)
            let quoted = openQuoteIfPresent()
            if quoted { try readQuoted() }
            return readUnquoted(afterQuote: quoted)
        }

        /// Spaces and then a quote open a quoted field; otherwise nothing is consumed.
        private mutating func openQuoteIfPresent() -> Bool {
            guard quoting else { return false }
            var probe = index
            while probe < bytes.count, bytes[probe] == CSVTokenizer.space, delimiter != CSVTokenizer.space {
                probe += 1
            }
            guard probe < bytes.count, bytes[probe] == CSVTokenizer.quote else { return false }
            index = probe + 1
            return true
        }

        private mutating func readQuoted() throws(Failure) {
            let openedOn = line
            while index < bytes.count {
                let byte = bytes[index]
                if byte == CSVTokenizer.quote {
                    if index + 1 < bytes.count, bytes[index + 1] == CSVTokenizer.quote {
                        field.append(CSVTokenizer.quote)
                        index += 2
                        continue
                    }
                    index += 1
                    return
                }
                if byte == CSVTokenizer.lf
                    || (byte == CSVTokenizer.cr && (index + 1 >= bytes.count || bytes[index + 1] != CSVTokenizer.lf))
                {
                    line += 1
                }
                field.append(byte)
                index += 1
            }
            throw .unterminatedQuote(line: openedOn)
        }

        /// Reads to the delimiter or line end. After a closing quote, spaces before the
        /// delimiter are padding and are dropped; other text is kept.
        private mutating func readUnquoted(afterQuote: Bool) -> Terminator {
            var pendingSpaces = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == delimiter {
                    index += 1
                    return .delimiter
                }
                if byte == CSVTokenizer.lf || byte == CSVTokenizer.cr {
                    let crlf = byte == CSVTokenizer.cr && index + 1 < bytes.count && bytes[index + 1] == CSVTokenizer.lf
                    index += crlf ? 2 : 1
                    line += 1
                    return .newline
                }
                if afterQuote, byte == CSVTokenizer.space {
                    pendingSpaces += 1
                } else {
                    if pendingSpaces > 0 {
                        field.append(contentsOf: repeatElement(CSVTokenizer.space, count: pendingSpaces))
                        pendingSpaces = 0
                    }
                    field.append(byte)
                }
                index += 1
            }
            return .end
        }
    }

    /// Decodes UTF-8, replacing invalid sequences; the flag says whether the bytes were valid.
    static func decode(_ bytes: [UInt8]) -> (String, Bool) {
        if bytes.allSatisfy({ $0 < 0x80 }) { return (String(decoding: bytes, as: UTF8.self), true) }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, true) }
        return (String(decoding: bytes, as: UTF8.self), false)
    }
}
