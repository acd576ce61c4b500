import ArgumentParser
import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import Foundation

struct ExportCommand: AsyncParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        case goodreads

        var exported: Exports.Format {
            switch self {
            case .json: .json
            case .goodreads: .goodreads
            }
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a reader's library as a JSON backup or a Goodreads-compatible CSV.",
        discussion: """
            The JSON backup is complete: restoring it (bookstrack import) into an empty instance \
            reproduces the library, sessions, goals and curated author facts. The Goodreads CSV \
            is for moving to other trackers and keeps what that format can hold.
            """)

    @Option(help: "The reader whose library to export.")
    var user: String

    @Option(help: "json (a BooksTrack backup) or goodreads (CSV).")
    var format: Format = .json

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.", completion: .file())
    var output: String?

    @OptionGroup var store: StoreOptions
    @ParentCommand var root: Bookstrack

    func run() async throws {
        try await reportingFailures {
            let file = try await store.withStore(parent: root.store) { store in
                let reader = try await StoreOptions.reader(named: user, in: store)
                return try await Exports.file(format.exported, for: reader, store: store, now: Date())
            }
            let data = file.data
            if let output {
                do { try data.write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                    throw CLIFailure.output(path: output, reason: error.localizedDescription)
                }
                FileHandle.standardError.write(Data("Exported \(file.books) books to \(output)\n".utf8))
            } else {
                FileHandle.standardOutput.write(data)
            }
        }
    }
}
