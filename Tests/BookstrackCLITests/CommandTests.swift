import BooksTrackTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("The other commands")
struct CommandTests {
    @Test("Help lists every command")
    func help() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(["--help"])
        #expect(result.status == 0)
        for command in ["serve", "import", "export", "user", "demo", "migrate", "insights"] {
            #expect(result.stdout.contains("  \(command)"), "help lists \(command)")
        }
    }

    @Test("users are created and listed; the first is the owner")
    func users() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        #expect(try cli.run(["user", "list"]).stdout.contains("No readers yet"))
        #expect(try cli.run(["user", "create", "alice"]).stdout == "Created owner “alice”.\n")
        #expect(try cli.run(["user", "create", "bob", "--display-name", "Bob"]).stdout == "Created reader “bob”.\n")
        try cli.run(["import", Fixtures.url(Fixtures.goodreadsFiles[0]).path, "--user", "bob"])
        let list = try cli.run(["user", "list"]).stdout.split(separator: "\n").map(String.init)
        #expect(list.count == 3)
        #expect(list[1].hasPrefix("alice  owner       0"))
        #expect(list[2].hasPrefix("bob    reader    105"))
    }

    @Test("--database works before or after the command, and so does BOOKSTRACK_DATABASE_URL")
    func databaseOption() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        let other = cli.directory.appendingPathComponent("other.sqlite").path
        try cli.run(["--database", other, "user", "create", "carol"])
        #expect(try cli.run(["user", "list", "--database", other]).stdout.contains("carol"))
        #expect(
            try cli.run(["--database", other, "import", Fixtures.url(Fixtures.goodreadsFiles[0]).path, "--user", "carol"]).status
                == 0)
        #expect(try cli.run(["user", "list"]).stdout.contains("No readers yet"))
        #expect(try cli.run(["user", "list"], environment: ["BOOKSTRACK_DATABASE_URL": other]).stdout.contains("carol"))
    }

    @Test("Without any setting, data goes to the default file under the home folder")
    func defaultLocation() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(["migrate"], environment: ["BOOKSTRACK_DATABASE_URL": ""])
        #expect(result.stdout.contains(cli.directory.path + "/.local/share/bookstrack/bookstrack.sqlite"))
        #expect(FileManager.default.fileExists(atPath: cli.directory.path + "/.local/share/bookstrack/bookstrack.sqlite"))
    }

    @Test("export → import into an empty database → export gives the same document")
    func exportRoundTrip() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["demo", "--user", "dana"])
        try cli.run(["import", Fixtures.url(Fixtures.storyGraph).path, "--user", "dana"])
        let backup = cli.directory.appendingPathComponent("backup.json").path
        #expect(try cli.run(["export", "--user", "dana", "--output", backup]).stderr.hasPrefix("Exported "))
        let fresh = cli.directory.appendingPathComponent("fresh.sqlite").path
        try cli.run(["--database", fresh, "user", "create", "dana"])
        #expect(try cli.run(["--database", fresh, "import", backup, "--user", "dana"]).status == 0)
        let again = try cli.run(["--database", fresh, "export", "--user", "dana"])
        #expect(again.stdout == (try String(contentsOfFile: backup, encoding: .utf8)))
        let csv = try cli.run(["export", "--user", "dana", "--format", "goodreads"])
        #expect(csv.stdout.hasPrefix("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating"))
    }

    @Test("demo creates a reader with a library that fills every region, era and language, once")
    func demo() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        let result = try cli.run(["demo", "--user", "dana"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("34 books"))
        let export = try cli.run(["export", "--user", "dana"])
        let document = try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as! [String: Any]
        let entries = document["entries"] as! [[String: Any]]
        #expect(Set(entries.map { $0["status"] as! String }) == ["read", "reading", "toRead", "wishlist", "dnf", "onHold"])
        let languages = Set(entries.compactMap { ($0["work"] as! [String: Any])["originalLanguage"] as? String })
        #expect(languages.count == 11)
        #expect((document["goals"] as! [Any]).count == 3)
        let again = try cli.run(["demo", "--user", "dana"])
        #expect(again.status == 65)
        #expect(again.stderr.contains("already has 34 books"))
    }

    @Test("migrate reports the schema version")
    func migrate() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        #expect(try cli.run(["migrate"]).stdout.contains("schema version 29 (up to date)"))
    }

    @Test("serve runs the web app until stopped: it says where, answers /health, and stops cleanly")
    func serve() async throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        let server = try cli.start(["serve", "--port", "0"])
        let started = try await server.waitFor("Press Ctrl-C to stop.")
        let output = try #require(started, "serve did not start: \(server.output)")
        let port = try #require(
            output.range(of: "http://127.0.0.1:[0-9]+", options: .regularExpression).map {
                output[$0].split(separator: ":").last!
            })
        let (body, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/health")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == #"{"status":"ok"}"#)
        #expect(server.stop() == 0)
    }

    @Test("serve refuses a port that is taken, with a message")
    func portTaken() async throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        let first = try cli.start(["serve", "--port", "0"])
        let output = try #require(try await first.waitFor("Press Ctrl-C to stop."))
        let port = try #require(
            output.range(of: "http://127.0.0.1:[0-9]+", options: .regularExpression).map {
                String(output[$0].split(separator: ":").last!)
            })
        let second = try cli.run(["serve", "--port", port])
        #expect(second.status == 65)
        #expect(second.stderr.contains("Port \(port) on 127.0.0.1 is already in use"))
        _ = first.stop()
    }

    @Test("user token prints a new API token; reset-password takes the password from standard input")
    func tokensAndPasswords() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "dana"])
        let token = try cli.run(["user", "token", "dana"])
        #expect(token.status == 0)
        #expect(token.stdout.hasPrefix("bt_") && token.stdout.trimmingCharacters(in: .whitespacesAndNewlines).count == 46)
        let short = try cli.run(["user", "reset-password", "dana"], input: "short\n")
        #expect(short.status == 65)
        #expect(short.stderr.contains("at least 10 characters"))
        let set = try cli.run(["user", "reset-password", "dana"], input: "a long enough passphrase\n")
        #expect(set.status == 0)
        #expect(set.stdout.contains("The password of “dana” is set."))
        #expect(try cli.run(["user", "token", "nobody"]).status == 67)
    }
}
