import Foundation

/// What every goal of a reader is measured on, worked out once from the library: each finished
/// book's finish days and traits as plain numbers (bit masks for regions and genders, indices for
/// authors, languages, genres, shelves and countries), the sorted finishes, the finished sessions
/// with running totals, and the reading days. Evaluating a goal then walks only the finishes in
/// its period, with no hashing and no reference counting.
public struct GoalBoard: Sendable {
    struct Book: Sendable {
        var regionMask: UInt16
        var genderMask: UInt8
        var marginalized: Bool
        /// Whether it is known if a marginalized voice wrote it (one did, or every author is known).
        var marginalizedKnown: Bool
        /// Index into `languages`, or -1.
        var language: Int32
        var translated: Bool
        var translatedKnown: Bool
        var owned: Bool
        /// -1 when unknown.
        var pageCount: Int32
        /// Quarter stars 0…20, -1 when unrated.
        var rating: Int8
        /// The decade of first publication (1850 for 1857, -810 for 805 BCE), or `Int32.min`.
        var decade: Int32
        var timed: Bool
        /// Ranges into the flat lists.
        var authors: Range<Int32>
        var genres: Range<Int32>
        var shelves: Range<Int32>
    }

    var books: [Book] = []
    /// Each book's entry id, by book index.
    var ids: [LibraryEntry.ID] = []
    /// Whether each book is still the one its entry has (a patch appends a book built again and
    /// leaves the old one out of the finishes: ``patched(index:readingDays:rebuilt:)``).
    var live: [Bool] = []
    var flatAuthors: [Int32] = []
    var flatGenres: [Int32] = []
    var flatShelves: [Int32] = []
    /// The index's authors' traits as they were told, and as bits, by author index.
    var authorTraits: [InsightIndex.AuthorTraits] = []
    var authorRegion: [UInt16] = []
    var authorGender: [UInt8] = []
    /// Each author's country index (or -1), by author index.
    var authorCountry: [Int32] = []
    var countryIndex: [CountryCode: Int32] = [:]
    var languageIndex: [LanguageCode: Int32] = [:]
    var genreIndex: [String: Int32] = [:]
    var shelfIndex: [String: Int32] = [:]
    var countryCount: Int { countryIndex.count }
    /// Every finish as (day number, book index), sorted: a period's finishes are one slice.
    var finishDays: [Int] = []
    var finishBooks: [Int32] = []
    /// Running totals over the finishes: page counts of books without a finished session, and
    /// of every book (a period's pages of its finished books are two look-ups).
    var untimedPagesBefore: [Int] = [0]
    var allPagesBefore: [Int] = [0]
    /// Whether some book was finished more than once (only then a period may hold it twice).
    var rereads = false
    /// Finished sessions and noted pages sorted by day, with running totals of minutes and pages
    /// (a period's sum is two look-ups).
    var sessionDays: [Int] = []
    var minutesBefore: [Int] = [0]
    var pagesBefore: [Int] = [0]
    /// Pages of the sessions with minutes only (a pace is never of noted pages).
    var timedPagesBefore: [Int] = [0]
    /// Reading days (sessions, progress updates, finishes) as sorted day numbers.
    var readingDays: [Int] = []

    static func bit(_ region: CulturalRegion) -> UInt16 {
        1 << UInt16(CulturalRegion.allCases.firstIndex(of: region) ?? 0)
    }

    static func bit(_ gender: Gender) -> UInt8 { 1 << UInt8(Gender.allCases.firstIndex(of: gender) ?? 0) }

    /// The decade a year is in, as its first year (rounded down, so 805 BCE is in the −810s).
    static func decade(_ year: Int) -> Int32 { Int32(clamping: Int((Double(year) / 10).rounded(.down)) * 10) }

    public init(_ library: ReaderLibrary, timeZone: TimeZone) {
        self.init(index: InsightIndex(library, timeZone: timeZone), readingDays: ReadingDays(library, timeZone: timeZone).days)
    }

    /// The board of the books read at some time in an insights index (the library flattened
    /// once: see ``LibraryFigures``); the library gives only the reading days.
    init(index: InsightIndex, readingDays: [Int]) {
        self.readingDays = readingDays
        indexSessions(index)
        tell(index)
        var finishes: [(day: Int, book: Int32)] = []
        finishes.reserveCapacity(index.books.count)
        for book in index.books where book.readAtSomeTime {
            let position = append(book)
            for day in book.finishedDays { finishes.append((day, position)) }
        }
        finishes.sort { ($0.day, $0.book) < ($1.day, $1.book) }
        finishDays = finishes.map(\.day)
        finishBooks = finishes.map(\.book)
        sumFinishes()
    }

