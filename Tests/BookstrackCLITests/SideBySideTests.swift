import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Several `bookstrack serve` processes on one database behave as one app: a browser signed in on
/// one is signed in on the other, and an upload previewed on one can be imported on the other.
@Suite("Servers side by side on one database")
struct SideBySideTests {
    @Test("Sign-ins, uploads and imports work across two server processes", arguments: TestDatabase.available)
    func twoServers(_ database: TestDatabase) async throws {
        let (argument, cleanup) = try await database.makeDatabaseArgument()
        let cli = try CommandRunner()
        let first = try cli.start(["serve", "--port", "0", "--database", argument])
        let a = try await Self.address(of: first)
        let second = try cli.start(["serve", "--port", "0", "--database", argument])
        let b = try await Self.address(of: second)
        defer {
            _ = first.stop()
            _ = second.stop()
            cli.cleanUp()
        }
        let browser = TinyBrowser()

        // Set up the owner on A…
        let setup = try await browser.get(a + "/setup")
        let created = try await browser.post(
            a + "/setup",
            ["_csrf": Self.csrf(in: setup), "name": "dana", "password": "a long passphrase", "confirmation": "a long passphrase"])
        #expect(created.status == 303)
        // …and B knows the session.
        let home = try await browser.get(b + "/")
        #expect(home.status == 200 && home.body.contains("Hello, dana"))

        // Upload on B, preview and confirm on A, read the report on B.
        let importPage = try await browser.get(b + "/import")
        let csv = "Title,Author,Exclusive Shelf\nKindred,Octavia E. Butler,read\nBeloved,Toni Morrison,read\n"
        let uploaded = try await browser.upload(b + "/import", csrf: Self.csrf(in: importPage), fileName: "two.csv", content: csv)
        let preview = try #require(uploaded.location)
        let previewPage = try await browser.get(a + preview)
        #expect(previewPage.body.contains("Nothing has changed yet."))
        // Confirmed on both servers at once (a double submit across processes): one import runs.
        async let onA = browser.post(a + preview, ["_csrf": Self.csrf(in: previewPage)])
        async let onB = browser.post(b + preview, ["_csrf": Self.csrf(in: previewPage)])
        var confirmed = try await onA
        _ = try await onB
        for _ in 0..<50 where confirmed.location?.hasPrefix("/imports/") != true {
            try await Task.sleep(for: .milliseconds(100))
            confirmed = try await browser.get(a + preview)
        }
        let report = try await browser.get(b + (try #require(confirmed.location)))
        #expect(report.status == 200 && report.body.contains("2 rows, every one listed below"))
        // One job, run once by one of the two servers, and one import in the history.
        try await Store.withStore(TestDatabase.patient(try DatabaseLocation(parsing: argument)), clock: TestClock.wall) { store in
            let jobs = try await store.jobs.jobs(kind: "import")
            #expect(jobs.count == 1)
            #expect(jobs.first?.status == .done && jobs.first?.attempts == 1)
            let dana = try #require(try await store.users.user(named: "dana"))
            #expect(try await store.reader(dana.id).imports.runs().count == 1)
        }

        // Signing out on A signs out on B.
        _ = try await browser.post(a + "/logout", ["_csrf": Self.csrf(in: report)])
        #expect(try await browser.get(b + "/library").status == 303)
        // Both stop on SIGTERM (a server still running a minute later is killed: not 0), before
        // their database is dropped.
        #expect(first.stop() == 0)
        #expect(second.stop() == 0)
        try await cleanup()
    }

    @Test("A server whose PostgreSQL database goes away says so on the page, and still stops on SIGTERM")
    func databaseGoesAway() async throws {
        guard TestDatabase.available.contains(.postgres) else { return }
        let (url, cleanup) = try await TestDatabase.postgres.makeDatabaseArgument()
        let cli = try CommandRunner()
        let server = try cli.start(["serve", "--port", "0", "--database", url + "?connect_timeout=2"])
        defer {
            _ = server.stop()
            cli.cleanUp()
        }
        let address = try await Self.address(of: server)
        let browser = TinyBrowser()
        #expect(try await browser.get(address + "/setup").status == 200)
        // The database is dropped under the running server (its connections ended by force).
        try await cleanup()
        let page = try await browser.get(address + "/setup")
        #expect(page.status == 503)
        #expect(page.body.contains("cannot be used: database"))
        #expect(page.body.contains("does not exist"))
        #expect(page.body.contains("Check that it is running and that the database exists"))
        #expect(server.stop() == 0)
    }

    static func address(of server: RunningCommand) async throws -> String {
        let output = try #require(try await server.waitFor("Press Ctrl-C to stop."), "serve did not start: \(server.output)")
        let range = try #require(output.range(of: "http://127.0.0.1:[0-9]+", options: .regularExpression))
        return String(output[range])
    }

    static func csrf(in page: TinyBrowser.Page) -> String {
        guard let range = page.body.range(of: "name=\"_csrf\" value=\"") else { return "" }
        return String(page.body[range.upperBound...].prefix { $0 != "\"" })
    }
}

/// Just enough of a browser for these tests: cookies, forms, no automatic redirects.
final class TinyBrowser: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    struct Page {
        let status: Int
        let location: String?
        let body: String
    }

    private let lock = NSLock()
    private var cookies: [String: String] = [:]
    private lazy var session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func get(_ url: String) async throws -> Page { try await send(URLRequest(url: URL(string: url)!)) }

    func post(_ url: String, _ fields: [String: String]) async throws -> Page {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        request.httpBody = Data(
            fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
                .joined(separator: "&").utf8)
        return try await send(request)
    }

    func upload(_ url: String, csrf: String, fileName: String, content: String) async throws -> Page {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "POST"
        let boundary = "tiny-browser-boundary"
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(csrf)\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: text/csv\r\n\r\n"
                + content + "\r\n--\(boundary)--\r\n").utf8)
        return try await send(request)
    }

    private func send(_ request: URLRequest) async throws -> Page {
        var request = request
        let header = lock.withLock { cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        if !header.isEmpty { request.setValue(header, forHTTPHeaderField: "Cookie") }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        for (name, value) in http.allHeaderFields {
            guard "\(name)".lowercased() == "set-cookie" else { continue }
            for cookie in "\(value)".components(separatedBy: ", bt_").enumerated().map({
                $0.offset == 0 ? $0.element : "bt_" + $0.element
            }) {
                let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2 else { continue }
                lock.withLock { cookies[String(pair[0])] = cookie.contains("Max-Age=0") ? nil : String(pair[1]) }
            }
        }
        return Page(
            status: http.statusCode, location: http.value(forHTTPHeaderField: "Location"),
            body: String(decoding: data, as: UTF8.self))
    }
}
