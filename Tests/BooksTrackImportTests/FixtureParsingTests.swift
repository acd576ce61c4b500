import BooksTrackCore
import BooksTrackImport
import BooksTrackTestSupport
import BooksTrackTestTraits
import Foundation
import Testing

/// The real exports in Tests/Fixtures, parsed and compared with figures computed independently
/// from the raw files.
@Suite("Real Goodreads exports", .today("2026-11-21"))
struct GoodreadsFixtureTests {
    var today: LocalDate { TestClock.today }

    func batch(_ path: String) throws -> ImportBatch {
        try LibraryFileReader.read(fileAt: Fixtures.url(path).path, today: today)
    }

    @Test("Every row becomes a record with the status the spec gives it", arguments: Fixtures.goodreadsFiles)
    func everyRow(path: String) throws {
        let rows = try IndependentCSV.records(fixture: path)
        let records = try batch(path).records
        #expect(records.count == rows.count)
        #expect(records.allSatisfy { $0.skipReason == nil })
        #expect(records.map(\.entry.status) == rows.map(IndependentStatus.goodreads))
        // Titles are cleaned of runs of spaces ("Mask Market  (Burke #16)"), nothing else.
        let expectedTitles = rows.map { $0["Title"]!.split(separator: " ").joined(separator: " ") }
        let mismatches = zip(records.map(\.title), expectedTitles).filter { $0 != $1 }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }

    @Test("A title with commas and doubled quotes is read exactly")
    func quotedTitle() throws {
        let records = try batch(Fixtures.goodreadsFiles[1])
        let feynman = try #require(records.records.first { $0.identifiers.contains(ExternalID(.goodreads, "35167685")) })
        #expect(feynman.title == "\"Surely You're Joking, Mr. Feynman!\": Adventures of a Curious Character")
        #expect(feynman.authors == ["Richard P. Feynman"])
        #expect(feynman.contributors.map(\.name).contains("Ralph Leighton"))
    }

    @Test("A hand-padded file: a did-not-finish shelf, an X ISBN, a look-alike letter")
    func handEdited() throws {
        let records = try batch(Fixtures.goodreadsFiles[2]).records
        let whiteFang = try #require(records.first { $0.title == "White Fang" })
        #expect(whiteFang.entry.status == .dnf)
        #expect(whiteFang.entry.shelves == ["did-not-finish", "kidz"])
        let raintree = try #require(records.first { $0.title == "Raintree County" })
        #expect(raintree.authors == ["Ross Lockridge Jr."])
        #expect(raintree.edition.isbn10 == "014023666X")
        #expect(raintree.identifiers.contains(ExternalID(.isbn, "9780140236668")))
        #expect(raintree.entry.readings.first?.finishedOn == LocalDate(year: 2026, month: 6, day: 23))
        let steinbeck = try #require(
            records.first { $0.authors.first == "John Steinbeck" && $0.warnings.contains { $0.message.contains("look-alike") } })
        #expect(steinbeck.warnings.count == 1)
    }

    @Test("Non-Latin names, negative years, re-reads and ISBNs wrapped for spreadsheets")
    func details() throws {
        let jz = try batch(Fixtures.goodreadsFiles[1]).records
        #expect(jz.contains { $0.authors == ["Søren Kierkegaard"] })
        #expect(jz.contains { ($0.firstPublishedYear ?? 0) == -335 })
        let craig = try batch(Fixtures.goodreadsFiles[3]).records
        #expect(craig.filter { $0.entry.readCount == 2 }.count == 25)
        let wrapped = try #require(craig.first { $0.title.hasPrefix("Gay New York") })
        #expect(wrapped.edition.isbn10 == "0465026214")
        #expect(wrapped.edition.isbn13 == "9780465026210")
        #expect(wrapped.entry.rating?.stars == 4)
        let david = try batch(Fixtures.goodreadsFiles[4]).records
        let senlin = try #require(david.first { $0.title.hasPrefix("Senlin Ascends") })
        #expect(senlin.entry.readings.map(\.finishedOn) == [LocalDate(year: 2021, month: 5, day: 9)])
        #expect(senlin.entry.shelves == ["read-fantasy", "year-2021"])
        #expect(senlin.edition.isbn13 == nil)
        #expect(senlin.edition.format == .ebook)
    }

    @Test("Two invalid ISBNs in a real file are reported and left out")
    func invalidISBNs() throws {
        let records = try batch(Fixtures.goodreadsFiles[3]).records
        let warned = records.filter { !$0.warnings.isEmpty }
        #expect(warned.map(\.row) == [514, 525])
        #expect(warned.allSatisfy { $0.warnings.first?.message.contains("not a valid ISBN") == true })
    }
}

