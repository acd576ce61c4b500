import BooksTrackCore

/// How big imports are cut into transactions, given to the store where it is made (the command
/// line and `serve` take the defaults; tests make staging happen on small files).
public struct ImportTuning: Sendable {
    /// Plans with more new books than this are staged on SQLite; smaller ones are written in one
    /// transaction (a few hundred milliseconds at most).
    public var stagedFrom = 2_000
    /// New books written (or published) per transaction.
    public var chunk = 200
    /// Rows of a streamed file matched at a time.
    public var matchingChunk = 2_048
    /// At most this many steps per transaction (tests: a commit between chunks, as when other
    /// readers write all along); `nil` in production, where others' waits and time decide.
    public var stepsPerTransaction: Int? = nil
    /// Where the phases of an import are written (`BOOKSTRACK_IMPORT_TRACE`, read by the command).
    public var trace: ImportTrace = .off

    public init(
        stagedFrom: Int = 2_000, chunk: Int = 200, matchingChunk: Int = 2_048, stepsPerTransaction: Int? = nil,
        trace: ImportTrace = .off
    ) {
        self.stagedFrom = stagedFrom
        self.chunk = chunk
        self.matchingChunk = matchingChunk
        self.stepsPerTransaction = stepsPerTransaction
        self.trace = trace
    }
}
