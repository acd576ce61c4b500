import BooksTrackTestSupport
import Foundation
import Testing

@Suite("Bad files and mistakes get one clear message and change nothing")
struct BadInputTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]

    static func truncated() throws -> [UInt8] {
        let text = String(decoding: try Fixtures.bytes(Fixtures.goodreadsFiles[3]), as: UTF8.self)
        return Array(text[..<text.range(of: "What's Your Pronoun")!.upperBound].utf8)
    }

    @Test(
        "Each bad file is refused with a one-line message, exit code 65, and an empty library",
        arguments: [
            ("empty.csv", [UInt8]()), ("binary.csv", [0x00, 0x01, 0x02, 0xFF, 0x00, 0x10]), ("photo.csv", png),
            ("cut.csv", try! truncated()),
        ] as [(String, [UInt8])])
    func badFile(name: String, bytes: [UInt8]) throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "alice"])
        let path = try cli.write(name, bytes)
        let result = try cli.run(["import", path, "--user", "alice"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        let export = try cli.run(["export", "--user", "alice", "--format", "goodreads"])
        #expect(export.stdout.split(separator: "\n").count == 1, "only the header: nothing was imported")
    }

    @Test("The command line has no size limit, and a 100 MB file that is not text is refused from its start")
    func hugeFile() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "alice"])
        let path = cli.directory.appendingPathComponent("huge.csv").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100 * 1_048_576)
        try handle.close()
        let result = try cli.run(["import", path, "--user", "alice"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("error: This file is not text, so it is not a library export."))
    }

    @Test("A missing file, an unknown reader, a taken name and a bad database each say what to do")
    func mistakes() throws {
        let cli = try CommandRunner()
        defer { cli.cleanUp() }
        try cli.run(["user", "create", "alice"])
        let missing = try cli.run(["import", "/nonexistent.csv", "--user", "alice"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: The file could not be read: there is no file at /nonexistent.csv\n")
        let stranger = try cli.run(["import", Fixtures.url(Fixtures.storyGraph).path, "--user", "mallory"])
        #expect(stranger.status == 67)
        #expect(stranger.stderr.contains("bookstrack user create mallory"))
        let taken = try cli.run(["user", "create", "Alice"])
        #expect(taken.status == 65)
        #expect(taken.stderr == "error: There is already a user called “Alice”.\n")
        let badURL = try cli.run(["user", "list"], environment: ["BOOKSTRACK_DATABASE_URL": "mysql://somewhere"])
        #expect(badURL.status == 64)
        let unreachable = try cli.run(["--database", "postgres://postgres@127.0.0.1:1/none", "user", "list"])
        #expect(unreachable.status == 69)
        #expect(unreachable.stderr.contains("no server answered at that address"))
    }
}
