import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import Foundation
import Hummingbird

/// `/api/v1/insights`: diversity insights, with ETags (SPEC F3, F10).
struct InsightsAPI {
    let insights: InsightsService
    let configuration: WebConfiguration

    func addRoutes(to api: RouterGroup<AppContext>) {
        api.get("insights/diversity", use: diversity)
    }

    @Sendable func diversity(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let insightRequest = try APIQuery(request, allowed: InsightRequest.parameterNames).insightRequest()
        let answer = try await insights.report(for: user, insightRequest, now: configuration.clock())
        return try Responses.json(answer.report, etag: answer.etag, request: request)
    }
}
