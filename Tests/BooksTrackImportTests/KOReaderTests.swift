import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackImport

/// KOReader's reading statistics as an import (issue 41), on a database built from the plugin's
/// own schema with the quirks real files hold (`Tests/Fixtures/koreader/make_statistics.py`).
@Suite("KOReader's statistics: books and their page turns become sessions")
struct KOReaderTests {
    static let fixture = "koreader/statistics.sqlite3"

    func batch() throws -> ImportBatch { try LibraryFileReader.read(bytes: Fixtures.bytes(Self.fixture), today: TestClock.today) }

    func seconds(_ sessions: [SessionDraft]) -> Int {
        sessions.reduce(0) { $0 + Int(($1.endedAt ?? $1.startedAt).timeIntervalSince($1.startedAt).rounded()) }
    }

    @Test("Recognised by its content on every path: the bytes of an upload and a file on disk")
    func recognised() throws {
        let batch = try batch()
        #expect(batch.format == .koreader)
        #expect(batch.records.count == 5)
        let onDisk = try LibraryFileReader.read(fileAt: Fixtures.url(Self.fixture).path, today: TestClock.today, limit: nil)
        #expect(onDisk.records.map(\.title) == batch.records.map(\.title))
    }

    @Test("Titles and authors as a reader means them; the guide and a book never opened are skipped, saying why")
    func quirks() throws {
        let records = try batch().records
        #expect(
            records.map(\.title) == [
                "Half of a Yellow Sun", "Kindred", "KOReader Quickstart Guide", "Never Opened", "Good Omens",
            ])
        #expect(records[1].authors == ["Octavia E. Butler"], "a file name as title, author N/A")
        #expect(records[4].authors == ["Neil Gaiman", "Terry Pratchett"])
        #expect(records[0].edition.language == LanguageCode(lenient: "en"), "en-US")
        #expect(records[4].edition.language == LanguageCode(lenient: "en"), "en_GB")
        #expect(records[2].skipReason?.contains("Quickstart Guide") == true)
        #expect(records[3].skipReason == "No reading time recorded in KOReader for this book.")
        #expect(records[0].skipReason == nil && records[1].skipReason == nil && records[4].skipReason == nil)
    }

    @Test("Sittings become sessions whose time adds up to KOReader's own reading time")
    func sessions() throws {
        let records = try batch().records
        // Nine sittings, each with a 5-minute pause inside: nine sessions.
        #expect(records[0].sessions.count == 9)
        #expect(records[1].sessions.count == 3)
        #expect(records[4].sessions.count == 3)
        // total_read_time in the fixture: the sum of every turn's duration.
        #expect(seconds(records[0].sessions) == 36_257)
        #expect(seconds(records[1].sessions) == 9_732)
        #expect(seconds(records[4].sessions) == 9_738)
        // Distinct pages turned: 448 for a book read through; no flicked-past page counts.
        #expect(records[0].sessions.reduce(0) { $0 + ($1.endPage ?? 0) - $1.startPage } == 448)
        #expect(records[4].sessions.reduce(0) { $0 + ($1.endPage ?? 0) - $1.startPage } == 120)
    }

    @Test("A book read through is read on the day of its last page; one read in part is reading")
    func statuses() throws {
        let records = try batch().records
        #expect(records[0].entry.status == .read)
        #expect(records[0].entry.readings.first?.finishedOn == LocalDate("2026-01-28"))
        #expect(records[0].entry.addedOn == LocalDate("2026-01-04"))
        #expect(records[1].entry.status == .reading)
    }

    @Test("A reflowed book's turns are scaled to its pages now")
    func reflowed() {
        // Page 150 of 300 is page 132 of 264, and pages 299–300 of 600: the half-way page either way.
        let turn = KOReaderStatistics.PageTurn(page: 150, start: 0, duration: 60, totalPages: 300)
        #expect(KOReaderStatistics.scaled(turn, to: 264) == 132...132)
        #expect(KOReaderStatistics.scaled(turn, to: 600) == 299...300)
        #expect(KOReaderStatistics.scaled(turn, to: nil) == 150...150)
    }

    @Test("A pause of ten minutes keeps one session; a second more starts another")
    func pause() {
        let first = KOReaderStatistics.PageTurn(page: 1, start: 1_000, duration: 60, totalPages: 100)
        let within = KOReaderStatistics.PageTurn(page: 2, start: 1_660, duration: 60, totalPages: 100)
        let after = KOReaderStatistics.PageTurn(page: 2, start: 1_661, duration: 60, totalPages: 100)
        #expect(KOReaderStatistics.sessions([first, within], pages: 100).count == 1)
        #expect(KOReaderStatistics.sessions([first, after], pages: 100).count == 2)
        #expect(KOReaderStatistics.sessions([], pages: 100).isEmpty)
    }

    @Test("Another SQLite database, or a damaged one, is refused with a message, never a crash")
    func refused() throws {
        let bytes = try Fixtures.bytes(Self.fixture)
        // The header of an SQLite file and nothing after it.
        #expect(throws: ImportFileError.self) {
            try LibraryFileReader.read(bytes: Array(bytes.prefix(100)), today: TestClock.today)
        }
        // Cut in half.
        #expect(throws: ImportFileError.self) {
            try LibraryFileReader.read(bytes: Array(bytes.prefix(bytes.count / 2)), today: TestClock.today)
        }
        // A real database of something else.
        var other = Array("SQLite format 3\0".utf8)
        other += [UInt8](repeating: 0, count: 84)
        do {
            _ = try LibraryFileReader.read(bytes: other, today: TestClock.today)
            Issue.record("an empty SQLite header was read")
        } catch {
            #expect(error.description.contains("not KOReader’s reading statistics"))
        }
    }
}

