import BooksTrackCore
import Foundation
import Testing

@Suite("Calendar days")
struct LocalDateTests {
    @Test("Goodreads, ISO and dotted spellings parse to the same day")
    func parsing() {
        #expect(LocalDate("2021/05/09") == LocalDate(year: 2021, month: 5, day: 9))
        #expect(LocalDate("2021-05-09") == LocalDate(year: 2021, month: 5, day: 9))
        #expect(LocalDate("2021.5.9") == LocalDate(year: 2021, month: 5, day: 9))
        #expect(LocalDate("2021-05-09")?.description == "2021-05-09")
        #expect(LocalDate("2021-05-09")?.slashed == "2021/05/09")
    }

    @Test(
        "Impossible dates are rejected",
        arguments: [
            "2021/02/30", "2023/02/29", "2021/13/01", "2021/00/10", "21/05/09", "yesterday", "",
            // The database's own form, read by a fast path of its own.
            "2021-02-30", "2023-02-29", "2021-13-01", "2021-00-10", "2021-0a-10", "2021-05-1x", "20210-5-09",
        ])
    func impossible(text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test("Leap days exist only in leap years")
    func leapDays() {
        #expect(LocalDate("2024/02/29") != nil)
        #expect(LocalDate("2000/02/29") != nil)
        #expect(LocalDate("1900/02/29") == nil)
        #expect(LocalDate("2024-02-29") == LocalDate(year: 2024, month: 2, day: 29))
        #expect(LocalDate("1900-02-29") == nil)
        #expect(LocalDate(" 2021-05-09") == LocalDate(year: 2021, month: 5, day: 9))
    }

    @Test("Day numbers round-trip and count days across months and years")
    func dayNumbers() {
        let date = LocalDate(year: 2024, month: 2, day: 28)!
        #expect(LocalDate(dayNumber: date.dayNumber) == date)
        #expect(date.adding(days: 1) == LocalDate(year: 2024, month: 2, day: 29))
        #expect(date.adding(days: 2) == LocalDate(year: 2024, month: 3, day: 1))
        #expect(LocalDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(LocalDate(year: 2025, month: 1, day: 1)!.adding(days: -1) == LocalDate(year: 2024, month: 12, day: 31))
    }

    @Test("An instant falls on different days in different time zones")
    func timeZones() {
        let instant = Date(timeIntervalSince1970: 1_773_540_000)  // 2026-03-15 02:00 UTC
        #expect(LocalDate(instant, in: TimeZone(identifier: "UTC")!) == LocalDate(year: 2026, month: 3, day: 15))
        #expect(LocalDate(instant, in: TimeZone(identifier: "America/New_York")!) == LocalDate(year: 2026, month: 3, day: 14))
    }
}

@Suite("Ratings in quarter stars")
struct RatingTests {
    @Test("Quarter steps from 0 to 5 are ratings", arguments: ["0", "0.25", "3.75", "4", "4,5", "5.0"])
    func valid(text: String) {
        #expect(Rating(text) != nil)
    }

    @Test(
        "Anything else is not — huge values too, which once overflowed and stopped the server",
        arguments: ["5.5", "-1", "3.3", "four", "", "NaN", "1e300", "-4.5e164", "9223372036854775807"])
    func invalid(text: String) {
        #expect(Rating(text) == nil)
    }

    @Test("A rating is exact and prints its shortest form")
    func exact() {
        #expect(Rating("3.75")?.quarters == 15)
        #expect(Rating("3.75")?.description == "3.75")
        #expect(Rating("4")?.description == "4")
    }
}

@Suite("ISBNs")
struct ISBNTests {
    @Test("An ISBN-10 with an X check digit and leading zeros is valid and converts to ISBN-13")
    func isbn10() {
        let isbn = ISBN("014023666X")
        #expect(isbn?.isbn13 == "9780140236668")
        #expect(isbn?.isbn10 == "014023666X")
        #expect(ISBN("0553560735")?.isbn13 == "9780553560732")
    }

    @Test("Hyphens and spaces are ignored")
    func punctuation() {
        #expect(ISBN("978-0-14-023666-8")?.isbn13 == "9780140236668")
        #expect(ISBN("0 14 023666 X")?.isbn13 == "9780140236668")
    }

