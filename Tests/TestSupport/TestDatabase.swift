import BooksTrackCore
import BooksTrackStore
import Foundation
import Logging
import SQLKit

/// A database to run a store test against: a fresh SQLite file always, and a fresh PostgreSQL
/// database when `BOOKSTRACK_TEST_POSTGRES_URL` names a server (CI sets it).
public enum TestDatabase: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    /// The kinds available in this environment.
    public static var available: [TestDatabase] {
        postgresServerURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    public var description: String { rawValue }

    static var postgresServerURL: String? {
        let url = ProcessInfo.processInfo.environment["BOOKSTRACK_TEST_POSTGRES_URL"]
        return (url?.isEmpty ?? true) ? nil : url
    }

    /// Creates an empty database, opens a migrated store on it, runs `body`, and removes the
    /// database afterwards.
    ///
    /// `events`, when given, hears what the store's services log at debug level as they start
    /// and stop (swift-service-lifecycle names each service it shuts down), and each step here:
    /// a test that stalls can say which one it stalled in (issue 43, 14a).
    public func withStore<T>(events: (@Sendable (String) -> Void)? = nil, _ body: (Store) async throws -> T) async throws
        -> T
    {
        let (location, cleanup) = try await makeDatabase()
        var logger = Logger(label: "bookstrack.store")
        if let events { logger = Logger(label: "bookstrack.store") { _ in EventLogHandler(events) } }
        do {
            let result = try await Store.withStore(location, clock: TestClock.wall, logger: logger, body)
            events?("store closed; dropping the database")
            try await cleanup()
            events?("database dropped")
            return result
        } catch {
            events?("store failed (\(error)); dropping the database")
            try? await cleanup()
            throw error
        }
    }

    /// A new empty database and a way to remove it.
    public func makeDatabase() async throws -> (DatabaseLocation, @Sendable () async throws -> Void) {
        let (argument, cleanup) = try await makeDatabaseArgument()
        return (Self.patient(try DatabaseLocation(parsing: argument)), cleanup)
    }

    /// How long a test waits for a PostgreSQL connection. The product's 15 s is for a server whose
    /// database went away; the whole suite on two cores, hundreds of tests at once, has starved a
    /// healthy connection past it. Tests of the limit itself pass their own `connect_timeout`.
    static let connectionWait = Duration.seconds(120)

    public static func patient(_ location: DatabaseLocation) -> DatabaseLocation {
        guard case .postgres(var settings) = location else { return location }
        settings.connectTimeout = connectionWait
        return .postgres(settings)
    }

    /// A new empty database as the text `--database` takes (a file path or a postgres:// URL),
    /// and a way to remove it.
    public func makeDatabaseArgument() async throws -> (String, @Sendable () async throws -> Void) {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("bookstrack-tests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return (
                directory.appendingPathComponent("test.sqlite").path,
                { try? FileManager.default.removeItem(at: directory) }
            )
        case .postgres:
            guard let server = Self.postgresServerURL else { throw TestDatabaseError.noPostgres }
            let name = "bookstrack_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            try await Database.withDatabase(Self.patient(try DatabaseLocation(parsing: server)), clock: TestClock.wall) { admin in
                try await admin.read { try await $0.raw("CREATE DATABASE \(unsafeRaw: name)").run() }
            }
            var components = URLComponents(string: server)!
            components.path = "/" + name
            return (
                components.string!,
                {
                    try await Database.withDatabase(Self.patient(try DatabaseLocation(parsing: server)), clock: TestClock.wall) {
                        admin in
                        try await admin.read { try await $0.raw("DROP DATABASE IF EXISTS \(unsafeRaw: name) WITH (FORCE)").run() }
                    }
                }
            )
        }
    }
}

public enum TestDatabaseError: Error { case noPostgres }

/// Hands each log message, with its metadata, to a closure.
public struct EventLogHandler: LogHandler {
    let events: @Sendable (String) -> Void
    public var logLevel: Logger.Level = .debug
    public var metadata: Logger.Metadata = [:]

    public init(_ events: @escaping @Sendable (String) -> Void) { self.events = events }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        events(
            "\(event.message)"
                + (merged.isEmpty ? "" : " \(merged.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " "))"))
    }
}