/// Files no KOReader writes (`make_statistics.py --hostile`): nothing in them may stop the server
/// or store a number past what the rest of BooksTrack bounds.
@Suite("KOReader's statistics from a hostile file", .timeLimit(.minutes(1)))
struct HostileKOReaderTests {
    @Test("Page counts past any book's are not known, a reflowed turn is counted by range, a sitting is cut at a day")
    func bounded() throws {
        let batch = try LibraryFileReader.read(bytes: Fixtures.bytes("koreader/hostile.sqlite3"), today: TestClock.today)
        let records = Dictionary(uniqueKeysWithValues: batch.records.map { ($0.title, $0) })
        #expect(records["Past any book"]?.edition.pageCount == nil)
        #expect(records["Past 64 bits"]?.edition.pageCount == nil)
        let bomb = try #require(records["Reflow bomb"])
        #expect(bomb.sessions.count == 1)
        #expect(bomb.sessions[0].endPage == 100_000, "every page of the book, counted once")
        let marathon = try #require(records["Marathon"])
        let minutes = marathon.sessions.map { Int(($0.endedAt!.timeIntervalSince($0.startedAt) / 60).rounded()) }
        #expect(marathon.sessions.count == 3 && minutes.allSatisfy { Limits.sessionMinutes.contains($0) })
        // A turn of more than a day and one before 1970 are damaged rows, left out.
        #expect(records["Odd rows"]?.sessions.map(\.startPage) == [2])
        for record in batch.records {
            for session in record.sessions {
                #expect(Limits.pages.contains(session.startPage) && Limits.pages.contains(session.endPage ?? 0))
            }
        }
    }

    @Test("A database whose book is a view is refused, never read")
    func view() throws {
        do {
            _ = try LibraryFileReader.read(bytes: Fixtures.bytes("koreader/view.sqlite3"), today: TestClock.today)
            Issue.record("a view named book was read")
        } catch {
            #expect(String(describing: error).contains("it has no tables book and page_stat_data"))
        }
    }
}
