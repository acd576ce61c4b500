import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import Foundation
import HTTPTypes
import Hummingbird

/// The insights page and API (SPEC F3, F10) and the settings that change the figures.
struct InsightsController {
    let store: Store
    let configuration: WebConfiguration
    let insights: InsightsService

    func addRoutes(to router: Router<AppContext>) {
        router.get("/insights", use: page)
        router.post("/account/settings", use: saveSettings)
        let api = router.group("api/v1")
        api.get("insights/diversity", use: diversity)
        api.put("me/settings", use: putSettings)
    }

    @Sendable func page(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let parameters = URLQuery.parameters(of: request)
        var problem: String?
        let insightRequest: InsightRequest
        switch InsightRequest.parse(parameters) {
        case .success(let parsed): insightRequest = parsed
        case .failure(let error):
            problem = error.message + " Showing all time instead."
            insightRequest = InsightRequest()
        }
        let answer = try await insights.report(for: user, insightRequest, now: configuration.clock())
        let model = InsightsPage.Model(
            report: answer.report, request: insightRequest, compare: parameters["compare"] != "no", problem: problem)
        return HTMLResponse(
            html: InsightsPage.render(page: context.page(.insights), model: model), status: problem == nil ? .ok : .badRequest
        ).response(from: request, context: context)
    }

    @Sendable func diversity(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let insightRequest: InsightRequest
        switch InsightRequest.parse(URLQuery.parameters(of: request)) {
        case .success(let parsed): insightRequest = parsed
        case .failure(let error): throw WebError.badRequest(error.message)
        }
        let answer = try await insights.report(for: user, insightRequest, now: configuration.clock())
        return try Responses.json(answer.report, etag: answer.etag, request: request)
    }

    @Sendable func saveSettings(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        let checked = CulturalRegion.allCases.filter { form["region_\($0.rawValue)"] != nil }
        switch ReaderSettings.parse(
            primaryLanguage: form["primary_language"], timeZone: form["time_zone"],
            underrepresentedRegions: checked.map(\.rawValue))
        {
        case .success(let settings):
            try await store.users.update(settings: settings, for: user.id, now: configuration.clock())
            return Responses.redirect(to: "/account#settings", notice: .settingsSaved)
        case .failure(let errors):
            // Shown again as the reader sent it.
            var shown = user
            shown.settings.primaryLanguage = form["primary_language"].flatMap(LanguageCode.init(lenient:))
            shown.settings.underrepresentedRegions = Set(checked)
            return HTMLResponse(
                html: AccountPage.render(
                    page: context.page(.account), user: shown,
                    model: AccountPage.Model(
                        tokens: try await store.tokens.tokens(of: user.id), settingsErrors: errors,
                        settingsValues: ["time_zone": form["time_zone"] ?? ""])),
                status: .unprocessableContent
            ).response(from: request, context: context)
        }
    }

    @Sendable func putSettings(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let object = try APIController.object(try await APIController.body(request))
        let regions: [String]
        if let value = object["underrepresentedRegions"] {
            guard let list = value as? [String] else {
                throw WebError.invalid(
                    FieldErrors(["underrepresentedRegions": "Send a list of region names, such as [\"africa\", \"indigenous\"]."])
                )
            }
            regions = list
        } else {
            regions = user.settings.underrepresentedRegions.sorted().map(\.rawValue)
        }
        func text(_ key: String, current: String?) throws -> String? {
            guard let value = object[key] else { return current }
            if value is NSNull { return nil }
            guard let string = value as? String else { throw WebError.invalid(FieldErrors([key: "Send a string or null."])) }
            return string
        }
        let parsed = ReaderSettings.parse(
            primaryLanguage: try text("primaryLanguage", current: user.settings.primaryLanguage?.code),
            timeZone: try text("timeZone", current: user.settings.timeZone), underrepresentedRegions: regions)
        switch parsed {
        case .success(let settings):
            try await store.users.update(settings: settings, for: user.id, now: configuration.clock())
            var updated = user
            updated.settings = settings
            return try Responses.json(APIModels.Me(updated))
        case .failure(let errors):
            let renamed = [
                "primary_language": "primaryLanguage", "time_zone": "timeZone",
                "underrepresented_regions": "underrepresentedRegions",
            ]
            throw WebError.invalid(
                FieldErrors(Dictionary(uniqueKeysWithValues: errors.messages.map { (renamed[$0] ?? $0, $1) })))
        }
    }
}
