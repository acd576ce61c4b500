import ArgumentParser
import BooksTrackApp
import BooksTrackCore
import Foundation

struct EnrichCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enrich",
        abstract: "Find facts about a reader's authors and books: the bundled author table, then Wikidata and Open Library.",
        discussion: """
            Runs in the foreground with a progress bar. --offline applies only the author table that \
            ships with BooksTrack (no network). Look-ups already made are not repeated; failed ones are \
            tried again. A person's answer is never replaced. Endpoints: BOOKSTRACK_WIKIDATA_URL, \
            BOOKSTRACK_OPENLIBRARY_URL; BOOKSTRACK_ENRICHMENT=off turns look-ups off. docs/enrichment.md \
            explains what is looked up and how a name is matched.
            """)

    @Option(help: "The reader whose authors and books to look up.")
    var user: String

    @Flag(help: "Apply only the bundled author table; make no network request.")
    var offline = false

    @OptionGroup var store: StoreOptions
    @ParentCommand var root: Bookstrack

    func run() async throws {
        try await reportingFailures {
            var settings = EnrichmentSettings.fromEnvironment(ProcessInfo.processInfo.environment)
            if offline { settings.enabled = false }
            try await store.withApp(parent: root.store, enrichment: settings) { app in
                let reader = try await StoreOptions.reader(named: user, in: app)
                let table = try await app.enrichment.applyTable(for: reader.id)
                try await app.enrichment.markWaiting(for: reader.id, retryFailed: settings.enabled)
                print(
                    "Author table: \(table.authors) \(table.authors == 1 ? "author" : "authors") known, "
                        + "\(table.facts) new \(table.facts == 1 ? "fact" : "facts"), "
                        + "\(table.ambiguous) \(table.ambiguous == 1 ? "name" : "names") with several people (you will be asked)."
                )
                if settings.enabled {
                    let bar = ProgressBar()
                    try await app.enrichment.lookUp(for: reader.id) {
                        bar.show("Looking up authors", done: $0.done, total: $0.authors)
                    }
                    bar.finish()
                } else if !offline {
                    print("Look-ups are off (BOOKSTRACK_ENRICHMENT=off): only the author table was applied.")
                }
                let progress = try await app.enrichment.progress(for: reader.id)
                let coverage = try await app.enrichment.coverage(for: reader.id)
                func share(_ part: Int) -> String {
                    coverage.read == 0 ? "0%" : "\(Int((Double(part) * 100 / Double(coverage.read)).rounded()))%"
                }
                print(
                    "\(coverage.read) read \(coverage.read == 1 ? "book" : "books"): author’s gender known for \(coverage.gender) "
                        + "(\(share(coverage.gender))), region for \(coverage.region) (\(share(coverage.region)))"
                        + (progress.ambiguous > 0 ? "; \(progress.ambiguous) waiting for your answer on the prompts page" : "")
                        + (progress.retrying > 0 ? "; \(progress.retrying) to try again later" : "") + ".")
            }
        }
    }
}
