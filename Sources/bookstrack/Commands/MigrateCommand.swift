import ArgumentParser
import BooksTrackApp
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
            let version = try await store.withApp(parent: root.store) { app in
                try await app.accounts.schemaVersion()
            }
            Terminal.print("\(location): schema version \(version) (up to date).")
        }
    }
}
