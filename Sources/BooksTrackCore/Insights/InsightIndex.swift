import Foundation

/// A reader's library flattened for the insight computations: books and authors as dense arrays
/// of small values, days as day numbers. Every figure of a report (the period, the previous
/// period, reading stats, suggestions) is computed from one index, kept with the library and
/// patched by each write (``patch(_:touched:timeZone:)``), so the library's dictionaries are
/// hashed once per change rather than once per figure.
struct InsightIndex {
    struct Book {
        var status: ReadingStatus
        /// Dense author indices (see ``authors``); empty when the work has no known author.
        var authors: [Int32]
        /// Dense language index, or -1 when unknown.
        var language: Int32
        /// The edition's page count, looked up only for books read at some time (the only ones
        /// reading stats count pages of).
        var pageCount: Int?
        var addedDay: Int?
        /// Day numbers of finished read-throughs with a date.
        var finishedDays: [Int]
        /// Status read, or any finished read-through.
        var readAtSomeTime: Bool
        var hasSessions: Bool
        /// Read in translation (edition language, else the reader's, differs from the
        /// original); `nil` when either is unknown.
        var translated: Bool?
        var ownVoices: YesNo?
        var era: PublicationEra?
        /// The work's first publication year.
        var year: Int?
        /// What goals and achievements also look at (``GoalBoard``).
        var entryID: LibraryEntry.ID
        var owned: Bool
        /// Quarter stars 0…20, -1 when unrated.
        var rating: Int8
        /// Dense genre and shelf indices (compared without case), for books read at some time only.
        var genres: [Int32]
        var shelves: [Int32]
    }

    struct AuthorTraits: Equatable {
        var region: CulturalRegion?
        var country: CountryCode?
        var gender: Gender?
        /// `nil` when it cannot be told (see ``marginalizedVoice(_:underrepresented:)``).
        var marginalized: Bool?
    }

    /// A finished session, or the pages an "I'm on page" update moved on (`noted`: no minutes,
    /// no session of its own).
    struct Session {
        var day: Int
        var pages: Int
        var minutes: Int
        var noted = false
    }

    var books: [Book] = []
    var authors: [AuthorTraits] = []
    var languages: [LanguageCode] = []
    var sessions: [Session] = []
    /// Genres and shelves, lower-cased, to their dense index.
    var genreIndex: [String: Int32] = [:]
    /// The reader's underrepresented regions, which the marginalized-voice figures were told with.
    var underrepresented: Set<CulturalRegion> = []
    var shelfIndex: [String: Int32] = [:]

    /// What a patch needs to change a few books without flattening the library again: where
    /// each entry's book is, the authors' dense indices, the interned spellings, and the
    /// settings every book was told with.
    var position: [LibraryEntry.ID: Int] = [:]
    var authorIndex: [Author.ID: Int32] = [:]
    var languageIndex: [LanguageCode: Int32] = [:]
    /// Each spelling is lower-cased once, not once per book.
    var genreSpellings: [String: Int32] = [:]
    var shelfSpellings: [String: Int32] = [:]
    var primaryLanguage: LanguageCode?
    /// Entries with finished sessions or noted pages (their pages come from those).
    var withSessions = Set<LibraryEntry.ID>()
    /// How many finished read-throughs fell on each day: the finishes among the reading days,
    /// kept as books change (``ReadingDays``).
    var finishes: [Int: Int] = [:]
    /// What achievements count of the books read at some time, kept as books change.
    var tally = ReadTally()
    /// What a report counts over the whole library whatever its period, kept as books change.
    var catalogue = CatalogueTally()

    /// What a report looks at over every book, whatever its period (``CatalogueTally/count(_:_:authors:)``):
    /// a write changes it by one book, not a pass over 100,000.
    struct CatalogueTally: Equatable {
        /// Wishlist and to-read books by their authors' regions and genders (a book once for
        /// each) and by original language: the books a suggestion can name.
        var candidateRegions: [CulturalRegion: Int] = [:]
        var candidateGenders: [Gender: Int] = [:]
        var candidateLanguages: [Int32: Int] = [:]
        /// Books by each year they were added or finished in (a book once a year): the years a
        /// reader can pick.
        var years: [Int: Int] = [:]
        /// Each country's books (a book once per country of its authors) counted by the day
        /// each was first finished (`Int.min` for a book read at a time not known), with the
        /// earliest: a country was read before a day when its earliest is earlier.
        var firstReads: [CountryCode: FirstReads] = [:]

