import ArgumentParser
import BooksTrackApp
import BooksTrackCore
import Foundation
import Logging

/// `--database`, shared by every command; it may be given before or after the command name.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "SQLite file path or postgres:// URL.",
            discussion: "Defaults to BOOKSTRACK_DATABASE_URL, else ~/.local/share/bookstrack/bookstrack.sqlite.",
            valueName: "path-or-url"))
    var database: String?

    /// The location to use: the option, then the environment, then the default file.
    func location(parent: StoreOptions? = nil) throws -> DatabaseLocation {
        let environment = ProcessInfo.processInfo.environment
        if let text = database ?? parent?.database ?? environment["BOOKSTRACK_DATABASE_URL"].flatMap({ $0.isEmpty ? nil : $0 }) {
            do { return try DatabaseLocation(parsing: text) } catch { throw CLIFailure.store(error) }
        }
        return DatabaseLocation.defaultSQLite(environment: environment)
    }

    /// Opens the application on the database (creating and migrating it when needed), runs
    /// `body`, and closes it: every command's one way in (``BooksTrack/withApp(_:clock:_:)``),
    /// with look-ups as the environment says (`enrichment` overrides it).
    func withApp<T>(
        parent: StoreOptions? = nil, clock: @escaping @Sendable () -> Date = { Date() },
        enrichment: EnrichmentSettings = .fromEnvironment(ProcessInfo.processInfo.environment),
        _ body: (BooksTrack) async throws -> T
    ) async throws -> T {
        var logger = Logger(label: "bookstrack")
        logger.logLevel = .warning
        let settings = AppSettings(
            location: try location(parent: parent), enrichment: enrichment, logger: logger,
            importing: ImportTuning(trace: Self.importTrace))
        do {
            return try await BooksTrack.withApp(settings, clock: clock, body)
        } catch let error as StoreError {
            throw CLIFailure.store(error)
        }
    }
}

extension StoreOptions {
    /// When each phase of an import ends, on standard error, when the environment has
    /// `BOOKSTRACK_IMPORT_TRACE=1` (`=2`: with the boot-time clock). One per process.
    static let importTrace = ImportTrace(setting: ProcessInfo.processInfo.environment["BOOKSTRACK_IMPORT_TRACE"])

    /// The reader with this name, or a failure that says how to create one.
    static func reader(named name: String, in app: BooksTrack) async throws -> User {
        guard let user = try await app.accounts.reader(named: name) else {
            throw CLIFailure.noSuchUser(name)
        }
        return user
    }
}
