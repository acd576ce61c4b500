import BooksTrackCore
import Foundation

/// A realistic library of real books for a newcomer to see every chart at once: eleven
/// regions, four genders' worth of data (one author's gender deliberately unknown), eleven
/// original languages, all five eras, translated books, statuses of every kind, sessions and
/// goals. Dates are relative to the day it is created.
///
/// Author facts are correct to the best of our knowledge. Wikidata ids are given only where
/// they were checked against a published source when this file was written; the other authors'
/// facts are recorded as a reader's own entries, and their Wikidata ids are left to enrichment.
/// See `docs/demo-library.md`.
public enum DemoLibrary {
    public static func batch(today: LocalDate, now: Date) -> ImportBatch {
        var records: [ImportRecord] = []
        var factsGiven = Set<String>()
        for (index, book) in books.enumerated() {
            var facts: [AuthorFactDraft] = []
            for name in [book.author] + (book.translator.map { [$0] } ?? []) where factsGiven.insert(name).inserted {
                facts += (authors[name] ?? []).map { $0.draft(author: name, now: now) }
            }
            records.append(book.record(row: index + 1, today: today, facts: facts))
        }
        let year = today.year
        let goals = [
            Goal(
                userID: .random(), title: "30 books in \(year)", kind: .books, target: 30, cadence: .year,
                startsOn: LocalDate(year: year, month: 1, day: 1)!, endsOn: LocalDate(year: year, month: 12, day: 31)!,
                createdAt: now),
            Goal(
                userID: .random(), title: "Around the world: all 11 regions", kind: .regionsExplored, target: 11,
                cadence: .year, startsOn: LocalDate(year: year, month: 1, day: 1)!,
                endsOn: LocalDate(year: year, month: 12, day: 31)!, createdAt: now),
            Goal(
                userID: .random(), title: "Read women: 50%", kind: .share, target: 50, cadence: .year,
                startsOn: LocalDate(year: year, month: 1, day: 1)!, endsOn: LocalDate(year: year, month: 12, day: 31)!,
                criteria: Goal.Criteria(genders: [.female]), createdAt: now),
        ]
        let settings = ReaderSettings(primaryLanguage: LanguageCode(lenient: "en"), timeZone: "Europe/London")
        return ImportBatch(
            format: .demo, records: records, readerData: ReaderData(displayName: "Demo reader", settings: settings, goals: goals))
    }

    /// A fact about a demo author.
    struct Fact {
        let kind: AuthorFactKind
        let value: String
        let source: FactSource

        func draft(author: String, now: Date) -> AuthorFactDraft {
            AuthorFactDraft(
                authorName: author, kind: kind, value: value, source: source,
                enteredByImportingReader: source == .user, recordedAt: now)
        }
    }

    /// Facts from Wikidata (gender, citizenship, birth year) for authors whose item id was checked.
    static func wikidata(_ qid: String, _ gender: String, _ country: String, born: Int) -> [Fact] {
        [
            Fact(kind: .wikidataID, value: qid, source: .wikidata), Fact(kind: .gender, value: gender, source: .wikidata),
            Fact(kind: .country, value: country, source: .wikidata),
            Fact(kind: .birthYear, value: String(born), source: .wikidata),
        ]
    }

    /// Facts as a reader would enter them.
    static func entered(_ gender: String?, _ country: String?, region: String? = nil) -> [Fact] {
        var facts: [Fact] = []
        if let gender { facts.append(Fact(kind: .gender, value: gender, source: .user)) }
        if let country { facts.append(Fact(kind: .country, value: country, source: .user)) }
        if let region { facts.append(Fact(kind: .region, value: region, source: .user)) }
        return facts
    }

