import BooksTrackStore
import Foundation
import Logging

/// How a process is put together: where the data is, whether look-ups run, where readers reach
/// the server. The command line and `serve` read it from their options and the environment once.
public struct AppSettings: Sendable {
    public var location: DatabaseLocation
    public var enrichment: EnrichmentSettings
    /// Where readers reach this server and its pages (links in notifications); nil on the
    /// command line.
    public var links: NoticeLinks?
    public var logger: Logger
    /// How big imports are cut into transactions, and whether their phases are traced.
    public var importing: ImportTuning

    public init(
        location: DatabaseLocation, enrichment: EnrichmentSettings, links: NoticeLinks? = nil,
        logger: Logger = Logger(label: "bookstrack"), importing: ImportTuning = ImportTuning()
    ) {
        self.location = location
        self.enrichment = enrichment
        self.links = links
        self.logger = logger
        self.importing = importing
    }
}

extension BooksTrack {
    /// The one composition root of a process: opens (and migrates) the database, builds the
    /// application with `settings`, runs `body` with it, and closes the database. `serve` and
    /// every command of the command line start here, so a book added by one command is treated
    /// as one added by another — or by the web app (look-ups, notifications, the clock).
    public static func withApp<T>(
        _ settings: AppSettings, clock: @escaping @Sendable () -> Date = { Date() },
        _ body: (BooksTrack) async throws -> T
    ) async throws -> T {
        try await Store.withStore(settings.location, clock: clock, logger: settings.logger, importing: settings.importing) {
            store in
            let app = BooksTrack(
                store: store, clock: clock, logger: settings.logger, enrichment: settings.enrichment,
                links: settings.links)
            // The archives under way written before the store closes (a command that read a big
            // library whole leaves it for the next).
            do {
                let result = try await body(app)
                await app.libraries.settleArchives()
                return result
            } catch {
                await app.libraries.settleArchives()
                throw error
            }
        }
    }
}