        struct FirstReads: Equatable {
            var days: [Int: Int] = [:]
            var earliest = Int.max

            mutating func count(_ day: Int, _ sign: Int) {
                ReadTally.add(sign, to: &days, day)
                if sign > 0 {
                    earliest = min(earliest, day)
                } else if day == earliest, days[day] == nil {
                    // The earliest book went: the next earliest (only then the days are walked).
                    earliest = days.keys.min() ?? .max
                }
            }
        }

        mutating func count(_ book: Book, _ sign: Int, authors: [AuthorTraits]) {
            if book.status == .wishlist || book.status == .toRead {
                var regions: [CulturalRegion] = []
                var genders: [Gender] = []
                for author in book.authors {
                    let traits = authors[Int(author)]
                    if let region = traits.region, !regions.contains(region) { regions.append(region) }
                    if let gender = traits.gender, !genders.contains(gender) { genders.append(gender) }
                }
                for region in regions { ReadTally.add(sign, to: &candidateRegions, region) }
                for gender in genders { ReadTally.add(sign, to: &candidateGenders, gender) }
                if book.language >= 0 { ReadTally.add(sign, to: &candidateLanguages, book.language) }
            }
            var bookYears: [Int] = []
            for day in book.finishedDays {
                let year = LocalDate(dayNumber: day).year
                if !bookYears.contains(year) { bookYears.append(year) }
            }
            if let added = book.addedDay, case let year = LocalDate(dayNumber: added).year, !bookYears.contains(year) {
                bookYears.append(year)
            }
            for year in bookYears { ReadTally.add(sign, to: &years, year) }
            guard let first = book.finishedDays.min() ?? (book.readAtSomeTime ? Int.min : nil) else { return }
            var countries: [CountryCode] = []
            for author in book.authors {
                if let country = authors[Int(author)].country, !countries.contains(country) { countries.append(country) }
            }
            for country in countries {
                firstReads[country, default: FirstReads()].count(first, sign)
                if firstReads[country]?.days.isEmpty == true { firstReads[country] = nil }
            }
        }

        /// The countries read before a day (see ``CountryFigures/readBefore(_:index:)``).
        func countriesRead(before day: Int) -> Set<CountryCode> {
            Set(firstReads.compactMap { country, reads in reads.earliest < day ? country : nil })
        }
    }

    /// What achievements count of the books read at some time (``LibraryFigures/achievementFacts(contributions:)``):
    /// each count goes up and down with the books, so a write changes it by one book, not a
    /// pass over the library.
    struct ReadTally: Equatable {
        var books = 0
        var rated = 0
        /// Quarter stars of the rated ones.
        var quarters = 0
        /// Books per original language, and per region among their authors (a book once per region).
        var languages: [Int32: Int] = [:]
        var regions: [CulturalRegion: Int] = [:]

        mutating func count(_ book: Book, _ sign: Int, authors: [AuthorTraits]) {
            guard book.readAtSomeTime else { return }
            books += sign
            if book.rating >= 0 {
                rated += sign
                quarters += sign * Int(book.rating)
            }
            if book.language >= 0 { Self.add(sign, to: &languages, book.language) }
            var seen: [CulturalRegion] = []
            for author in book.authors {
                guard let region = authors[Int(author)].region, !seen.contains(region) else { continue }
                seen.append(region)
                Self.add(sign, to: &regions, region)
            }
        }

        static func add<Key>(_ sign: Int, to counts: inout [Key: Int], _ key: Key) {
            let count = counts[key, default: 0] + sign
            counts[key] = count == 0 ? nil : count
        }
    }

