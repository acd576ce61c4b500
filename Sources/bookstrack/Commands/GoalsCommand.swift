import ArgumentParser
import BooksTrackApp
import BooksTrackCore
import Foundation

/// `bookstrack goals --user NAME`: a reader's goals with their progress, as the goals page shows them.
struct GoalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goals", abstract: "Show a reader's reading goals and how far each has got.")

    @Option(help: "The reader.")
    var user: String

    @OptionGroup var store: StoreOptions
    @ParentCommand var root: Bookstrack

    func run() async throws {
        try await reportingFailures {
            let lines = try await store.withApp(parent: root.store) { app in
                let reader = try await StoreOptions.reader(named: user, in: app)
                let goals = try await app.goals.goals(for: reader, now: Date())
                guard !goals.isEmpty else {
                    return ["\(reader.name) has no goals yet. Set one on the Goals page or with POST /api/v1/goals."]
                }
                return goals.map { standing in
                    let goal = standing.goal
                    var line = "\(goal.title) [\(goal.status.rawValue), \(goal.startsOn) to \(goal.endsOn)]: "
                    line += Self.progress(standing)
                    if let warning = standing.warning { line += " " + warning }
                    if let snapshot = goal.snapshot { line += " — " + snapshot.summary }
                    return line
                }
            }
            Terminal.print(lines.joined(separator: "\n"))
        }
    }

    static func progress(_ standing: GoalService.Standing) -> String {
        "\(standing.summary). \(standing.goal.paceSentence(standing.progress))"
    }
}
