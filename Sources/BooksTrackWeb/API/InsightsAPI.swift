import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import Foundation
import Hummingbird

/// `/api/v1/insights`: diversity insights, with ETags (SPEC F3, F10).
struct InsightsAPI {
    let insights: InsightsService
    let reading: ReadingService
    let configuration: WebConfiguration

    func addRoutes(to api: RouterGroup<AppContext>) {
        api.get("insights/diversity", use: diversity)
        api.get("insights/diversity.csv", use: diversityCSV)
        api.get("insights/reading", use: readingInsights)
        api.get("achievements", use: achievements)
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

    @Sendable func achievements(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        _ = try APIQuery(request, allowed: [])
        let standings = try await reading.achievements(for: user, now: configuration.clock())
        return try Responses.json(AchievementList(items: standings.map(AchievementItem.init)))
    }
}

struct AchievementList: Encodable {
    let items: [AchievementItem]
}

/// One achievement as the API shows it.
struct AchievementItem: Encodable {
    struct Part: Encodable {
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
        return try Responses.json(answer.report, etag: answer.etag, request: request)
    }

    /// The same figures as CSV (``InsightsCSV``), as a download.
    @Sendable func diversityCSV(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let insightRequest = try APIQuery(request, allowed: InsightRequest.parameterNames).insightRequest()
        let answer = try await insights.report(for: user, insightRequest, now: configuration.clock())
        return Responses.insightsCSV(answer.report)
    }
}
