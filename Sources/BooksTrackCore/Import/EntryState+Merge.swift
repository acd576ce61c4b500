import Foundation

extension ImportRecord {
    /// This record with another record of the same book folded in (a second edition or copy in
    /// the same file): the furthest-along status, any ownership, the earliest added date, the
    /// union of shelves and readings, and the first non-empty value of everything else.
    func merging(_ other: ImportRecord) -> ImportRecord {
        var merged = self
        var state = entry
        let theirs = other.entry
        if other.carries.contains(.status), theirs.status.mergePrecedence > state.status.mergePrecedence {
            state.status = theirs.status
        }
        state.rating = state.rating ?? theirs.rating
        state.owned = state.owned || theirs.owned
        state.addedOn = [state.addedOn, theirs.addedOn].compactMap { $0 }.min()
        if let count = theirs.readCount { state.readCount = max(state.readCount ?? 0, count) }
        state.currentPage = state.currentPage ?? theirs.currentPage
        state.shelves = EntryState.normalizedShelves(state.shelves + theirs.shelves)
        state.review = state.review.nonEmpty ?? theirs.review
        state.notes = state.notes.nonEmpty ?? theirs.notes
        let known = Set(state.readings.map(\.content))
        state.readings += theirs.readings.filter { !known.contains($0.content) }
        state.extras.merge(theirs.extras) { mine, _ in mine }
        merged.entry = state
        merged.carries.formUnion(other.carries)
        merged.authorFacts += other.authorFacts
        merged.sessions += other.sessions
        merged.progress += other.progress
        return merged
    }
}

extension ReadingStatus {
    /// Which status wins when two rows of one book disagree.
    var mergePrecedence: Int {
        switch self {
        case .wishlist: 0
        case .toRead: 1
        case .dnf: 2
        case .onHold: 3
        case .reading: 4
        case .read: 5
        }
    }
}

extension EntryState {
    /// This state with the carried fields of an incoming state applied, by the rules of
    /// ``EntryFields``: a complete source (a backup) replaces; a partial one never erases.
    /// Readings whose content is unchanged keep their identity.
    func applying(_ incoming: EntryState, carries: EntryFields, complete: Bool, source: Reading.Origin) -> EntryState {
        if complete { return replacing(with: incoming, carries: carries) }
        var state = self
        if carries.contains(.status) { state.status = incoming.status }
        if carries.contains(.rating), let rating = incoming.rating { state.rating = rating }
        if carries.contains(.owned) { state.owned = incoming.owned }
        if carries.contains(.addedOn) { state.addedOn = [addedOn, incoming.addedOn].compactMap { $0 }.min() }
        if carries.contains(.readCount), let count = incoming.readCount { state.readCount = count }
        if carries.contains(.currentPage), let page = incoming.currentPage { state.currentPage = page }
        if carries.contains(.shelves) { state.shelves = EntryState.normalizedShelves(shelves + incoming.shelves) }
        if carries.contains(.review), let review = incoming.review.nonEmpty { state.review = review }
        if carries.contains(.notes), let notes = incoming.notes.nonEmpty { state.notes = notes }
        if carries.contains(.extras) { state.extras.merge(incoming.extras) { _, new in new } }
        if carries.contains(.readings) {
            state.readings = reusingIdentities(
                Self.mergeReadings(
                    kept: readings.filter { $0.origin != source },
                    incoming: incoming.readings))
        }
        return state
    }

    /// One source's readings added to the readings others made, without counting a read-through
    /// twice: a dated finish another source already has is skipped, an undated finish is
    /// skipped when any finish is known, and a dated finish replaces undated finishes other
    /// imports made (the same read-through, now with its date). The reader's own are never removed.
    public static func mergeReadings(kept: [Reading], incoming: [Reading]) -> [Reading] {
        var kept = kept
        let datedFinishes = Set(kept.compactMap { r in r.finishedOn.map { "\($0)|\(r.outcome)" } })
        var fresh: [Reading] = []
        for reading in incoming {
            if let finished = reading.finishedOn {
                if datedFinishes.contains("\(finished)|\(reading.outcome)") { continue }
            } else if reading.outcome == .finished, kept.contains(where: { $0.outcome == .finished }) {
                continue
            } else if reading.outcome != .finished,
                kept.contains(where: { $0.outcome == reading.outcome && $0.startedOn == reading.startedOn })
            {
                continue
            }
            fresh.append(reading)
        }
        if fresh.contains(where: { $0.outcome == .finished && $0.finishedOn != nil }) {
            kept.removeAll { $0.outcome == .finished && $0.finishedOn == nil && $0.origin != .user }
        }
        return kept + fresh
    }

    private func replacing(with incoming: EntryState, carries: EntryFields) -> EntryState {
        var state = self
        if carries.contains(.status) { state.status = incoming.status }
        if carries.contains(.rating) { state.rating = incoming.rating }
        if carries.contains(.owned) { state.owned = incoming.owned }
        if carries.contains(.addedOn) { state.addedOn = incoming.addedOn }
        if carries.contains(.readCount) { state.readCount = incoming.readCount }
        if carries.contains(.currentPage) { state.currentPage = incoming.currentPage }
        if carries.contains(.shelves) { state.shelves = EntryState.normalizedShelves(incoming.shelves) }
        if carries.contains(.review) { state.review = incoming.review }
        if carries.contains(.notes) { state.notes = incoming.notes }
        if carries.contains(.extras) { state.extras = incoming.extras }
        if carries.contains(.readings) { state.readings = reusingIdentities(incoming.readings) }
        return state
    }

    /// The given readings, sorted, with the ids of this state's readings of the same content.
    private func reusingIdentities(_ wanted: [Reading]) -> [Reading] {
        var pool = readings
        return wanted.map { reading in
            if let index = pool.firstIndex(where: { $0.content == reading.content }) { return pool.remove(at: index) }
            return reading
        }.sorted { $0.content < $1.content }
    }
}

extension LibraryEntry {
    /// What a reader would notice changed between this entry and another version of it.
    func describeChanges(to other: LibraryEntry) -> [String] {
        let a = state
        let b = other.state
        var changes: [String] = []
        if a.status != b.status { changes.append("status: \(a.status.displayName) → \(b.status.displayName)") }
        if a.rating != b.rating {
            changes.append("rating: \(a.rating?.description ?? "none") → \(b.rating?.description ?? "none")")
        }
        if a.owned != b.owned { changes.append(b.owned ? "now owned" : "no longer owned") }
        if a.addedOn != b.addedOn { changes.append("date added") }
        if a.readCount != b.readCount { changes.append("read count") }
        if a.currentPage != b.currentPage { changes.append("current page") }
        if a.shelves != b.shelves { changes.append("shelves") }
        if (a.review ?? "") != (b.review ?? "") { changes.append("review") }
        if (a.notes ?? "") != (b.notes ?? "") { changes.append("notes") }
        if a.readings.map(\.content).sorted() != b.readings.map(\.content).sorted() { changes.append("reading dates") }
        if a.extras != b.extras { changes.append("other details") }
        if editionID != other.editionID { changes.append("edition") }
        return changes
    }
}

extension Optional where Wrapped == String {
    /// `nil` for `nil` and for an empty string.
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
