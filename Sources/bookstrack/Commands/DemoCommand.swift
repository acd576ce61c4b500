import ArgumentParser
import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import Foundation

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create a reader with a demo library of real books, to see every chart at once.",
        discussion: "The reader is created when missing; a reader who already has books is left alone.")

    @Option(help: "The demo reader's login name.")
    var user: String = "demo"

    @OptionGroup var store: StoreOptions
    @ParentCommand var root: Bookstrack

    func run() async throws {
        try await reportingFailures {
            let now = Date()
            let report = try await store.withStore(parent: root.store) { store in
                let reader: User
                if let existing = try await store.users.user(named: user) {
                    let books = try await store.reader(existing.id).entryCounts().values.reduce(0, +)
                    if books > 0 {
                        throw CLIFailure.refused(
                            "“\(user)” already has \(books) books; the demo library is for a new reader. Pick another name with --user."
                        )
                    }
                    reader = existing
                } else {
                    reader = try await store.users.create(name: user, now: now)
                }
                let batch = DemoLibrary.batch(today: LocalDate(now, in: .current), now: now)
                return try await store.reader(reader.id).importBatch(batch, fileName: "demo library", dryRun: false, now: now)
            }
            Terminal.print("Created the demo library for “\(user)”: \(report.imported) books.")
        }
    }
}
