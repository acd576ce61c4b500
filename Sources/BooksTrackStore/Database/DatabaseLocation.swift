import Foundation

/// Where the data lives: an SQLite file (the default) or a PostgreSQL server.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresSettings)

    /// Parses `postgres://user:password@host:5432/database?sslmode=disable` (also
    /// `postgresql://`), `sqlite:///absolute/path.sqlite`, or a plain file path.
    public init(parsing text: String) throws(StoreError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
            self = .postgres(try PostgresSettings(url: trimmed))
        } else if trimmed.hasPrefix("sqlite://") {
            self = .sqlite(path: String(trimmed.dropFirst("sqlite://".count)))
        } else if trimmed.isEmpty {
            throw .configuration("The database location is empty.")
        } else if trimmed.contains("://") {
            throw .configuration(
                "“\(trimmed)” is not a database BooksTrack can use: give a file path for SQLite or a postgres:// URL.")
        } else {
            self = .sqlite(path: trimmed)
        }
    }

    /// The default SQLite file: `$BOOKSTRACK_DATA_DIR/bookstrack.sqlite`, else
    /// `$XDG_DATA_HOME/bookstrack/…`, else `~/.local/share/bookstrack/bookstrack.sqlite`.
    public static func defaultSQLite(environment: [String: String]) -> DatabaseLocation {
        let directory: String
        if let dir = environment["BOOKSTRACK_DATA_DIR"], !dir.isEmpty {
            directory = dir
        } else if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            directory = xdg + "/bookstrack"
        } else {
            let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
            directory = home + "/.local/share/bookstrack"
        }
        return .sqlite(path: directory + "/bookstrack.sqlite")
    }

    /// A description without the password.
    public var description: String {
        switch self {
        case .sqlite(let path): "SQLite database at \(path)"
        case .postgres(let settings): "PostgreSQL database \(settings.database) on \(settings.host):\(settings.port)"
        }
    }
}

/// How to reach a PostgreSQL server.
public struct PostgresSettings: Sendable, Equatable {
    public enum TLSMode: String, Sendable { case disable, prefer, require }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// The longest a query waits for a connection (the URL's `connect_timeout`, in seconds, as
    /// libpq reads it; 15 s when not given; `0`: no limit): PostgreSQL gone or its database dropped
    /// is then a clear failure, not a request — or a server's shutdown — waiting for ever.
    public var connectTimeout: Duration?

    public init(url: String) throws(StoreError) {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            throw .configuration("“\(url)” is not a valid postgres:// URL.")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.username = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        self.password = components.password.flatMap { $0.removingPercentEncoding }
        let path = components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        self.database = path.isEmpty ? username : path
        let mode =
            components.queryItems?.first { $0.name == "sslmode" }?.value
            ?? (host == "127.0.0.1" || host == "localhost" ? "disable" : "prefer")
        switch mode {
        case "disable", "allow": tls = .disable
        case "prefer": tls = .prefer
        case "require", "verify-ca", "verify-full": tls = .require
        default: throw .configuration("sslmode “\(mode)” is not one of disable, prefer, require.")
        }
        switch components.queryItems?.first(where: { $0.name == "connect_timeout" })?.value {
        case nil: connectTimeout = .seconds(15)
        case let text?:
            guard let seconds = Int(text), seconds >= 0 else {
                throw .configuration("connect_timeout “\(text)” is not a number of seconds (0 for no limit).")
            }
            connectTimeout = seconds == 0 ? nil : .seconds(seconds)
        }
    }
}