    init(_ library: ReaderLibrary, timeZone: TimeZone) {
        underrepresented = library.user.settings.underrepresentedRegions
        primaryLanguage = library.user.settings.primaryLanguage
        indexSessions(library, timeZone: timeZone)
        books.reserveCapacity(library.entries.count)
        position.reserveCapacity(library.entries.count)
        for entry in library.entries {
            guard let book = book(of: entry, in: library) else { continue }
            position[entry.id] = books.count
            books.append(book)
            count(book, 1)
        }
    }

    /// Counts a book in (`sign` 1) or out (-1) of the finishes and the tally.
    private mutating func count(_ book: Book, _ sign: Int) {
        for day in book.finishedDays {
            let count = finishes[day, default: 0] + sign
            finishes[day] = count == 0 ? nil : count
        }
        tally.count(book, sign, authors: authors)
        catalogue.count(book, sign, authors: authors)
    }

    /// Brings the index up to date after a change to a few of the library's rows (`touched`),
    /// from the library as it is now, in place: the touched books built again (or added, or
    /// removed), the authors' traits told again, the sessions again. Returns the entries whose
    /// books were built again; `nil` when every book changed: the reader's settings changed what
    /// every book and author is told with (``retell(_:)``).
    mutating func patch(_ library: ReaderLibrary, touched: LibraryTouch, timeZone: TimeZone) -> Set<LibraryEntry.ID>? {
        let retold =
            library.user.settings.underrepresentedRegions != underrepresented
            || library.user.settings.primaryLanguage != primaryLanguage
        if retold { retell(library) }
        // The authors read again whose traits changed: their books are counted out of the
        // tallies with the old traits and in with the new ones (one pass to find them).
        var told: [(dense: Int32, traits: AuthorTraits)] = []
        for id in touched.authors {
            guard let dense = authorIndex[id], let author = library.authors[id] else { continue }
            let traits = Self.traits(of: author, underrepresented: underrepresented)
            if traits != authors[Int(dense)] { told.append((dense, traits)) }
        }
        if !told.isEmpty {
            let moved = told.map(\.dense)
            let theirs = books.indices.filter { at in books[at].authors.contains(where: moved.contains) }
            for at in theirs { count(books[at], -1) }
            for (dense, traits) in told { authors[Int(dense)] = traits }
            for at in theirs { count(books[at], 1) }
        }
        // The books whose rows changed: the entries, and every entry of a changed work or edition
        // (only then a pass over the entries; a touched entry is found by halving, as they are
        // sorted by id).
        var rebuild = touched.entries
        if !touched.works.isEmpty || !touched.editions.isEmpty {
            // By index: a `for entry in` would copy (and retain) every entry of the library. The
            // few ids in arrays: compared, not hashed, 100,000 times.
            let (works, editions) = (Array(touched.works), Array(touched.editions))
            for at in library.entries.indices
            where works.contains(library.entries[at].workID)
                || library.entries[at].editionID.map(editions.contains) == true
            {
                rebuild.insert(library.entries[at].id)
            }
        }
        // Entries whose sessions changed were touched: their books are built again below.
        sessions = []
        withSessions = []
        indexSessions(library, timeZone: timeZone)
        var removed: [Int] = []
        for id in rebuild {
            let (at, found) = library.entrySlot(id)
            let built = found ? book(of: library.entries[at], in: library) : nil
            if let old = position[id] {
                count(books[old], -1)
                if let built { books[old] = built } else { removed.append(old) }
            } else if let built {
                position[id] = books.count
                books.append(built)
            }
            if let built { count(built, 1) }
        }
        if let first = removed.min() {
            // In one pass (a shift of the books per removal would be quadratic for a big delete).
            let gone = Set(removed)
            for at in removed { position[books[at].entryID] = nil }
            var kept = first
            for at in first..<books.count where !gone.contains(at) {
                books.swapAt(kept, at)
                kept += 1
            }
            books.removeLast(books.count - kept)
            for at in first..<books.count { position[books[at].entryID] = at }
        }
        return retold ? nil : rebuild
    }

