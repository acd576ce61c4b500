import BooksTrackStore
import Foundation
import Hummingbird
import Logging

/// Builds the web app: one place where middleware and routes are put together.
public enum WebApp {
    /// The router with every page and API route.
    public static func router(store: Store, configuration: WebConfiguration) -> Router<AppContext> {
        let router = Router(context: AppContext.self)
        // Middleware applies to the routes added after it, so it comes first.
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ErrorMiddleware(store: store))
        router.add(middleware: SessionMiddleware(store: store, configuration: configuration))
        router.add(middleware: NoticeMiddleware())
        router.add(middleware: ErrorMiddleware(store: store))
        router.add(middleware: CSRFMiddleware(configuration: configuration))

        router.get("/health") { _, _ in
            do {
                try await store.checkHealth()
                return try Responses.json(["status": "ok"], headers: [.cacheControl: "no-store"])
            } catch {
                return try Responses.json(
                    ["status": "unavailable", "detail": "The database does not answer."], status: .serviceUnavailable)
            }
        }
        let jobs = ImportJobs(store: store, configuration: configuration)
        let insights = InsightsService(store: store)
        let profiling = ProfilingService(store: store, insights: insights)
        AssetsController().addRoutes(to: router)
        AuthController(store: store, configuration: configuration).addRoutes(to: router)
        HomeController(store: store, configuration: configuration, insights: insights).addRoutes(to: router)
        InsightsController(store: store, configuration: configuration, insights: insights).addRoutes(to: router)
        LibraryController(store: store).addRoutes(to: router)
        BookController(store: store, configuration: configuration).addRoutes(to: router)
        PromptController(store: store, configuration: configuration, profiling: profiling).addRoutes(to: router)
        CurationAPIController(store: store, configuration: configuration, profiling: profiling).addRoutes(to: router)
        ImportController(store: store, configuration: configuration, jobs: jobs).addRoutes(to: router)
        AccountController(store: store, configuration: configuration).addRoutes(to: router)
        APIController(store: store, configuration: configuration, jobs: jobs).addRoutes(to: router)
        return router
    }

    /// The application, listening where the configuration says. `onRunning` is called with the
    /// bound port once the server accepts connections.
    public static func application(
        store: Store, configuration: WebConfiguration, logger: Logger,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(store: store, configuration: configuration),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "BooksTrack"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }
}
