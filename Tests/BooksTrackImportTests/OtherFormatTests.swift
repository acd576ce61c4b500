import BooksTrackCore
import BooksTrackImport
import BooksTrackTestSupport
import Foundation
import Testing

@Suite("LibraryThing TSV, hand-made Goodreads files and spreadsheet damage")
struct OtherFormatTests {
    var today: LocalDate { TestClock.today }

    func read(_ bytes: [UInt8]) throws -> ImportBatch { try LibraryFileReader.read(bytes: bytes, today: today) }

    @Test("A LibraryThing TSV with a stray Latin-1 byte: the field is repaired and the row says so")
    func libraryThingTSV() throws {
        var bytes = Array(
            "Book Id\tTitle\tPrimary Author\tPrimary Author Role\tSecondary Author\tSecondary Author Roles\tISBN\tCollections\tDate Read\tRating\tTags\n"
                .utf8)
        bytes += Array("42\tLa Mar\u{E9}e\tBront".utf8)
        bytes.append(0xEB)
        bytes += Array(
            ", Anne\t\tBarnard, Mary|Fitts, Dudley\tTranslator|Foreword\t[0486228029]\tYour library, Favorites\t2025-02-01\t4.5\tpoetry, greek\n"
                .utf8)
        let batch = try read(bytes)
        #expect(batch.format == .libraryThingTSV)
        let record = try #require(batch.records.first)
        #expect(record.authors == ["Anne Bront\u{FFFD}"])
        #expect(record.warnings.map(\.field) == ["Primary Author"])
        #expect(
            record.contributors == [
                ContributorName(name: "Mary Barnard", role: .translator),
                ContributorName(name: "Dudley Fitts", role: .contributor),
            ])
        #expect(record.entry.status == .read)
        #expect(record.entry.rating?.stars == 4.5)
        #expect(record.entry.shelves == ["Favorites", "greek", "poetry"])
        #expect(record.identifiers.contains(ExternalID(.isbn, "9780486228020")))
        #expect(record.identifiers.contains(ExternalID(.libraryThing, "42")))
    }

    @Test("A hand-made Goodreads file with reordered, missing and unknown columns")
    func handMadeGoodreads() throws {
        let text = """
            Title,Author,Exclusive Shelf,My Rating,Where I Bought It,Book Id
            Things Fall Apart,Chinua Achebe,read,5,Market stall,37781
            Arrow of God,Chinua Achebe,to-read,0,,
            Short row

            """
        let batch = try read(Array(text.utf8))
        #expect(batch.format == .goodreads)
        #expect(batch.records.count == 3)
        #expect(batch.records[0].entry.extras == ["Where I Bought It": "Market stall"])
        #expect(batch.records[0].entry.rating?.stars == 5)
        #expect(!batch.records[0].carries.contains(.review))
        #expect(batch.records[1].entry.status == .wishlist)
        #expect(batch.records[1].entry.rating == nil)
        #expect(batch.records[2].warnings.first?.message.contains("2 of the header's 6 columns") == false)
        #expect(batch.records[2].warnings.first?.message.contains("1 of the header's 6 columns") == true)
    }

    @Test("A row with more fields than the header is skipped with the reason")
    func shiftedRow() throws {
        let text =
            "Book Id,Title,Author,Exclusive Shelf\n1,Sapiens, A Brief History,Yuval Noah Harari,read\n2,Beloved,Toni Morrison,read\n"
        let batch = try read(Array(text.utf8))
        #expect(batch.records[0].skipReason?.contains("5 fields but the header has 4") == true)
        #expect(batch.records[1].skipReason == nil)
    }

    @Test("An ISBN in scientific notation is reported as lost and never stored")
    func scientificNotation() throws {
        let text = "Title,Authors,ISBN/UID,Read Status,Owned?\nDune,Frank Herbert,9.78044E+12,read,Yes\n"
        let record = try #require(try read(Array(text.utf8)).records.first)
        #expect(record.identifiers.isEmpty)
        #expect(record.edition.isbn13 == nil)
        #expect(record.warnings.first?.message.contains("scientific notation") == true)
    }

    @Test("Impossible values are dropped with a warning and the book is kept")
    func impossibleValues() throws {
        let text = """
            Book Id,Title,Author,Exclusive Shelf,Date Read,Number of Pages,My Rating,Original Publication Year
            1,Beloved,Toni Morrison,read,2021/02/30,-12,7,12000
            """
        let record = try #require(try read(Array(text.utf8)).records.first)
        #expect(record.skipReason == nil)
        #expect(record.entry.readings.first?.finishedOn == nil)
        #expect(record.edition.pageCount == nil)
        #expect(record.entry.rating == nil)
        #expect(record.firstPublishedYear == nil)
        #expect(
            Set(record.warnings.compactMap(\.field)) == [
                "Date Read", "Number of Pages", "My Rating", "Original Publication Year",
            ])
    }

    @Test("HTML in reviews becomes text; script tags stay text and are escaped where shown")
    func reviews() throws {
        let text =
            "Book Id,Title,Author,Exclusive Shelf,My Review\n1,<script>alert(1)</script>,A. Writer,read,Loved it<br/>Really &amp; truly\n"
        let record = try #require(try read(Array(text.utf8)).records.first)
        #expect(record.entry.review == "Loved it\nReally & truly")
        #expect(record.title == "<script>alert(1)</script>")
    }
}

@Suite("Large files")
struct LargeFileTests {
    @Test("A file big enough to be parsed on several cores keeps every row, in order")
    func parallelParsingKeepsOrder() throws {
        var text = "Book Id,Title,Author,Exclusive Shelf\n"
        for index in 1...3_000 { text += "\(index),Book number \(index),Author \(index % 97),read\n" }
        let batch = try LibraryFileReader.read(bytes: Array(text.utf8), today: LocalDate(year: 2026, month: 3, day: 15)!)
        #expect(batch.records.count == 3_000)
        #expect(batch.records.map(\.row) == Array(1...3_000))
        #expect(batch.records.map(\.line) == (2...3_001).map(Optional.some))
        #expect(batch.records.map(\.title) == (1...3_000).map { "Book number \($0)" })
    }
}

@Suite("LibraryThing CSV")
struct LibraryThingCSVTests {
    @Test("The comma-separated LibraryThing export is recognised and read like the TSV")
    func csv() throws {
        let text = """
            "Book Id","Title","Primary Author","Primary Author Role","Secondary Author","Secondary Author Roles","ISBNs","Collections","Date Started","Original Languages","Copies","Entry Date"
            "7","Jamilia","Aitmatov, Chingiz","","Riordan, James","Translator","9781906548209","Currently reading","2026-03-01","Kyrgyz","1","2026-02-27"

            """
        let batch = try LibraryFileReader.read(bytes: Array(text.utf8), today: LocalDate(year: 2026, month: 3, day: 15)!)
        #expect(batch.format == .libraryThingCSV)
        let record = try #require(batch.records.first)
        #expect(record.authors == ["Chingiz Aitmatov"])
        #expect(record.contributors == [ContributorName(name: "James Riordan", role: .translator)])
        #expect(record.entry.status == .reading)
        #expect(record.carries.contains(.status))
        #expect(record.originalLanguage?.code == "ky")
        #expect(record.entry.readings.first?.startedOn == LocalDate(year: 2026, month: 3, day: 1))
        #expect(record.identifiers.contains(ExternalID(.isbn, "9781906548209")))
    }
}
