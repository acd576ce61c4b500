import BooksTrackApp
import BooksTrackCharts
import BooksTrackCore
import Foundation
import HTTPTypes
import Hummingbird

/// The insights page (SPEC F3) and the settings form that changes the figures.
struct InsightsController {
    let app: BooksTrack
    let configuration: WebConfiguration
    let insights: InsightsService
    let reading: ReadingService
    let goals: GoalService
    let discovery: DiscoveryService

    func addRoutes(to router: Router<AppContext>) {
        router.get("/insights", use: page)
        router.get("/insights.csv", use: csv)
        router.get("/insights/reading", use: readingPage)
        router.get("/insights/radar.svg", use: radarImage)
        router.get("/insights/:card/image.svg", use: cardImage)
        router.get("/achievements/:achievement/image.svg", use: achievementImage)
        router.post("/insights/compare", use: setComparison)
        router.post("/account/settings", use: saveSettings)
        router.post("/insights/language", use: saveLanguage)
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
        let now = configuration.clock()
        async let gaps = discovery.gaps(for: user, now: now)
        let answer = try await insights.report(for: user, insightRequest, now: now)
        var model = InsightsPage.Model(
            report: answer.report, request: insightRequest, compare: parameters["compare"] != "no", problem: problem)
        model.gaps = try await gaps
        model.openLibraryLinks = discovery.lookupsEnabled
        if user.settings.primaryLanguage == nil, request.cookies[Self.languageAsked] == nil {
            model.languageQuestion = .some(BrowserLanguage.proposed(request))
        }
        model.badges = try await app.reader(user).badgeCounts(
            insightRequest.libraryQuery(today: answer.report.today))
        return HTMLResponse(
            html: InsightsPage.render(page: context.page(.insights), model: model), status: problem == nil ? .ok : .badRequest
        ).response(from: request, context: context)
    }

    /// The page's figures as CSV (``InsightsCSV``): the page's own parameters; ones that cannot be
    /// understood are a 400 that says why (a download never silently shows other figures).
    @Sendable func csv(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let insightRequest: InsightRequest
        switch InsightRequest.parse(URLQuery.parameters(of: request)) {
        case .success(let parsed): insightRequest = parsed
        case .failure(let error): throw WebError.badRequest(error.message)
        }
        let answer = try await insights.report(for: user, insightRequest, now: configuration.clock())
        return Responses.insightsCSV(answer.report)
    }

    /// `period` week|month|year|all (year by default), `months` 6 or 12, `metric`
    /// books|pages|time; anything else shows the defaults, saying so.
    @Sendable func readingPage(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let parameters = URLQuery.parameters(of: request)
        let span = parameters["period"].flatMap { ReadingSpan(rawValue: $0.lowercased()) }
        let months = parameters["months"].flatMap(Int.init).flatMap { [6, 12].contains($0) ? $0 : nil }
        let metric = parameters["metric"].flatMap { ReadingMetric(rawValue: $0.lowercased()) }
        let unknown =
            (parameters["period"] != nil && span == nil) || (parameters["months"] != nil && months == nil)
            || (parameters["metric"] != nil && metric == nil)
        let now = configuration.clock()
        // No period chosen: this year, or all time when nothing was read this year (said on the page).
        let opened: (insights: ReadingInsights, note: String?)
        if let span {
            opened = (
                try await reading.insights(for: user, span: span, months: months ?? 12, metric: metric ?? .books, now: now), nil
            )
        } else {
            opened = try await reading.openingInsights(for: user, months: months ?? 12, metric: metric ?? .books, now: now)
        }
        async let achievements = reading.achievements(for: user, now: configuration.clock())
        async let standings = goals.goals(for: user, now: now)
        async let comparison = reading.comparison(for: user, span: opened.insights.span, now: now)
        async let counts = app.reader(user).entryCounts()
        // What the reader has not been told yet is new however old the reading that earned it
        // (asked once the achievements are settled: the page may store what the library earns).
        let earned = try await achievements
        let unread = try await app.notifications.unread(of: user)
        let model = ReadingPage.Model(
            insights: opened.insights, months: months ?? 12, note: opened.note, achievements: earned,
            problem: unknown
                ? "The period is week, month, year or all time, the measure books, pages or time, and the timeline shows 6 or 12 months; showing the defaults instead."
                : nil, goals: try await standings, today: user.today(at: now), now: now,
            unreadAchievements: Set(unread.compactMap(\.key).flatMap(Notices.achievements(inKey:))),
            comparison: try await comparison,
            libraryBooks: try await counts.values.reduce(0, +))
        return HTMLResponse(
            html: ReadingPage.render(page: context.page(.insights), model: model), status: unknown ? .badRequest : .ok
        )
        .response(from: request, context: context)
    }

    /// The radar of the page's selection as a picture (issue 20 item 11): its score and band, or
    /// why there is no verdict yet, with how much is known.
    @Sendable func radarImage(_ request: Request, context: AppContext) async throws -> Response {
        try await image(.radar, request: request, context: context)
    }