    /// Tells every author and book again with the reader's settings as they are now — which
    /// regions are underrepresented (an author's marginalized voice), the primary language (a
    /// book read in translation when its edition's language is not known): a pass over the
    /// authors and the books, not the library flattened anew. The tallies count neither, so
    /// they stand.
    private mutating func retell(_ library: ReaderLibrary) {
        underrepresented = library.user.settings.underrepresentedRegions
        primaryLanguage = library.user.settings.primaryLanguage
        for (id, dense) in authorIndex {
            guard let author = library.authors[id] else { continue }
            authors[Int(dense)] = Self.traits(of: author, underrepresented: underrepresented)
        }
        for at in books.indices {
            let (slot, found) = library.entrySlot(books[at].entryID)
            guard found else { continue }
            let entry = library.entries[slot]
            guard let original = library.works[entry.workID]?.originalLanguage else { continue }
            let read = entry.editionID.flatMap { library.editions[$0] }?.details.language ?? primaryLanguage
            books[at].translated = read.map { original != $0 }
        }
    }

    /// The sessions and noted pages counted again in another time zone: the only days the index
    /// keeps in one (finishes and days added are calendar days).
    mutating func rezone(_ library: ReaderLibrary, timeZone: TimeZone) {
        sessions = []
        withSessions = []
        indexSessions(library, timeZone: timeZone)
    }

    /// The reading sessions and noted pages as day-numbered pages and minutes.
    private mutating func indexSessions(_ library: ReaderLibrary, timeZone: TimeZone) {
        sessions.reserveCapacity(library.sessions.count)
        for session in library.sessions {
            // A running session has no pages yet: it must not take its book's pages out of the
            // stats (they come from the book when it has no finished session).
            guard let pages = session.pagesRead, let minutes = session.minutes else { continue }
            withSessions.insert(session.entryID)
            sessions.append(Session(day: Self.dayNumber(session.startedAt, in: timeZone), pages: pages, minutes: minutes))
        }
        for (entryID, pages) in Self.notedPages(library) {
            withSessions.insert(entryID)
            for (at, count) in pages {
                sessions.append(Session(day: Self.dayNumber(at, in: timeZone), pages: count, minutes: 0, noted: true))
            }
        }
    }

    static func traits(of author: Author, underrepresented: Set<CulturalRegion>) -> AuthorTraits {
        AuthorTraits(
            region: author.region, country: author.country?.value, gender: author.gender?.value,
            marginalized: marginalizedVoice(author, underrepresented: underrepresented))
    }

    /// An author's dense index, telling their traits the first time.
    private mutating func author(_ id: Author.ID, in library: ReaderLibrary) -> Int32? {
        if let known = authorIndex[id] { return known }
        guard let author = library.authors[id] else { return nil }
        authors.append(Self.traits(of: author, underrepresented: underrepresented))
        let index = Int32(authors.count - 1)
        authorIndex[id] = index
        return index
    }

    private static func intern(_ text: String, in table: inout [String: Int32], spellings: inout [String: Int32]) -> Int32 {
        if let known = spellings[text] { return known }
        let lowered = text.lowercased()
        let index: Int32
        if let known = table[lowered] {
            index = known
        } else {
            index = Int32(table.count)
            table[lowered] = index
        }
        spellings[text] = index
        return index
    }