    @Test("A wrong check digit, a wrong length or a 979 ISBN-10 are not ISBNs")
    func invalid() {
        #expect(ISBN("1400066124") == nil)
        #expect(ISBN("9780199668") == nil)
        #expect(ISBN("9780140236669") == nil)
        #expect(ISBN("978038554734X") == nil)
        #expect(ISBN("9798562632241")?.isbn10 == nil)
    }
}

@Suite("Identifiers")
struct IdentifierTests {
    @Test("New identifiers are distinct, strictly increasing version-7 UUIDs in their lowercase form, dated now")
    func randomIdentifiers() {
        let before = UInt64(Date().timeIntervalSince1970 * 1000)
        // More than the 4,096 a millisecond's counter holds, so the counter runs over at least once.
        let ids = (0..<20_000).map { _ in Work.ID.random() }
        #expect(Set(ids).count == ids.count)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0.string < $1.string })
        for id in ids.prefix(500) {
            #expect(id.string == id.uuid.uuidString.lowercased())
            #expect(Array(id.string)[14] == "7")
            #expect("89ab".contains(Array(id.string)[19]))
        }
        let stamp = ids[0].string.replacingOccurrences(of: "-", with: "").prefix(12)
        let millisecond = UInt64(stamp, radix: 16) ?? 0
        #expect(millisecond >= before && millisecond < before + 60_000)
        // The random part differs between neighbours.
        #expect(ids[0].string.suffix(12) != ids[1].string.suffix(12))
    }

    @Test("Identifiers order as their text does, read from bytes as from text, in 16 bytes")
    func orderAndBytes() {
        let ids = (0..<2_000).map { _ in Work.ID(UUID()) }
        #expect(ids.sorted().map(\.string) == ids.map(\.string).sorted())
        for id in ids.prefix(200) {
            var text = id.string.uppercased()
            #expect(text.withUTF8 { Work.ID(utf8: $0) } == id)
            #expect(Work.ID(id.uuid) == id)
        }
        var broken = "0f8fad5b-d9cb-469f-a165-70867728950g"
        #expect(broken.withUTF8 { Work.ID(utf8: $0) } == nil)
        // A kept library holds about ten per book: no text kept with each.
        #expect(MemoryLayout<Work.ID>.size == 16)
    }

    @Test("An identifier round-trips through its text and JSON forms")
    func roundTrip() throws {
        let id = Author.ID.random()
        #expect(Author.ID(id.string) == id)
        #expect(Author.ID(id.string.uppercased()) == id)
        #expect(Author.ID("not-an-id") == nil)
        let decoded = try JSONDecoder().decode([Author.ID].self, from: JSONEncoder().encode([id]))
        #expect(decoded == [id])
    }

    @Test("Any UUID's text is read, an uppercase one kept in lowercase; anything else is not an identifier")
    func parsing() {
        for _ in 0..<500 {
            let uuid = UUID()
            for text in [uuid.uuidString, uuid.uuidString.lowercased()] {
                #expect(Work.ID(text)?.uuid == uuid)
                #expect(Work.ID(text)?.string == uuid.uuidString.lowercased())
            }
        }
        let valid = "0f8fad5b-d9cb-469f-a165-70867728950e"
        for broken in [
            "", String(valid.dropLast()), valid + "0", valid.replacingOccurrences(of: "-", with: "_"),
            "0f8fad5b-d9cb-469f-a165-70867728950g", "0f8fad5bd-9cb-469f-a165-70867728950e", " " + valid.dropLast(),
            "0f8fad5b-d9cb-469f-a165-70867728950é",
        ] {
            #expect(Work.ID(broken) == nil, "\(broken)")
        }
    }
}

@Suite("The language menu")
struct LanguageMenuTests {
    @Test("Every language appears once in the menu, by name and by code")
    func unique() {
        let names = LanguageCode.all.map(\.englishName)
        #expect(Set(names).count == names.count, "\(Dictionary(grouping: names) { $0 }.filter { $0.value.count > 1 }.keys)")
        #expect(LanguageCode(lenient: "san")?.code == "sa", "the three-letter code still reads as Sanskrit")
    }
}
