import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension InsightsAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case getDiversityInsights, getDiversityInsightsCSV, getReadingInsights, getYearInBooks, getComparison, setComparison,
            listAchievements

        var declaration: APIOperation {
            switch self {
            case .getDiversityInsights:
                APIOperation(
                    .get, "insights/diversity", .insights, summary: "Every figure of the insights page",
                    description:
                        "Region, gender, language and marginalized-voice breakdowns with their coverage, the 0–10 diversity score and its parts, reading stats, the same for the previous period of equal length (`previous`, absent for all time), and what to read next. Answers carry an ETag; send it back in `If-None-Match` to get 304 while nothing the figures depend on has changed. See docs/metrics.md for every definition.",
                    parameters: APIParameter.insights,
                    responses: [.json(.ok, "The figures.", InsightsReport.self), .notModified, .unauthorized])
            case .getDiversityInsightsCSV:
                APIOperation(
                    .get, "insights/diversity.csv", .insights, summary: "The same figures as CSV, one row per figure",
                    description:
                        "Columns `section, item, value, percent, authors, known, total, note`. Sections: `about` (period, scope, unit), `score`, `regions`, `gender`, `languages`, `countries` (the note is the ISO code), `marginalized` (each breakdown ends with a `coverage` row: known of total), `radar` and `reading`. A share the minimum-data rule withholds is empty, with the note `too little known`. The page's \"Download CSV\" and `bookstrack insights --csv` give the same file.",
                    parameters: APIParameter.insights,
                    responses: [
                        .csv(
                            .ok, "The CSV, as an attachment.",
                            example:
                                "section,item,value,percent,authors,known,total,note\r\nabout,period,All time,,,,,\r\nregions,Africa,1,33.3,1,,,\r\nregions,coverage,,100.0,,3,3,known of all\r\n"
                        ), .unauthorized,
                    ])
            case .getReadingInsights:
                APIOperation(
                    .get, "insights/reading", .insights, summary: "The reading insights: hero, four cards and the timeline",
                    description:
                        "For this week (from Monday), month or year up to today, or all time, each compared with the one before (`previous`, absent for all time): books, pages, minutes, cultures (distinct cultural regions of the authors read), genres, ratings and the longest run of reading days. `rings` is the hero's dual ring (outer: the yearly book goal, or this year's books against last year's; inner: regions of 11). `timeline` holds the last 6 or 12 months — for all time every month from the first book finished, or every year once that is more than 36 months (`timelineBy`) — each with its books finished, pages and minutes read, and the representation score of those books (absent where too little is known). See docs/metrics.md.",
                    parameters: [
                        .query("period", "`week`, `month`, `year` (default) or `all`.", oneOf: ReadingSpan.self),
                        .query(
                            "months",
                            "Months in the timeline of a week, month or year: 6 or 12 (default). All time starts at the first book finished.",
                            JSONSchema.string.merged(with: .oneOf(["6", "12"]))),
                        .query(
                            "metric", "What the velocity card measures: `books` (default), `pages` or `time`.",
                            oneOf: ReadingMetric.self),
                    ],
                    responses: [.json(.ok, "The figures.", ReadingInsights.self), .unauthorized])
            case .getYearInBooks:
                APIOperation(
                    .get, "insights/year/{year}", .insights,
                    summary: "The year in books: one year's reading and the story it tells",
                    description:
                        "The books finished in the year (`books`, in the order finished: the insights' Read scope for the year, a book once however often it was finished in it), the first and last, the longest and shortest (of the books with a page count), the authors read more than once (`mostRead`, at most five), books, pages and minutes per month with the busiest, the authors' countries and regions with those no book finished before the year had (`newCountries`, `newRegions`), the shares of books by women and by marginalized voices with what they are of (`count` of `known` of `total`, co-authors sharing a book; `share` absent when too little is known to state one), original languages, books read in translation, the goals whose period meets the year and how they ended, the longest streak, and the same totals for the year before (`previous`, absent when nothing was read in it). A running year is counted up to today (`complete` false). 404 for a year with no finished book and no reading session, naming the years with reading. See docs/metrics.md.",
                    parameters: [
                        .path("year", "The year, 1 to 9999, in digits.", schema: JSONSchema.string.matching("^[0-9]{1,4}$"))
                    ],
                    responses: [.json(.ok, "The year.", YearInBooks.self), .unauthorized, .notFound])
            case .getComparison:
                APIOperation(
                    .get, "insights/compare", .insights,
                    summary: "Your reading figures beside the average of the readers here who take part",
                    description:
                        "Only readers who take part (`PUT /api/v1/me/compare`) see it, and `rows` stays empty until at least `minimumParticipants` (10) take part; then each row gives your figure of the period and the participants' rounded average (you included), never any one reader's figures — the reading figures and the diversity of the books finished (score, women, marginalized voices, languages; a diversity average only over at least `minimumParticipants` readers with it known). Each participant's period is counted in their own time zone.",
                    parameters: [.query("period", "`week`, `month`, `year` (default) or `all`.", oneOf: ReadingSpan.self)],
                    responses: [.json(.ok, "The comparison.", ComparisonAnswer.self), .unauthorized])
            case .setComparison:
                APIOperation(
                    .put, "me/compare", .insights, summary: "Take part in the comparison, or leave it",
                    requestBody: .json(InsightsAPI.ComparisonRequest.self, example: ["optIn": true]),
                    responses: [
                        .json(.ok, "Saved; the comparison of this year.", ComparisonAnswer.self), .unauthorized, .invalid,
                    ])
            case .listAchievements:
                APIOperation(
                    .get, "achievements", .insights,
                    summary: "Every achievement: unlocked ones with their date, locked ones with their progress",
                    description:
                        "An achievement is unlocked once, dated when a write first earned it, and announced once in the notifications; it is never taken back.",
                    responses: [.json(.ok, "The achievements.", AchievementList.self), .unauthorized])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .getDiversityInsights: diversity
        case .getDiversityInsightsCSV: diversityCSV
        case .getReadingInsights: readingInsights
        case .getYearInBooks: year
        case .getComparison: comparison
        case .setComparison: setComparison
        case .listAchievements: achievements
        }
    }
}

extension InsightsAPI.ComparisonRequest: DocumentedRequest {
    static let schemaName = "ComparisonInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(["optIn": JSONSchema.boolean], required: ["optIn"], closed: true)
    }
}
