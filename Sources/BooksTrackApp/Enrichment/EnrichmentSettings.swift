import BooksTrackCore
import BooksTrackEnrichment
import BooksTrackStore
import Foundation

/// Where look-ups go and whether they happen at all.
public struct EnrichmentSettings: Sendable {
    /// Whether authors and books are looked up on the network. Off, only the bundled table
    /// applies, and the product says so once.
    public var enabled: Bool
    public var wikidata: ProviderSettings
    public var openLibrary: ProviderSettings
    /// Open Library's cover store (`covers.openlibrary.org`), a host of its own.
    public var covers: ProviderSettings
    public var transport: any HTTPTransport
    /// The first pause after a look-up failed; it doubles with each failure.
    public var retryAfter: TimeInterval
    /// Failures after which a subject is given up (until the reader asks again).
    public var maxAttempts: Int

    public init(
        enabled: Bool, wikidata: ProviderSettings, openLibrary: ProviderSettings, covers: ProviderSettings? = nil,
        transport: any HTTPTransport = HTTPClientTransport(), retryAfter: TimeInterval = 600, maxAttempts: Int = 5
    ) {
        self.enabled = enabled
        self.wikidata = wikidata
        self.openLibrary = openLibrary
        var standIn = openLibrary
        standIn.baseURL = Self.coverStore
        self.covers = covers ?? standIn
        self.transport = transport
        self.retryAfter = retryAfter
        self.maxAttempts = maxAttempts
    }

    /// Open Library's cover store, unless `BOOKSTRACK_OPENLIBRARY_COVERS_URL` names another.
    static let coverStore = URL(string: "https://covers.openlibrary.org")!

    /// Settings from `BOOKSTRACK_ENRICHMENT` (`on` by default, `off`), `BOOKSTRACK_WIKIDATA_URL`,
    /// `BOOKSTRACK_OPENLIBRARY_URL`, `BOOKSTRACK_OPENLIBRARY_COVERS_URL` and
    /// `BOOKSTRACK_ENRICHMENT_CONTACT` (put in the User-Agent).
    /// Wikidata is asked one request at a time at most 5 per second with `maxlag=5`; Open
    /// Library at most 3 per second for an identified client, as their policies ask.
    /// The command line hands the process's environment in; nothing below it reads one.
    public static func fromEnvironment(_ environment: [String: String]) -> EnrichmentSettings {
        let enabled = !["off", "0", "false", "no"].contains((environment["BOOKSTRACK_ENRICHMENT"] ?? "on").lowercased())
        let agent = ProviderSettings.userAgent(contact: environment["BOOKSTRACK_ENRICHMENT_CONTACT"])
        let wikidata = URL(string: environment["BOOKSTRACK_WIKIDATA_URL"] ?? "") ?? URL(string: "https://www.wikidata.org")!
        let openLibrary =
            URL(string: environment["BOOKSTRACK_OPENLIBRARY_URL"] ?? "") ?? URL(string: "https://openlibrary.org")!
        let covers = URL(string: environment["BOOKSTRACK_OPENLIBRARY_COVERS_URL"] ?? "") ?? coverStore
        return EnrichmentSettings(
            enabled: enabled,
            wikidata: ProviderSettings(baseURL: wikidata, userAgent: agent, minimumInterval: .milliseconds(200)),
            openLibrary: ProviderSettings(baseURL: openLibrary, userAgent: agent, minimumInterval: .milliseconds(350)),
            covers: ProviderSettings(baseURL: covers, userAgent: agent, minimumInterval: .milliseconds(350)))
    }

    /// No network look-ups (tests, `--offline`).
    public static var off: EnrichmentSettings {
        var settings = fromEnvironment([:])
        settings.enabled = false
        return settings
    }
}
