import BooksTrackCore
import Foundation
import SQLKit

/// Where a staged write's steps come from (see ``StagedImport/write(_:as:_:on:progress:total:)``).
protocol StepFeed: Sendable {
    /// Step `index`, ready to run, or `nil` after the last. Asked for in order, each once.
    func step(_ index: Int) async throws -> StagedImport.Ready?
}

/// How a staged import's books are cut into steps, and each step's rows built when its turn is
/// near (see ``StagedImport``).
extension StagedImport {
    /// A piece of the staging: some new books (or none: the report). Either rows to insert,
    /// built when their turn is near (``Lookahead``), or statements of its own.
    struct Step: Sendable {
        enum Work: Sendable {
            case rows(@Sendable () -> [TableRows])
            case body(@Sendable (any SQLDatabase) async throws -> Void)
        }

        var books: Int
        var work: Work

        init(books: Int, rows: @escaping @Sendable () -> [TableRows]) {
            self.books = books
            work = .rows(rows)
        }

        init(books: Int, body: @escaping @Sendable (any SQLDatabase) async throws -> Void) {
            self.books = books
            work = .body(body)
        }
    }

    /// The rows of new books, written under the run's staging account.
    static func rows(of entries: some Collection<LibraryEntry>, as staging: User.ID) -> [TableRows] {
        EntryRows.rows(
            entries.lazy.map { entry in
                var entry = entry
                entry.userID = staging
                return entry
            })
    }

    /// A step ready to run: its rows built, or its statements.
    struct Ready: Sendable {
        enum Work: Sendable {
            case rows([TableRows])
            case body(@Sendable (any SQLDatabase) async throws -> Void)
        }

        var books: Int
        var work: Work
    }

    /// Builds the rows of the step after the one being written, on another thread, while SQLite
    /// writes: building rows took a third of a 50,000-book staging, all of it time SQLite waited.
    /// One step ahead, so at most two steps' rows are held. Used by one writer at a time (the
    /// steps run in order).
    final class Lookahead: StepFeed, @unchecked Sendable {
        private let steps: [Step]
        private var ahead: (index: Int, task: Task<[TableRows], Never>)?

        init(_ steps: [Step]) { self.steps = steps }

        func step(_ index: Int) async -> Ready? {
            guard index < steps.count else { return nil }
            switch steps[index].work {
            case .body(let body): return Ready(books: steps[index].books, work: .body(body))
            case .rows: return Ready(books: steps[index].books, work: .rows(await rows(of: index)))
            }
        }

        /// The rows of step `index`; starts building those of the next step with rows.
        private func rows(of index: Int) async -> [TableRows] {
            let task = ahead?.index == index ? ahead!.task : Self.build(steps[index])
            ahead = nil
            if index + 1 < steps.count, case .rows = steps[index + 1].work { ahead = (index + 1, Self.build(steps[index + 1])) }
            return await task.value
        }

        func cancel() { ahead?.task.cancel() }

        private static func build(_ step: Step) -> Task<[TableRows], Never> {
            Task.detached {
                guard case .rows(let rows) = step.work else { return [] }
                return rows()
            }
        }
    }

    /// The plan's new works, editions and identifiers put with the chunk of new books that first
    /// refers to them, as positions in the plan's arrays (a few bytes a book, not a copy).
    struct ChunkGroups: Sendable {
        struct Chunk: Sendable {
            var entries: Range<Int>
            var works: [Int32] = []
            var editions: [Int32] = []
            var identifiers: [Int32] = []
        }

        var chunks: [Chunk] = []
        var leftWorks: [Int32] = []
        var leftEditions: [Int32] = []
        var leftIdentifiers: [Int32] = []

        init(_ plan: ImportPlan, chunk size: Int) {
            var works = Chains(plan.newWorks.lazy.map(\.id))
            var editions = Chains(plan.newEditions.lazy.map(\.workID))
            var identifiers = Chains(plan.newIdentifiers.lazy.map(\.target.workID))
            for start in stride(from: 0, to: plan.newEntries.count, by: size) {
                var chunk = Chunk(entries: start..<min(start + size, plan.newEntries.count))
                for entry in plan.newEntries[chunk.entries] {
                    works.take(entry.workID, into: &chunk.works)
                    editions.take(entry.workID, into: &chunk.editions)
                    identifiers.take(entry.workID, into: &chunk.identifiers)
                }
                chunks.append(chunk)
            }
            leftWorks = works.left
            leftEditions = editions.left
            leftIdentifiers = identifiers.left
        }

        /// Items that each name a work (a work its own id), as chains through their array: the
        /// last item of each work, then before each item the previous one of the same work (-1 at
        /// the start) — one dictionary, no array per work.
        private struct Chains {
            var last: [Work.ID: Int32] = [:]
            var previous: [Int32]
            var taken: [Bool]

            init(_ works: some Collection<Work.ID>) {
                previous = [Int32](repeating: -1, count: works.count)
                taken = [Bool](repeating: false, count: works.count)
                last.reserveCapacity(works.count)
                for (index, workID) in works.enumerated() {
                    previous[index] = last.updateValue(Int32(index), forKey: workID) ?? -1
                }
            }

            /// Appends the positions of a work's items not taken yet, in their order.
            mutating func take(_ workID: Work.ID, into positions: inout [Int32]) {
                let start = positions.count
                var item = last[workID] ?? -1
                while item >= 0 {
                    if !taken[Int(item)] {
                        taken[Int(item)] = true
                        positions.append(item)
                    }
                    item = previous[Int(item)]
                }
                positions[start...].reverse()
            }

            /// The items no chunk took.
            var left: [Int32] { taken.indices.filter { !taken[$0] }.map { Int32($0) } }
        }
    }
}
