import Foundation

extension EntryState {
    /// The state after a reader moves a book to another status on a given day (SPEC F1):
    ///
    /// - Finishing (→ read) closes the reading in progress with today's date, or records a
    ///   finished reading when there was none.
    /// - Starting (→ reading) opens a new reading, unless one is already open — so re-reading a
    ///   finished book keeps the earlier reading as history.
    /// - Abandoning (→ DNF) closes the reading in progress as abandoned.
    /// - Other moves change the status only.
    public func changingStatus(to status: ReadingStatus, on day: LocalDate) -> EntryState {
        var state = self
        state.status = status
        let open = state.readings.lastIndex { $0.outcome == .inProgress }
        switch status {
        case .read:
            if let open {
                state.readings[open].finishedOn = day
                state.readings[open].outcome = .finished
            } else if self.status != .read {
                state.readings.append(Reading(finishedOn: day, outcome: .finished, origin: .user))
            }
        case .reading:
            if open == nil { state.readings.append(Reading(startedOn: day, outcome: .inProgress, origin: .user)) }
        case .dnf:
            if let open {
                state.readings[open].finishedOn = day
                state.readings[open].outcome = .abandoned
            }
        case .wishlist, .toRead, .onHold:
            break
        }
        state.readings.sort { $0.content < $1.content }
        return state
    }
}
