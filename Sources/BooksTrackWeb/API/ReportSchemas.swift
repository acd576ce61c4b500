import BooksTrackCore
import BooksTrackImport
import Foundation

// The reports the API answers with as Core and Import make them (no DTO in between): their
// schemas are recorded from the types; what the types cannot say is noted here.

extension InsightsReport: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "scope": .cases(of: InsightScope.self),
            "unit": .cases(of: CountingUnit.self),
            "today": .formatted("date"),
            "radar": .described(
                "The representation radar of the same books (as computed; `/api/v1/radar` gives a friendlier shape)."
            ).merged(
                with: JSONSchema(properties: [
                    "axes": .eachItem(JSONSchema(properties: ["axis": .cases(of: BooksTrackCore.RadarAxis.self)])),
                    "counted": .described("The axes `overall` is the mean of (enough data).").merged(
                        with: .eachItem(.cases(of: BooksTrackCore.RadarAxis.self))), "band": .cases(of: ScoreBand.self),
                ])),
            "underrepresentedRegions": .eachItem(.cases(of: CulturalRegion.self)),
            "newCountries": .described(
                "Countries of the period's books that no book finished before `newCountriesSince` had (for all time, since 1 January of this year); absent for the Library scope."
            ).merged(with: .eachItem(.matching("^[A-Z]{2}$"))),
            "newCountriesSince": .formatted("date"),
        ]
    }
}

extension InsightsReport.PeriodInfo: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "from": .formatted("date"),
            "to": .formatted("date"),
        ]
    }
}

extension DiversityFigures.Figure: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "count": .described("Books (fractional: co-authors share a book) or authors, per `unit`."),
            "share": .described("count ÷ the known total; absent when nothing is known."),
        ]
    }
}

extension DiversityFigures.Coverage: APISchema {
}

extension DiversityScore: APISchema {
}

extension DiversityFigures: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "unit": .cases(of: CountingUnit.self),
            "regions": .eachItem(JSONSchema(properties: ["region": .cases(of: CulturalRegion.self)])),
            "genders": .eachItem(JSONSchema(properties: ["gender": .cases(of: Gender.self)])),
            "eras": .described(
                "The five publication eras (SPEC §3), oldest first, each with the books first published in it (in books whatever the unit) and its share of the books whose year is known."
            ).merged(with: .eachItem(JSONSchema(properties: ["era": .cases(of: PublicationEra.self)]))),
            "countries": .described(
                "The authors' countries, most books first: a book counts whole for every country among its authors."
            ).merged(
                with: .eachItem(
                    JSONSchema(properties: [
                        "country": .described("ISO 3166-1 alpha-2.").matching("^[A-Z]{2}$"),
                        "region": .described("Absent for a country with no region (Antarctica).").merged(
                            with: .cases(of: CulturalRegion.self)), "books": .bounded(1), "authors": .bounded(1),
                    ]))),
            "countryCoverage": .described("In books: those with at least one author whose country is known."),
            "intersections": .described(
                "Every author gender × cultural region pair (regions in chart order, then genders), zeros included, counted over complete cases only: an author whose gender and region are both known. `share` is the pair's part of those complete cases (absent when there are none); `authors` the distinct authors in the pair."
            ).merged(
                with: .eachItem(
                    JSONSchema(properties: ["gender": .cases(of: Gender.self), "region": .cases(of: CulturalRegion.self)]))),
        ]
    }
}

extension ReadingStats: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "from": .formatted("date"),
            "to": .formatted("date"),
            "pagesPerHour": .described("Pages of timed sessions over their hours; absent under 10 minutes of sessions."),
        ]
    }
}

extension ReadingSuggestion.Gap: JSONPrototype {
    static var prototype: Self { .region(.africa) }
}

extension ReadingSuggestion: APISchema {
    static let schemaName = "Suggestion"
    static var fieldNotes: [String: JSONSchema] {
        [
            "gap": JSONSchema(properties: ["kind": .oneOf(["region", "gender", "language"])])
        ]
    }
}

extension ReadingInsights: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "timelineBy": .described("What one point of `timeline` is: a month, or for all time past 36 months a year.").merged(
                with: .oneOf(["month", "year"])),
            "span": .cases(of: ReadingSpan.self),
            "metric": .described("What the velocity card's figure, trend and comparison measure.").merged(
                with: .cases(of: ReadingMetric.self)),
            "from": .formatted("date"),
            "to": .formatted("date"),
            "currentStreak": .bounded(0),
            "rings": JSONSchema(properties: ["outer": .bounded(0, 1), "inner": .bounded(0, 1)]),
            "cards": .eachItem(
                JSONSchema(properties: [
                    "id": .oneOf(["velocity", "culture", "streak", "genres"]), "trend": .oneOf(["up", "down", "same"]),
                ])),
            "timeline": .eachItem(
                JSONSchema(properties: [
                    "month": .described("`2026-03`, or the year (`2019`) when `timelineBy` is `year`.").matching(
                        "^-?[0-9]{4}(-[0-9]{2})?$"), "books": .bounded(0),
                    "pages": .described("Pages read: sessions, and finished books without sessions.").bounded(0),
                    "minutes": .bounded(0),
                    "diversity": .described("Absent where too little is known for a score.").bounded(0, 100),
                ])),
        ]
    }
}

