import BooksTrackCore
import Foundation

/// A small library built by hand, so that every expected figure can be worked out on paper.
public struct LibraryBuilder {
    public var library: ReaderLibrary
    public let recorded = Date(timeIntervalSince1970: 1_700_000_000)

    public init(underrepresented: Set<CulturalRegion> = CulturalRegion.defaultUnderrepresented, primaryLanguage: String? = nil) {
        library = ReaderLibrary(
            user: User(
                name: "reader", createdAt: recorded,
                settings: ReaderSettings(
                    primaryLanguage: primaryLanguage.flatMap(LanguageCode.init(lenient:)),
                    underrepresentedRegions: underrepresented)))
    }

    /// An author with the given facts (country as ISO code; region only when chosen by a person).
    @discardableResult
    public mutating func author(
        _ name: String, country: String? = nil, region: CulturalRegion? = nil, gender: Gender? = nil,
        marginalized: YesNo? = nil
    ) -> Author.ID {
        var author = Author(name: name)
        let provenance = Provenance(source: .user, recordedAt: recorded)
        author.country = country.flatMap(CountryCode.init(lenient:)).map { AuthorFact(value: $0, provenance: provenance) }
        author.chosenRegion = region.map { AuthorFact(value: $0, provenance: provenance) }
        author.gender = gender.map { AuthorFact(value: $0, provenance: provenance) }
        author.marginalized = marginalized.map { AuthorFact(value: $0, provenance: provenance) }
        library.authors[author.id] = author
        return author.id
    }

    /// A book in the library; `finished` adds a finished read-through on that day.
    @discardableResult
    public mutating func book(
        _ title: String, by authors: [Author.ID], language: String? = nil, year: Int? = nil,
        status: ReadingStatus = .read, finished: String? = nil, added: String? = nil, pages: Int? = nil,
        editionLanguage: String? = nil
    ) -> LibraryEntry.ID {
        let work = Work(
            title: title, authorIDs: authors, originalLanguage: language.flatMap(LanguageCode.init(lenient:)),
            firstPublishedYear: year)
        library.works[work.id] = work
        var editionID: Edition.ID?
        if pages != nil || editionLanguage != nil {
            let edition = Edition(
                workID: work.id,
                details: EditionDetails(pageCount: pages, language: editionLanguage.flatMap(LanguageCode.init(lenient:))))
            library.editions[edition.id] = edition
            editionID = edition.id
        }
        var readings: [Reading] = []
        if let finished { readings.append(Reading(finishedOn: LocalDate(finished)!, outcome: .finished, origin: .user)) }
        let entry = LibraryEntry(
            userID: library.user.id, workID: work.id, editionID: editionID,
            state: EntryState(status: status, addedOn: added.flatMap(LocalDate.init), readings: readings),
            createdAt: recorded)
        library.entries.append(entry)
        return entry.id
    }

    public mutating func session(_ entry: LibraryEntry.ID, start: String, minutes: Int, pages: ClosedRange<Int>) {
        let started = ISO8601DateFormatter().date(from: start)!
        library.sessions.append(
            ReadingSession(
                userID: library.user.id, entryID: entry, startedAt: started,
                endedAt: started.addingTimeInterval(TimeInterval(minutes * 60)), startPage: pages.lowerBound,
                endPage: pages.upperBound))
    }

    public func report(_ request: InsightRequest = InsightRequest(), today: String = "2026-11-21", zone: String = "UTC")
        -> InsightsReport
    {
        InsightsReport.compute(request, library: library, today: LocalDate(today)!, timeZone: TimeZone(identifier: zone)!)
    }
}
