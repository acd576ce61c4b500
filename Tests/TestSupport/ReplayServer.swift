import AsyncHTTPClient
import Foundation
import NIOCore

/// The local server that replays the recorded Wikidata and Open Library answers
/// (`scripts/replay-apis.py` over `Tests/Fixtures/apis`). Unknown requests answer 404, so a test
/// fails when a client asks for something nobody recorded. One per test; stopped by ``stop()``.
public final class ReplayServer: @unchecked Sendable {
    public let port: Int
    let process: Process

    /// The base URL standing in for a host (`www.wikidata.org`, `openlibrary.org`).
    public func url(for host: String) -> URL { URL(string: "http://127.0.0.1:\(port)/\(host)")! }
    public var wikidata: URL { url(for: "www.wikidata.org") }
    public var openLibrary: URL { url(for: "openlibrary.org") }
    public var covers: URL { url(for: "covers.openlibrary.org") }

    public init() throws {
        (process, port) = try LocalScriptServer.start("scripts/replay-apis.py")
    }

    /// Stops the server.
    public func stop() { LocalScriptServer.stop(process) }

    /// One request the server answered.
    public struct Served: Decodable, Sendable {
        public var host: String
        public var path: String
        public var query: [String: String]
        public var status: Status
        public var userAgent: String?

        enum CodingKeys: String, CodingKey {
            case host, path, query, status
            case userAgent = "user_agent"
        }

        /// An HTTP status, or `down` for a dropped connection.
        public enum Status: Decodable, Sendable, Equatable {
            case code(Int)
            case down
            public init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let code = try? container.decode(Int.self) { self = .code(code) } else { self = .down }
            }
        }
    }

    /// Every request answered so far.
    public func log() async throws -> [Served] {
        let data = try await LocalScriptServer.get("http://127.0.0.1:\(port)/_replay/log")
        return try JSONDecoder().decode([Served].self, from: data)
    }

    /// Makes the next `count` requests (to `host`, or any) answer `status`.
    public func fail(status: Int, count: Int, retryAfter: Int? = nil, host: String? = nil) async throws {
        var query = "status=\(status)&count=\(count)"
        if let retryAfter { query += "&retry_after=\(retryAfter)" }
        if let host { query += "&host=\(host)" }
        try await post("/_replay/fail?\(query)")
    }

    /// Drops every connection to `host` until ``reset()``.
    public func down(host: String) async throws { try await post("/_replay/down?host=\(host)") }

    public func reset() async throws { try await post("/_replay/reset") }

    /// Answers `path` on `host` with `body` (status 200) until ``reset()``: an answer the test made
    /// itself, for requests nothing was recorded for (a cover picture).
    public func serve(host: String, path: String, contentType: String, body: Data) async throws {
        var components = URLComponents(string: "http://127.0.0.1:\(port)/_replay/serve")!
        components.queryItems = [
            URLQueryItem(name: "host", value: host), URLQueryItem(name: "path", value: path),
            URLQueryItem(name: "content_type", value: contentType),
        ]
        try await LocalScriptServer.post(components.url!.absoluteString, body: body)
    }

    /// A 40 × 60 JPEG picture (red, a blue disc, a yellow band), standing in for a cover.
    public static let coverJPEG = Data(
        base64Encoded: [
            "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxO",
            "UlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09P",
            "T09PT09PT0//wAARCAA8ACgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF",
            "BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW",
            "V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi",
            "4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC",
            "AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm",
            "Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq",
            "8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDKooqKeYRL6segrghBzfLHc+hqVI04uUnoS0Vnm6mz97H4CrNvcCX5WwH/AJ10VMJUpx5m",
            "ctHHUqsuVaPzJ6KKK5TsCs+7J+0N7Y/lWhUFzB5o3L98frXVhKkadS8jjx1GVWlaO61KFPhJEyY/vCgwyg48tvyq1bW5Q73+92Hp",
            "Xp168Iwep4+Hw9SdRWVrFmiiivCPpAor0CiuT615HN9Y8jz+ivQKKPrXkH1jyPP6K9Aoo+teQfWPIKKKK5TmCiiigAooooA//9k=",
        ].joined()
    )!

    private func post(_ path: String) async throws { try await LocalScriptServer.post("http://127.0.0.1:\(port)\(path)") }
}

struct ReplayError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A test server that is a script of `scripts/` run with python3, which prints
/// "listening on http://127.0.0.1:PORT" once ready (`--port 0`: any free port).
enum LocalScriptServer {
    static func start(_ script: String) throws -> (Process, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.repositoryRoot.appendingPathComponent(script).path, "--port", "0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.standardError
        try process.run()
        // The first line says where it listens.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let portText = text.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines),
            let port = Int(portText)
        else {
            process.terminate()
            throw ReplayError("\(script) did not start: \(text)")
        }
        return (process, port)
    }

    /// Stops a server. SIGKILL: a child of the test runner may inherit a signal mask that
    /// blocks SIGTERM. Never `waitUntilExit()`: with many processes started in parallel tests,
    /// Foundation can miss one's exit and spin for ever; a bounded wait is enough after SIGKILL.
    static func stop(_ process: Process) {
        kill(process.processIdentifier, SIGKILL)
        for _ in 0..<200 where process.isRunning { usleep(10_000) }
    }

    /// POSTs to a control route of the server. AsyncHTTPClient with a deadline, never
    /// `URLSession`: on Linux its libcurl bridge can leave a request waiting for ever.
    static func post(_ url: String, body: Data = Data()) async throws {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1024 * 1024)
        guard (200..<300).contains(response.status.code) else {
            throw ReplayError("POST \(url) answered \(response.status.code)")
        }
    }

    /// GETs what the server recorded.
    static func get(_ url: String) async throws -> Data {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        return Data(try await response.body.collect(upTo: 64 * 1024 * 1024).readableBytesView)
    }
}

/// The local server standing in for a reader's webhook (`scripts/webhook-receiver.py`): it
/// records every POST and answers 200, or the failures a test planned. One per test.
public final class WebhookReceiver: @unchecked Sendable {
    public let port: Int
    let process: Process

    public init() throws { (process, port) = try LocalScriptServer.start("scripts/webhook-receiver.py") }

    public func stop() { LocalScriptServer.stop(process) }

    /// An address on the receiver (any path is received).
    public func url(_ path: String = "/bookstrack-topic") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// One POST received.
    public struct Received: Decodable, Sendable {
        public var path: String
        public var headers: [String: String]
        public var body: String
    }

    public func received() async throws -> [Received] {
        let data = try await LocalScriptServer.get("http://127.0.0.1:\(port)/_receiver/log")
        return try JSONDecoder().decode([Received].self, from: data)
    }

    /// Makes the next `count` POSTs answer `status`.
    public func fail(status: Int, count: Int) async throws {
        try await LocalScriptServer.post("http://127.0.0.1:\(port)/_receiver/fail?status=\(status)&count=\(count)")
    }
}
