import Synchronization

/// What a closing pool waits on: its last leased connection coming back (``finish()``), or
/// `limit`, whichever comes first. Once finished it stays finished: a pool that closed opens
/// nothing more, so a `wait` after the last connection came back returns at once.
final class ConnectionDrain: Sendable {
    private let state = Mutex<(waiting: [CheckedContinuation<Void, Never>], finished: Bool)>(([], false))

    func wait(atMost limit: Duration) async {
        let timer = Task {
            try? await Task.sleep(for: limit)
            self.resumeAll()
        }
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.finished { return true }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        timer.cancel()
    }

    /// The last connection came back.
    func finish() {
        state.withLock { $0.finished = true }
        resumeAll()
    }

    private func resumeAll() {
        let waiting = state.withLock { state in
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
