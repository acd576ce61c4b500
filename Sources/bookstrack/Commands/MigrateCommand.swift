import ArgumentParser
import BooksTrackStore
import Foundation

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Create the database or bring its schema up to date.",
        discussion: "Every command does this on its own; this one only reports it.")

    @OptionGroup var store: StoreOptions
    @ParentCommand var root: Bookstrack

    func run() async throws {
        try await reportingFailures {
            let location = try store.location(parent: root.store)
            let before = try await store.withStore(parent: root.store) { store in
                try await Migrator.appliedVersions(store.database)
            }
            Terminal.print("\(location): schema version \(before.max() ?? 0) (up to date).")
        }
    }
}
