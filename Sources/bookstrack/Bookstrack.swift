import ArgumentParser
import BooksTrackCore
import Foundation

/// `bookstrack`: the command-line face of BooksTrack.
@main
struct Bookstrack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookstrack",
        abstract: "A reading tracker that shows who you read.",
        discussion: """
            Data lives in an SQLite file by default (see --database). Set BOOKSTRACK_DATABASE_URL \
            or pass --database postgres://… to use PostgreSQL.
            """,
        version: "0.1.0",
        subcommands: [
            ServeCommand.self, ImportCommand.self, ExportCommand.self, UserCommand.self, DemoCommand.self,
            MigrateCommand.self, InsightsCommand.self, EnrichCommand.self, SessionCommand.self, GoalsCommand.self,
            APIDocumentCommand.self,
        ])

    @OptionGroup var store: StoreOptions
}
