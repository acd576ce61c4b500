import Foundation
import Synchronization
import Testing

/// Says where a web test has been waiting once it waits long (issue 43, 14a: the PostgreSQL web
/// suite has twice stopped with every thread idle and one test never ending). Each harness step
/// is marked; a step that lasts past `after` is reported on standard error every minute, with the
/// test's name, until it ends — so a stall names its step in CI's log instead of only its test.
final class StallWatch: Sendable {
    private let test: String
    private let step = Mutex<(name: String, since: ContinuousClock.Instant)>(("starting", .now))
    /// The last things the store's services said (starting, stopping each service), oldest first.
    private let events = Mutex<[String]>([])
    /// The store's connection uses not ended yet (by the number its trace gives each), as last traced.
    private let open = Mutex<[Int: String]>([:])
    private let watcher = Mutex<Task<Void, Never>?>(nil)

    init(after: Duration = .seconds(150)) {
        test = Test.current.map { "\($0.name) (\($0.sourceLocation.fileName):\($0.sourceLocation.line))" } ?? "a test"
        let test = self.test
        let task = Task { [self] in
            var wait = after
            while (try? await Task.sleep(for: wait)) != nil {
                let (name, since) = self.step.withLock { $0 }
                let waited = ContinuousClock.now - since
                if waited >= after {
                    let said = self.events.withLock { $0 }
                    let event =
                        said.isEmpty ? "" : "; the store's services last said: " + said.map { "“\($0)”" }.joined(separator: " → ")
                    let uses = self.open.withLock { $0.sorted { $0.key < $1.key }.map { "“connection \($0.key) \($0.value)”" } }
                    let using = uses.isEmpty ? "; no connection in use" : "; connections in use: " + uses.joined(separator: ", ")
                    FileHandle.standardError.write(
                        Data(
                            "StallWatch: \(test) has been in “\(name)” for \(waited.components.seconds) s\(event)\(using)\n".utf8)
                    )
                    wait = .seconds(60)
                } else {
                    wait = after - waited
                }
            }
        }
        watcher.withLock { $0 = task }
    }

    /// The watch of the test running in this task, so its helpers can mark their steps.
    @TaskLocal static var current: StallWatch?

    /// Marks the start of a step.
    func enter(_ name: String) { step.withLock { $0 = (name, .now) } }

    /// Notes what the store's services said (the last ten are kept).
    func heard(_ message: String) {
        // "connection 12 wanted", "connection 12 leased (3)", "connection 12 ended" (PostgresConnector)
        let words = message.split(separator: " ", maxSplits: 2)
        if words.count == 3, words[0] == "connection", let use = Int(words[1]) {
            open.withLock { $0[use] = words[2].hasPrefix("ended") ? nil : String(words[2]) }
        }
        events.withLock { events in
            events.append(String(message.prefix(200)))
            if events.count > 10 { events.removeFirst(events.count - 10) }
        }
    }

    /// Stops watching.
    func end() { watcher.withLock { $0 }?.cancel() }
}
