import BooksTrackCore
import BooksTrackStore
import Foundation

/// Writers of the regions no book on the reader's shelves is known to come from (issue 20
/// item 6), from the bundled author table: it needs no network. With look-ups on, the page also
/// links each writer to their books on Open Library.
public struct DiscoveryService: Sendable {
    let insights: InsightsService
    let table: AuthorTable
    /// Whether the instance looks things up on the network (links to Open Library are offered).
    public let lookupsEnabled: Bool

    /// The gaps of the reader’s whole library, three writers each, chosen afresh each week.
    /// Nothing for an empty library (the page asks for books first).
    public func gaps(for user: User, now: Date) async throws -> [Discovery.Gap] {
        let library = try await insights.library(of: user.id)
        guard !library.entries.isEmpty else { return [] }
        var present = Set<CulturalRegion>()
        var known = Set<String>()
        for entry in library.entries {
            for author in library.authors(of: entry) {
                if let region = author.region { present.insert(region) }
                known.insert(AuthorTable.key(author.name))
            }
        }
        // Monday-based weeks: the day number of the week's Monday.
        let week = user.today(at: now).dayNumber / 7
        return Discovery.gaps(
            present: present, knownAuthors: known, table: table, seed: Discovery.seed("\(user.id.string):\(week)"))
    }
}
