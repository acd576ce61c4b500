import BooksTrackCore
import Foundation

/// The real-world export files in `Tests/Fixtures` (copied byte for byte from `shared/fixtures`).
public enum Fixtures {
    /// A small BooksTrack backup with a value in every numeric field (rating, read count, pages,
    /// years, a session, progress, a goal's target, first decade and fewest books, a milestone), for the
    /// tests that send extreme numbers through a backup.
    public static let backupWithNumbers = """
        {"version":1,"format":"bookstrack-backup","reader":{"name":"d","displayName":"D","underrepresentedRegions":[]},
        "entries":[{"title":"T","authors":["A B"],"contributors":[],"extras":{},"owned":true,"readings":[],"shelves":[],
        "status":"reading","rating":4.5,"readCount":2,"currentPage":12,
        "sessions":[{"startedAt":"2026-03-01T10:00:00.000Z","endedAt":"2026-03-01T10:30:00.000Z","startPage":1,"endPage":30,
        "loggedAfterwards":false}],"progress":[{"page":40,"percent":10,"recordedAt":"2026-03-02T10:00:00.000Z"}],
        "work":{"accessibility":[],"genres":[],"identifiers":[],"firstPublished":1979},
        "edition":{"year":2003,"pages":264}}],
        "authors":[],"goals":[{"title":"G","kind":"pages","target":3000,"cadence":"year","recurring":false,
        "startsOn":"2026-01-01","endsOn":"2026-12-31","criteria":{"sinceYear":1950,"minimumBooks":10},"status":"active",
        "createdAt":"2026-01-01T00:00:00.000Z","milestones":[{"percent":25,"reachedAt":"2026-02-01T00:00:00.000Z"}]}],
        "contributions":[],"achievements":[]}
        """

    /// `Tests/Fixtures`.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    public static func url(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }

    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relativePath)))
    }

    public static let goodreadsFiles = [
        "goodreads/ActualGeniusIntellectual__goodreads-data__goodreads_library_export.csv",
        "goodreads/JZStafura-Lab__intellectual-map__data_goodreads_library_export.csv",
        "goodreads/aaronj1335__reading__goodreads_library_export.csv",
        "goodreads/craig0a__reading_history_analysis__goodreads_library_export.csv",
        "goodreads/davidpolido__gr-data-exploration__data_goodreads_library_export.csv",
    ]
    public static let storyGraph = "storygraph/tranguyeenn__optimization-books-engine__data_raw_storyGraph_export.csv"
    public static let libraryThingJSON = "librarything/mouse-reeve__book-catalogue__librarything.json"
    public static let countryCodes = "regions/datasets__country-codes__data_country-codes.csv"
    public static let wigiCountries = "regions/notconfusing__WIGI__helpers_aggregation_maps_country_maps.csv"

    /// Every library export among the fixtures.
    public static let allExports = goodreadsFiles + [storyGraph, libraryThingJSON]

    /// The repository root.
    public static let repositoryRoot: URL = directory.deletingLastPathComponent().deletingLastPathComponent()
}

/// The fixed instant every test uses as "now": Sunday 15 March 2026, 12:00 UTC.
public enum TestClock {
    public static let now = Date(timeIntervalSince1970: 1_773_576_000)
    /// The reader's day a test runs on: `now`'s day (15 March 2026) unless its suite or test says
    /// another with the ``Trait/today(_:)`` trait.
    @TaskLocal public static var today = LocalDate(now, in: TimeZone(identifier: "UTC")!)
    /// The machine's clock, for what the store stamps of its own accord (a staged import's lease
    /// lapses in real time, and recovery compares it with the real time).
    public static let wall: @Sendable () -> Date = { Date() }
}
