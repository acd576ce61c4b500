import ArgumentParser
import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
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
            let report = try await store.withApp(parent: root.store) { app in
                var reader = try await app.accounts.reader(named: user)
                if reader == nil {
                    reader = try await app.accounts.createReader(name: user, displayName: nil, now: now)
                }
                guard let reader else { throw CLIFailure.noSuchUser(user) }
                do {
                    return try await app.imports.loadDemo(for: reader)
                } catch let refused
                    as ImportService.LibraryNotEmpty
                {
                    throw CLIFailure.refused(
                        "“\(user)” already has \(refused.books) books; the demo library is for a new reader. Pick another name with --user."
                    )
                }
            }
            Terminal.print("Created the demo library for “\(user)”: \(report.imported) books.")
        }
    }
}
