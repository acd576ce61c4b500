import ArgumentParser
import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
import Foundation

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Goodreads, StoryGraph, LibraryThing, BookWyrm, Openreads or Calibre export, or a BooksTrack backup.",
        discussion: """
            The format is detected from the file; a gzip-compressed file (backup.json.gz) is \
            decompressed as it is read. There is no size limit here (the server has one). The \
            whole file is imported in one transaction: if anything fails, nothing is written. Importing the same file again changes nothing.
            """)

    @Argument(help: "The export file (CSV, TSV or JSON).", completion: .file())
    var file: String

    @Option(help: "The reader whose library receives the books.")
    var user: String

    @Flag(help: "Report what would happen without writing anything.")
    var dryRun = false

    @Flag(help: "Print the report as JSON, with every row's outcome.")
    var json = false

    @Option(
        name: .customLong("shelf"),
        help: ArgumentHelp(
            "What one of your shelves means: NAME=owned, NAME=genre, NAME=genre:Label or NAME=shelf (repeatable).",
            discussion:
                "Shelves that say you own a book and shelves that name a genre are read as such by default (docs/import.md lists them); the report says how each shelf was read.",
            valueName: "NAME=MEANING"))
    var shelves: [String] = []

    func validate() throws {
        var reading = ShelfReading.defaults
        for item in shelves where !reading.choose(parsing: item) {
            throw ValidationError("--shelf takes NAME=owned, NAME=genre, NAME=genre:Label or NAME=shelf, not “\(item)”.")
        }
    }

    private var shelfReading: ShelfReading {
        var reading = ShelfReading.defaults
        for item in shelves { _ = reading.choose(parsing: item) }
        return reading
    }

    @OptionGroup var store: StoreOptions
    @ParentCommand var root: Bookstrack

    func run() async throws {
        HeapTrim.useFewArenas()
        try await reportingFailures {
            let now = Date()
            let opened = try openFile(today: LocalDate(now, in: .current))
            StoreOptions.importTrace.mark("file opened")
            let fileName = URL(fileURLWithPath: file).lastPathComponent
            let bar = Terminal.outputIsTerminal && !json ? ProgressBar() : nil
            let (report, coverage) = try await importBatch(
                opened, fileName: fileName, now: now, progress: bar.map(Self.progressHandler))
            bar?.finish()
            StoreOptions.importTrace.mark("imported")
            if json {
                Terminal.write(String(decoding: try ImportReportDocument(report, fileName: fileName).encoded(), as: UTF8.self))
            } else {
                Terminal.write(ImportReportText.render(report, fileName: fileName))
                if let coverage, coverage.read > 0 {
                    // What the bundled author table knew at once; the look-ups do the rest.
                    Terminal.write(
                        "Author facts: gender known for \(coverage.gender) of \(coverage.read) read books, region for "
                            + "\(coverage.region). The rest is looked up in the background while `bookstrack serve` runs, "
                            + "or now with `bookstrack enrich --user \(user)`.\n")
                }
            }
            StoreOptions.importTrace.mark("report printed")
        }
    }

    private func openFile(today: LocalDate) throws -> ImportFile {
        do throws(ImportFileError) {
            return try LibraryFileReader.open(fileAt: file, today: today, limit: nil)
        } catch {
            throw CLIFailure.file(error)
        }
    }

    /// Imports, and after a real import says how much the bundled author table knew.
    private func importBatch(_ opened: ImportFile, fileName: String, now: Date, progress: ImportProgressHandler?)
        async throws -> (ImportReport, (read: Int, gender: Int, region: Int)?)
    {
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue
        let clock: @Sendable () -> Date = { now }
        return try await store.withApp(parent: root.store, clock: clock) { app in
            let reader = try await StoreOptions.reader(named: user, in: app)
            // A big import an earlier process left half-written is finished or thrown away first.
            try await app.imports.recover(now: Date())
            let report = try await app.imports.importNow(
                opened, for: reader, fileName: fileName, fileSize: size, dryRun: dryRun, shelves: shelfReading,
                progress: progress)
            StoreOptions.importTrace.mark("import returned")
            return (report, dryRun ? nil : try await app.enrichment.coverage(for: reader.id))
        }
    }

    private static func progressHandler(_ bar: ProgressBar) -> ImportProgressHandler {
        { progress in
            switch progress {
            case .matching(let rows): bar.message("Matching \(rows) rows against your library…")
            case .writing(let done, let total): bar.show("Importing", done: done, total: total)
            }
        }
    }
}
