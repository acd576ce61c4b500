import BooksTrackApp
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// Builds the web app: one place where middleware and routes are put together.
public enum WebApp {
    /// The router with every page and API route, over an application.
    public static func router(app: BooksTrack, configuration: WebConfiguration) -> Router<AppContext> {
        let router = Router(context: AppContext.self)
        let routeMethods = RouteMethods()
        addMiddleware(to: router, app: app, configuration: configuration, routeMethods: routeMethods)
        router.get("/health") { _, _ in
            do {
                try await app.accounts.checkHealth()
                return try Responses.json(["status": "ok"], headers: [.cacheControl: "no-store"])
            } catch {
                return try Responses.json(
                    ["status": "unavailable", "detail": "The database does not answer."], status: .serviceUnavailable)
            }
        }
        let shares = Shares(app: app, insights: app.insights, configuration: configuration)
        addPages(to: router, app: app, configuration: configuration, shares: shares)
        addAPI(to: router.group("api/v1"), app: app, configuration: configuration, shares: shares)
        routeMethods.record(router.routes.map { (method: $0.method.rawValue, path: $0.path.description) })
        return router
    }

    /// Middleware applies to the routes added after it, so it comes first.
    private static func addMiddleware(
        to router: Router<AppContext>, app: BooksTrack, configuration: WebConfiguration, routeMethods: RouteMethods
    ) {
        if let metrics = configuration.metrics {
            // First, so every request is counted and timed by its route, errors included.
            router.add(middleware: MetricsMiddleware<AppContext>())
            router.get("/metrics") { request, _ in
                await MetricsEndpoint.answer(request, registry: metrics.registry, token: metrics.token, jobs: app.jobs)
            }
        }
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ClientAddressMiddleware(trustedProxies: configuration.trustedProxies))
        router.add(middleware: ErrorMiddleware(app: app))
        router.add(middleware: InputMiddleware())
        router.add(middleware: SessionMiddleware(app: app, configuration: configuration))
        router.add(middleware: NoticeMiddleware(secureCookies: configuration.secureCookies))
        router.add(middleware: ErrorMiddleware(app: app))
        // Inside the inner error middleware, so it sees the router's "no route" before it
        // becomes a 404 page.
        router.add(middleware: MethodNotAllowedMiddleware(routes: routeMethods))
        router.add(middleware: CSRFMiddleware(configuration: configuration))
    }

    /// The pages people see, one controller per area.
    private static func addPages(
        to router: Router<AppContext>, app: BooksTrack, configuration: WebConfiguration, shares: Shares
    ) {
        let insights = app.insights
        AssetsController().addRoutes(to: router)
        AuthController(app: app, configuration: configuration).addRoutes(to: router)
        HomeController(
            app: app, configuration: configuration, insights: insights, demo: app.imports,
            notifications: app.notifications, enrichment: app.enrichment, goals: app.goals, sessions: app.sessions
        ).addRoutes(to: router)
        InsightsController(
            app: app, configuration: configuration, insights: insights, reading: app.reading, goals: app.goals,
            discovery: app.discovery
        ).addRoutes(to: router)
        YearController(reading: app.reading, configuration: configuration).addRoutes(to: router)
        LibraryController(app: app, insights: insights).addRoutes(to: router)
        let books = BookController(
            app: app, configuration: configuration, library: app.library, goals: app.goals, profiling: app.profiling)
        books.addRoutes(to: router)
        SessionController(app: app, configuration: configuration, sessions: app.sessions, books: books).addRoutes(to: router)
        GoalController(app: app, configuration: configuration).addRoutes(to: router)
        PromptController(app: app, configuration: configuration, profiling: app.profiling).addRoutes(to: router)
        ImportController(app: app, configuration: configuration).addRoutes(to: router)
        AccountController(app: app, webhooks: app.webhooks, reminders: app.reminders, configuration: configuration).addRoutes(
            to: router)
        ShareController(shares: shares, configuration: configuration).addRoutes(to: router)
    }

    /// The JSON API: one route collection per resource (described by /api/openapi.json).
    private static func addAPI(
        to api: RouterGroup<AppContext>, app: BooksTrack, configuration: WebConfiguration, shares: Shares
    ) {
        AccountAPI(app: app, configuration: configuration).addRoutes(to: api)
        InstanceAPI(app: app).addRoutes(to: api)
        SettingsAPI(app: app, configuration: configuration).addRoutes(to: api)
        EntriesAPI(app: app, configuration: configuration, library: app.library).addRoutes(to: api)
        SessionsAPI(app: app, configuration: configuration, sessions: app.sessions).addRoutes(to: api)
        GoalsAPI(configuration: configuration, goals: app.goals).addRoutes(to: api)
        AuthorsAPI(app: app, configuration: configuration, library: app.library).addRoutes(to: api)
        ImportsAPI(app: app, configuration: configuration).addRoutes(to: api)
        InsightsAPI(insights: app.insights, reading: app.reading, configuration: configuration).addRoutes(to: api)
        PromptsAPI(app: app, configuration: configuration, profiling: app.profiling).addRoutes(to: api)
        BadgesAPI(configuration: configuration, profiling: app.profiling).addRoutes(to: api)
        NotificationsAPI(notifications: app.notifications, reminders: app.reminders, configuration: configuration).addRoutes(
            to: api)
        EnrichmentAPI(enrichment: app.enrichment).addRoutes(to: api)
        SharesAPI(app: app, shares: shares, configuration: configuration).addRoutes(to: api)
    }

    /// The web server, listening where the configuration says, with the application's
    /// background services (and `services`, such as the database's) in its service group: they
    /// start with it and stop gracefully on SIGTERM or SIGINT. `onRunning` is called with the bound
    /// port once the server accepts connections.
    public static func application(
        app: BooksTrack, configuration: WebConfiguration, services: [any Service] = [], logger: Logger,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(app: app, configuration: configuration),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "BooksTrack"),
            services: services + app.services,
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }
}
