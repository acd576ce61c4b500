import BooksTrackCore
import Foundation

/// KOReader's reading statistics (`statistics.sqlite3`, issue 41) as an import: each book with
/// its page turns becomes a record whose reading sessions are the turns grouped by pauses.
///
/// The rules (docs/import.md, "KOReader"):
///
/// - **Sessions**: a book's page turns in time order; a pause of more than ``pause`` (10 minutes)
///   between one turn's end and the next turn's start begins a new session. A session starts at
///   its first turn; its length is the sum of its turns' durations (what KOReader counts as
///   reading time, so a book's sessions add up to its `total_read_time`); its pages are the
///   distinct pages turned, and its end page is its start page plus those pages.
/// - **Reflowed books**: a turn recorded when the book had `total_pages` pages is scaled to the
///   book's current `pages`, as KOReader's own `page_stat` view does.
/// - **Books**: title and authors cleaned of KOReader's placeholders ("N/A", a file name as title:
///   "Some Title - Author (3).epub"); its language is the edition's. A book never read (no time)
///   and KOReader's own Quickstart Guide are skipped, saying why. A new book is "reading", or
///   "read" on the day of its last turn when at least 90% of its pages were turned including one
///   of its last 5%; a book already in the library keeps its status.
public enum KOReaderStatistics {
    /// The longest pause inside one session.
    public static let pause: TimeInterval = 600
    /// The most page turns read from one file: a statistics database of years of daily reading
    /// holds a few hundred thousand.
    public static let turnLimit = 2_000_000

    /// One row of `page_stat_data`.
    public struct PageTurn: Hashable, Sendable {
        public var page: Int
        public var start: Int64
        public var duration: Int64
        public var totalPages: Int

        public init(page: Int, start: Int64, duration: Int64, totalPages: Int) {
            self.page = page
            self.start = start
            self.duration = duration
            self.totalPages = totalPages
        }
    }

    /// One row of `book`.
    public struct Book: Hashable, Sendable {
        public var id: Int64
        public var title: String
        public var authors: String
        public var pages: Int?
        public var language: String?

        /// `pages` outside ``Limits/pages`` (a damaged or hostile file) is not known.
        public init(id: Int64, title: String, authors: String, pages: Int?, language: String?) {
            self.id = id
            self.title = title
            self.authors = authors
            self.pages = pages.flatMap { Limits.pages.contains($0) && $0 > 0 ? $0 : nil }
            self.language = language
        }
    }

    /// Whether bytes begin like an SQLite database.
    public static func isSQLite(_ head: [UInt8]) -> Bool { head.starts(with: Array("SQLite format 3\0".utf8)) }

    /// The import of a statistics database's bytes.
    public static func read(bytes: [UInt8]) throws(ImportFileError) -> ImportBatch {
        let (books, turns) = try StatisticsDatabase.read(bytes)
        var records: [ImportRecord] = []
        for (position, book) in books.enumerated() {
            records.append(record(book, turns: turns[book.id] ?? [], row: position + 1))
        }
        if records.isEmpty { throw .noRows(.koreader) }
        return ImportBatch(format: .koreader, records: records)
    }

    /// A book and its turns as an import record.
    static func record(_ book: Book, turns: [PageTurn], row: Int) -> ImportRecord {
        let (title, authors) = cleaned(title: book.title, authors: book.authors)
        let sessions = sessions(turns, pages: book.pages)
        var edition = EditionDetails()
        edition.pageCount = book.pages
        edition.language = book.language.flatMap(LanguageCode.init(lenient:))
        var state = EntryState(status: .reading)
        if let first = turns.map(\.start).min() { state.addedOn = day(first) }
        if let finished = finishDay(turns, pages: book.pages) {
            state.status = .read
            state.readings = [Reading(finishedOn: finished, outcome: .finished, origin: .imported(.koreader))]
        }
        var record = ImportRecord(
            row: row, title: title.isEmpty ? "Untitled" : title, authors: authors, edition: edition, entry: state,
            carries: [], sessions: sessions)
        if isQuickstartGuide(title) {
            record.skipReason = "KOReader’s own Quickstart Guide, not a book of yours."
        } else if sessions.isEmpty {
            record.skipReason = "No reading time recorded in KOReader for this book."
        } else if title.isEmpty {
            record.skipReason = "No title in KOReader’s statistics."
        }
        return record
    }

