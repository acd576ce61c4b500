import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

/// The import report printed by `bookstrack import --json`.
struct ReportJSON: Decodable {
    struct Outcome: Decodable {
        let row: Int
        let outcome: String
        let title: String
        let status: String?
        let reason: String?
    }

    let format: String
    let rows: Int
    let imported: Int
    let updated: Int
    let unchanged: Int
    let skipped: Int
    let byStatus: [String: Int]
    let outcomes: [Outcome]
}

@Suite("bookstrack import, run as a person would")
struct ImportCommandTests {
    func report(_ result: CommandRunner.Result) throws -> ReportJSON {
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(ReportJSON.self, from: Data(result.stdout.utf8))
    }

    @Test(
        "Every fixture imports with every row accounted for, and a second import changes nothing",
        arguments: Fixtures.allExports)
    func fixtures(path: String) throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "alice"])
        let file = Fixtures.url(path).path
        let first = try report(try cli.run(["import", file, "--user", "alice", "--json"]))
        #expect(first.outcomes.map(\.row) == Array(1...first.rows))
        #expect(first.imported + first.updated + first.unchanged + first.skipped == first.rows)
        #expect(first.outcomes.filter { $0.outcome == "skipped" }.allSatisfy { $0.reason?.isEmpty == false })
        let second = try report(try cli.run(["import", file, "--user", "alice", "--json"]))
        #expect(second.rows == first.rows)
        #expect(second.imported == 0 && second.updated == 0)
        #expect(second.unchanged == first.imported)
        let text = try cli.run(["import", file, "--user", "alice"])
        #expect(text.stdout.contains("Nothing changed: your library already matches this file."))
        let dry = try cli.run(["import", file, "--user", "alice", "--dry-run"])
        #expect(dry.stdout.contains("Nothing new in this file: every book in it is already in your library as it is."))
        #expect(!dry.stdout.contains("Run again without --dry-run"))
    }

    @Test("Goodreads files: the counts per status equal those computed from the file", arguments: Fixtures.goodreadsFiles)
    func goodreadsStatuses(path: String) throws {
        let rows = try IndependentCSV.records(fixture: path)
        var expected: [String: Int] = [:]
        for row in rows { expected[IndependentStatus.goodreads(row).rawValue, default: 0] += 1 }
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "alice"])
        let result = try report(try cli.run(["import", Fixtures.url(path).path, "--user", "alice", "--json"]))
        #expect(result.format == "goodreads")
        #expect(result.rows == rows.count)
        #expect(result.byStatus == expected)
        let exported = try cli.run(["export", "--user", "alice", "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as! [String: Any]
        let entries = document["entries"] as! [[String: Any]]
        var counted: [String: Int] = [:]
        for entry in entries { counted[entry["status"] as! String, default: 0] += 1 }
        #expect(counted == expected)
    }

    @Test("A dry run prints the report and writes nothing")
    func dryRun() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "alice"])
        let result = try cli.run(["import", Fixtures.url(Fixtures.storyGraph).path, "--user", "alice", "--dry-run"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Dry run of"))
        #expect(result.stdout.contains("Nothing was written."))
        let export = try cli.run(["export", "--user", "alice"])
        #expect(
            export.stdout.contains("\"entries\" : [\n\n  ]") || export.stdout.contains("\"entries\" : [\n  ]")
                || export.stdout.contains("\"entries\" : []"))
    }

    @Test("Ownership and genre shelves: the report says how each was read, and --shelf changes it")
    func shelves() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "alice"])
        let file = Fixtures.url("goodreads/JZStafura-Lab__intellectual-map__data_goodreads_library_export.csv").path
        let dry = try cli.run(["import", file, "--user", "alice", "--dry-run"])
        #expect(
            dry.stdout.contains(
                "shelves read as genres: “fiction” → Literary fiction (79 books), “philosophy” → Philosophy & religion (38 books)"
            ))
        let chosen = try cli.run([
            "import", file, "--user", "alice", "--dry-run", "--shelf", "fiction=shelf", "--shelf", "non-fiction=genre:Nonfiction",
        ])
        #expect(
            chosen.stdout.contains(
                "shelves read as genres: “philosophy” → Philosophy & religion (38 books), “non-fiction” → Nonfiction (20 books)"))
        let refused = try cli.run(["import", file, "--user", "alice", "--shelf", "fiction"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--shelf takes NAME=owned"))
    }

    @Test("The readable report lists skipped rows with their reasons and warnings with their rows")
    func readableReport() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "alice"])
        let result = try cli.run(["import", Fixtures.url(Fixtures.storyGraph).path, "--user", "alice"])
        #expect(result.stdout.contains("Skipped rows:"))
        #expect(
            result.stdout.contains(
                "row 308 (line 309) “The Hunger Games” — Another edition or copy of “The Hunger Games” (row 5)"))
        let craig = try cli.run(["import", Fixtures.url(Fixtures.goodreadsFiles[3]).path, "--user", "alice"])
        #expect(craig.stdout.contains("Warnings (2 rows):"))
        #expect(craig.stdout.contains("row 525 (line 526) “Letter to My Daughter”: ISBN: “1400066124” is not a valid ISBN"))
    }

    @Test(
        "A long import shows a progress bar when standard output is a terminal",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func progressBar() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "alice"])
        let command = "\(CommandRunner.executable.path) import \(Fixtures.url(Fixtures.goodreadsFiles[3]).path) --user alice"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.environment = ["BOOKSTRACK_DATABASE_URL": cli.database, "HOME": cli.directory.path, "TERM": "xterm"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.contains("Importing ["))
        #expect(output.contains("100% (829/829)"))
        let piped = try cli.run(["import", Fixtures.url(Fixtures.goodreadsFiles[3]).path, "--user", "alice"])
        #expect(!piped.stdout.contains("Importing ["))
    }
}

@Suite("bookstrack import of KOReader's statistics")
struct KOReaderCommandTests {
    @Test("The command line imports the statistics database; a second run adds nothing")
    func importTwice() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "kim"])
        let path = Fixtures.url("koreader/statistics.sqlite3").path
        let first = try cli.run(["import", path, "--user", "kim"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("(KOReader statistics): 5 rows"), "\(first.stdout)")
        #expect(first.stdout.contains("3  imported") && first.stdout.contains("2  skipped"))
        #expect(first.stdout.contains("15 reading sessions in the file"))
        let second = try cli.run(["import", path, "--user", "kim", "--json"])
        #expect(second.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect(report["imported"] as? Int == 0 && report["format"] as? String == "koreader")
    }
}
