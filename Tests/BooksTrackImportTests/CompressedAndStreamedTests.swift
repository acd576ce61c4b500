import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackImport

@Suite("Compressed files and backups read a piece at a time")
struct CompressedAndStreamedTests {
    var today: LocalDate { TestClock.today }

    /// A small backup written by hand: keys in the order our own files have them.
    static let backup = """
        {
          "achievements" : [],
          "authors" : [
            { "facts" : [ { "kind" : "gender", "recordedAt" : "2026-03-15T12:00:00.000Z", "source" : "wikidata", "value" : "female" } ],
              "name" : "Octavia E. Butler", "sortName" : "Butler, Octavia E." }
          ],
          "contributions" : [],
          "entries" : [
            { "authors" : ["Octavia E. Butler"], "contributors" : [], "extras" : {}, "owned" : true, "readings" : [],
              "sessions" : [], "shelves" : ["sf, \\"classic\\" [1]"], "status" : "read", "title" : "Kindred {a novel}",
              "work" : { "accessibility" : [], "genres" : [], "identifiers" : ["isbn:9780807083697"] } },
            { "authors" : ["Chinua Achebe"], "contributors" : [], "extras" : {}, "owned" : false, "readings" : [],
              "sessions" : [], "shelves" : [], "status" : "toRead", "title" : "Things Fall Apart", "rating" : 4.5,
              "work" : { "accessibility" : [], "genres" : [], "identifiers" : [] } }
          ],
          "format" : "bookstrack-backup",
          "goals" : [],
          "reader" : { "displayName" : "Dana", "name" : "dana", "underrepresentedRegions" : [] },
          "version" : 1
        }
        """

    func read(_ bytes: [UInt8]) throws(ImportFileError) -> ImportBatch {
        try LibraryFileReader.read(bytes: bytes, today: today)
    }

    func refusal(_ bytes: [UInt8]) -> ImportFileError? {
        do {
            _ = try read(bytes)
            return nil
        } catch { return error }
    }

    @Test("A backup read in 7-byte pieces gives the same records as one read whole")
    func piecesAnywhere() throws {
        let bytes = Array(Self.backup.utf8)
        let whole = BackupParser.parse(try BackupDocument.decode(Data(bytes)))
        let streamed = try #require(try BackupStreamReader.read(MemoryChunks(bytes, size: 7)))
        #expect(streamed.records.map(\.title) == ["Kindred {a novel}", "Things Fall Apart"])
        #expect(streamed.records.map(\.title) == whole.records.map(\.title))
        #expect(streamed.records.first?.entry.shelves == ["sf, \"classic\" [1]"])
        #expect(streamed.records.first?.authorFacts.map(\.value) == ["female"])
        #expect(streamed.records.last?.entry.rating?.stars == 4.5)
        #expect(streamed.readerData?.displayName == "Dana")
    }

    @Test("Keys in any order: format first, entries before authors")
    func anyOrder() throws {
        let text = """
            {"version":1,"format":"bookstrack-backup","entries":[{"authors":["Octavia E. Butler"],"contributors":[],"extras":{},
            "owned":true,"readings":[],"sessions":[],"shelves":[],"status":"read","title":"Kindred","work":{"accessibility":[],
            "genres":[],"identifiers":[]}}],"authors":[{"facts":[{"kind":"gender","recordedAt":"2026-03-15T12:00:00Z",
            "source":"wikidata","value":"female"}],"name":"Octavia E. Butler","sortName":"Butler, Octavia E."}],
            "reader":{"displayName":"Dana","name":"dana","underrepresentedRegions":[]},"goals":[],"contributions":[],
            "achievements":[],"comment":{"ignored":[1,2,{"x":"]"}]}}
            """
        let batch = try read(Array(text.utf8))
        #expect(batch.format == .backup)
        #expect(batch.records.first?.authorFacts.map(\.value) == ["female"])
    }

