import ArgumentParser
import BooksTrackCore
import BooksTrackStore
import Foundation

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage the readers of this instance.",
        subcommands: [Create.self, List.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a reader. The first reader of an instance is its owner.")

        @Argument(help: "The login name: letters, digits, “.”, “_” or “-”.")
        var name: String

        @Option(help: "The name shown in the app (defaults to the login name).")
        var displayName: String?

        @OptionGroup var store: StoreOptions
        @ParentCommand var root: UserCommand

        func run() async throws {
            try await reportingFailures {
                let user = try await store.withStore { store in
                    try await store.users.create(name: name, displayName: displayName, now: Date())
                }
                Terminal.print("Created \(user.role == .owner ? "owner" : "reader") “\(user.name)”.")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the readers of this instance.")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingFailures {
                let rows = try await store.withStore { store in
                    var rows: [(User, Int)] = []
                    for user in try await store.users.all() {
                        rows.append((user, try await store.reader(user.id).entryCounts().values.reduce(0, +)))
                    }
                    return rows
                }
                if rows.isEmpty {
                    Terminal.print("No readers yet. Create one with: bookstrack user create NAME")
                    return
                }
                let width = max(4, rows.map(\.0.name.count).max() ?? 4)
                Terminal.print("NAME".padding(toLength: width, withPad: " ", startingAt: 0) + "  ROLE    BOOKS  CREATED")
                for (user, books) in rows {
                    let created = LocalDate(user.createdAt, in: .current).description
                    Terminal.print(
                        user.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                            + user.role.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0) + "  "
                            + String(books).leftPadded(to: 5) + "  " + created)
                }
            }
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