@Suite("The real StoryGraph export")
struct StoryGraphFixtureTests {
    let batch: ImportBatch

    init() throws {
        batch = try LibraryFileReader.read(
            fileAt: Fixtures.url(Fixtures.storyGraph).path,
            today: LocalDate(year: 2026, month: 11, day: 21)!)
    }

    @Test("Every row is read, with its status")
    func everyRow() throws {
        let rows = try IndependentCSV.records(fixture: Fixtures.storyGraph)
        #expect(batch.format == .storyGraph)
        #expect(batch.records.count == rows.count)
        let expected = rows.map(IndependentStatus.storyGraph)
        #expect(batch.records.map(\.entry.status) == expected)
    }

    @Test("Several authors in one cell are co-authors; contributors keep their roles")
    func people() throws {
        let bright = try #require(batch.records.first { $0.title.hasPrefix("The Bright Ages") })
        #expect(bright.authors == ["David M. Perry", "Matthew Gabriele"])
        let camus = try #require(
            batch.records.first { $0.contributors.contains(ContributorName(name: "Stuart Gilbert", role: .translator)) })
        #expect(camus.authors == ["Albert Camus"])
        let pachinko = try #require(
            batch.records.first { $0.contributors.contains(ContributorName(name: "Sandra Oh", role: .narrator)) })
        #expect(pachinko.contributors.contains(ContributorName(name: "Min Jin Lee", role: .narrator)))
        let vietnamese = try #require(batch.records.first { $0.authors == ["喵公子"] })
        #expect(vietnamese.title == "999 Lá Thư Gửi Cho Chính Mình")
    }

    @Test("Date ranges, quarter stars, ASINs and StoryGraph's own ids")
    func values() throws {
        let antigone = try #require(batch.records.first { $0.title == "Antigone" })
        #expect(antigone.entry.readings.map(\.startedOn) == [LocalDate(year: 2025, month: 9, day: 3)])
        #expect(antigone.entry.readings.map(\.finishedOn) == [LocalDate(year: 2025, month: 9, day: 17)])
        #expect(antigone.entry.readCount == 2)
        let vuong = try #require(batch.records.first { $0.title == "On Earth We're Briefly Gorgeous" })
        #expect(vuong.entry.rating?.quarters == 15)
        let oxford = try #require(batch.records.first { $0.title == "Beloved Oxford" })
        #expect(oxford.entry.rating?.quarters == 1)
        #expect(batch.records.contains { $0.identifiers.contains(ExternalID(.asin, "B00IJYDJAM")) })
        #expect(batch.records.contains { $0.identifiers.contains(ExternalID(.storyGraph, "978038554734X")) })
        #expect(batch.records.allSatisfy { $0.warnings.isEmpty })
    }
}

@Suite("The real LibraryThing JSON export")
struct LibraryThingFixtureTests {
    let batch: ImportBatch

    init() throws {
        batch = try LibraryFileReader.read(
            fileAt: Fixtures.url(Fixtures.libraryThingJSON).path,
            today: LocalDate(year: 2026, month: 11, day: 21)!)
    }

    @Test("Every book is read; unread owned books are to-read without claiming a status")
    func everyBook() {
        #expect(batch.format == .libraryThingJSON)
        #expect(batch.records.count == 221)
        #expect(batch.records.allSatisfy { $0.entry.status == .toRead && $0.entry.owned })
        #expect(batch.records.allSatisfy { !$0.carries.contains(.status) })
    }

    @Test("HTML entities in names are decoded and roles separate authors from contributors")
    func people() throws {
        let posada = try #require(batch.records.first { $0.title.hasPrefix("Posada") })
        #expect(posada.authors == ["Juan Villoro", "Mercurio López"])
        #expect(posada.contributors == [ContributorName(name: "Helia Bonilla", role: .editor)])
        let malleus = try #require(batch.records.first { $0.title.hasPrefix("The Malleus Maleficarum") })
        #expect(malleus.authors == ["Heinrich Kramer"])
        #expect(malleus.originalLanguage?.code == "la")
        #expect(malleus.edition.language?.code == "en")
        #expect(malleus.edition.pageCount == 278)
        #expect(malleus.edition.publisher == "Dover")
        #expect(malleus.identifiers.contains(ExternalID(.libraryThingWork, "92660")))
        #expect(malleus.identifiers.contains(ExternalID(.isbn, "9780486228020")))
        #expect(malleus.entry.addedOn == LocalDate(year: 2014, month: 1, day: 21))
    }
}