    static let authors: [String: [Fact]] = [
        "Chinua Achebe": wikidata("Q155845", "male", "NG", born: 1930),
        "Haruki Murakami": wikidata("Q134798", "male", "JP", born: 1949),
        "Han Kang": wikidata("Q5646626", "female", "KR", born: 1970),
        "Sayaka Murata": wikidata("Q11523472", "female", "JP", born: 1979),
        "Liu Cixin": wikidata("Q607588", "male", "CN", born: 1963),
        "Olga Tokarczuk": wikidata("Q254032", "female", "PL", born: 1962),
        "Lyudmila Ulitskaya": wikidata("Q266661", "female", "RU", born: 1943),
        "Jane Austen": wikidata("Q36322", "female", "GB", born: 1775),
        "Toni Morrison": wikidata("Q72334", "female", "US", born: 1931),
        "Margaret Atwood": wikidata("Q183492", "female", "CA", born: 1939),
        "Gabriel García Márquez": wikidata("Q5878", "male", "CO", born: 1927),
        "Orhan Pamuk": entered("male", "TR"),
        "Jamaica Kincaid": entered("female", "AG"),
        "Chingiz Aitmatov": entered("male", "KG"),
        "Louise Erdrich": entered("female", "US", region: "indigenous"),
        "Akwaeke Emezi": entered("nonBinary", "NG"),
        "Witi Ihimaera": entered("male", "NZ"),
        "Elena Ferrante": entered(nil, "IT"),
        "Chimamanda Ngozi Adichie": entered("female", "NG"),
        "Ngũgĩ wa Thiong'o": entered("male", "KE"),
        "Arundhati Roy": entered("female", "IN"),
        "Jhumpa Lahiri": entered("female", "US", region: "international"),
        "Zora Neale Hurston": entered("female", "US"),
        "Kazuo Ishiguro": entered("male", "GB"),
        // Susanna Clarke is left without facts, so the demo shows what missing data looks like.
    ]

    struct Book {
        let title: String
        let author: String
        let year: Int
        let language: String
        let pages: Int
        let status: ReadingStatus
        /// Days before today the book was finished (read), started (reading) or added.
        let daysAgo: Int
        var rating: Double? = nil
        var translator: String? = nil
        var ownVoices: YesNo? = nil
        var accessibility: [String] = []
        var format: BookFormat = .paperback
        var shelves: [String] = []

        func record(row: Int, today: LocalDate, facts: [AuthorFactDraft]) -> ImportRecord {
            let day = today.adding(days: -daysAgo)
            let readingDays = max(3, pages / 35)
            var readings: [Reading] = []
            switch status {
            case .read:
                readings = [
                    Reading(startedOn: day.adding(days: -readingDays), finishedOn: day, outcome: .finished, origin: .user)
                ]
            case .reading, .onHold: readings = [Reading(startedOn: day, outcome: .inProgress, origin: .user)]
            case .dnf: readings = [Reading(startedOn: day.adding(days: -10), finishedOn: day, outcome: .abandoned, origin: .user)]
            default: break
            }
            let translated = translator != nil
            let state = EntryState(
                status: status, rating: rating.flatMap(Rating.init(stars:)), owned: status != .wishlist,
                addedOn: day.adding(days: -(readingDays + 30)),
                currentPage: status == .reading ? pages / 3 : (status == .onHold ? pages / 5 : nil),
                shelves: shelves, readings: readings)
            return ImportRecord(
                row: row, title: title, authors: [author],
                contributors: translator.map { [ContributorName(name: $0, role: .translator)] } ?? [],
                originalLanguage: LanguageCode(lenient: language), firstPublishedYear: year,
                genres: DemoLibrary.genres[title] ?? [], ownVoices: ownVoices, accessibilityTags: accessibility,
                edition: EditionDetails(
                    pageCount: pages, format: format, binding: format.displayName,
                    language: translated ? LanguageCode(lenient: "en") : LanguageCode(lenient: language)),
                entry: state, carries: .all, readingsAreComplete: true, authorFacts: facts,
                sessions: status == .reading ? sessions(today: today, startPage: pages / 3 - 60) : [])
        }

        /// A reading streak: one session on each of the last five days, ending yesterday.
        private func sessions(today: LocalDate, startPage: Int) -> [SessionDraft] {
            (1...5).map { offset in
                let day = today.adding(days: -offset)
                var components = DateComponents(year: day.year, month: day.month, day: day.day, hour: 20, minute: 30)
                components.timeZone = TimeZone(identifier: "UTC")
                let start = Calendar(identifier: .gregorian).date(from: components)!
                let first = startPage + (5 - offset) * 12
                return SessionDraft(
                    startedAt: start, endedAt: start.addingTimeInterval(Double(25 + offset * 3) * 60),
                    startPage: first, endPage: first + 12, loggedAfterwards: false)
            }
        }
    }

