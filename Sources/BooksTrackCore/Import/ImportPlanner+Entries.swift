import Foundation

extension PlannerState {
    /// Plans the reader's entry for one work from the records that resolved to it, and returns
    /// an outcome for each of those records.
    mutating func planEntry(workID: Work.ID, records: [ImportRecord], indices: [Int], source: Reading.Origin)
        -> [ImportOutcome]
    {
        let primary = records[0]
        let merged = records.dropFirst().reduce(primary) { $0.merging($1) }
        let existing = context.entriesByWork[workID]
        let editionID = resolveEdition(workID: workID, primary: primary, index: indices[0], existing: existing)
        registerIdentifiers(workID: workID, indices: indices, primaryEdition: editionID)
        fillWorkFacts(workID: workID, from: merged)

        var outcome: ImportOutcome
        let entryID: LibraryEntry.ID
        if let existing {
            var updated = existing
            updated.state = existing.state.applying(
                merged.entry, carries: merged.carries,
                complete: merged.readingsAreComplete, source: source)
            if merged.carries.contains(.edition), let editionID { updated.editionID = editionID }
            let changes = existing.describeChanges(to: updated)
            entryID = existing.id
            if changes.isEmpty {
                outcome = outcomeFor(primary, .unchanged, status: existing.state.status, entryID: entryID, index: indices[0])
            } else {
                updated.updatedAt = context.now
                plan.updatedEntries.append(updated)
                outcome = outcomeFor(primary, .updated, status: updated.state.status, entryID: entryID, index: indices[0])
                outcome.changes = changes
            }
        } else {
            var state = merged.entry
            state.readings = state.readings.sorted { $0.content < $1.content }
            let entry = LibraryEntry(
                userID: context.userID, workID: workID, editionID: editionID,
                state: state, createdAt: context.now)
            plan.newEntries.append(entry)
            entryID = entry.id
            outcome = outcomeFor(primary, .imported, status: state.status, entryID: entryID, index: indices[0])
        }
        planFactsAndSessions(merged, entryID: entryID, existing: existing)

        var outcomes = [outcome]
        for record in records.dropFirst() {
            outcomes.append(
                ImportOutcome(
                    row: record.row, line: record.line, kind: .skipped, title: record.title,
                    authors: record.authors, status: nil, entryID: entryID,
                    reason:
                        "Another edition or copy of “\(primary.title)” (row \(primary.row)); its details were merged into that book.",
                    warnings: record.warnings.map(\.description)))
        }
        return outcomes
    }

    private func outcomeFor(
        _ record: ImportRecord, _ kind: ImportOutcome.Kind, status: ReadingStatus,
        entryID: LibraryEntry.ID, index: Int
    ) -> ImportOutcome {
        ImportOutcome(
            row: record.row, line: record.line, kind: kind, title: record.title,
            authors: record.authors, status: status, entryID: entryID,
            reason: matchNotes[index], warnings: record.warnings.map(\.description))
    }

    /// The edition the entry should point at: the one an identifier named, the reader's current
    /// one when it is the same edition, or a new one built from the primary record.
    private mutating func resolveEdition(
        workID: Work.ID, primary: ImportRecord, index: Int,
        existing: LibraryEntry?
    ) -> Edition.ID? {
        if let editionID = matchedTargets[index]?.editionID {
            fillEdition(editionID, with: primary.edition)
            return editionID
        }
        if let current = existing?.editionID, let edition = context.editions[current],
            edition.details == primary.edition || primary.edition.isEmpty
        {
            return current
        }
        guard !primary.edition.isEmpty else { return existing?.editionID }
        let edition = Edition(workID: workID, details: primary.edition)
        plan.newEditions.append(edition)
        return edition.id
    }

    private mutating func fillEdition(_ editionID: Edition.ID, with details: EditionDetails) {
        guard let edition = context.editions[editionID] else { return }
        var filled = edition.details
        filled.isbn10 = filled.isbn10 ?? details.isbn10
        filled.isbn13 = filled.isbn13 ?? details.isbn13
        filled.publisher = filled.publisher ?? details.publisher
        filled.year = filled.year ?? details.year
        filled.pageCount = filled.pageCount ?? details.pageCount
        filled.format = filled.format ?? details.format
        filled.binding = filled.binding ?? details.binding
        filled.language = filled.language ?? details.language
        if filled != edition.details, !plan.editionFills.contains(where: { $0.id == editionID }) {
            plan.editionFills.append(Edition(id: editionID, workID: edition.workID, details: filled))
        }
    }

    private mutating func registerIdentifiers(workID: Work.ID, indices: [Int], primaryEdition: Edition.ID?) {
        for (position, index) in indices.enumerated() {
            let editionID = position == 0 ? primaryEdition : nil
            for id in unclaimedIdentifiers.removeValue(forKey: index) ?? [] {
                let target = IdentifierTarget(workID: workID, editionID: id.scheme.identifiesEdition ? editionID : nil)
                plan.newIdentifiers.append(NewIdentifier(id: id, target: target))
            }
        }
    }

    private mutating func fillWorkFacts(workID: Work.ID, from record: ImportRecord) {
        guard !newWorkIDs.contains(workID), let facts = context.workFacts[workID] else { return }
        var filled = facts
        filled.originalLanguage = facts.originalLanguage ?? record.originalLanguage
        filled.firstPublishedYear = facts.firstPublishedYear ?? record.firstPublishedYear
        if filled != facts { plan.workFills[workID] = filled }
    }

    private mutating func planFactsAndSessions(_ record: ImportRecord, entryID: LibraryEntry.ID, existing: LibraryEntry?) {
        for draft in record.authorFacts {
            let assertion = AuthorFactAssertion(
                kind: draft.kind, value: draft.value,
                provenance: Provenance(
                    source: draft.source,
                    userID: draft.enteredByImportingReader ? context.userID : nil,
                    recordedAt: draft.recordedAt, detail: draft.detail))
            plan.authorFacts.append(PlannedAuthorFact(authorID: author(named: draft.authorName), assertion: assertion))
        }
        for draft in record.sessions {
            plan.sessions.append(
                ReadingSession(
                    userID: context.userID, entryID: entryID, startedAt: draft.startedAt, endedAt: draft.endedAt,
                    startPage: draft.startPage, endPage: draft.endPage, loggedAfterwards: draft.loggedAfterwards))
        }
        for draft in record.progress {
            plan.progress.append(
                ProgressUpdate(
                    userID: context.userID, entryID: entryID, page: draft.page, percent: draft.percent,
                    recordedAt: draft.recordedAt))
        }
    }
}
