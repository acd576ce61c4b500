import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
import Foundation
import Hummingbird

/// The home dashboard, the areas later work fills, and loading the demo library.
struct HomeController {
    let app: BooksTrack
    let configuration: WebConfiguration
    let insights: InsightsService
    let demo: ImportService
    let notifications: NotificationService
    let enrichment: EnrichmentService
    let goals: GoalService
    let sessions: SessionService

    func addRoutes(to router: Router<AppContext>) {
        router.get("/", use: home)
        router.post("/demo", use: loadDemo)
        router.get("/notifications", use: notificationCentre)
        router.post("/notifications/read", use: markAllRead)
        router.post("/notifications/:notification/read", use: markRead)
        router.get("/prompts/authors", use: authorQuestions)
        router.post("/prompts/authors/:question", use: answerAuthorQuestion)
        router.get("/about/attribution", use: attribution)
        router.get("/widget", use: widget)
    }

    /// The compact page for a phone's home screen: streak, the book being read, a goal's ring.
    @Sendable func widget(_ request: Request, context: AppContext) async throws -> Response {
        guard let user = context.user else { return Responses.redirect(to: "/login?next=%2Fwidget") }
        let reader = app.reader(user)
        let now = configuration.clock()
        async let streak = sessions.streak(for: user, now: now)
        async let reading = reader.list(LibraryQuery(status: .reading))
        async let running = reader.activeSession()
        async let goalList = goals.goals(for: user, now: now)
        var current: (entry: LibraryEntry.ID, title: String, authors: [String], percent: Int?)?
        if let item = try await reading.items.first {
            // As the book page says it: the page noted of the edition's pages, else the percent noted.
            let detail = try await reader.detail(of: item.entryID)
            var percent = detail?.percentRead
            if let page = detail?.entry.state.currentPage, let pages = detail?.edition?.details.pageCount, pages > 0 {
                percent = min(100, page * 100 / pages)
            }
            current = (item.entryID, item.title, item.authors, percent)
        }
        // A books goal first (the yearly one is what the seed's ring shows), else any running goal.
        let active = try await goalList.filter { $0.goal.status == .active && $0.progress.pace != .ended }
        let model = WidgetPage.Model(
            streak: try await streak, current: current, running: try await running?.entryID,
            goal: active.first { $0.goal.kind == .books } ?? active.first)
        return HTMLResponse(html: WidgetPage.render(page: context.page(.home), model: model)).response(
            from: request, context: context)
    }

    @Sendable func home(_ request: Request, context: AppContext) async throws -> Response {
        guard let user = context.user else {
            let setUp = try await app.accounts.setupState() == .complete
            return Responses.redirect(to: setUp ? "/login" : "/setup")
        }
        let reader = app.reader(user)
        async let counts = reader.entryCounts()
        async let reading = reader.list(LibraryQuery(status: .reading))
        async let missing = reader.count(LibraryQuery(missing: .any))
        async let untitled = reader.count(LibraryQuery(missing: .title))
        async let imports = reader.importRuns()
        async let contributions = reader.contributions()
        async let unread = notifications.unread(of: user)
        async let progress = enrichment.progress(for: user.id)
        async let questions = enrichment.questionCounts(for: user.id)
        async let streak = sessions.streak(for: user, now: configuration.clock())
        async let goalList = goals.goals(for: user, now: configuration.clock())
        let radar = try await insights.report(for: user, InsightRequest.headline, now: configuration.clock()).report.radar
        // Only in December and January does home look for a year with reading.
        let today = user.today(at: configuration.clock())
        let offered =
            YearInBooks.offered(today: today) == nil
            ? nil : YearInBooks.offered(today: today, years: try await app.reading.yearsWithReading(for: user))
        var model = HomePage.Model(
            counts: try await counts, reading: Array(try await reading.items.prefix(5)), missingData: try await missing,
            untitled: try await untitled,
            imports: try await imports, radar: radar, standing: CuratorStanding(try await contributions),
            notifications: try await unread, enrichment: try await progress,
            questions: try await questions.authors, streak: try await streak, goals: try await goalList)
        model.yearInBooks = offered
        return HTMLResponse(html: HomePage.render(page: context.page(.home), model: model)).response(
            from: request, context: context)
    }

    /// The "Is this …?" questions about namesakes.
    @Sendable func authorQuestions(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let user = try context.requireUser()
        return HTMLResponse(
            html: EnrichmentPages.questions(page: context.page(.home), questions: try await enrichment.questions(for: user.id)))
    }

    @Sendable func answerAuthorQuestion(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: AuthorCandidate.ID = try context.parameters.id("question")
        let form = try context.requireForm()
        guard let answer = form["answer"], answer == "yes" || answer == "no" else {
            throw WebError.badRequest("Answer with Yes or No.")
        }
        try await enrichment.answer(id, yes: answer == "yes", by: user.id)
        return Responses.redirect(to: "/prompts/authors", notice: answer == "yes" ? .authorConfirmed : .authorRuledOut)
    }

    /// Credits for the bundled author table and the services looked up (no sign-in needed).
    @Sendable func attribution(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        HTMLResponse(html: EnrichmentPages.attribution(page: context.page(nil)))
    }

    @Sendable func markRead(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        try await notifications.markRead(try context.parameters.id("notification"), of: user, now: configuration.clock())
        let form = try? context.requireForm()
        return Responses.redirect(to: Responses.localPath(form?["return"]))
    }

    /// "Mark all as read": back where the reader was, saying how many.
    @Sendable func markAllRead(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let marked = try await notifications.markAllRead(of: user, now: configuration.clock())
        let form = try? context.requireForm()
        return Responses.redirect(to: Responses.localPath(form?["return"]), notice: marked > 0 ? .allRead : nil)
    }

    /// The notification centre (SPEC §8): the latest 50, read or not.
    @Sendable func notificationCentre(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let user = try context.requireUser()
        return HTMLResponse(
            html: HomePage.notificationCentre(
                page: context.page(nil), notifications: try await notifications.recent(of: user), timeZone: user.timeZone))
    }

    @Sendable func loadDemo(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        do { _ = try await demo.loadDemo(for: user) } catch is ImportService.LibraryNotEmpty {
            throw WebError.conflict("The demo library is for an empty library, and yours already has books.")
        }
        return Responses.redirect(to: "/", notice: .demoLoaded)
    }
}
