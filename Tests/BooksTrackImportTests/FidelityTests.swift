import BooksTrackCore
import BooksTrackImport
import BooksTrackTestSupport
import Foundation
import Testing

/// Real exports that lost data before (issue 16, import fidelity): each case keeps what the file
/// says, and says what it did.
@Suite("Import fidelity: dates and rows that used to be dropped")
struct FidelityTests {
    var today: LocalDate { TestClock.today }

    func read(_ text: String) throws -> ImportBatch { try LibraryFileReader.read(bytes: Array(text.utf8), today: today) }

    @Test("LibraryThing TSV dates in brackets ([2021-07-30]) are read, not dropped")
    func bracketedDates() throws {
        let batch = try read(
            "Book Id\tTitle\tPrimary Author\tISBN\tEntry Date\tDate Started\tDate Read\n"
                + "7\tKindred\tButler, Octavia E.\t[0807083054]\t[2021-07-30]\t[2021-08-01]\t[2021-08-09]\n")
        #expect(batch.format == .libraryThingTSV)
        let record = try #require(batch.records.first)
        #expect(record.warnings.isEmpty, "\(record.warnings)")
        #expect(record.entry.addedOn == LocalDate(year: 2021, month: 7, day: 30))
        #expect(record.entry.readings.first?.startedOn == LocalDate(year: 2021, month: 8, day: 1))
        #expect(record.entry.readings.first?.finishedOn == LocalDate(year: 2021, month: 8, day: 9))
    }

    @Test("An older StoryGraph export writes month/day/year (10/12/2022): its dates are kept")
    func olderStoryGraph() throws {
        let batch = try read(
            "Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read\n"
                + "Piranesi,Susanna Clarke,,9781635575637,hardcover,read,10/12/2022,11/3/2022\n"
                + "Circe,Madeline Miller,,9780316556347,paperback,to-read,1/31/2023,\n")
        #expect(batch.format == .storyGraph)
        let piranesi = try #require(batch.records.first)
        #expect(piranesi.warnings.isEmpty, "\(piranesi.warnings)")
        #expect(piranesi.entry.addedOn == LocalDate(year: 2022, month: 10, day: 12))
        #expect(piranesi.entry.readings.first?.finishedOn == LocalDate(year: 2022, month: 11, day: 3))
        #expect(batch.records[1].entry.addedOn == LocalDate(year: 2023, month: 1, day: 31))
    }

    @Test("A row with no title but an ISBN or an author is kept, titled from the ISBN or 'Untitled', and says so")
    func noTitle() throws {
        let batch = try read(
            "Title,Author,ISBN,Exclusive Shelf\n"
                + ",Octavia E. Butler,=\"0807083054\",read\n"
                + ",Toni Morrison,,to-read\n"
                + ",,,read\n")
        #expect(batch.records.count == 3)
        #expect(batch.records[0].title == "Untitled (ISBN 9780807083055)")
        #expect(batch.records[0].warnings.contains { $0.field == "Title" })
        #expect(batch.records[1].title == "Untitled" && batch.records[1].authors == ["Toni Morrison"])
        #expect(batch.records[2].skipReason != nil, "a row with nothing that names a book is still skipped")
    }

    @Test("A Date Read on a book not on the read shelf is kept as a past reading, with a warning")
    func dateReadOffShelf() throws {
        let batch = try read(
            "Title,Author,Exclusive Shelf,Date Read\n"
                + "Beloved,Toni Morrison,to-read,2019/04/02\n"
                + "Kindred,Octavia E. Butler,currently-reading,2018/01/05\n"
                + "Sula,Toni Morrison,read,2020/05/06\n")
        let beloved = batch.records[0]
        #expect(beloved.entry.status == .wishlist || beloved.entry.status == .toRead)
        #expect(beloved.entry.readings.map(\.finishedOn) == [LocalDate(year: 2019, month: 4, day: 2)])
        #expect(beloved.warnings.contains { $0.field == "Date Read" })
        let kindred = batch.records[1]
        #expect(kindred.entry.readings.contains { $0.finishedOn == LocalDate(year: 2018, month: 1, day: 5) })
        #expect(batch.records[2].warnings.isEmpty, "a read book's Date Read is its reading, nothing to say")
    }

    @Test(
        "A Goodreads export whose header row was removed is read by its shape, with a warning",
        arguments: [Fixtures.goodreadsFiles[1], Fixtures.goodreadsFiles[3]])
    func headerless(_ path: String) throws {
        let bytes = try Fixtures.bytes(path)
        let withHeader = try LibraryFileReader.read(bytes: bytes, today: today)
        let firstBreak = try #require(bytes.firstIndex(of: 10))
        let headerless = try LibraryFileReader.read(bytes: Array(bytes[(firstBreak + 1)...]), today: today)
        #expect(headerless.format == .goodreads)
        #expect(headerless.fileWarnings.contains { $0.message.contains("no header row") })
        #expect(headerless.records.count == withHeader.records.count)
        #expect(headerless.records.map(\.title) == withHeader.records.map(\.title))
        #expect(headerless.records.map(\.entry.status) == withHeader.records.map(\.entry.status))
    }

    @Test("A headerless file of another shape is still refused, naming its columns")
    func headerlessOther() throws {
        #expect(throws: ImportFileError.self) { try read("1,Kindred,Octavia E. Butler\n2,Beloved,Toni Morrison\n") }
    }
}
