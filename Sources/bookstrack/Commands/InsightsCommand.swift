import ArgumentParser
import BooksTrackApp
import BooksTrackCore
import Foundation

struct InsightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Print a reader's diversity insights: the same figures as the insights page and the API.",
        discussion: """
            Periods: all (default), this-year, last-30-days, a year such as 2024, or custom with \
            --from and --to. Scope: read (books finished in the period) or library (books added in \
            it). Unit: books (co-authors share a book) or authors. docs/metrics.md defines every figure.

            --reading week|month|year|all prints the reading insights instead (the hero, the four \
            cards, the 12-month timeline and the achievements), as on /insights/reading.

            --year 2025 prints the year in books instead (the books finished that year and their \
            story), as on /insights/year/2025; --json prints the API's document.
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

    @Option(help: "Print the reading insights of this week, month, year or all time instead.")
    var reading: ReadingSpan?

    @Option(help: "Print the year in books of this year (1 to 9999) instead.")
    var year: Int?

    @Flag(help: "Print the figures as JSON (the API's document) instead of text.")
    var json = false

    @Flag(help: "Print the figures as CSV (one row per figure, as the page's \"Download CSV\") instead of text.")
    var csv = false

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
        if json && csv { throw ValidationError("Choose --json or --csv, not both.") }
        if csv && reading != nil { throw ValidationError("--csv prints the diversity insights; leave out --reading.") }
        if let year {
            guard (1...9999).contains(year) else { throw ValidationError("--year is a year from 1 to 9999.") }
            if csv || reading != nil { throw ValidationError("--year prints the year in books; leave out --csv and --reading.") }
        }
    }

    func run() async throws {
        if let reading { return try await runReading(reading) }
        if let year { return try await runYear(year) }
        try await reportingFailures {
            let request = try self.request.get()
            // The same service (and cache) the web app and the API answer from.
            let (name, report) = try await store.withApp(parent: root.store) { app in
                let reader = try await StoreOptions.reader(named: user, in: app)
                return (reader.displayName, try await app.insights.report(for: reader, request, now: Date()).report)
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
            } else if csv {
                FileHandle.standardOutput.write(Data(InsightsCSV.render(report).utf8))
            } else {
                print(InsightsText.render(report, reader: name), terminator: "")
            }
        }
    }
}

extension ReadingSpan: ExpressibleByArgument {}

extension InsightsCommand {
    func runReading(_ span: ReadingSpan) async throws {
        try await reportingFailures {
            let (name, insights, achievements) = try await store.withApp(parent: root.store) { app in
                let reader = try await StoreOptions.reader(named: user, in: app)
                let now = Date()
                return (
                    reader.displayName, try await app.reading.insights(for: reader, span: span, now: now),
                    try await app.reading.achievements(for: reader, now: now)
                )
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                FileHandle.standardOutput.write(try encoder.encode(insights) + Data("\n".utf8))
                return
            }
            var out = "Reading insights for \(name) — \(span.label)\n\n\(insights.headline)\n"
            out += "  Outer ring: \(insights.rings.outerLabel)\n  Inner ring: \(insights.rings.innerLabel)\n\n"
            for card in insights.cards {
                let arrow = card.trend.map { [.up: " ↑", .down: " ↓", .same: " ="][$0]! } ?? ""
                out += "\(card.title): \(card.figure)\(arrow)\n  \(card.sentence)\n"
            }
            out += "\nBooks finished per month (diversity score)\n"
            for month in insights.timeline {
                let score = month.diversity.map { "\(Int(saturating: $0.rounded()))%" } ?? "too little known"
                out +=
                    "  \(month.label.padding(toLength: 9, withPad: " ", startingAt: 0)) \(String(repeating: "█", count: min(month.books, 40))) \(month.books) (\(score))\n"
            }
            let unlocked = achievements.filter { $0.unlockedAt != nil }
            out += "\nAchievements: \(unlocked.count) of \(achievements.count) unlocked\n"
            for standing in achievements {
                let state =
                    standing.unlockedAt.map { "unlocked \(LocalDate($0, in: TimeZone(identifier: "UTC")!))" }
                    ?? "locked, \(standing.progressText)"
                out += "  \(standing.achievement.name) (\(standing.achievement.rarity.rawValue)): \(state)\n"
            }
            print(out, terminator: "")
        }
    }
}

extension InsightsCommand {
    func runYear(_ year: Int) async throws {
        try await reportingFailures {
            let (name, told, years) = try await store.withApp(parent: root.store) { app in
                let reader = try await StoreOptions.reader(named: user, in: app)
                let (told, years) = try await app.reading.year(year, for: reader, now: Date())
                return (reader.displayName, told, years)
            }
            guard let told else {
                throw CLIFailure.refused(
                    years.isEmpty
                        ? "Nothing was read in \(year), nor in any year yet."
                        : "Nothing was read in \(year). Years with reading: \(years.map(String.init).joined(separator: ", ")).")
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                FileHandle.standardOutput.write(try encoder.encode(told) + Data("\n".utf8))
            } else {
                print(YearText.render(told, reader: name), terminator: "")
            }
        }
    }
}
