import Logging
import ServiceLifecycle

/// Runs services around a piece of work, in structured concurrency: they start before `body`,
/// and are shut down gracefully (then awaited) when it returns or throws. The command line and
/// the tests use it; `serve` hands the same services to its application's service group, which
/// also stops them on SIGTERM and SIGINT.
///
/// A graceful shutdown that has not ended after ``shutdownLimit`` is cancelled instead (issue
/// 43, 14a: a service that never stops must not hold its caller for ever; PostgresNIO's pool,
/// used before ``PostgresPool``, sometimes did not). Work that outlives its services gets "this
/// server is stopping" from the lease watchdog either way.
/// (Not `ServiceGroupConfiguration.maximumCancellationDuration`: swift-service-lifecycle traps
/// when a cancellation outlasts it.)
public enum BackgroundServices {
    /// How long the services have to stop gracefully before they are cancelled.
    public static let shutdownLimit = Duration.seconds(30)

    public static func running<T>(
        _ services: [any Service], logger: Logger, shutdownLimit: Duration = BackgroundServices.shutdownLimit,
        _ body: () async throws -> T
    ) async throws -> T {
        guard !services.isEmpty else { return try await body() }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: services.map { .init(service: $0) }, logger: logger))
        return try await withThrowingTaskGroup(of: Bool.self, returning: T.self) { tasks in
            tasks.addTask {
                try await group.run()
                return true
            }
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            await group.triggerGracefulShutdown()
            tasks.addTask {
                // The timer: false when it rings, nothing when the services stopped first.
                try await Task.sleep(for: shutdownLimit)
                return false
            }
            var stopping: (any Error)?
            do {
                if try await tasks.next() == false {
                    logger.warning(
                        "The services did not stop within \(shutdownLimit.components.seconds) s of being asked; cancelling them")
                }
            } catch {
                stopping = error
            }
            tasks.cancelAll()
            while (try? await tasks.next()) != nil {}
            // The body's error first; a service's own only when the body succeeded.
            let value = try result.get()
            if let stopping { throw stopping }
            return value
        }
    }
}
