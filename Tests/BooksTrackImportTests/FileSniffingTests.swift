import BooksTrackCore
import BooksTrackImport
import BooksTrackTestSupport
import Foundation
import Testing

@Suite("Files that are not exports are refused with one clear message")
struct FileSniffingTests {
    var today: LocalDate { TestClock.today }

    func refusal(_ bytes: [UInt8]) -> ImportFileError? {
        do {
            _ = try LibraryFileReader.read(bytes: bytes, today: today)
            return nil
        } catch {
            return error
        }
    }

    @Test("An empty file, or one of only white space")
    func empty() {
        #expect(refusal([]) == .empty)
        #expect(refusal(Array(" \n\r\n".utf8)) == .empty)
        #expect(refusal([0xEF, 0xBB, 0xBF]) == .empty)
    }

    @Test("A PNG renamed .csv, a ZIP, a PDF")
    func knownBinaries() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        guard case .notAnExport(let kind, _) = refusal(png) else {
            Issue.record("PNG accepted")
            return
        }
        #expect(kind == "a PNG image")
        guard case .notAnExport(let zip, let advice) = refusal([0x50, 0x4B, 0x03, 0x04, 1, 2, 3]) else {
            Issue.record("ZIP accepted")
            return
        }
        #expect(zip.contains("ZIP"))
        #expect(advice.contains("Unzip"))
        #expect(
            refusal(Array("%PDF-1.7\n".utf8))
                == .notAnExport(kind: "a PDF document", advice: "Import the CSV, TSV or JSON file your tracker exported."))
    }

    @Test("Other binary data")
    func binary() {
        #expect(refusal([0x01, 0x02, 0x00, 0x7F, 0x00, 0x00]) == .binary)
        #expect(refusal((0..<2000).map { UInt8($0 % 31) }) == .binary)
    }

    @Test("A file over 50 MB is refused before it is read")
    func tooLarge() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).csv").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100 * 1_048_576)  // sparse: 100 MB without writing them
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ImportFileError.tooLarge(bytes: 100 * 1_048_576, limit: 50 * 1_048_576)) {
            try LibraryFileReader.read(fileAt: path, today: today)
        }
        #expect(
            ImportFileError.tooLarge(bytes: 100 * 1_048_576, limit: 50 * 1_048_576).description.hasPrefix("The file is 100 MB"))
    }

    @Test("A missing file and a folder")
    func unreadable() {
        #expect(throws: ImportFileError.unreadable("there is no file at /nonexistent/export.csv")) {
            try LibraryFileReader.read(fileAt: "/nonexistent/export.csv", today: today)
        }
        #expect(throws: ImportFileError.unreadable("/tmp is a folder, not a file")) {
            try LibraryFileReader.read(fileAt: "/tmp", today: today)
        }
    }

    @Test("A CSV cut off inside a quoted field, or in the middle of its last row")
    func truncated() throws {
        let bytes = try Fixtures.bytes(Fixtures.goodreadsFiles[3])
        let text = String(decoding: bytes, as: UTF8.self)
        let insideQuote = text.range(of: "\"Gay New York: Gender")!.upperBound
        #expect(refusal(Array(text[..<insideQuote].utf8)) == .truncated(line: 2))
        let midRow = text.range(of: "Toni Morrison")!.lowerBound
        guard case .truncated = refusal(Array(text[..<midRow].utf8)) else {
            Issue.record("cut-off row accepted")
            return
        }
    }

    @Test("A header with no rows, and an unrecognised header")
    func headers() {
        #expect(refusal(Array("Book Id,Title,Author,Exclusive Shelf\n".utf8)) == .noRows(.goodreads))
        #expect(refusal(Array("name,price\napple,3\n".utf8)) == .unrecognisedColumns(["name", "price"]))
    }

    @Test("Damaged JSON, JSON that is not an export, a backup from a newer version")
    func json() {
        guard case .unreadableJSON = refusal(Array("{\"format\": \"bookstrack-backup\", \"entries\": [".utf8)) else {
            Issue.record("damaged JSON accepted")
            return
        }
        #expect(refusal(Array("{\"hello\": \"world\"}".utf8)) == .unrecognisedJSON)
        #expect(refusal(Array("{\"format\": \"bookstrack-backup\", \"version\": 99}".utf8)) == .unsupportedBackupVersion(99))
    }

    @Test("UTF-8 with a byte-order mark and UTF-16 with one are read as text")
    func encodings() throws {
        let csv = "Book Id,Title,Author,Exclusive Shelf\n1,Things Fall Apart,Chinua Achebe,read\n"
        let withBOM = [UInt8]([0xEF, 0xBB, 0xBF]) + Array(csv.utf8)
        #expect(try LibraryFileReader.read(bytes: withBOM, today: today).records.first?.title == "Things Fall Apart")
        let utf16 = [UInt8]([0xFF, 0xFE]) + csv.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let batch = try LibraryFileReader.read(bytes: utf16, today: today)
        #expect(batch.format == .goodreads)
        #expect(batch.records.first?.authors == ["Chinua Achebe"])
    }

    @Test("Every refusal message tells the person what to do")
    func messages() {
        let errors: [ImportFileError] = [
            .empty, .binary, .truncated(line: 3), .noRows(.storyGraph), .unrecognisedJSON,
            .unreadableJSON("it ends too early"), .unsupportedBackupVersion(2),
            .tooLarge(bytes: 60_000_000, limit: 52_428_800),
        ]
        for error in errors {
            #expect(error.description.count > 40)
            #expect(!error.description.contains("Error"))
        }
    }
}
