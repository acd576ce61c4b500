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
    /// The readers' libraries and figures this process keeps.
    let libraries: KeptLibraries

    private struct ReportKey: Hashable {
        var user: User.ID
        var key: String
    }

    init(store: Store, libraries: KeptLibraries, logger: Logger = Logger(label: "bookstrack.insights")) {
        self.store = store
        self.libraries = libraries
        self.logger = logger
    }

    /// The report for a request, from a cache when nothing it depends on has changed.
    public func report(for user: User, _ request: InsightRequest, now: Date) async throws -> Answer {
        let timeZone = user.timeZone
        let today = user.today(at: now)
        let key = Self.cacheKey(request, today: today, timeZone: timeZone)
        let reader = store.reader(user.id)
        // Versions first: a report stored under them may only be newer than they say, never older.
        let versions = try await reader.insightCache.versions()
        let validator = "\(versions)-" + Self.digest(user.id.string + "|" + key)
        let reportKey = ReportKey(user: user.id, key: key)
        if let (_, report) = memo.value(for: reportKey, where: { $0.versions == versions }) {
            return Answer(report: report, versions: versions, validator: validator)
        }
        if let payload = try await reader.insightCache.payload(key: key, versions: versions),
            let report = try? JSONDecoder().decode(InsightsReport.self, from: Data(payload.utf8))
        {
            memo.put((versions, report), for: reportKey)
            return Answer(report: report, versions: versions, validator: validator)
        }
        let wasKept = libraries.keeps(user.id)
        let (library, figures) = try await libraries.figures(of: user, atLeast: versions.data)
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
            try await reader.insightCache.store(key: key, versions: versions, payload: payload, now: now)
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

    static func cacheKey(_ request: InsightRequest, today: LocalDate, timeZone: TimeZone) -> String {
        // v2: marginalized voices over complete cases and the minimum-data rules changed the
        // figures; v3: suggestions name gaps nothing on the shelves fills; v4: publication eras; v5: gender × region;
        // v6: no pace under 10 minutes of sessions; v7: the radar's overall from counted axes; v8: pages noted
        // with "I'm on page" count as pages read; v9: countries. Reports cached under an older version are never
        // served again.
        "v9|" + request.parameters.map { "\($0)=\($1)" }.joined(separator: "&") + "|" + today.description + "|"
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
