import ArgumentParser
import BooksTrackApp
import BooksTrackCore
import Foundation

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Manage the readers of this instance.",
        subcommands: [Create.self, List.self, Token.self, ResetPassword.self])

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
                let user = try await store.withApp { app in
                    try await app.accounts.createReader(name: name, displayName: displayName, now: Date())
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
                let rows = try await store.withApp { app in try await app.accounts.readers() }
                if rows.isEmpty {
                    Terminal.print("No readers yet. Create one with: bookstrack user create NAME")
                    return
                }
                let width = max(4, rows.map(\.user.name.count).max() ?? 4)
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

extension UserCommand {
    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a personal API token for a reader and print it.",
            discussion: "Send it as “Authorization: Bearer TOKEN”. It is shown once; revoke it on the account page.")

        @Argument(help: "The reader's login name.")
        var user: String

        @Option(help: "What the token is for.")
        var name: String = "command line"

        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingFailures {
                let token = try await store.withApp { app in
                    let reader = try await StoreOptions.reader(named: user, in: app)
                    return try await app.accounts.createToken(named: name, for: reader, now: Date()).secret
                }
                Terminal.print(token)
            }
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password",
            abstract: "Set a reader's password (read from standard input) and sign them out everywhere.",
            discussion:
                "On a terminal the password is asked for without echo; otherwise the first line of standard input is used.")

        @Argument(help: "The reader's login name.")
        var user: String

        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingFailures {
                guard let password = Terminal.readSecret(prompt: "New password for \(user): ") else {
                    throw CLIFailure.refused("No password was given.")
                }
                if let problem = AccountTools.passwordProblem(password) { throw CLIFailure.refused(problem.description) }
                try await store.withApp { app in
                    let reader = try await StoreOptions.reader(named: user, in: app)
                    try await app.accounts.setPassword(password, for: reader, now: Date())
                }
                Terminal.print("The password of “\(user)” is set.")
            }
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
