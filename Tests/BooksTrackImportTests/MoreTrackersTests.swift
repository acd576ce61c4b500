import BooksTrackCore
import BooksTrackImport
import BooksTrackTestSupport
import Foundation
import Testing

/// BookWyrm, Openreads and Calibre exports, written from the headers these trackers publish.
@Suite("More trackers: BookWyrm, Openreads and Calibre CSV")
struct MoreTrackersTests {
    var today: LocalDate { TestClock.today }

    func read(_ text: String) throws -> ImportBatch { try LibraryFileReader.read(bytes: Array(text.utf8), today: today) }

    static let bookWyrm =
        "title,author_text,remote_id,openlibrary_key,inventaire_id,librarything_key,goodreads_key,bnf_id,viaf,wikidata,asin,aasin,isfdb,isbn_10,isbn_13,oclc_number,start_date,finish_date,stopped_date,rating,review_name,review_cw,review_content,review_published,shelf,shelf_name,shelf_date\n"
        + "Kindred,Octavia E. Butler,https://bookwyrm.social/book/1,OL24283208M,,,60931,,,Q1738412,,,,0807083054,,,2024-01-02 00:00:00+00:00,2024-01-20 00:00:00+00:00,,4,,,<p>Unforgettable.</p>,,read,Read,2024-01-02 10:00:00+00:00\n"
        + "Piranesi,Susanna Clarke,https://bookwyrm.social/book/2,,,,,,,,,,,,9781635575637,,2025-03-01 00:00:00+00:00,,,,,,,,reading,Currently Reading,2025-03-01 10:00:00+00:00\n"
        + "Ulysses,James Joyce,https://bookwyrm.social/book/3,,,,,,,,,,,,,,2023-05-01 00:00:00+00:00,,2023-06-01 00:00:00+00:00,,,,,,stopped-reading,Stopped Reading,2023-05-01 10:00:00+00:00\n"
        + "Circe,Madeline Miller,https://bookwyrm.social/book/4,,,,,,,,,,,,,,,,,,,,,,to-read,To Read,2025-01-01 10:00:00+00:00\n"

