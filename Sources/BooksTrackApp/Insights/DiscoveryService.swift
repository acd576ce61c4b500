import BooksTrackCore
import BooksTrackStore
import Foundation

/// Writers of the regions no book on the reader's shelves is known to come from (issue 20
/// item 6), from the bundled author table: it needs no network. With look-ups on, the page also
/// links each writer to their books on Open Library.
public struct DiscoveryService: Sendable {
    let store: Store
    let libraries: KeptLibraries
    let table: AuthorTable
    /// Whether the instance looks things up on the network (links to Open Library are offered).
    public let lookupsEnabled: Bool
    /// Gaps worked out in this process, one entry per reader.
    private let kept = ProcessCache<User.ID, (version: Int, week: Int, gaps: [Discovery.Gap])>(limit: 256)

    init(store: Store, libraries: KeptLibraries, table: AuthorTable, lookupsEnabled: Bool) {
        self.store = store
        self.libraries = libraries
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
        if let found = kept.value(for: user.id, where: { $0.version == version && $0.week == week }) { return found.gaps }
        let library = try await libraries.library(of: user.id)
        guard !library.entries.isEmpty else {
            kept.put((version, week, []), for: user.id)
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
        kept.put((version, week, gaps), for: user.id)
        return gaps
    }
}
