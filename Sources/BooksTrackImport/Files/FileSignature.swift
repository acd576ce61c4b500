import Foundation

/// Recognising what a file is from its first bytes.
enum FileSignature {
    /// A file kind that is certainly not an export, with advice for the person importing it.
    static func knownBinary(_ bytes: [UInt8]) -> (String, String)? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return ("a PNG image", "Import the CSV, TSV or JSON file your tracker exported.") }
        if starts([0xFF, 0xD8, 0xFF]) { return ("a JPEG image", "Import the CSV, TSV or JSON file your tracker exported.") }
        if starts(Array("GIF8".utf8)) { return ("a GIF image", "Import the CSV, TSV or JSON file your tracker exported.") }
        if starts(Array("%PDF".utf8)) { return ("a PDF document", "Import the CSV, TSV or JSON file your tracker exported.") }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) {
            return (
                "a ZIP archive (or an Excel workbook)",
                "Unzip it and import the CSV inside, or save the spreadsheet as CSV (UTF-8) first."
            )
        }
        if starts([0x1F, 0x8B]) { return ("a gzip-compressed file", "Decompress it and import the file inside.") }
        if starts([0xD0, 0xCF, 0x11, 0xE0]) {
            return ("an old-style Excel or Word file", "Save the spreadsheet as CSV (UTF-8) and import that.")
        }
        return nil
    }

    /// The bytes as UTF-8 text: a UTF-8 byte-order mark is dropped and UTF-16 with a byte-order
    /// mark is converted. Text with NUL bytes is not text.
    static func utf8Text(_ bytes: [UInt8]) throws(ImportFileError) -> [UInt8] {
        if bytes.isEmpty { throw .empty }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try checkedText(Array(bytes.dropFirst(3))) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let encoding: String.Encoding = bytes[0] == 0xFF ? .utf16LittleEndian : .utf16BigEndian
            guard let text = String(data: Data(bytes.dropFirst(2)), encoding: encoding) else { throw .binary }
            return try checkedText(Array(text.utf8))
        }
        return try checkedText(bytes)
    }

    private static func checkedText(_ bytes: [UInt8]) throws(ImportFileError) -> [UInt8] {
        if bytes.prefix(65_536).contains(0) { throw .binary }
        // Mostly control characters means binary data that happens to have no NUL early on.
        let sample = bytes.prefix(4096)
        let controls = sample.filter { $0 < 32 && $0 != 9 && $0 != 10 && $0 != 13 }.count
        if !sample.isEmpty, controls * 10 > sample.count { throw .binary }
        return bytes
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }
}
