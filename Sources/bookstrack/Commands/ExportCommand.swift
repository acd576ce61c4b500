import ArgumentParser
import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
import Foundation

struct ExportCommand: AsyncParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
        case goodreads
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a reader's library as a JSON backup or a Goodreads-compatible CSV.",
        discussion: """
            The JSON backup is complete: restoring it (bookstrack import) into an empty instance \
            reproduces the library, sessions, goals and curated author facts. It is written a piece \
            at a time, and gzip-compressed with --gzip or an output name ending in .gz. The \
            Goodreads CSV is for moving to other trackers and keeps what that format can hold.
            """)

    @Option(help: "The reader whose library to export.")
    var user: String

    @Option(help: "json (a BooksTrack backup) or goodreads (CSV).")
    var format: Format = .json

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.", completion: .file())
    var output: String?

    @Flag(help: "Compress the JSON backup with gzip (implied by an output name ending in .gz).")
    var gzip = false

    @OptionGroup var store: StoreOptions
    @ParentCommand var root: Bookstrack

    func run() async throws {
        try await reportingFailures {
            let compressed = gzip || output?.hasSuffix(".gz") == true
            if compressed && format != .json {
                throw ValidationError("Only the JSON backup is compressed; export --format goodreads without --gzip.")
            }
            let exported: Exports.Format = format == .goodreads ? .goodreads : compressed ? .jsonGzip : .json
            let file = try await store.withApp(parent: root.store) { app in
                let reader = try await StoreOptions.reader(named: user, in: app)
                return try await app.reader(reader).export(exported, now: Date())
            }
            guard let output else {
                try await file.write { FileHandle.standardOutput.write($0) }
                return
            }
            try await Self.write(file, to: output)
            FileHandle.standardError.write(Data("Exported \(file.books) books to \(output)\n".utf8))
        }
    }

    /// Writes the file next to its destination and moves it into place when complete, so a
    /// failure (a full disk) never leaves half a backup under the name.
    private static func write(_ file: Exports.File, to output: String) async throws {
        let destination = URL(fileURLWithPath: output)
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
        func failed(_ error: any Error) -> CLIFailure {
            try? FileManager.default.removeItem(at: partial)
            return CLIFailure.output(path: output, reason: error.localizedDescription)
        }
        guard FileManager.default.createFile(atPath: partial.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: partial)
        else { throw CLIFailure.output(path: output, reason: "the folder cannot be written to") }
        do {
            try await file.write { try handle.write(contentsOf: $0) }
            try handle.synchronize()
            try handle.close()
            if FileManager.default.fileExists(atPath: destination.path) {
                _ = try FileManager.default.replaceItemAt(destination, withItemAt: partial)
            } else {
                try FileManager.default.moveItem(at: partial, to: destination)
            }
        } catch {
            try? handle.close()
            throw failed(error)
        }
    }
}
