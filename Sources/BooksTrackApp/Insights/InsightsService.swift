import BooksTrackCore
import BooksTrackStore
import Foundation
import Logging

/// Computes and caches each reader's insights (SPEC §7: caches per reader, invalidated by
/// writes, correct across several app servers).
///
/// A report is keyed on the request and the reader's day, and is valid for exactly the version
/// it was computed at: the reader's `data_version`, which every write that reaches them moves —
/// their own writes, and changes to a work or an author in their library (`Changes` in the
/// store). It lives in the database, so every server sees the same version. Reports are kept in
/// this process and in the `insight_cache` table, which other servers read.
public final class InsightsService: Sendable {
    public struct Answer: Sendable {
        public var report: InsightsReport
        public var versions: InsightVersions
        /// Changes whenever the answer could: made of the reader, the versions, the day and the
        /// request (the web app's entity-tags are made from it).
        public var validator: String
    }

    let store: Store
    let logger: Logger
    /// Reports computed in this process, by reader and request.
    private let memo = ProcessCache<ReportKey, (versions: InsightVersions, report: InsightsReport)>(limit: 1_024)
    private let snapshots = LibrarySnapshots()
    /// Library figures built in this process, one per reader, with the version and time zone
    /// they were built at.
    private let boards = ProcessCache<User.ID, (version: Int, zone: String, figures: LibraryFigures)>(limit: 64)

    private struct ReportKey: Hashable {
        var user: User.ID
        var key: String
    }

    public init(store: Store, logger: Logger = Logger(label: "bookstrack.insights")) {
        self.store = store
        self.logger = logger
    }

    /// The report for a request, from a cache when nothing it depends on has changed.
    public func report(for user: User, _ request: InsightRequest, now: Date) async throws -> Answer {
        let timeZone = user.timeZone
        let today = user.today(at: now)
        let key = Self.cacheKey(request, today: today, timeZone: timeZone)
        let reader = store.reader(user.id)
        // Versions first: a report stored under them may only be newer than they say, never older.
        let versions = try await reader.insightVersions()
        let validator = "\(versions)-" + Self.digest(user.id.string + "|" + key)
        let reportKey = ReportKey(user: user.id, key: key)
        if let (_, report) = memo.value(for: reportKey, where: { $0.versions == versions }) {
            return Answer(report: report, versions: versions, validator: validator)
        }
        if let payload = try await reader.cachedInsight(key: key, versions: versions),
            let report = try? JSONDecoder().decode(InsightsReport.self, from: Data(payload.utf8))
        {
            memo.put((versions, report), for: reportKey)
            return Answer(report: report, versions: versions, validator: validator)
        }
        let wasKept = snapshots.holds(user.id)
        let (library, figures) = try await self.figures(of: user, atLeast: versions.data)
        let report = InsightsReport.compute(request, library: library, figures: figures, today: today)
        memo.put((versions, report), for: reportKey)
        // The shared copy saves other servers a computation that is costly (a library read whole,
        // a big library flattened again); a report of a smaller library this server kept is
        // cheaper to compute again than to encode, store and decode.
        guard !wasKept || library.entries.count >= Self.sharedFrom else {
            return Answer(report: report, versions: versions, validator: validator)
        }
        do {
            let payload = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
            try await reader.storeInsight(key: key, versions: versions, payload: payload, now: now)
        } catch {
            // The shared copy only saves other servers work; the reader still gets the figures.
            logger.warning("Could not store an insights report in the shared cache: \(error)")
        }
        return Answer(report: report, versions: versions, validator: validator)
    }

    /// How many books a kept library must have for its reports to be stored for other servers
    /// (flattening 5,000 books takes about 10 ms; a report that needed the library read whole is
    /// always stored).
    static let sharedFrom = 5_000

    /// The reader's whole library, kept in this process and brought up to date by what changed.
    public func library(of user: User.ID) async throws -> ReaderLibrary {
        let reader = store.reader(user)
        return try await snapshots.library(of: reader, atLeast: try await reader.dataVersion())
    }

    /// The reader's library when this process keeps it (brought up to date by what changed),
    /// else `nil`: for pages about a few books, which read those from the database instead.
    public func keptLibrary(of user: User.ID) async throws -> ReaderLibrary? {
        let reader = store.reader(user)
        return try await snapshots.keptLibrary(of: reader, atLeast: try await reader.dataVersion())
    }

    /// Whether this process keeps the reader's library (or is reading it): an after-write step
    /// that would have to read it whole only to count achievements asks the database instead.
    func keeps(_ user: User.ID) -> Bool { snapshots.holds(user) }

    /// The board the reader's goals, reading insights and achievements are measured on
    /// (``GoalBoard``), kept with the library (see ``figures(of:atLeast:)``).
    public func goalBoard(of user: User) async throws -> GoalBoard {
        try await figures(of: user).figures.board
    }

    /// The reader's library and its figures (``LibraryFigures``: the library flattened once, for
    /// reports, goals, reading insights and achievements), kept in this process: built once per
    /// change of the library (its `data_version`) and of the reader's time zone.
    public func figures(of user: User, atLeast asked: Int? = nil) async throws
        -> (library: ReaderLibrary, figures: LibraryFigures)
    {
        let reader = store.reader(user.id)
        let version: Int
        if let asked { version = asked } else { version = try await reader.dataVersion() }
        let zone = user.timeZone
        let snapshot = try await snapshots.snapshot(of: reader, atLeast: version)
        let library = snapshot.library
        if let kept = boards.value(for: user.id, where: { $0.version == snapshot.version && $0.zone == zone.identifier }) {
            return (library, kept.figures)
        }
        // Figures kept at an older version are patched by the rows changed since (a write waits
        // for a few books, not for the whole library flattened again); else flattened anew.
        let figures =
            if let older = boards.value(for: user.id, where: { $0.zone == zone.identifier }),
                let touched = snapshot.touched(since: older.version)
            {
                older.figures.updated(library, touched: touched)
            } else {
                LibraryFigures(library, timeZone: zone)
            }
        // Figures of an older version than the ones kept (a slow request) are not kept.
        boards.put((snapshot.version, zone.identifier, figures), for: user.id, replaces: { $0.version <= snapshot.version })
        return (library, figures)
    }

    static func cacheKey(_ request: InsightRequest, today: LocalDate, timeZone: TimeZone) -> String {
        // v2: marginalized voices over complete cases and the minimum-data rules changed the
        // figures; v3: suggestions name gaps nothing on the shelves fills; v4: publication eras; v5: gender × region;
        // v6: no pace under 10 minutes of sessions; v7: the radar's overall from counted axes; v8: pages noted
        // with "I'm on page" count as pages read. Reports cached under an older version are never served again.
        "v8|" + request.parameters.map { "\($0)=\($1)" }.joined(separator: "&") + "|" + today.description + "|"
            + timeZone.identifier
    }

    /// A short, stable digest of a key (FNV-1a), for ETags.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 36)
    }
}
