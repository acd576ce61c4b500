import ArgumentParser
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the web app.")

    @OptionGroup var store: StoreOptions
    @ParentCommand var root: Bookstrack

    func run() async throws {
        try await reportingFailures {
            let location = try store.location(parent: root.store)
            Terminal.print(
                """
                The web app is not part of this build yet. Your data is in the \(location).
                Meanwhile: bookstrack demo, bookstrack import FILE --user NAME, bookstrack export --user NAME.
                """)
        }
    }
}
