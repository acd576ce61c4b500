import Logging
import ServiceLifecycle

/// Runs services around a piece of work, in structured concurrency: they start before `body`,
/// and are shut down gracefully (then awaited) when it returns or throws. The command line and
/// the tests use it; `serve` hands the same services to its application's service group, which
/// also stops them on SIGTERM and SIGINT.
public enum BackgroundServices {
    public static func running<T>(
        _ services: [any Service], logger: Logger, _ body: () async throws -> T
    ) async throws -> T {
        guard !services.isEmpty else { return try await body() }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: services.map { .init(service: $0) }, logger: logger))
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                let result = try await body()
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return result
            } catch {
                await group.triggerGracefulShutdown()
                try? await tasks.waitForAll()
                throw error
            }
        }
    }
}
