import Foundation

/// A reader's library flattened once (SPEC §7): the insights index every report is computed
/// from, and the goal board goals, reading insights and achievements are measured on, built
/// from it — one pass over the library's dictionaries for everything a reader's pages show.
/// The server keeps it with the library until the library changes.
public struct LibraryFigures: Sendable {
    let index: InsightIndex
    public let board: GoalBoard

    public init(_ library: ReaderLibrary, timeZone: TimeZone) {
        let index = InsightIndex(library, timeZone: timeZone)
        self.index = index
        board = GoalBoard(index: index, library: library, timeZone: timeZone)
    }
}