    /// Each book's genres, as the genre question's pills name them (`GenreChoice`). Four books have
    /// none (Flights, Wizard of the Crow, The God of Small Things, Sonechka), so the genre question and
    /// `missing=genre` have something to show.
    static let genres: [String: [String]] = [
        "Things Fall Apart": ["Literary fiction", "Historical fiction"],
        "Arrow of God": ["Literary fiction", "Historical fiction"],
        "Kafka on the Shore": ["Literary fiction", "Fantasy"], "Norwegian Wood": ["Literary fiction", "Romance"],
        "The Vegetarian": ["Literary fiction"], "Human Acts": ["Historical fiction"],
        "Convenience Store Woman": ["Literary fiction"], "The Three-Body Problem": ["Science fiction"],
        "Pride and Prejudice": ["Romance", "Literary fiction"], "Beloved": ["Historical fiction", "Literary fiction"],
        "Song of Solomon": ["Literary fiction"], "The Handmaid's Tale": ["Science fiction"],
        "The Testaments": ["Science fiction"], "One Hundred Years of Solitude": ["Literary fiction"],
        "My Name Is Red": ["Historical fiction", "Mystery & crime"], "Annie John": ["Literary fiction"],
        "Jamilia": ["Literary fiction", "Romance"], "The Round House": ["Literary fiction", "Mystery & crime"],
        "Freshwater": ["Literary fiction"], "The Whale Rider": ["Young adult & children"],
        "My Brilliant Friend": ["Literary fiction"], "The Big Green Tent": ["Historical fiction"],
        "Their Eyes Were Watching God": ["Literary fiction", "Romance"], "The Namesake": ["Literary fiction"],
        "Klara and the Sun": ["Science fiction", "Literary fiction"], "Piranesi": ["Fantasy"],
        "Love in the Time of Cholera": ["Romance", "Literary fiction"], "Half of a Yellow Sun": ["Historical fiction"],
        "Drive Your Plow Over the Bones of the Dead": ["Mystery & crime"], "Death's End": ["Science fiction"],
    ]

