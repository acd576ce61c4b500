import Foundation

/// Runs the built `bookstrack` executable as a person would, against a temporary database.
public struct CommandRunner: Sendable {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The temporary folder this runner's database lives in.
    public let directory: URL
    public let database: String

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bookstrack-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = directory.appendingPathComponent("library.sqlite").path
    }

    /// The executable next to the test bundle (SwiftPM builds products into one folder).
    public static var executable: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("bookstrack")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return Fixtures.repositoryRoot.appendingPathComponent(".build/debug/bookstrack")
    }

    /// Runs `bookstrack ARGUMENTS` with `BOOKSTRACK_DATABASE_URL` set to this runner's database
    /// (unless `environment` says otherwise).
    @discardableResult
    public func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try execute(makeProcess(arguments, environment: environment), input: nil)
    }

    /// Runs a process to its end, with `input` (when given) on standard input, collecting its output.
    private func execute(_ process: Process, input: String?) throws -> Result {
        let stdin = input.map { _ in Pipe() }
        let out = Pipe()
        let err = Pipe()
        if let stdin { process.standardInput = stdin }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        if let stdin, let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The executable with `BOOKSTRACK_DATABASE_URL` set to this runner's database and `HOME` to
    /// its folder (unless `environment` says otherwise).
    private func makeProcess(_ arguments: [String], environment: [String: String] = [:]) -> Process {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["BOOKSTRACK_DATABASE_URL"] = database
        env["HOME"] = directory.path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        return process
    }

    /// Writes a file in this runner's folder and returns its path.
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    public func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    /// Runs `bookstrack ARGUMENTS` with `input` on standard input.
    @discardableResult
    public func run(_ arguments: [String], input: String) throws -> Result {
        try execute(makeProcess(arguments), input: input)
    }

    /// Starts a long-running command (`serve`) and returns it while it runs.
    public func start(_ arguments: [String]) throws -> RunningCommand {
        let process = makeProcess(arguments)
        let running = RunningCommand(process: process)
        try process.run()
        return running
    }
}

/// A command still running, with what it has printed so far.
public final class RunningCommand: @unchecked Sendable {
    let process: Process
    private let lock = NSLock()
    private var printed = ""

    init(process: Process) {
        self.process = process
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.printed += String(decoding: data, as: UTF8.self) }
        }
    }

    public var output: String { lock.withLock { printed } }

    /// Waits until the output contains `text`; `nil` after `timeout` seconds or when the command ends.
    /// The output is looked at once more after the deadline: on a busy machine this task may only
    /// run again long after its sleep, and the text may have arrived meanwhile.
    public func waitFor(_ text: String, timeout: TimeInterval = 120) async throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let now = output
            if now.contains(text) { return now }
            if !process.isRunning || Date() >= deadline {
                let last = output
                return last.contains(text) ? last : nil
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Sends SIGTERM and waits for the exit status; a process still running a minute later is
    /// killed (and says so on standard error), so a server that does not stop cannot hold the
    /// whole suite: once (2026-11-25) a `serve` on PostgreSQL outlived SIGTERM with every thread
    /// idle, and the suite waited for it for a quarter of an hour.
    public func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning {
            FileHandle.standardError.write(
                Data(
                    "bookstrack \(process.arguments?.first ?? "") did not stop within 60 s of SIGTERM: killed. It printed:\n\(output.suffix(4_000))\n"
                        .utf8))
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
