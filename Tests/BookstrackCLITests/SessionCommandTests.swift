import BooksTrackTestSupport
import Foundation
import Testing

@Suite("bookstrack session: start, stop, log and list from the terminal")
struct SessionCommandTests {
    @Test("A session started, refused a second time, stopped with the page rules, logged and listed")
    func sessions() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "kim"])
        try cli.run(["demo", "--user", "kim"])
        let start = try cli.run(["session", "start", "--user", "kim", "--book", "Cholera", "--page", "116"])
        #expect(start.status == 0)
        #expect(start.stdout.hasPrefix("Started reading “Love in the Time of Cholera” from page 116."))
        let again = try cli.run(["session", "start", "--user", "kim", "--book", "Klara and the Sun"])
        #expect(again.status != 0)
        #expect(again.stderr.contains("A session is already running on “Love in the Time of Cholera”"))
        let backwards = try cli.run(["session", "stop", "--user", "kim", "--page", "10"])
        #expect(backwards.status != 0 && backwards.stderr.contains("before the page you started on (116)"))
        let stop = try cli.run(["session", "stop", "--user", "kim", "--page", "130"])
        #expect(stop.status == 0 && stop.stdout.contains("pages 116–130"))
        let log = try cli.run([
            "session", "log", "--user", "kim", "--book", "love in the time of cholera", "--started-at", "2026-11-01T08:00:00Z",
            "--minutes", "30", "--from", "130", "--to", "160",
        ])
        #expect(log.status == 0 && log.stdout.contains("30 min  pages 130–160  60 pages/hour  (logged)"))
        let list = try cli.run(["session", "list", "--user", "kim", "--book", "Cholera"])
        #expect(list.stdout.contains("pages 116–130") && list.stdout.contains("pages 130–160"))
        #expect(list.stdout.contains("Streak: "))
        let vague = try cli.run(["session", "start", "--user", "kim", "--book", "the"])
        #expect(vague.status != 0 && vague.stderr.contains("name one by its id"))
    }
}

@Suite("bookstrack goals: the goals page in the terminal")
struct GoalsCommandTests {
    @Test("The demo's three goals with their progress")
    func goals() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "kim"])
        let none = try cli.run(["goals", "--user", "kim"])
        #expect(none.stdout.contains("kim has no goals yet."))
        try cli.run(["demo", "--user", "kim"])
        let goals = try cli.run(["goals", "--user", "kim"])
        #expect(goals.status == 0)
        let lines = goals.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.contains { $0.hasPrefix("30 books in ") && $0.contains(" books (") })
        #expect(lines.contains { $0.hasPrefix("Around the world: all 11 regions") && $0.contains(" regions (") })
        #expect(lines.contains { $0.hasPrefix("Read women: 50%") && $0.contains("with a known gender (target 50%)") })
        #expect(!lines.contains { $0.hasPrefix("Read women: 50%") && $0.contains("[completed") }, "one year is not over yet")
    }
}
