import BooksTrackCore
import BooksTrackStore
import Foundation
import Logging
import ServiceLifecycle

/// The application: the use cases every face (web pages, JSON API, command line) shares, over
/// one store. No HTTP and no HTML here.
///
/// Where things go: the library, imports, insights, curation, notifications and accounts are
/// here now; reading sessions, goals, achievements and enrichment come next, each as a use case
/// of this type. Every use case that writes a reader's data ends with
/// ``NotificationService/settle(_:now:)``, the one after-write step. Background work
/// (enrichment, webhook delivery) registers a handler with the ``jobs`` runner.
public final class BooksTrack: Sendable {
    public let store: Store
    public let clock: @Sendable () -> Date
    public let logger: Logger
    public let library: LibraryService
    public let notifications: NotificationService
    public let insights: InsightsService
    public let profiling: ProfilingService
    public let imports: ImportService
    public let jobs: JobRunner

    public init(
        store: Store, clock: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "bookstrack"),
        pollInterval: Duration = .seconds(1)
    ) {
        self.store = store
        self.clock = clock
        self.logger = logger
        let notifications = NotificationService(store: store, logger: logger)
        self.notifications = notifications
        library = LibraryService(store: store, notifications: notifications)
        insights = InsightsService(store: store, logger: logger)
        profiling = ProfilingService(store: store, insights: insights, notifications: notifications)
        let imports = ImportService(store: store, clock: clock, logger: logger, notifications: notifications)
        self.imports = imports
        jobs = JobRunner(
            store: store, handlers: [ImportService.jobKind: { try await imports.run($0) }],
            interrupted: [ImportService.jobKind: { try await imports.interrupted($0) }], clock: clock, logger: logger,
            pollInterval: pollInterval)
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
