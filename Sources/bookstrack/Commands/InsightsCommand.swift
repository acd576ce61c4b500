import ArgumentParser
import BooksTrackApp
import BooksTrackCore
import BooksTrackStore
import Foundation

struct InsightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Print a reader's diversity insights: the same figures as the insights page and the API.",
        discussion: """
            Periods: all (default), this-year, last-30-days, a year such as 2024, or custom with \
            --from and --to. Scope: read (books finished in the period) or library (books added in \
            it). Unit: books (co-authors share a book) or authors. docs/metrics.md defines every figure.
            """)

    @Option(help: "The reader whose insights to show.")
    var user: String

    @Option(help: "all, this-year, last-30-days, a year (2024) or custom.")
    var period: String = "all"

    @Option(help: "First day of a custom period (YYYY-MM-DD).")
    var from: String?

    @Option(help: "Last day of a custom period (YYYY-MM-DD).")
    var to: String?

    @Option(help: "read or library.")
    var scope: String = "read"

    @Option(help: "books or authors.")
    var unit: String = "books"

    @Flag(help: "Print the figures as JSON (the API's document) instead of text.")
    var json = false

    @OptionGroup var store: StoreOptions
    @ParentCommand var root: Bookstrack

    var request: Result<InsightRequest, InsightInputError> {
        var parameters = ["period": period, "scope": scope, "unit": unit]
        parameters["from"] = from
        parameters["to"] = to
        return InsightRequest.parse(parameters)
    }

    func validate() throws {
        if case .failure(let error) = request { throw ValidationError(error.message) }
    }

    func run() async throws {
        try await reportingFailures {
            let request = try self.request.get()
            // The same service (and cache) the web app and the API answer from.
            let (name, report) = try await store.withStore(parent: root.store) { store in
                let reader = try await StoreOptions.reader(named: user, in: store)
                let app = BooksTrack(store: store)
                return (reader.displayName, try await app.insights.report(for: reader, request, now: Date()).report)
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
            } else {
                print(InsightsText.render(report, reader: name), terminator: "")
            }
        }
    }
}
