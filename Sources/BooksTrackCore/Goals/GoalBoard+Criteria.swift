/// A goal's criteria in a board's terms — region and gender masks, language, genre and shelf
/// indices — so that a book is checked with no hashing: does it match, is each fact asked about
/// known, and which unknown facts alone keep it out.
struct CompiledCriteria {
    let criteria: Goal.Criteria
    let regionMask: UInt16
    let genderMask: UInt8
    let languages: [Int32]
    /// A genre or shelf no book has is -2 (no index): it matches nothing.
    let genre: Int32?
    let shelf: Int32?

    /// Whether the book meets every criterion given.
    func matches(_ book: GoalBoard.Book, on board: GoalBoard) -> Bool {
        if regionMask != 0 && book.regionMask & regionMask == 0 { return false }
        if genderMask != 0 && book.genderMask & genderMask == 0 { return false }
        if criteria.marginalizedOnly && !book.marginalized { return false }
        if !languages.isEmpty && !languages.contains(book.language) { return false }
        if criteria.translatedOnly && !book.translated { return false }
        if criteria.ownedOnly && !book.owned { return false }
        if let genre, !board.has(genre, in: book.genres, of: board.flatGenres) { return false }
        if let shelf, !board.has(shelf, in: book.shelves, of: board.flatShelves) { return false }
        return true
    }

    /// Whether every fact a share asks about is known for the book (an unknown gender is no book
    /// "not by a woman").
    func isKnown(_ book: GoalBoard.Book) -> Bool {
        if regionMask != 0 && book.regionMask == 0 { return false }
        if genderMask != 0 && book.genderMask == 0 { return false }
        if criteria.marginalizedOnly && !book.marginalizedKnown { return false }
        if !languages.isEmpty && book.language < 0 { return false }
        if criteria.translatedOnly && !book.translatedKnown { return false }
        return true
    }

    /// The facts a book lacks that the criteria ask about, when those are all that keep it from
    /// counting: empty when it counts, or when a known fact keeps it out (issue 40 item 2).
    func missing(_ book: GoalBoard.Book, on board: GoalBoard) -> Set<GoalFact> {
        var missing = Set<GoalFact>()
        if regionMask != 0 && book.regionMask & regionMask == 0 {
            guard book.regionMask == 0 else { return [] }
            missing.insert(.region)
        }
        if genderMask != 0 && book.genderMask & genderMask == 0 {
            guard book.genderMask == 0 else { return [] }
            missing.insert(.gender)
        }
        if criteria.marginalizedOnly && !book.marginalized {
            guard !book.marginalizedKnown else { return [] }
            missing.insert(.marginalized)
        }
        if !languages.isEmpty && !languages.contains(book.language) {
            guard book.language < 0 else { return [] }
            missing.insert(.language)
        }
        if criteria.translatedOnly && !book.translated {
            guard !book.translatedKnown else { return [] }
            missing.insert(.translated)
        }
        if let genre, !board.has(genre, in: book.genres, of: board.flatGenres) {
            guard book.genres.isEmpty else { return [] }
            missing.insert(.genre)
        }
        if criteria.ownedOnly && !book.owned { return [] }
        if let shelf, !board.has(shelf, in: book.shelves, of: board.flatShelves) { return [] }
        return missing
    }
}

extension GoalBoard {
    /// A goal's criteria against this board's indices.
    func compile(_ criteria: Goal.Criteria) -> CompiledCriteria {
        CompiledCriteria(
            criteria: criteria, regionMask: criteria.regions.reduce(UInt16(0)) { $0 | Self.bit($1) },
            genderMask: criteria.genders.reduce(UInt8(0)) { $0 | Self.bit($1) },
            languages: criteria.languages.map { languageIndex[$0] ?? -2 },
            genre: criteria.genre.map { genreIndex[$0.lowercased()] ?? -2 },
            shelf: criteria.shelf.map { shelfIndex[$0.lowercased()] ?? -2 })
    }

    /// Whether a book's range of a flat list holds the value.
    func has(_ value: Int32, in range: Range<Int32>, of flat: [Int32]) -> Bool {
        range.contains { flat[Int($0)] == value }
    }
}