    /// One entry's book, `nil` when its work is not in the library.
    private mutating func book(of entry: LibraryEntry, in library: ReaderLibrary) -> Book? {
        guard let work = library.works[entry.workID] else { return nil }
        var language: Int32 = -1
        if let code = work.originalLanguage {
            if let known = languageIndex[code] {
                language = known
            } else {
                languages.append(code)
                language = Int32(languages.count - 1)
                languageIndex[code] = language
            }
        }
        var finishedDays: [Int] = []
        var finishedAny = false
        for reading in entry.state.readings where reading.outcome == .finished {
            finishedAny = true
            if let day = reading.finishedOn { finishedDays.append(day.dayNumber) }
        }
        let readAtSomeTime = entry.state.status == .read || finishedAny
        // The edition only matters for pages read and for the language it was read in.
        let edition =
            readAtSomeTime || work.originalLanguage != nil ? entry.editionID.flatMap { library.editions[$0] }?.details : nil
        var translated: Bool?
        if let original = work.originalLanguage, let read = edition?.language ?? primaryLanguage {
            translated = original != read
        }
        var authorIndices: [Int32] = []
        authorIndices.reserveCapacity(work.authorIDs.count)
        for id in work.authorIDs { if let dense = author(id, in: library) { authorIndices.append(dense) } }
        return Book(
            status: entry.state.status, authors: authorIndices, language: language,
            pageCount: readAtSomeTime ? edition?.pageCount : nil,
            addedDay: entry.state.addedOn?.dayNumber, finishedDays: finishedDays, readAtSomeTime: readAtSomeTime,
            hasSessions: !withSessions.isEmpty && withSessions.contains(entry.id), translated: translated,
            ownVoices: work.ownVoices, era: work.era, year: work.firstPublishedYear, entryID: entry.id,
            owned: entry.state.owned,
            rating: entry.state.rating.map { Int8($0.quarters) } ?? -1,
            genres: readAtSomeTime && !work.genres.isEmpty
                ? work.genres.map { Self.intern($0, in: &genreIndex, spellings: &genreSpellings) } : [],
            shelves: readAtSomeTime && !entry.state.shelves.isEmpty
                ? entry.state.shelves.map { Self.intern($0, in: &shelfIndex, spellings: &shelfSpellings) } : [])
    }

    /// The day an instant falls on in a time zone, as a day number: the zone's offset at that
    /// instant, then whole days (no calendar needed).
    /// The pages each "I'm on page N" update moved on, by book (SPEC §4 Reading stats): the
    /// difference from the previous noted page — an earlier update's, or the end page of a
    /// session before it — and from page 0 for a book's first; a move back counts nothing (a
    /// correction) and starts from there. An update by percent on a book without a page count
    /// has no pages to count.
    static func notedPages(_ library: ReaderLibrary) -> [LibraryEntry.ID: [(at: Date, pages: Int)]] {
        var updates: [LibraryEntry.ID: [ProgressUpdate]] = [:]
        for update in library.progress where update.percent == nil {
            updates[update.entryID, default: []].append(update)
        }
        guard !updates.isEmpty else { return [:] }
        var sessionEnds: [LibraryEntry.ID: [(at: Date, page: Int)]] = [:]
        for session in library.sessions where updates[session.entryID] != nil {
            if let end = session.endedAt, let page = session.endPage {
                sessionEnds[session.entryID, default: []].append((end, page))
            }
        }
        var moved: [LibraryEntry.ID: [(at: Date, pages: Int)]] = [:]
        for (entryID, bookUpdates) in updates {
            let ends = (sessionEnds[entryID] ?? []).sorted { $0.at < $1.at }
            var next = ends.startIndex
            var position = 0
            for update in bookUpdates.sorted(by: { $0.recordedAt < $1.recordedAt }) {
                while next < ends.endIndex, ends[next].at <= update.recordedAt {
                    position = ends[next].page
                    next += 1
                }
                let pages = max(0, update.page - position)
                position = update.page
                if pages > 0 { moved[entryID, default: []].append((update.recordedAt, pages)) }
            }
        }
        return moved
    }

    static func dayNumber(_ instant: Date, in timeZone: TimeZone) -> Int {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        return seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    }

    /// The books in a scope for a range of day numbers (`nil` is all time), by index (SPEC §4):
    ///
    /// - Read: books with a read-through finished in the range; a book being re-read still
    ///   counts for the period it was finished in. For all time, also books marked read
    ///   without a finish date.
    /// - Library: books added in the range; for all time, every book. A book without a date
    ///   added belongs to all time only.
    func select(_ scope: InsightScope, in range: ClosedRange<Int>?) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(books.count)
        for (index, book) in books.enumerated() {
            let included: Bool
            switch (scope, range) {
            case (.read, nil): included = book.readAtSomeTime
            case (.read, let range?): included = book.finishedDays.contains { range.contains($0) }
            case (.library, nil): included = true
            case (.library, let range?): included = book.addedDay.map(range.contains) ?? false
            }
            if included { out.append(index) }
        }
        return out
    }
}

extension ClosedRange where Bound == LocalDate {
    /// The range as day numbers.
    var dayNumbers: ClosedRange<Int> { lowerBound.dayNumber...upperBound.dayNumber }
}
