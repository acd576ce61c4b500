import BooksTrackCore
import BooksTrackEnrichment
import BooksTrackStore
import BooksTrackWebhooks
import Foundation
import Logging
import ServiceLifecycle

/// The application: the use cases every face (web pages, JSON API, command line) shares, over
/// one store. No HTTP and no HTML here.
///
/// Where things go: the library, imports, insights, curation, notifications and accounts are
/// here now, and so is enrichment (author and book facts found automatically); reading
/// sessions, goals and achievements come next, each as a use case
/// of this type. Every use case that writes a reader's data ends with
/// ``NotificationService/settle(_:now:)``, the one after-write step. Background work
/// (enrichment, webhook delivery) registers a handler with the ``jobs`` runner.
public final class BooksTrack: Sendable {
    /// The store, reached only through the use cases here: no face imports it.
    let store: Store
    public let clock: @Sendable () -> Date
    public let logger: Logger
    public let library: LibraryService
    public let sessions: SessionService
    public let goals: GoalService
    public let reading: ReadingService
    /// Opt-in reminders and the reader's choice of notifications.
    public let reminders: ReminderService
    /// Writers of the regions missing from a reader's shelves.
    public let discovery: DiscoveryService
    public let notifications: NotificationService
    public let webhooks: WebhookService
    public let insights: InsightsService
    /// The readers' libraries and figures this process keeps: the one read model.
    public let libraries: KeptLibraries
    public let profiling: ProfilingService
    public let imports: ImportService
    public let enrichment: EnrichmentService
    public let jobs: JobRunner
    public let accounts: AccountService

    /// `enrichment` says whether and where authors and books are looked up; off by default (the
    /// command line reads it from the environment, see ``EnrichmentSettings/fromEnvironment(_:)``).
    /// `archiving` says when kept libraries are written down for the next process (`nil`: never,
    /// and none is read back).
    public init(
        store: Store, clock: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "bookstrack"),
        pollInterval: Duration = .seconds(1), enrichment settings: EnrichmentSettings = .off,
        webhookSender: any WebhookSender = PinnedWebhookSender(), links: NoticeLinks? = nil,
        archiving: LibraryArchiving? = LibraryArchiving()
    ) {
        self.store = store
        accounts = AccountService(store: store)
        self.clock = clock
        self.logger = logger
        let libraries = KeptLibraries(
            store: store, archiver: archiving.map { LibraryArchiver(settings: $0, clock: clock, logger: logger) })
        self.libraries = libraries
        let insights = InsightsService(store: store, libraries: libraries, logger: logger)
        self.insights = insights
        let notifications = NotificationService(store: store, logger: logger, libraries: libraries)
        self.notifications = notifications
        let webhooks = WebhookService(
            store: store, clock: clock, logger: logger, sender: webhookSender, links: links,
            notifications: notifications)
        self.webhooks = webhooks
        let enrichment = EnrichmentService(
            store: store, clock: clock, logger: logger, notifications: notifications, settings: settings)
        self.enrichment = enrichment
        library = LibraryService(store: store, libraries: libraries, notifications: notifications, enrichment: enrichment)
        sessions = SessionService(store: store, libraries: libraries, notifications: notifications)
        let goals = GoalService(store: store, libraries: libraries, notifications: notifications)
        self.goals = goals
        reading = ReadingService(store: store, libraries: libraries, goals: goals, notifications: notifications)
        profiling = ProfilingService(
            store: store, insights: insights, libraries: libraries, notifications: notifications)
        let imports = ImportService(
            store: store, clock: clock, logger: logger, notifications: notifications, enrichment: enrichment,
            libraries: libraries)
        self.imports = imports
        let reminders = ReminderService(
            store: store, libraries: libraries, goals: goals, notifications: notifications, logger: logger)
        self.reminders = reminders
        discovery = DiscoveryService(
            store: store, libraries: libraries, table: .bundled, lookupsEnabled: settings.enabled)
        let jobs = JobRunner(
            store: store,
            handlers: [
                ImportService.jobKind: { try await imports.run($0) },
                EnrichmentService.jobKind: { try await enrichment.run($0) },
                WebhookService.jobKind: { try await webhooks.run($0) },
                ReminderService.jobKind: { try await reminders.run($0, now: clock()) },
            ],
            interrupted: [
                ImportService.jobKind: { try await imports.interrupted($0) },
                EnrichmentService.jobKind: { try await enrichment.interrupted($0) },
            ], stoppable: [EnrichmentService.jobKind], clock: clock, logger: logger,
            pollInterval: pollInterval)
        self.jobs = jobs
        // Weakly: the runner's handlers hold these services, so a strong reference back would
        // keep every `BooksTrack` (and the libraries it keeps) alive for good.
        enrichment.wake.set { [weak jobs] in jobs?.wake() }
        notifications.wake.set { [weak jobs] in jobs?.wake() }
    }

    /// What runs in the background while the application serves: the job runner.
    public var services: [any Service] { [jobs] }

    /// Queues an upload's import and wakes this process's runner; false for a double submit.
    public func startImport(_ uploadID: ImportUpload.ID, for user: User) async throws -> Bool {
        let started = try await imports.start(uploadID, for: user)
        if started { jobs.wake() }
        return started
    }

    /// Runs `body` with the background services running, then stops them gracefully (the
    /// command line and tests; `serve` hands ``services`` to its own service group).
    public func withServices<T>(_ body: () async throws -> T) async throws -> T {
        try await BackgroundServices.running(services, logger: logger, body)
    }
}
