import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/insights`: diversity insights, with ETags (SPEC F3, F10).
struct InsightsAPI {
    let insights: InsightsService
    let reading: ReadingService
    let configuration: WebConfiguration

    /// `period` week|month|year|all (year when left out): the reader beside the average of the
    /// readers taking part, once enough do.
    @Sendable func comparison(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let query = try APIQuery(request, allowed: ["period"])
        try query.oneOf("period", ReadingSpan.allCases.map(\.rawValue))
        let span = query.values["period"].flatMap(ReadingSpan.init(rawValue:)) ?? .year
        return try Responses.json(
            ComparisonAnswer(try await reading.comparison(for: user, span: span, now: configuration.clock())))
    }

    struct ComparisonRequest: Decodable {
        var optIn: Bool

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.refuseUnknown(["optIn"])
            guard let value = try? container.decode(Bool.self, forKey: AnyKey(stringValue: "optIn")) else {
                throw FieldErrors(["optIn": "Send true to take part in the comparison, false to leave it."])
            }
            optIn = value
        }
    }

    /// Takes part in the comparison or leaves it; answers with the comparison of this year.
    @Sendable func setComparison(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let sent = try await APIRequest.decode(ComparisonRequest.self, from: request)
        let now = configuration.clock()
        try await reading.setComparison(sent.optIn, for: user, now: now)
        return try Responses.json(ComparisonAnswer(try await reading.comparison(for: user, span: .year, now: now)))
    }

    /// `period` week|month|year|all (year when left out), `months` 6|12 for the timeline, `metric`
    /// books|pages|time for the velocity card (books when left out).
    @Sendable func readingInsights(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let query = try APIQuery(request, allowed: ["period", "months", "metric"])
        try query.oneOf("period", ReadingSpan.allCases.map(\.rawValue))
        try query.oneOf("months", ["6", "12"])
        try query.oneOf("metric", ReadingMetric.allCases.map(\.rawValue))
        let metric = query.values["metric"].flatMap(ReadingMetric.init(rawValue:)) ?? .books
        let span = query.values["period"].flatMap(ReadingSpan.init(rawValue:)) ?? .year
        let months = query.values["months"].flatMap(Int.init) ?? 12
        return try Responses.json(
            try await reading.insights(for: user, span: span, months: months, metric: metric, now: configuration.clock()))
    }

    /// The year in books (issue 41): 404 for a year with no reading, naming the years with some.
    @Sendable func year(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        _ = try APIQuery(request, allowed: [])
        let year = try YearController.year(context)
        let (told, years) = try await reading.year(year, for: user, now: configuration.clock())
        guard let told else {
            throw WebError.notFound(
                years.isEmpty
                    ? "Nothing was read in \(year), nor in any year yet."
                    : "Nothing was read in \(year). Years with reading: \(years.map(String.init).joined(separator: ", ")).")
        }
        return try Responses.json(told)
    }

    @Sendable func achievements(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        _ = try APIQuery(request, allowed: [])
        let standings = try await reading.achievements(for: user, now: configuration.clock())
        return try Responses.json(AchievementList(items: standings.map(AchievementItem.init)))
    }
}

/// The comparison as the API shows it: the minimum is stated, so a client can say what it waits for.
struct ComparisonAnswer: Codable {
    let period: String
    let optedIn: Bool
    let participants: Int
    let minimumParticipants: Int
    let rows: [InstanceComparison.Row]

    init(_ comparison: InstanceComparison) {
        period = comparison.span.rawValue
        optedIn = comparison.optedIn
        participants = comparison.participants
        minimumParticipants = InstanceComparison.minimumReaders
        rows = comparison.rows
    }
}

struct AchievementList: Codable {
    let items: [AchievementItem]
}

/// One achievement as the API shows it.
struct AchievementItem: Codable {
    struct Part: Codable {
        let measure: String
        let current: Double
        let target: Double
    }
    let id: String
    let name: String
    let rule: String
    let rarity: String
    let unlocked: Bool
    let unlockedAt: Date?
    let progress: Double
    let progressText: String
    let requirements: [Part]

    init(_ standing: AchievementStanding) {
        id = standing.achievement.id
        name = standing.achievement.name
        rule = standing.achievement.rule
        rarity = standing.achievement.rarity.rawValue
        unlocked = standing.unlockedAt != nil
        unlockedAt = standing.unlockedAt
        progress = standing.unlockedAt != nil ? 1 : standing.fraction
        progressText = standing.progressText
        requirements = standing.parts.map { Part(measure: $0.measure.rawValue, current: $0.current, target: $0.target) }
    }
}

extension InsightsAPI {
    @Sendable func diversity(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let insightRequest = try APIQuery(request, allowed: InsightRequest.parameterNames).insightRequest()
        let answer = try await insights.report(for: user, insightRequest, now: configuration.clock())
        return try Responses.json(answer.report, etag: EntityTags.insights(answer), request: request)
    }

    /// The same figures as CSV (``InsightsCSV``), as a download.
    @Sendable func diversityCSV(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let insightRequest = try APIQuery(request, allowed: InsightRequest.parameterNames).insightRequest()
        let answer = try await insights.report(for: user, insightRequest, now: configuration.clock())
        return Responses.insightsCSV(answer.report)
    }
}

// MARK: - Schemas

extension ComparisonAnswer: APISchema {
    static let schemaName = "Comparison"
    static var fieldNotes: [String: JSONSchema] {
        [
            "period": .cases(of: ReadingSpan.self),
            "participants": .bounded(0),
            "minimumParticipants": .bounded(1),
            "rows": .eachItem(
                JSONSchema(properties: [
                    "measure": .described(
                        "The reading figures, then the diversity of the books finished: the 0–10 score, the shares (0–1) of books by women and by marginalized voices, and distinct original languages."
                    ).merged(
                        with: .oneOf([
                            "books", "pages", "minutes", "cultures", "longestStreak", "genres", "score", "women", "marginalized",
                            "languages",
                        ])),
                    "you": .described(
                        "Absent when too little is known of your books to tell (a share below the minimum data, a provisional score)."
                    ).bounded(0),
                    "average": .described("Absent when fewer than minimumParticipants readers have the figure known.").bounded(0),
                ])),
        ]
    }
}

extension AchievementList: APISchema {
}

extension AchievementItem: APISchema {
    static let schemaName = "Achievement"
    static var fieldNotes: [String: JSONSchema] {
        [
            "rarity": .cases(of: Rarity.self),
            "unlockedAt": .described("Absent while locked."),
            "progress": .bounded(0, 1),
            "progressText": .described("“7 / 10 books”."),
            "requirements": .eachItem(
                JSONSchema(properties: [
                    "measure": .oneOf([
                        "books", "regions", "languages", "ratedBooks", "averageRating", "streakDays", "contributions",
                    ])
                ])),
        ]
    }
}
