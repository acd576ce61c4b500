extension Migrations {
    /// Brings numbers stored before every entry was bounded (issue 43) within the bounds the app
    /// now checks (`Limits`): page numbers of sessions and progress to 0…100,000, page counts,
    /// current pages, read counts and years outside their ranges to unknown. Before this, an API
    /// call could store page 2⁶³ − 1, and every figure summed over that library trapped.
    static let m024BoundedNumbers = Migration(
        version: 24, name: "bounded numbers",
        statements: [
            "UPDATE reading_sessions SET start_page = 0 WHERE start_page < 0",
            "UPDATE reading_sessions SET start_page = 100000 WHERE start_page > 100000",
            "UPDATE reading_sessions SET end_page = 0 WHERE end_page < 0",
            "UPDATE reading_sessions SET end_page = 100000 WHERE end_page > 100000",
            "UPDATE progress_updates SET page = 0 WHERE page < 0",
            "UPDATE progress_updates SET page = 100000 WHERE page > 100000",
            "UPDATE editions SET page_count = NULL WHERE page_count < 1 OR page_count > 100000",
            "UPDATE library_entries SET current_page = NULL WHERE current_page < 0 OR current_page > 100000",
            "UPDATE library_entries SET read_count = NULL WHERE read_count < 0 OR read_count > 1000",
        ])
}