    @Test("A damaged backup names the entry and field, a cut-off one says so, and a newer version is refused")
    func damaged() {
        let wrongType = Self.backup.replacingOccurrences(of: "\"rating\" : 4.5", with: "\"rating\" : \"lots\"")
        guard case .unreadableJSON(let reason) = refusal(Array(wrongType.utf8)) else {
            Issue.record("a wrong type is refused")
            return
        }
        #expect(reason.hasSuffix("at entries[1].rating"), "\(reason)")
        #expect(refusal(Array(Self.backup.utf8.dropLast(40))) == .unreadableJSON("it ends too early"))
        let missing = Self.backup.replacingOccurrences(of: "\"goals\" : [],", with: "")
        #expect(refusal(Array(missing.utf8)) == .unreadableJSON("“goals” is missing at the top level"))
        let newer = Self.backup.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2")
        #expect(refusal(Array(newer.utf8)) == .unsupportedBackupVersion(2))
        let garbage = Self.backup.replacingOccurrences(of: "\"goals\" : [],", with: "\"goals\" : [] x")
        #expect(refusal(Array(garbage.utf8)) == .unreadableJSON("it is not valid JSON"))
        #expect(refusal(Array((Self.backup + " {}").utf8)) == .unreadableJSON("it is not valid JSON"))
    }

    @Test("A gzip-compressed backup and a gzip-compressed Goodreads export import like the plain files")
    func compressed() throws {
        let plain = Array(Self.backup.utf8)
        let gzipped = [UInt8](Gzip.compress(Data(plain)))
        #expect(Gzip.isCompressed(gzipped) && gzipped.count < plain.count)
        #expect(try read(gzipped).records.map(\.title) == read(plain).records.map(\.title))
        let csv = "Book Id,Title,Author,Exclusive Shelf\n1,Kindred,Octavia E. Butler,read\n"
        let batch = try read([UInt8](Gzip.compress(Data(csv.utf8))))
        #expect(batch.format == .goodreads && batch.records.map(\.title) == ["Kindred"])
        // Two gzip members one after the other are one file, as gzip reads them.
        let halves = [UInt8](Gzip.compress(Data(csv.utf8.prefix(40)))) + [UInt8](Gzip.compress(Data(csv.utf8.dropFirst(40))))
        #expect(try read(halves).records.map(\.title) == ["Kindred"])
    }

    @Test("Damaged, cut-off and explosive compressed files are refused with a message")
    func badCompressed() {
        let gzipped = [UInt8](Gzip.compress(Data(Self.backup.utf8)))
        #expect(refusal(Array(gzipped.dropLast(30))) == .damagedCompression)
        var flipped = gzipped
        flipped[20] ^= 0xFF
        #expect(refusal(flipped) == .damagedCompression)
        // 1 MB of spaces around a backup, within a 10 KB upload limit: over 20 × 10 KB decompressed.
        let bomb = [UInt8](Gzip.compress(Data(repeating: UInt8(ascii: " "), count: 1 << 20) + Data(Self.backup.utf8)))
        #expect(bomb.count < 10_240)
        do {
            _ = try LibraryFileReader.read(bytes: bomb, today: today, limit: 10_240)
            Issue.record("a file that grows 100 times is refused")
        } catch {
            #expect(error == .tooLargeWhenDecompressed(limit: 204_800))
            #expect(error.description.contains("bookstrack import"))
        }
        // Without a limit (the command line) the same file is read.
        #expect((try? LibraryFileReader.read(bytes: bomb, today: today, limit: nil))?.records.count == 2)
    }

    @Test("A file on disk is read the same in pieces, compressed or not")
    func fromDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("backup.json")
        let gzipped = directory.appendingPathComponent("backup.json.gz")
        try Data(Self.backup.utf8).write(to: plain)
        try Gzip.compress(Data(Self.backup.utf8)).write(to: gzipped)
        let expected = ["Kindred {a novel}", "Things Fall Apart"]
        #expect(try LibraryFileReader.read(fileAt: plain.path, today: today).records.map(\.title) == expected)
        #expect(try LibraryFileReader.read(fileAt: gzipped.path, today: today).records.map(\.title) == expected)
    }
}
