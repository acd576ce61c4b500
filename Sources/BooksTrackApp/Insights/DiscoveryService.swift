import BooksTrackCore
import BooksTrackStore
import Foundation

/// Writers of the regions no book on the reader's shelves is known to come from (issue 20
/// item 6), from the bundled author table: it needs no network. With look-ups on, the page also
/// links each writer to their books on Open Library.
public struct DiscoveryService: Sendable {
    let store: Store
    let insights: InsightsService
    let table: AuthorTable
    /// Whether the instance looks things up on the network (links to Open Library are offered).
    public let lookupsEnabled: Bool
    private let kept = GapCache()

    init(store: Store, insights: InsightsService, table: AuthorTable, lookupsEnabled: Bool) {
        self.store = store
        self.insights = insights
        self.table = table
        self.lookupsEnabled = lookupsEnabled
    }

    /// The gaps of the reader’s whole library, three writers each, chosen afresh each week.
    /// Nothing for an empty library (the page asks for books first). Kept per reader until their
    /// library changes or the week turns, so the insights page does not walk the library and the
    /// table on every request.
    public func gaps(for user: User, now: Date) async throws -> [Discovery.Gap] {
        let version = try await store.reader(user.id).dataVersion()
        // Monday-based weeks would need the calendar; seven-day blocks of day numbers do the job.
        let week = user.today(at: now).dayNumber / 7
        if let gaps = kept.get(user.id, version: version, week: week) { return gaps }
        let library = try await insights.library(of: user.id)
        guard !library.entries.isEmpty else {
            kept.put(user.id, version: version, week: week, gaps: [])
            return []
        }
        var present = Set<CulturalRegion>()
        var known = Set<String>()
        var seen = Set<Author.ID>()
        for entry in library.entries {
            for author in library.authors(of: entry) where seen.insert(author.id).inserted {
                if let region = author.region { present.insert(region) }
                known.insert(AuthorTable.key(author.name))
            }
        }
        let gaps = Discovery.gaps(
            present: present, knownAuthors: known, table: table, seed: Discovery.seed("\(user.id.string):\(week)"))
        kept.put(user.id, version: version, week: week, gaps: gaps)
        return gaps
    }

    /// Gaps worked out in this process, one entry per reader, at most ``limit`` readers'.
    private final class GapCache: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [User.ID: (version: Int, week: Int, gaps: [Discovery.Gap])] = [:]
        let limit = 256

        func get(_ user: User.ID, version: Int, week: Int) -> [Discovery.Gap]? {
            lock.withLock {
                guard let entry = kept[user], entry.version == version, entry.week == week else { return nil }
                return entry.gaps
            }
        }

        func put(_ user: User.ID, version: Int, week: Int, gaps: [Discovery.Gap]) {
            lock.withLock {
                if kept.count >= limit && kept[user] == nil { kept.removeAll(keepingCapacity: true) }
                kept[user] = (version, week, gaps)
            }
        }
    }
}