    @Test("BookWyrm: shelves are statuses, dates are readings, identifiers match")
    func bookWyrmExport() throws {
        let batch = try read(Self.bookWyrm)
        #expect(batch.format == .bookWyrm)
        #expect(batch.records.count == 4)
        let kindred = batch.records[0]
        #expect(kindred.warnings.isEmpty, "\(kindred.warnings)")
        #expect(kindred.authors == ["Octavia E. Butler"])
        #expect(kindred.entry.status == .read && kindred.entry.rating?.stars == 4)
        #expect(kindred.entry.review == "Unforgettable.")
        #expect(kindred.entry.addedOn == LocalDate(year: 2024, month: 1, day: 2))
        #expect(
            kindred.entry.readings.map(\.finishedOn) == [LocalDate(year: 2024, month: 1, day: 20)]
                && kindred.entry.readings.first?.startedOn == LocalDate(year: 2024, month: 1, day: 2))
        #expect(kindred.identifiers.contains(ExternalID(.isbn, "9780807083055")))
        #expect(kindred.identifiers.contains(ExternalID(.goodreads, "60931")))
        #expect(kindred.identifiers.contains(ExternalID(.wikidata, "Q1738412")))
        #expect(batch.records[1].entry.status == .reading)
        let ulysses = batch.records[2]
        #expect(ulysses.entry.status == .dnf)
        #expect(ulysses.entry.readings.first?.outcome == .abandoned)
        #expect(ulysses.entry.readings.first?.finishedOn == LocalDate(year: 2023, month: 6, day: 1))
        #expect(batch.records[3].entry.status == .wishlist)
    }

    @Test("Openreads: statuses, several readings per book, tenths-of-a-star ratings, the bin left out")
    func openreadsExport() throws {
        let batch = try read(
            "title,subtitle,author,description,status,favourite,deleted,rating,pages,publication_year,isbn,olid,tags,my_review,notes,book_format,readings,date_added,date_modified\n"
                + "Kindred,,Octavia E. Butler,,finished,true,false,45,264,1979,9780807083055,OL24283208M,classics|||sf,So good,,paperback,2023-01-02T00:00:00.000|2023-01-20T00:00:00.000|;2025-02-01T00:00:00.000|2025-02-10T00:00:00.000|,2023-01-01T10:00:00.000,2025-02-10T10:00:00.000\n"
                + "Piranesi,,Susanna Clarke,,in_progress,false,false,0,272,2020,,,,,,hardcover,2026-03-01T00:00:00.000||,2026-03-01T10:00:00.000,\n"
                + "Trashed,,Some One,,finished,false,true,,,,,,,,,,,,\n"
                + "Circe,,Madeline Miller,,planned,false,false,,,2018,,,,,,ebook,,2025-01-01T10:00:00.000,\n")
        #expect(batch.format == .openreads)
        let kindred = batch.records[0]
        #expect(kindred.warnings.isEmpty, "\(kindred.warnings)")
        #expect(kindred.entry.status == .read)
        #expect(kindred.entry.rating?.stars == 4.5)
        #expect(kindred.entry.readings.count == 2)
        #expect(kindred.entry.readings.map(\.finishedOn).contains(LocalDate(year: 2025, month: 2, day: 10)))
        #expect(Set(kindred.entry.shelves) == ["classics", "sf", "favourites"])
        #expect(kindred.firstPublishedYear == 1979 && kindred.edition.pageCount == 264)
        #expect(kindred.identifiers.contains(ExternalID(.openLibrary, "OL24283208M")))
        #expect(kindred.entry.review == "So good")
        let piranesi = batch.records[1]
        #expect(piranesi.entry.status == .reading && piranesi.entry.rating == nil)
        #expect(piranesi.entry.readings.first?.outcome == .inProgress)
        #expect(batch.records[2].skipReason?.contains("deleted") == true)
        #expect(batch.records[3].entry.status == .wishlist)
    }

    @Test("Calibre: owned e-books, authors joined by &, identifiers, tags that say read, half-star ratings")
    func calibreCatalogue() throws {
        let batch = try read(
            "authors,author_sort,rating,library_name,timestamp,formats,size,isbn,identifiers,comments,tags,series,series_index,languages,cover,title,publisher,pubdate,id,uuid\n"
                + "Terry Pratchett & Neil Gaiman,\"Pratchett, Terry & Gaiman, Neil\",9,Calibre Library,2021-05-01T10:00:00+00:00,\"EPUB, MOBI\",1200000,9780060853983,\"isbn:9780060853983,goodreads:12067,amazon:B000FCKPHG\",<p>A comedy.</p>,\"read, fantasy\",,,eng,,Good Omens,HarperTorch,2006-11-28T00:00:00+00:00,1,0f0f0f0f-0000-0000-0000-000000000001\n"
                + "Ursula K. Le Guin,\"Le Guin, Ursula K.\",,Calibre Library,2022-01-01T10:00:00+00:00,PDF,100,,,,,Earthsea,1,eng,,A Wizard of Earthsea,,,2,0f0f0f0f-0000-0000-0000-000000000002\n"
        )
        #expect(batch.format == .calibre)
        let omens = batch.records[0]
        #expect(omens.warnings.isEmpty, "\(omens.warnings)")
        #expect(omens.authors == ["Terry Pratchett", "Neil Gaiman"])
        #expect(omens.entry.status == .read && omens.entry.owned)
        #expect(omens.entry.rating?.stars == 4.5)
        #expect(omens.entry.shelves == ["fantasy"])
        #expect(omens.identifiers.contains(ExternalID(.goodreads, "12067")))
        #expect(omens.identifiers.contains(ExternalID(.asin, "B000FCKPHG")))
        #expect(omens.edition.format == .ebook && omens.edition.year == 2006 && omens.edition.language?.code == "en")
        #expect(omens.entry.addedOn == LocalDate(year: 2021, month: 5, day: 1))
        let earthsea = batch.records[1]
        #expect(earthsea.entry.status == .toRead && earthsea.entry.owned)
        #expect(earthsea.entry.shelves == ["series: Earthsea"])
    }
}