    /// This board brought up to date with its index after a patch that built the books of
    /// `rebuilt` again (``InsightIndex/patch(_:touched:timeZone:)``): those books appended anew
    /// and their old records left out of the finishes, the finishes moved and summed again, the
    /// sessions and reading days taken again — not every book's record built again and every
    /// finish sorted (a write on a 100,000-book library with a goal). `nil` when it must be
    /// built anew: an author's traits changed, or too many records were left behind.
    func patched(index: InsightIndex, readingDays: [Int], rebuilt: Set<LibraryEntry.ID>) -> GoalBoard? {
        guard index.authors.count >= authorTraits.count,
            !zip(index.authors, authorTraits).contains(where: { $0 != $1 }),
            rebuilt.count <= 64, books.count - live.count(where: { $0 }) + rebuilt.count <= max(1_000, books.count / 4)
        else { return nil }
        var board = self
        board.readingDays = readingDays
        board.sessionDays = []
        (board.minutesBefore, board.pagesBefore, board.timedPagesBefore) = ([0], [0], [0])
        board.indexSessions(index)
        board.tell(index)
        // The old records of the books built again (the newest record of an entry is its last).
        var gone = Set<Int32>()
        for id in rebuilt {
            if let old = board.ids.lastIndex(of: id), board.live[old] {
                board.live[old] = false
                gone.insert(Int32(old))
            }
        }
        var finishes: [(day: Int, book: Int32)] = []
        for id in rebuilt {
            guard let at = index.position[id], index.books[at].readAtSomeTime else { continue }
            let position = board.append(index.books[at])
            for day in index.books[at].finishedDays { finishes.append((day, position)) }
        }
        if !gone.isEmpty {
            var kept = 0
            for at in board.finishBooks.indices where !gone.contains(board.finishBooks[at]) {
                board.finishDays[kept] = board.finishDays[at]
                board.finishBooks[kept] = board.finishBooks[at]
                kept += 1
            }
            board.finishDays.removeLast(board.finishDays.count - kept)
            board.finishBooks.removeLast(board.finishBooks.count - kept)
        }
        // Each new finish at its place in (day, book) order: the new books come after every other.
        for finish in finishes.sorted(by: { ($0.day, $0.book) < ($1.day, $1.book) }) {
            let at = board.finishDays.insertionIndex { $0 <= finish.day }
            board.finishDays.insert(finish.day, at: at)
            board.finishBooks.insert(finish.book, at: at)
        }
        board.sumFinishes()
        return board
    }

    /// The authors, languages, genres and shelves of the index as dense numbers (authors the
    /// board has not told yet are appended).
    private mutating func tell(_ index: InsightIndex) {
        for author in index.authors.dropFirst(authorTraits.count) {
            authorTraits.append(author)
            authorRegion.append(author.region.map(Self.bit) ?? 0)
            authorGender.append(author.gender.map(Self.bit) ?? 0)
            if let country = author.country {
                if countryIndex[country] == nil { countryIndex[country] = Int32(countryIndex.count) }
                authorCountry.append(countryIndex[country]!)
            } else {
                authorCountry.append(-1)
            }
        }
        for (position, code) in index.languages.enumerated().dropFirst(languageIndex.count) {
            languageIndex[code] = Int32(position)
        }
        genreIndex = index.genreIndex
        shelfIndex = index.shelfIndex
    }

    /// The finished sessions and noted pages by day, with their running totals.
    private mutating func indexSessions(_ index: InsightIndex) {
        let sessions = index.sessions.sorted { $0.day < $1.day }
        sessionDays.reserveCapacity(sessions.count)
        for session in sessions {
            sessionDays.append(session.day)
            minutesBefore.append(minutesBefore.last! + session.minutes)
            pagesBefore.append(pagesBefore.last! + session.pages)
            timedPagesBefore.append(timedPagesBefore.last! + (session.minutes > 0 ? session.pages : 0))
        }
    }

