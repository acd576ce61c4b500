import BooksTrackCore
import Foundation

extension ReaderLibrary {
    /// The shelves with their book counts as ``LibraryBrowse/shelves()`` gives them: most used
    /// first, shelves differing only in case or spacing as one.
    public var shelfCounts: [ShelfCount] { Self.counted(entries.map(\.state.shelves)) }

    /// The genres of the reader's books with their book counts, most used first; genres differing
    /// only in case or spacing are one (the first spelling met, alphabetically).
    public var genreCounts: [ShelfCount] { Self.counted(entries.map { works[$0.workID]?.genres ?? [] }) }

    /// Names counted once per book, without regard to case or spacing, most used first.
    private static func counted(_ books: [[String]]) -> [ShelfCount] {
        var counts: [String: (name: String, count: Int)] = [:]
        for names in books {
            var seen = Set<String>()
            for name in names {
                let key = TextNormalization.collapseWhitespace(name).lowercased()
                guard !key.isEmpty, seen.insert(key).inserted else { continue }
                let known = counts[key]
                counts[key] = (min(known?.name ?? name, name), (known?.count ?? 0) + 1)
            }
        }
        return counts.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.map {
            ShelfCount(name: $0.value.name, count: $0.value.count)
        }
    }

    /// A listed page's rows, in the order of `ids`, from the library; `nil` when one of them is
    /// not in it (the list is then read from the database).
    func listItems(_ ids: [String]) -> [LibraryListItem]? {
        let wanted = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        var found: [(Int, LibraryEntry)] = []
        for entry in entries { if let position = wanted[entry.id.string] { found.append((position, entry)) } }
        guard found.count == ids.count else { return nil }
        var items: [LibraryListItem] = []
        for (_, entry) in found.sorted(by: { $0.0 < $1.0 }) {
            guard let work = works[entry.workID] else { return nil }
            let state = entry.state
            items.append(
                LibraryListItem(
                    entryID: entry.id, workID: entry.workID, title: work.title,
                    authors: work.authorIDs.compactMap { authors[$0]?.name }, status: state.status, rating: state.rating,
                    owned: state.owned, addedOn: state.addedOn, finishedOn: state.readings.compactMap(\.finishedOn).max(),
                    firstPublishedYear: work.firstPublishedYear,
                    format: entry.editionID.flatMap { editions[$0]?.details.format }, shelves: state.shelves))
        }
        return items
    }

    /// Fills a listed page's author names and shelves from the library.
    func attachNamesAndShelves(_ items: inout [LibraryListItem]) {
        let wanted = Set(items.map(\.entryID))
        var shelves: [LibraryEntry.ID: [String]] = [:]
        for entry in entries where wanted.contains(entry.id) { shelves[entry.id] = entry.state.shelves }
        for index in items.indices {
            items[index].authors = works[items[index].workID]?.authorIDs.compactMap { authors[$0]?.name } ?? []
            items[index].shelves = shelves[items[index].entryID] ?? []
        }
    }

    /// One of the reader's books as ``LibraryBrowse/detail(of:)`` reads it, from a kept library
    /// (no query); `nil` when it is not in the library. The authors' fact history is not part of
    /// a library: pass it (``LibraryBrowse/factHistory(of:)``).
    public func detail(of entryID: LibraryEntry.ID, factHistory: [Author.ID: [AuthorFactAssertion]] = [:]) -> EntryDetail? {
        guard let entry = entries.first(where: { $0.id == entryID }), let work = works[entry.workID] else { return nil }
        let latest = progress.filter { $0.entryID == entryID }.max { ($0.recordedAt, $0.id) < ($1.recordedAt, $1.id) }
        return EntryDetail(
            entry: entry, work: work, edition: entry.editionID.flatMap { editions[$0] },
            authors: work.authorIDs.compactMap { authors[$0] },
            contributors: work.contributors.compactMap { c in authors[c.authorID].map { ($0, c.role) } },
            sessions: sessions.filter { $0.entryID == entryID }.sorted(by: ReadingSession.newestFirst),
            factHistory: factHistory, percentRead: latest?.percent)
    }
}