    static let books: [Book] = [
        Book(
            title: "Things Fall Apart", author: "Chinua Achebe", year: 1958, language: "en", pages: 209, status: .read,
            daysAgo: 12, rating: 5, ownVoices: .yes, shelves: ["classics"]),
        Book(
            title: "Arrow of God", author: "Chinua Achebe", year: 1964, language: "en", pages: 230, status: .read, daysAgo: 140,
            rating: 4),
        Book(
            title: "Kafka on the Shore", author: "Haruki Murakami", year: 2002, language: "ja", pages: 467, status: .read,
            daysAgo: 30, rating: 4.5, translator: "Philip Gabriel", format: .ebook),
        Book(
            title: "Norwegian Wood", author: "Haruki Murakami", year: 1987, language: "ja", pages: 296, status: .read,
            daysAgo: 400, rating: 4, translator: "Jay Rubin"),
        Book(
            title: "The Vegetarian", author: "Han Kang", year: 2007, language: "ko", pages: 188, status: .read, daysAgo: 55,
            rating: 4.75, translator: "Deborah Smith", accessibility: ["audiobook"]),
        Book(
            title: "Human Acts", author: "Han Kang", year: 2014, language: "ko", pages: 218, status: .read, daysAgo: 75,
            rating: 5, translator: "Deborah Smith"),
        Book(
            title: "Convenience Store Woman", author: "Sayaka Murata", year: 2016, language: "ja", pages: 163, status: .read,
            daysAgo: 95, rating: 4, translator: "Ginny Tapley Takemori", ownVoices: .yes),
        Book(
            title: "The Three-Body Problem", author: "Liu Cixin", year: 2008, language: "zh", pages: 400, status: .read,
            daysAgo: 180, rating: 3.75, translator: "Ken Liu", shelves: ["science fiction"]),
        Book(
            title: "Flights", author: "Olga Tokarczuk", year: 2007, language: "pl", pages: 403, status: .read, daysAgo: 210,
            rating: 4.25, translator: "Jennifer Croft"),
        Book(
            title: "Pride and Prejudice", author: "Jane Austen", year: 1813, language: "en", pages: 432, status: .read,
            daysAgo: 260, rating: 4.5, accessibility: ["large print"], shelves: ["classics"]),
        Book(
            title: "Beloved", author: "Toni Morrison", year: 1987, language: "en", pages: 324, status: .read, daysAgo: 20,
            rating: 5, ownVoices: .yes, shelves: ["classics"]),
        Book(
            title: "Song of Solomon", author: "Toni Morrison", year: 1977, language: "en", pages: 337, status: .read,
            daysAgo: 310, rating: 4.5),
        Book(
            title: "The Handmaid's Tale", author: "Margaret Atwood", year: 1985, language: "en", pages: 311, status: .read,
            daysAgo: 340, rating: 4),
        Book(
            title: "The Testaments", author: "Margaret Atwood", year: 2019, language: "en", pages: 419, status: .read,
            daysAgo: 120, rating: 3.5, accessibility: ["audiobook"], format: .audiobook),
        Book(
            title: "One Hundred Years of Solitude", author: "Gabriel García Márquez", year: 1967, language: "es", pages: 417,
            status: .read, daysAgo: 45, rating: 5, translator: "Gregory Rabassa", shelves: ["classics"]),
        Book(
            title: "My Name Is Red", author: "Orhan Pamuk", year: 1998, language: "tr", pages: 417, status: .read, daysAgo: 160,
            rating: 4, translator: "Erdağ Göknar"),
        Book(
            title: "Annie John", author: "Jamaica Kincaid", year: 1985, language: "en", pages: 148, status: .read, daysAgo: 65,
            rating: 4.25, ownVoices: .yes),
        Book(
            title: "Jamilia", author: "Chingiz Aitmatov", year: 1958, language: "ky", pages: 96, status: .read, daysAgo: 230,
            rating: 4.5, translator: "James Riordan"),
        Book(
            title: "The Round House", author: "Louise Erdrich", year: 2012, language: "en", pages: 321, status: .read,
            daysAgo: 85, rating: 4.5, ownVoices: .yes),
        Book(
            title: "Freshwater", author: "Akwaeke Emezi", year: 2018, language: "en", pages: 229, status: .read, daysAgo: 5,
            rating: 4, ownVoices: .yes),
        Book(
            title: "The Whale Rider", author: "Witi Ihimaera", year: 1987, language: "en", pages: 152, status: .read,
            daysAgo: 290, rating: 4),
        Book(
            title: "My Brilliant Friend", author: "Elena Ferrante", year: 2011, language: "it", pages: 331, status: .read,
            daysAgo: 105, rating: 4.5, translator: "Ann Goldstein"),
        Book(
            title: "The Big Green Tent", author: "Lyudmila Ulitskaya", year: 2010, language: "ru", pages: 578, status: .read,
            daysAgo: 370, rating: 4, translator: "Polly Gannon"),
        Book(
            title: "Their Eyes Were Watching God", author: "Zora Neale Hurston", year: 1937, language: "en", pages: 219,
            status: .read, daysAgo: 195, rating: 5, shelves: ["classics"]),
        Book(
            title: "The Namesake", author: "Jhumpa Lahiri", year: 2003, language: "en", pages: 291, status: .read, daysAgo: 245,
            rating: 4),
        Book(
            title: "Klara and the Sun", author: "Kazuo Ishiguro", year: 2021, language: "en", pages: 303, status: .read,
            daysAgo: 150, rating: 4.25),
        Book(
            title: "Piranesi", author: "Susanna Clarke", year: 2020, language: "en", pages: 272, status: .read, daysAgo: 35,
            rating: 4.5),
        Book(
            title: "Love in the Time of Cholera", author: "Gabriel García Márquez", year: 1985, language: "es", pages: 348,
            status: .reading, daysAgo: 9, translator: "Edith Grossman"),
        Book(
            title: "Half of a Yellow Sun", author: "Chimamanda Ngozi Adichie", year: 2006, language: "en", pages: 433,
            status: .toRead, daysAgo: 20),
        Book(
            title: "Wizard of the Crow", author: "Ngũgĩ wa Thiong'o", year: 2006, language: "ki", pages: 768, status: .wishlist,
            daysAgo: 15, translator: "Ngũgĩ wa Thiong'o"),
        Book(
            title: "Drive Your Plow Over the Bones of the Dead", author: "Olga Tokarczuk", year: 2009, language: "pl", pages: 274,
            status: .toRead, daysAgo: 40, translator: "Antonia Lloyd-Jones"),
        Book(
            title: "The God of Small Things", author: "Arundhati Roy", year: 1997, language: "en", pages: 340, status: .wishlist,
            daysAgo: 8),
        Book(
            title: "Death's End", author: "Liu Cixin", year: 2010, language: "zh", pages: 604, status: .dnf, daysAgo: 100,
            translator: "Ken Liu", shelves: ["science fiction"]),
        Book(
            title: "Sonechka", author: "Lyudmila Ulitskaya", year: 1992, language: "ru", pages: 160, status: .onHold, daysAgo: 60,
            translator: "Arch Tait"),
    ]
}