extension ReadingInsights.Figures: APISchema {
    static let schemaName = "ReadingFigures"
    static var fieldNotes: [String: JSONSchema] {
        [
            "books": .bounded(0),
            "pages": .bounded(0),
            "minutes": .described("Minutes of timed sessions.").bounded(0),
            "pagesPerHour": .described("Pages of timed sessions over their hours; absent under 10 minutes of sessions.").bounded(
                0),
            "cultures": .bounded(0, 11),
            "genres": .bounded(0),
            "ratedBooks": .bounded(0),
            "averageRating": .described("Absent without rated books.").bounded(0, 5),
            "longestStreak": .bounded(0),
        ]
    }
}

extension YearInBooks: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "complete": .described("Whether the year is over."),
            "readBefore": .described(
                "Whether any book was read before the year (finished before it, or marked read without a date); without one, no country or region is new."
            ),
            "mostRead": .eachItem(JSONSchema(properties: ["books": .bounded(2)])),
            "months": JSONSchema(minItems: 12, maxItems: 12),
            "countries": .eachItem(.matching("^[A-Z]{2}$")),
            "newCountries": .eachItem(.matching("^[A-Z]{2}$")),
            "regions": .eachItem(.cases(of: CulturalRegion.self)),
            "newRegions": .eachItem(.cases(of: CulturalRegion.self)),
            "languages": .eachItem(JSONSchema(properties: ["books": .bounded(1)])),
            "goals": .eachItem(
                JSONSchema(properties: [
                    "id": .formatted("uuid"), "outcome": .oneOf(["completed", "missed", "running", "paused", "abandoned"]),
                    "progress": .described("\"24 / 30 books\", \"62% (target 50%)\"."), "fraction": .bounded(0, 1),
                ])),
            "years": .described("Every year with reading, newest first."),
        ]
    }
}

extension YearInBooks.Book: APISchema {
    static let schemaName = "YearBook"
    static var fieldNotes: [String: JSONSchema] {
        [
            "entryID": .formatted("uuid"),
            "pages": .described("The edition's page count; absent when not known."),
            "finishedOn": .described("Its first finish in the year.").formatted("date"),
            "rating": .described("Stars; absent when not rated.").bounded(0, 5),
        ]
    }
}

extension YearInBooks.Share: APISchema {
    static let schemaName = "YearShare"
    static var fieldNotes: [String: JSONSchema] {
        [
            "count": .described("Books with the trait (a book by two authors counts half to each).").bounded(0),
            "known": .described("Books whose fact is known.").bounded(0),
            "total": .bounded(0),
            "share": .described("count ÷ known; absent when too little is known to state one (SPEC §4).").bounded(0, 1),
        ]
    }
}

extension YearInBooks.Totals: APISchema {
    static let schemaName = "YearTotals"
    static var fieldNotes: [String: JSONSchema] {
        [
            "books": .bounded(0),
            "pages": .bounded(0),
            "minutes": .bounded(0),
            "authors": .bounded(0),
            "countries": .bounded(0),
            "regions": .bounded(0, 11),
            "languages": .bounded(0),
            "longestStreak": .bounded(0),
            "women": .described("The share of books by women; absent when too little is known.").bounded(0, 1),
        ]
    }
}

extension YearInBooks.Month: APISchema {
    static let schemaName = "YearMonth"
    static var fieldNotes: [String: JSONSchema] {
        [
            "month": .bounded(1, 12),
            "books": .bounded(0),
            "pages": .bounded(0),
            "minutes": .bounded(0),
        ]
    }
}

extension Streak: APISchema {
}

extension ImportReportDocument: APISchema {
    static var example: ImportReportDocument {
        let row = ImportOutcome(
            row: 1, line: 2, kind: .imported, title: "Kindred", authors: ["Octavia E. Butler"], status: .read,
            entryID: .random(), reason: "", changes: ["added"], warnings: [""])
        var report = ImportReport(format: .goodreads, dryRun: false, outcomes: [row], fileWarnings: [""])
        report.shelves = [ShelfUse(shelf: "favourites", books: 3, meaning: .genre("Science fiction"))]
        report.sessionsInFile = 1
        return ImportReportDocument(report, id: "", fileName: "")
    }
    static let schemaName = "ImportReport"
    static var fieldNotes: [String: JSONSchema] {
        [
            "shelves": .described("The file's shelves, most books first, and what each was read as (absent for a backup)."),
            "sessionsInFile": .described(
                "Reading sessions the file carries for its rows not skipped (KOReader's statistics, a backup); one the library already has (same book, same start) is not added again. Absent when the file has none."
            ).bounded(1),
        ]
    }
}

extension ImportReportDocument.Outcome: DescribedJSON {
    static var fieldNotes: [String: JSONSchema] {
        [
            "outcome": .cases(of: ImportOutcome.Kind.self)
        ]
    }
}

extension ImportReportDocument.Shelf: DescribedJSON {
    static var fieldNotes: [String: JSONSchema] {
        [
            "readAs": .described("`owned`: the books on it are owned; `genre`: they are of `genre`; `shelf`: only a shelf.")
                .merged(with: .oneOf(["owned", "genre", "shelf"]))
        ]
    }
}

// Enumerations that are not `CaseIterable`: the prototype needs one of their cases (their
// cases are listed in the notes above).

extension ReadingInsights.Trend: JSONPrototype {
    static var prototype: Self { .up }
}

extension ReadingInsights.TimelineUnit: JSONPrototype {
    static var prototype: Self { .month }
}

extension YearInBooks.GoalOutcome.Outcome: JSONPrototype {
    static var prototype: Self { .completed }
}