    /// An insights card as a picture (`hero`, `score`, `radar`, `gender`, `regions`, `languages`,
    /// `eras`, `reading`), for the page's selection.
    @Sendable func cardImage(_ request: Request, context: AppContext) async throws -> Response {
        let name = try context.parameters.require("card")
        guard let card = SharedCard(rawValue: name) else {
            throw WebError.notFound("There is no insights card called “\(name)”.")
        }
        return try await image(card, request: request, context: context)
    }

    private func image(_ card: SharedCard, request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let insightRequest: InsightRequest
        switch InsightRequest.parse(URLQuery.parameters(of: request)) {
        case .success(let parsed): insightRequest = parsed
        case .failure(let error): throw WebError.badRequest(error.message)
        }
        let now = configuration.clock()
        let report = try await insights.report(for: user, insightRequest, now: now).report
        let model = InsightsPage.Model(report: report, request: insightRequest, compare: false, problem: nil)
        let svg = InsightsPage.image(
            card, model: model, date: user.today(at: now).longDescription, palette: user.settings.palette ?? .standard)
        return Responses.image(svg: svg, name: "bookstrack-\(card.rawValue)")
    }

    /// An unlocked achievement as a picture; a locked or unknown one is not found.
    @Sendable func achievementImage(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("achievement")
        let now = configuration.clock()
        guard let standing = try await reading.achievements(for: user, now: now).first(where: { $0.achievement.id == id }),
            let unlocked = standing.unlockedAt
        else { throw WebError.notFound("There is no such achievement unlocked in your library.") }
        let achievement = standing.achievement
        let svg = ShareImage.svg(
            .init(
                kicker: "Achievement unlocked · \(achievement.rarity.displayName)",
                title: achievement.name,
                lines: [achievement.rule + ".", "Unlocked \(LocalDate(unlocked, in: user.timeZone).longDescription)."],
                accent: Self.rarityColour(achievement.rarity), date: user.today(at: now).longDescription,
                badge: achievement.symbol),
            palette: user.settings.palette ?? .standard)
        return Responses.image(svg: svg, name: "bookstrack-\(achievement.id)")
    }

    /// The rarity colours of the achievements grid (light theme).
    static func rarityColour(_ rarity: Rarity) -> String {
        switch rarity {
        case .common: "#7b838d"
        case .uncommon: "#1d8a4e"
        case .rare: "#0a58ca"
        case .epic: "#7e3fbf"
        case .legendary: "#c27803"
        }
    }

    /// Takes part in the comparison (`compare=on`) or leaves it (`off`), then back to the page.
    @Sendable func setComparison(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        guard let choice = form["compare"], choice == "on" || choice == "off" else {
            throw WebError.badRequest("Send compare=on to take part in the comparison, or compare=off to leave it.")
        }
        try await reading.setComparison(choice == "on", for: user, now: configuration.clock())
        let back = Responses.localPath(form["return"])
        return Responses.redirect(
            to: (back.hasPrefix("/insights/reading") ? back : "/insights/reading") + "#compare",
            notice: choice == "on" ? .comparisonJoined : .comparisonLeft)
    }

    /// The cookie that remembers "Not now" to the language question, for a year.
    static let languageAsked = "bt_language_asked"

    /// The insights page's language question: saves the primary reading language, or remembers
    /// "Not now" in this browser.
    @Sendable func saveLanguage(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        if form["skip"] != nil {
            var response = Responses.redirect(to: "/insights")
            response.setCookie(
                Cookie(
                    name: Self.languageAsked, value: "1", maxAge: 365 * 24 * 3600, path: "/",
                    secure: configuration.secureCookies, httpOnly: true, sameSite: .lax))
            return response
        }
        guard let code = form["primary_language"].flatMap(LanguageCode.init(lenient:)) else {
            throw WebError.invalid(
                FieldErrors(["primary_language": "Choose a language from the list."]),
                message: "Choose a language from the list, or “Not now”.")
        }
        try await app.reader(user).update(primaryLanguage: code, now: configuration.clock())
        return Responses.redirect(to: "/insights", notice: .languageSaved)
    }

    @Sendable func saveSettings(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        let checked = CulturalRegion.allCases.filter { form["region_\($0.rawValue)"] != nil }
        switch ReaderSettings.parse(
            primaryLanguage: form["primary_language"], timeZone: form["time_zone"],
            underrepresentedRegions: checked.map(\.rawValue), palette: form["palette"])
        {
        case .success(let settings):
            try await app.reader(user).update(settings: settings, now: configuration.clock())
            return Responses.redirect(to: "/account#settings", notice: .settingsSaved)
        case .failure(let errors):
            // Shown again as the reader sent it.
            var shown = user
            shown.settings.primaryLanguage = form["primary_language"].flatMap(LanguageCode.init(lenient:))
            shown.settings.underrepresentedRegions = Set(checked)
            shown.settings.palette = form["palette"].flatMap(ChartPalette.init(rawValue:)) ?? user.settings.palette
            return HTMLResponse(
                html: AccountPage.render(
                    page: context.page(.account),
                    model: AccountPage.Model(
                        user: shown, tokens: try await app.accounts.tokens(of: user.id), settingsErrors: errors,
                        settingsValues: ["time_zone": form["time_zone"] ?? ""])),
                status: .unprocessableContent
            ).response(from: request, context: context)
        }
    }
}
