import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackImport

@Suite("Shelves that say a book is owned or name a genre are read as such (SPEC §3)")
struct ShelfReadingTests {
    var today: LocalDate { TestClock.today }

    /// A Goodreads export (the 24-column layout) whose reader keeps owned books on a shelf and
    /// files genres as shelves, as readers do.
    static let export = """
        Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
        1,The Heart Sutra,Red Pine,"Pine, Red",,,,0,4.3,Counterpoint,Paperback,192,2004,2004,,2024/01/02,"owned-to-read, buddhism","owned-to-read (#1), buddhism (#3)",to-read,,,,0,0
        2,Zen Mind,Shunryu Suzuki,"Suzuki, Shunryu",,,,0,4.2,Shambhala,Paperback,138,2006,1970,,2024/01/03,"to-read, buddhism, philosophy",,to-read,,,,0,0
        3,Dracula,Bram Stoker,"Stoker, Bram",,,,4,4.0,Penguin,Paperback,488,2003,1897,2024/02/01,2024/01/04,"horror, read-classics, owned",,read,,,,1,0
        4,Want It,Some Writer,"Writer, Some",,,,0,3.9,Press,Hardcover,300,2020,2020,,2024/01/05,"not-owned, wish-to-own",,to-read,,,,0,0

        """

    func records(_ reading: ShelfReading = .defaults) throws -> (records: [ImportRecord], uses: [ShelfUse]) {
        var batch = try LibraryFileReader.read(bytes: Array(Self.export.utf8), today: today)
        let tally = ShelfTally(reading)
        tally.apply(to: &batch.records)
        return (batch.records, tally.uses)
    }

    @Test("A to-read book on an ownership shelf is To read (owned); genre shelves become its genres")
    func defaults() throws {
        let (records, uses) = try records()
        let sutra = try #require(records.first { $0.title == "The Heart Sutra" })
        #expect(sutra.entry.status == .toRead && sutra.entry.owned)
        #expect(sutra.genres == ["Philosophy & religion"])
        // The shelves stay shelves.
        #expect(sutra.entry.shelves.contains("owned-to-read"))
        let zen = try #require(records.first { $0.title == "Zen Mind" })
        #expect(zen.entry.status == .wishlist && !zen.entry.owned)
        #expect(zen.genres == ["Philosophy & religion"])
        let dracula = try #require(records.first { $0.title == "Dracula" })
        #expect(dracula.entry.status == .read && dracula.entry.owned)
        #expect(dracula.genres == ["Horror"])
        // "not-owned" and "wish-to-own" say the opposite of ownership.
        let wanted = try #require(records.first { $0.title == "Want It" })
        #expect(wanted.entry.status == .wishlist && !wanted.entry.owned)
        #expect(
            uses.first { $0.shelf == "buddhism" }
                == ShelfUse(shelf: "buddhism", books: 2, meaning: .genre("Philosophy & religion")))
        #expect(uses.first { $0.shelf == "owned-to-read" }?.meaning == .owned)
        #expect(uses.first { $0.shelf == "read-classics" }?.meaning == .shelf)
        #expect(
            uses.ownershipSummary == "“owned-to-read” (1 book), “owned” (1 book)"
                || uses.ownershipSummary == "“owned” (1 book), “owned-to-read” (1 book)")
        #expect(uses.genreSummary?.contains("“buddhism” → Philosophy & religion (2 books)") == true)
    }

    @Test("The reader's choices win: a shelf read as a genre, as ownership, or as only a shelf")
    func choices() throws {
        var reading = ShelfReading.defaults
        for choice in ["buddhism=shelf", "read-classics=genre", "philosophy=owned", "horror=genre:Ghost stories", "x=genre:🏻y"] {
            #expect(reading.choose(parsing: choice) == true, "\(choice)")
        }
        for malformed in ["horror", "horror=maybe", "=owned", "horror=genre:  "] {
            #expect(reading.choose(parsing: malformed) == false, "\(malformed)")
        }
        let (records, uses) = try records(reading)
        let sutra = try #require(records.first { $0.title == "The Heart Sutra" })
        #expect(sutra.genres.isEmpty)
        let zen = try #require(records.first { $0.title == "Zen Mind" })
        #expect(zen.entry.status == .toRead && zen.entry.owned)
        let dracula = try #require(records.first { $0.title == "Dracula" })
        #expect(dracula.genres == ["Ghost stories", "Classics"])
        #expect(uses.first { $0.shelf == "read-classics" }?.meaning == .genre("Classics"))
    }

    @Test("The lists: ownership words and their negations, genres behind a status prefix")
    func lists() {
        for owned in ["owned", "Owned-TBR", "my-books", "physical", "to-read-owned", "owned kindle", "i own"] {
            #expect(ShelfReading.defaultMeaning(of: owned) == .owned, "\(owned)")
        }
        for notOwned in ["not-owned", "want-to-own", "used-to-own", "library-books", "borrowed", "kindle", "to-read"] {
            #expect(ShelfReading.defaultMeaning(of: notOwned) != .owned, "\(notOwned)")
        }
        #expect(ShelfReading.defaultMeaning(of: "read-fantasy") == .genre("Fantasy"))
        #expect(ShelfReading.defaultMeaning(of: "to-read-science-fiction") == .genre("Science fiction"))
        #expect(ShelfReading.defaultMeaning(of: "sci-fi") == .genre("Science fiction"))
        #expect(ShelfReading.defaultMeaning(of: "year-2013") == .shelf)
        #expect(ShelfReading.defaultMeaning(of: "favorites") == .shelf)
        #expect(ShelfReading.suggestedGenre(for: "non-fiction") == "Non fiction")
    }

    @Test("A real export's genre shelves (fiction, philosophy, horror, memoir…) become genres")
    func realExport() throws {
        var batch = try LibraryFileReader.read(
            bytes: Fixtures.bytes("goodreads/JZStafura-Lab__intellectual-map__data_goodreads_library_export.csv"), today: today)
        let tally = ShelfTally(.defaults)
        tally.apply(to: &batch.records)
        let uses = tally.uses
        #expect(
            uses.first { $0.shelf == "philosophy" }
                == ShelfUse(shelf: "philosophy", books: 38, meaning: .genre("Philosophy & religion")))
        #expect(uses.first { $0.shelf == "horror" }?.meaning == .genre("Horror"))
        #expect(uses.first { $0.shelf == "non-fiction" }?.meaning == .shelf)
        let genres = Set(batch.records.flatMap(\.genres))
        #expect(genres.isSuperset(of: ["Philosophy & religion", "Horror", "Literary fiction", "Biography & memoir"]))
    }
}
