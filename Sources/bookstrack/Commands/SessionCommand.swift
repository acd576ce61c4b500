import ArgumentParser
import BooksTrackApp
import BooksTrackCore
import Foundation

/// `bookstrack session start|stop|log|list`: reading sessions from the terminal, the same rules
/// as the web page and the API (one running session per reader; end pages checked).
struct SessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session", abstract: "Time reading sessions, log them afterwards, list a book's sessions.",
        subcommands: [Start.self, Stop.self, Log.self, List.self])

    /// The reader and their book, found by title (or the start of an entry id).
    struct Target: ParsableArguments {
        @Option(help: "The reader.")
        var user: String

        @Option(help: "The book: its title (or part of it), or its entry id.")
        var book: String
    }

    /// The reader's book a `--book` names; several matches are listed so the person can be exact.
    static func entry(_ text: String, of reader: Reader) async throws -> EntryDetail {
        if let id = LibraryEntry.ID(text), let detail = try await reader.detail(of: id) { return detail }
        let page = try await reader.list(LibraryQuery(parameters: ["q": text]))
        let exact = page.items.filter { $0.title.localizedCaseInsensitiveCompare(text) == .orderedSame }
        let candidates = exact.isEmpty ? page.items : exact
        guard let only = candidates.first, candidates.count == 1 else {
            if candidates.isEmpty { throw CLIFailure.refused("No book in \(reader.user.name)’s library matches “\(text)”.") }
            let list = candidates.prefix(10).map { "  \($0.entryID.string)  \($0.title)" }.joined(separator: "\n")
            throw CLIFailure.refused("“\(text)” matches \(page.total) books; name one by its id:\n\(list)")
        }
        guard let detail = try await reader.detail(of: only.entryID) else { throw StoreError.notFound(.entry(only.entryID)) }
        return detail
    }

    static func describe(_ session: ReadingSession, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: session.startedAt)
        var text =
            "\(LocalDate(session.startedAt, in: timeZone)) " + String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        if let minutes = session.minutes, let end = session.endPage {
            text += "  \(minutes) min  pages \(session.startPage)–\(end)"
            if let pace = session.pace { text += "  \(Int(saturating: pace.rounded())) pages/hour" }
        } else {
            text += "  running from page \(session.startPage)"
        }
        return text + (session.loggedAfterwards ? "  (logged)" : "")
    }

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a session on a book (from its current page unless --page says).")

        @OptionGroup var target: Target
        @Option(help: "The page you start on.")
        var page: Int?
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingFailures {
                let message = try await store.withApp { app in
                    let user = try await StoreOptions.reader(named: target.user, in: app)
                    let detail = try await SessionCommand.entry(target.book, of: app.reader(user))
                    switch try await app.sessions.start(on: detail.entry.id, startPage: page, for: user, now: Date()) {
                    case .started(let session):
                        return
                            "Started reading “\(detail.work.title)” from page \(session.startPage). Stop with: bookstrack session stop --user \(user.name) --page N"
                    case .alreadyRunning(let running):
                        let title = try await app.reader(user).detail(of: running.entryID)?.work.title ?? "another book"
                        throw CLIFailure.refused(
                            "A session is already running on “\(title)” since \(SessionCommand.describe(running, in: user.timeZone)). Stop it first."
                        )
                    }
                }
                Terminal.print(message)
            }
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop the running session at the page you reached.")

        @Option(help: "The reader.")
        var user: String
        @Option(help: "The page you stopped on.")
        var page: Int
        @Option(help: "When you really stopped (ISO 8601, e.g. 2026-03-15T21:30:00Z), for a session left running.")
        var endedAt: String?
        @Flag(help: "The end page is before the start page on purpose (you went back).")
        var correction = false
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingFailures {
                var end: Date?
                if let endedAt {
                    guard let parsed = try? Date(endedAt, strategy: .iso8601) else {
                        throw ValidationError("--ended-at is an ISO 8601 time, such as 2026-03-15T21:30:00Z.")
                    }
                    end = parsed
                }
                let line = try await store.withApp { app in
                    let reader = try await StoreOptions.reader(named: user, in: app)
                    guard let running = try await app.reader(reader).activeSession() else {
                        throw CLIFailure.refused("No session is running for \(reader.name).")
                    }
                    let session = try await app.sessions.finish(
                        running.id, endPage: page, endedAt: end, correction: correction, for: reader, now: Date())
                    return "Saved: " + SessionCommand.describe(session, in: reader.timeZone)
                }
                Terminal.print(line)
            }
        }
    }

    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record a session you did not time.")

        @OptionGroup var target: Target
        @Option(help: "When it started (ISO 8601, e.g. 2026-03-15T20:00:00Z).")
        var startedAt: String
        @Option(help: "How long, in minutes (1 to 1440).")
        var minutes: Int
        @Option(help: "The first page.")
        var from: Int
        @Option(help: "The last page.")
        var to: Int
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingFailures {
                guard let start = try? Date(startedAt, strategy: .iso8601) else {
                    throw ValidationError("--started-at is an ISO 8601 time, such as 2026-03-15T20:00:00Z.")
                }
                let line = try await store.withApp { app in
                    let user = try await StoreOptions.reader(named: target.user, in: app)
                    let detail = try await SessionCommand.entry(target.book, of: app.reader(user))
                    let session = try await app.sessions.log(
                        on: detail.entry.id, startedAt: start, minutes: minutes, startPage: from, endPage: to, correction: true,
                        for: user, now: Date())
                    return "Logged on “\(detail.work.title)”: " + SessionCommand.describe(session, in: user.timeZone)
                }
                Terminal.print(line)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a book's sessions, newest first, and the streak.")

        @OptionGroup var target: Target
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingFailures {
                let lines = try await store.withApp { app in
                    let user = try await StoreOptions.reader(named: target.user, in: app)
                    let reader = app.reader(user)
                    let detail = try await SessionCommand.entry(target.book, of: reader)
                    var lines = ["“\(detail.work.title)”: \(detail.sessions.count) sessions"]
                    lines += detail.sessions.map { "  " + SessionCommand.describe($0, in: user.timeZone) }
                    let streak = try await app.sessions.streak(for: user, now: Date())
                    lines.append("Streak: \(streak.current) days (longest \(streak.longest)). \(streak.message)")
                    return lines
                }
                Terminal.print(lines.joined(separator: "\n"))
            }
        }
    }
}