    /// The turns of one book grouped into sessions (see the type's rules). A sitting longer than
    /// a day (``Limits/sessionMinutes``) is cut into sessions of at most a day.
    public static func sessions(_ turns: [PageTurn], pages: Int?) -> [SessionDraft] {
        let ordered = turns.filter { $0.duration > 0 }.sorted { ($0.start, $0.page) < ($1.start, $1.page) }
        guard let first = ordered.first else { return [] }
        let longest = Int64(Limits.sessionMinutes.upperBound * 60)
        var out: [SessionDraft] = []
        var group: [PageTurn] = [first]
        var (end, seconds) = (first.start + first.duration, first.duration)
        func close() {
            let ranges = merged(group.map { scaled($0, to: pages) })
            let turned = ranges.reduce(0) { $0 + $1.count }
            let start = min(Limits.pages.upperBound, max(0, (ranges.first?.lowerBound ?? 1) - 1))
            let begin = Date(timeIntervalSince1970: TimeInterval(group[0].start))
            let length = group.reduce(Int64(0)) { $0 + $1.duration }
            out.append(
                SessionDraft(
                    startedAt: begin, endedAt: begin.addingTimeInterval(TimeInterval(length)), startPage: start,
                    endPage: min(Limits.pages.upperBound, start + turned), loggedAfterwards: false))
        }
        for turn in ordered.dropFirst() {
            if turn.start - end > Int64(pause) || seconds + turn.duration > longest {
                close()
                group = []
                seconds = 0
            }
            group.append(turn)
            seconds += turn.duration
            end = max(end, turn.start + turn.duration)
        }
        close()
        return out
    }

    /// The pages of the book as it is now that a turn recorded at `totalPages` covers (the page
    /// itself, at least 1, when the book's pages are not known or unchanged).
    static func scaled(_ turn: PageTurn, to pages: Int?) -> ClosedRange<Int> {
        guard let pages, pages > 0, turn.totalPages > 0, turn.totalPages != pages else {
            let page = max(1, turn.page)
            return page...page
        }
        // Both at most 1,000,000 where they enter (pages at most 100,000): no product overflows.
        let page = min(max(1, turn.page), turn.totalPages)
        let first = (page - 1) * pages / turn.totalPages + 1
        let last = max(first, page * pages / turn.totalPages)
        return first...last
    }

    /// Ranges of pages merged where they overlap or touch, in order: distinct pages are counted
    /// by their lengths, however wide a reflowed turn's range (never page by page).
    static func merged(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, range.lowerBound <= last.upperBound + 1 {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                out.append(range)
            }
        }
        return out
    }

    /// The day a new book counts as finished: at least 90% of its pages turned, and the day (UTC)
    /// it first reached one of its last 5% — not the last time it was opened. `nil` when it does
    /// not count as finished.
    static func finishDay(_ turns: [PageTurn], pages: Int?) -> LocalDate? {
        guard let pages, pages > 0 else { return nil }
        let read = turns.filter { $0.duration > 0 }
        let turned = merged(read.map { scaled($0, to: pages) }).reduce(0) { $0 + $1.count }
        let tail = Int((Double(pages) * 0.95).rounded(.down))
        guard Double(turned) >= Double(pages) * 0.9,
            let reached = read.filter({ scaled($0, to: pages).upperBound > tail }).map(\.start).min()
        else { return nil }
        return day(reached)
    }

    static func day(_ seconds: Int64) -> LocalDate {
        LocalDate(dayNumber: Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400))
    }

    static let placeholders: Set<String> = ["", "n/a", "unknown", "unknown author", "none", "-"]
    static let bookExtensions = ["epub", "pdf", "mobi", "azw", "azw3", "fb2", "djvu", "cbz", "cbr", "txt", "html", "docx"]

    /// KOReader's title and authors as a reader means them: placeholders dropped, authors split
    /// on new lines, a file name ("Some Title - Author (3).epub") taken apart when no author is given.
    static func cleaned(title rawTitle: String, authors rawAuthors: String) -> (String, [String]) {
        var authors = rawAuthors.split(whereSeparator: \.isNewline)
            .map { TextNormalization.collapseWhitespace(String($0)) }
            .filter { !placeholders.contains($0.lowercased()) }
        var title = TextNormalization.collapseWhitespace(rawTitle)
        if let dot = title.lastIndex(of: "."), bookExtensions.contains(title[title.index(after: dot)...].lowercased()) {
            title = String(title[..<dot])
        }
        // A copy's counter: "Title (3)".
        if let range = title.range(of: #"\s*\(\d{1,3}\)$"#, options: .regularExpression) { title.removeSubrange(range) }
        if authors.isEmpty, let dash = title.range(of: " - ", options: .backwards) {
            let author = TextNormalization.collapseWhitespace(String(title[dash.upperBound...]))
            let head = TextNormalization.collapseWhitespace(String(title[..<dash.lowerBound]))
            if !author.isEmpty, !head.isEmpty, !author.contains(where: \.isNumber) {
                title = head
                authors = [author]
            }
        }
        return (title, authors)
    }

    static func isQuickstartGuide(_ title: String) -> Bool {
        title.lowercased().hasPrefix("koreader quickstart guide")
    }
}
