import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackImport

/// Arbitrary bytes through every importer (issue 43): real exports and a backup, cut, spliced,
/// flipped and stuffed with extreme numbers, must each be read or refused with a message — a trap
/// stops this test process, a hang is stopped by `scripts/test`'s time limit.
///
/// It runs for `BOOKSTRACK_FUZZ_SECONDS` (2 by default; `scripts/test` gives it 60) from the seed
/// `BOOKSTRACK_FUZZ_SEED` (fixed by default, so a failure can be replayed).
@Suite("Importer fuzz pass: no input traps or hangs")
struct ImporterFuzzTests {
    static var today: LocalDate { TestClock.today }

    /// Seeds: a real Goodreads, StoryGraph and LibraryThing export (cut to their first 40 rows
    /// so a pass tries many mutations), a Goodreads export as TSV, and a backup.
    static func seeds() throws -> [[UInt8]] {
        func head(_ path: String, lines: Int = 40) throws -> [UInt8] {
            let text = String(decoding: try Fixtures.bytes(path), as: UTF8.self)
            return Array(text.split(separator: "\n", omittingEmptySubsequences: false).prefix(lines).joined(separator: "\n").utf8)
        }
        let goodreads = try head(Fixtures.goodreadsFiles[0])
        let tsv = Array(String(decoding: goodreads, as: UTF8.self).replacingOccurrences(of: ",", with: "\t").utf8)
        return [
            goodreads, try head(Fixtures.storyGraph), Array(try Fixtures.bytes(Fixtures.libraryThingJSON).prefix(20_000)), tsv,
            Array(CompressedAndStreamedTests.backup.utf8), Array(Fixtures.backupWithNumbers.utf8),
        ]
    }

    static let extremes = [
        "9223372036854775807", "-9223372036854775808", "99999999999999999999", "1e308", "-1e308", "NaN", "0", "-1",
        "3000000000", "1.5", "\"\"", "null", "[]", "{}",
    ]

    /// One mutation of `bytes`.
    static func mutate(_ bytes: [UInt8], with random: inout SplitMix, seeds: [[UInt8]]) -> [UInt8] {
        var out = bytes
        switch random.next() % 8 {
        case 0 where !out.isEmpty:  // flip some bytes
            for _ in 0..<(1 + Int(random.next() % 8)) {
                out[Int(random.next() % UInt64(out.count))] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            }
        case 1:  // cut short
            out = Array(out.prefix(Int(random.next() % UInt64(out.count + 1))))
        case 2:  // splice another seed in
            let other = seeds[Int(random.next() % UInt64(seeds.count))]
            let at = Int(random.next() % UInt64(out.count + 1))
            out.insert(contentsOf: other.prefix(Int(random.next() % UInt64(other.count + 1))), at: at)
        case 3:  // every number becomes an extreme one
            let text = String(decoding: out, as: UTF8.self)
            let extreme = extremes[Int(random.next() % UInt64(extremes.count))]
            out = Array(text.replacing(/-?\d+(?:\.\d+)?/) { _ in extreme }.utf8)
        case 4:  // random bytes
            out = (0..<Int(random.next() % 4_096)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        case 5:  // a byte repeated (runs of quotes, commas, tabs, braces, newlines)
            let byte = [UInt8(ascii: "\""), UInt8(ascii: ","), 9, UInt8(ascii: "{"), 10, 13, 0xEF][Int(random.next() % 7)]
            out.insert(
                contentsOf: repeatElement(byte, count: Int(random.next() % 2_000)), at: Int(random.next() % UInt64(out.count + 1))
            )
        case 6:  // compressed (and perhaps damaged after)
            out = Array(Gzip.compress(Data(out)))
            if !out.isEmpty, random.next() % 2 == 0 { out[Int(random.next() % UInt64(out.count))] ^= 0x5A }
        default:  // invalid UTF-8 and a byte-order mark
            out = [0xEF, 0xBB, 0xBF] + out + [0xC3, 0x28, 0xFF, 0xFE]
        }
        return out
    }

    @Test("Mutated exports and backups are read or refused with a message, never a trap or a hang")
    func fuzz() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["BOOKSTRACK_FUZZ_SECONDS"].flatMap(Double.init) ?? 2
        let seed = environment["BOOKSTRACK_FUZZ_SEED"].flatMap(UInt64.init) ?? 43
        var random = SplitMix(seed: seed)
        let seeds = try Self.seeds()
        let deadline = Date().addingTimeInterval(seconds)
        var (inputs, read, refused) = (0, 0, 0)
        while Date() < deadline {
            var bytes = seeds[Int(random.next() % UInt64(seeds.count))]
            for _ in 0..<(1 + Int(random.next() % 3)) { bytes = Self.mutate(bytes, with: &random, seeds: seeds) }
            inputs += 1
            do {
                let batch = try LibraryFileReader.read(bytes: bytes, today: Self.today, limit: 1_048_576)
                read += 1
                for record in batch.records { #expect(record.entry.currentPage.map(Limits.pages.contains) ?? true) }
            } catch {
                refused += 1
                #expect(!error.description.isEmpty)
            }
        }
        print("Importer fuzz pass: seed \(seed), \(inputs) inputs in \(seconds) s — \(read) read, \(refused) refused.")
        #expect(inputs > 0)
    }
}

@Suite("A backup's badges follow the rules the form follows")
struct BackupBadgeRuleTests {
    static func badges(_ json: String) throws -> [BadgeDraft] {
        let text = """
            {"version":1,"format":"bookstrack-backup","reader":{"name":"d","displayName":"D","underrepresentedRegions":[]},
            "entries":[],"authors":[],"goals":[],"contributions":[],"achievements":[],"badges":[\(json)]}
            """
        return try LibraryFileReader.read(bytes: Array(text.utf8), today: ImporterFuzzTests.today).readerData?.badges ?? []
    }

    @Test("Shared only about an author with a web address; a source over 500 characters is left out")
    func sharingRules() throws {
        let shared = try Self.badges(
            #"{"badge":"cultural","author":"A B","statedBy":"author","source":"an interview","shared":true,"recordedAt":"2026-03-01T10:00:00.000Z"}"#
        )
        #expect(shared.count == 1 && shared[0].shared == false, "no web address: kept, not shared")
        let long = String(repeating: "x", count: 501)
        let tooLong = try Self.badges(
            #"{"badge":"cultural","author":"A B","statedBy":"author","source":"https://example.org/\#(long)","shared":true,"recordedAt":"2026-03-01T10:00:00.000Z"}"#
        )
        #expect(tooLong.isEmpty)
        let fine = try Self.badges(
            #"{"badge":"queer","author":"A B","statedBy":"public-source","source":" https://example.org/interview ","shared":true,"recordedAt":"2026-03-01T10:00:00.000Z"}"#
        )
        #expect(fine.first?.shared == true && fine.first?.source == "https://example.org/interview")
    }

    @Test("A share goal's fewest books beyond what the form takes leaves the goal out")
    func shareMinimum() throws {
        func goals(_ minimum: Int) throws -> [Goal] {
            let text = Fixtures.backupWithNumbers.replacingOccurrences(
                of: "\"minimumBooks\":10", with: "\"minimumBooks\":\(minimum)")
            return try LibraryFileReader.read(bytes: Array(text.utf8), today: ImporterFuzzTests.today).readerData?.goals ?? []
        }
        #expect(try goals(10).first?.criteria.minimumBooks == 10)
        #expect(try goals(5_000).isEmpty)
        #expect(try goals(0).isEmpty)
    }
}
