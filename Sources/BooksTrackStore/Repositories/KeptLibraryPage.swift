import BooksTrackCore
import Foundation
import Synchronization

extension ReaderLibrary {
    /// An unfiltered page of the list from the kept library, in the order the SQL gives
    /// (`LibraryFilterSQL.orderBy`: books without the sort value last, then the value, then the
    /// title key, then the id) — without asking the database: at 1,000 books the SQL sorts the
    /// reader's entries joined with the works on every page (4 ms of PostgreSQL's time, the most
    /// expensive statement of the mixed load). `nil` for the author order (SQL's `LOWER` is not
    /// Swift's), which the SQL gives.
    ///
    /// Titles compare byte by byte, as SQLite does and PostgreSQL does under the C collation; a
    /// PostgreSQL database with a language's collation may order ties of the same title key
    /// differently in the API (which sorts in SQL) than on the page.
    func page(_ query: LibraryQuery) -> LibraryPage? {
        guard !query.isFiltered, query.sort != .author else { return nil }
        let titleKeys = TitleKeys.keys(for: entries.map { works[$0.workID]?.title ?? "" })
        struct Row {
            let index: Int
            let key: SortKey?
        }
        var rows: [Row] = []
        rows.reserveCapacity(entries.count)
        // By index, not `for entry in entries`: copying each entry was most of this function's time.
        for index in entries.indices {
            let key: SortKey? =
                switch query.sort {
                case .added: entries[index].state.addedOn.map(SortKey.date)
                case .finished: entries[index].state.readings.lazy.compactMap(\.finishedOn).max().map(SortKey.date)
                case .rating: entries[index].state.rating.map { SortKey.number($0.quarters) }
                case .year: works[entries[index].workID]?.firstPublishedYear.map(SortKey.number)
                case .title: .text(titleKeys[index])
                case .author: nil
                }
            rows.append(Row(index: index, key: key))
        }
        let descending = query.descending
        rows.sort { a, b in
            switch (a.key, b.key) {
            case (nil, .some): return false
            case (.some, nil): return true
            case (.some(let x), .some(let y)) where x != y: return descending ? y < x : x < y
            default: break
            }
            let (ta, tb) = (titleKeys[a.index], titleKeys[b.index])
            if ta != tb { return ta.utf8.lexicographicallyPrecedes(tb.utf8) }
            return entries[a.index].id < entries[b.index].id
        }
        let items = rows.dropFirst(query.offset).prefix(LibraryQuery.pageSize).compactMap { row -> LibraryListItem? in
            let entry = entries[row.index]
            guard let work = works[entry.workID] else { return nil }
            let state = entry.state
            return LibraryListItem(
                entryID: entry.id, workID: entry.workID, title: work.title,
                authors: work.authorIDs.compactMap { authors[$0]?.name }, status: state.status, rating: state.rating,
                owned: state.owned, addedOn: state.addedOn, finishedOn: state.readings.compactMap(\.finishedOn).max(),
                firstPublishedYear: work.firstPublishedYear,
                format: entry.editionID.flatMap { editions[$0]?.details.format }, shelves: state.shelves)
        }
        return LibraryPage(items: items, total: entries.count, query: query)
    }
}

/// A sort value as the SQL compares it: dates as their `YYYY-MM-DD` text (chronological),
/// numbers, title keys byte by byte.
private enum SortKey: Equatable {
    case date(LocalDate)
    case number(Int)
    case text(String)

    static func < (a: SortKey, b: SortKey) -> Bool {
        switch (a, b) {
        case (.date(let x), .date(let y)): x < y
        case (.number(let x), .number(let y)): x < y
        case (.text(let x), .text(let y)): x.utf8.lexicographicallyPrecedes(y.utf8)
        default: false
        }
    }
}

/// Title keys (`TextNormalization.titleKey`, what the `title_key` column holds) by title, kept
/// for the process: a page sorts every book of the library by it, and normalising a thousand
/// titles for every page would cost more than the query it saves.
enum TitleKeys {
    private static let cache = Mutex<[String: String]>([:])
    private static let limit = 200_000

    static func keys(for titles: [String]) -> [String] {
        var keys = cache.withLock { cache in titles.map { cache[$0] } }
        var computed: [(String, String)] = []
        for index in keys.indices where keys[index] == nil {
            let key = TextNormalization.titleKey(titles[index])
            keys[index] = key
            computed.append((titles[index], key))
        }
        if !computed.isEmpty {
            cache.withLock { cache in
                if cache.count + computed.count > limit { cache.removeAll(keepingCapacity: true) }
                for (title, key) in computed { cache[title] = key }
            }
        }
        return keys.map { $0 ?? "" }
    }
}