    /// A book read at some time as a record of plain numbers, appended; its index.
    private mutating func append(_ book: InsightIndex.Book) -> Int32 {
        let position = Int32(books.count)
        if book.finishedDays.count > 1 { rereads = true }
        let authorsStart = Int32(flatAuthors.count)
        var regionMask: UInt16 = 0
        var genderMask: UInt8 = 0
        var marginalized = false
        var everyAuthorKnown = !book.authors.isEmpty
        for author in book.authors {
            let traits = authorTraits[Int(author)]
            everyAuthorKnown = everyAuthorKnown && traits.marginalized != nil
            flatAuthors.append(author)
            regionMask |= authorRegion[Int(author)]
            genderMask |= authorGender[Int(author)]
            marginalized = marginalized || traits.marginalized == true
        }
        let genresStart = Int32(flatGenres.count)
        flatGenres.append(contentsOf: book.genres)
        let shelvesStart = Int32(flatShelves.count)
        flatShelves.append(contentsOf: book.shelves)
        ids.append(book.entryID)
        live.append(true)
        books.append(
            Book(
                regionMask: regionMask, genderMask: genderMask, marginalized: marginalized,
                marginalizedKnown: marginalized || everyAuthorKnown, language: book.language,
                translated: book.translated ?? false, translatedKnown: book.translated != nil, owned: book.owned,
                pageCount: book.pageCount.map(Int32.init) ?? -1,
                rating: book.rating, decade: book.year.map(Self.decade) ?? .min, timed: book.hasSessions,
                authors: authorsStart..<Int32(flatAuthors.count),
                genres: genresStart..<Int32(flatGenres.count), shelves: shelvesStart..<Int32(flatShelves.count)))
        return position
    }

    /// The running totals of pages over the sorted finishes.
    private mutating func sumFinishes() {
        untimedPagesBefore = [0]
        allPagesBefore = [0]
        untimedPagesBefore.reserveCapacity(finishBooks.count + 1)
        allPagesBefore.reserveCapacity(finishBooks.count + 1)
        for book in finishBooks {
            let book = books[Int(book)]
            let pages = max(0, Int(book.pageCount))
            untimedPagesBefore.append(untimedPagesBefore.last! + (book.timed ? 0 : pages))
            allPagesBefore.append(allPagesBefore.last! + pages)
        }
    }

    /// The distinct countries of the authors of some books.
    func countries(among selection: [Int32]) -> Int {
        var seen = [Bool](repeating: false, count: countryCount)
        var distinct = 0
        for index in selection {
            for position in books[Int(index)].authors {
                let country = authorCountry[Int(flatAuthors[Int(position)])]
                if country >= 0 && !seen[Int(country)] {
                    seen[Int(country)] = true
                    distinct += 1
                }
            }
        }
        return distinct
    }

    /// How many distinct values (authors, genres: `count` of them) some books have, each book's
    /// values being its `range` in the `flat` list.
    func distinct(_ range: KeyPath<Book, Range<Int32>>, in flat: [Int32], of count: Int, among selection: [Int32]) -> Int {
        var seen = [Bool](repeating: false, count: count)
        var distinct = 0
        for index in selection {
            for position in books[Int(index)][keyPath: range] where !seen[Int(flat[Int(position)])] {
                seen[Int(flat[Int(position)])] = true
                distinct += 1
            }
        }
        return distinct
    }

    /// The run of consecutive reading days inside `days` that is still alive at its last day:
    /// ending on it, or on the day before while that last day is not read yet.
    func aliveRun(in days: ClosedRange<Int>) -> Int {
        var end = Self.first(readingDays, atLeast: days.upperBound + 1) - 1
        guard end >= 0, readingDays[end] >= days.upperBound - 1 else { return 0 }
        var run = 1
        while end > 0, readingDays[end - 1] == readingDays[end] - 1, readingDays[end - 1] >= days.lowerBound {
            run += 1
            end -= 1
        }
        return readingDays[end] >= days.lowerBound ? run : 0
    }

    /// Whether a day (a day number) is a reading day.
    func isReadingDay(_ day: Int) -> Bool {
        let index = Self.first(readingDays, atLeast: day)
        return index < readingDays.count && readingDays[index] == day
    }

    /// The longest run of consecutive reading days inside a range of day numbers.
    func longestRun(in days: ClosedRange<Int>) -> Int {
        ReadingDays.longestRun(
            readingDays[Self.first(readingDays, atLeast: days.lowerBound)..<Self.first(readingDays, atLeast: days.upperBound + 1)]
        )
    }
}

extension GoalBoard {
    /// The index of the first value at least `value` in ascending `values`.
    static func first(_ values: [Int], atLeast value: Int) -> Int {
        values.insertionIndex { $0 < value }
    }
}
