import Foundation

/// The real-world export files in `Tests/Fixtures` (copied byte for byte from `shared/fixtures`).
public enum Fixtures {
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
}
