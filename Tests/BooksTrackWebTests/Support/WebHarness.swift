import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Prometheus

@testable import BooksTrackApp
@testable import BooksTrackWeb

/// The web app on a fresh test database, tested in process, with a fixed clock and a cheap
/// bcrypt cost.
struct WebHarness: Sendable {
    let app: BooksTrack
    var store: Store { app.store }
    let configuration: WebConfiguration
    let client: any TestClientProtocol

    static let password = "correct horse battery"
    static var today: LocalDate { TestClock.today }

    /// The database web tests run on: SQLite, or PostgreSQL when `BOOKSTRACK_WEB_TESTS_DATABASE`
    /// is `postgres` (`scripts/test` runs the web suite once more that way).
    static var defaultDatabase: TestDatabase {
        ProcessInfo.processInfo.environment["BOOKSTRACK_WEB_TESTS_DATABASE"].flatMap(TestDatabase.init(rawValue:)) ?? .sqlite
    }

    static func run(
        _ database: TestDatabase = defaultDatabase, publicURL: String? = nil,
        metrics: (registry: PrometheusCollectorRegistry, token: String)? = nil,
        clock: @escaping @Sendable () -> Date = { TestClock.now },
        _ body: @Sendable (WebHarness) async throws -> Void
    ) async throws {
        let watch = StallWatch()
        defer { watch.end() }
        watch.enter("making the database and opening the store")
        let heard: @Sendable (String) -> Void = { watch.heard($0) }
        try await database.withStore(events: heard) { store in
            let configuration = WebConfiguration(
                publicURL: publicURL, bcryptCost: 4, clock: clock, metrics: metrics)
            // Background jobs (imports) run as they do under `serve`: a runner service, woken
            // when a job is queued.
            let booksTrack = BooksTrack(store: store, clock: configuration.clock, pollInterval: .milliseconds(50))
            watch.enter("starting the services")
            try await booksTrack.withServices {
                let server = Application(router: WebApp.router(app: booksTrack, configuration: configuration))
                try await server.test(.router) { client in
                    watch.enter("the test's body")
                    try await StallWatch.$current.withValue(watch) {
                        try await body(WebHarness(app: booksTrack, configuration: configuration, client: client))
                    }
                    watch.enter("leaving the test client")
                }
                watch.enter("stopping the services")
            }
            watch.enter("closing the store and dropping the database")
        }
    }

    /// A new browser without cookies.
    func browser() -> Browser { Browser(client: client) }

    /// A reader with the test password, signed in in a new browser.
    func signedInReader(_ name: String) async throws -> (User, Browser) {
        let hash = try await Passwords.hash(Self.password, cost: 4)
        let user = try await store.users.create(name: name, passwordHash: hash, now: TestClock.now)
        let browser = browser()
        let response = try await browser.signIn(name, password: Self.password)
        guard response.status == .seeOther else { throw HarnessError.signInFailed(response.status.code) }
        // A browser lands on a page after signing in: its forms carry the login session's token.
        try await browser.get("/account")
        return (user, browser)
    }

    /// A reader with an API token.
    func apiReader(_ name: String) async throws -> (User, APIClient) {
        let hash = try await Passwords.hash(Self.password, cost: 4)
        let user = try await store.users.create(name: name, passwordHash: hash, now: TestClock.now)
        let token = try await AccountTools.issueToken(named: "tests", for: user, store: store, now: TestClock.now)
        return (user, APIClient(client: client, token: token))
    }

    /// An API client for a reader who already has a browser (a new personal token).
    func apiClient(for user: User) async throws -> APIClient {
        APIClient(
            client: client, token: try await AccountTools.issueToken(named: "t", for: user, store: store, now: TestClock.now))
    }

    /// Imports a fixture straight through the store (for tests about something else).
    func importFixture(_ path: String, for user: User) async throws -> ImportReport {
        let batch = try LibraryFileReader.read(bytes: Fixtures.bytes(path), today: Self.today)
        return try await store.reader(user.id).imports.import(batch, fileName: path, dryRun: false, now: TestClock.now)
    }

    /// Imports one book from a BooksTrack backup, which stores what no form would take: ISBN text
    /// as it came (`isbn10`, `isbn13`), untidy text, names with commas and, with `refused`, values
    /// the form refuses (a day added in the future, a current page past the last, a year to come).
    func importBackupBook(isbn10: String?, isbn13: String?, refused: Bool = false, for user: User) async throws
        -> LibraryEntry.ID
    {
        func json(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "null" }
        let (added, page, year) = refused ? ("2031-02-03", 300, 2900) : ("2026-01-03", 30, 1969)
        let backup = """
            {"version":1,"format":"bookstrack-backup","reader":{"name":"d","displayName":"D","underrepresentedRegions":[]},
            "entries":[{"title":"The Left Hand  of Darkness ","authors":["Le Guin, Ursula K.","  Ann  Other "],
            "contributors":[{"name":"Dupont, Jean","role":"translator"}],"extras":{},"owned":true,"readings":[],
            "shelves":["Sci-Fi  Classics "," to-read"],"status":"reading","rating":3.5,"currentPage":\(page),
            "added":"\(added)","review":"  Loved it.\\n\\n","notes":"Line one  \\nLine two ","sessions":[],
            "work":{"accessibility":[],"genres":[],"identifiers":[],"firstPublished":\(year),"originalLanguage":"en",
            "ownVoices":"no"},
            "edition":{"isbn10":\(json(isbn10)),"isbn13":\(json(isbn13)),"publisher":" Ace  Books ","year":1987,
            "pages":264,"format":"paperback","binding":"Mass Market  Paperback","language":"fr"}}],
            "authors":[],"goals":[],"contributions":[],"achievements":[]}
            """
        let batch = try LibraryFileReader.read(bytes: Array(backup.utf8), today: Self.today)
        let reader = store.reader(user.id)
        _ = try await reader.imports.import(batch, fileName: "backup.json", dryRun: false, now: TestClock.now)
        guard let entry = try await reader.library.whole().entries.first?.id else {
            throw HarnessError.unexpected("the backup's book was not imported")
        }
        return entry
    }
}

enum HarnessError: Error {
    case signInFailed(Int)
    case unexpected(String)
}

/// A page or answer as a test sees it.
struct Page {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: String
    /// The body's bytes, for downloads that are not text (a compressed backup).
    var bytes: [UInt8] = []

    var location: String? { headers[.location] }

    /// The page's text with tags removed and entities decoded, roughly as a reader sees it.
    var text: String {
        Self.decodingEntities(body.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression))
            .replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
    }

    /// The entities the pages write (`&amp;` last, so "&amp;lt;" stays "&lt;").
    static func decodingEntities(_ html: String) -> String {
        var text = html
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    func json() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] ?? [:]
    }
}

/// A browser: keeps cookies and the CSRF token of the last page it saw.
final class Browser: @unchecked Sendable {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    var csrfToken: String?

    init(client: any TestClientProtocol) { self.client = client }

    @discardableResult
    func request(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws
        -> Page
    {
        var headers = headers
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        StallWatch.current?.enter("\(method) \(path)")
        let response = try await client.executeRequest(uri: path, method: method, headers: headers, body: body)
        StallWatch.current?.enter("the test's body after \(method) \(path)")
        for value in response.headers[values: .setCookie] {
            let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(
                String.init)
            guard pair.count == 2 else { continue }
            if value.contains("Max-Age=0") { cookies[pair[0]] = nil } else { cookies[pair[0]] = pair[1] }
        }
        let text = String(buffer: response.body)
        if let token = Self.csrfToken(in: text) { csrfToken = token }
        return Page(
            status: response.status, headers: response.headers, body: text,
            bytes: response.body.getBytes(at: response.body.readerIndex, length: response.body.readableBytes) ?? [])
    }

    @discardableResult
    func get(_ path: String) async throws -> Page { try await request(.get, path) }

    /// Posts a form the way a browser does, with the page's CSRF token unless told otherwise.
    @discardableResult
    func post(_ path: String, _ fields: [String: String] = [:], csrf: Bool = true) async throws -> Page {
        var fields = fields
        if csrf, let csrfToken { fields["_csrf"] = csrfToken }
        let body = fields.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }.joined(separator: "&")
        return try await request(
            .post, path, headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: body))
    }

    /// Uploads a file in a multipart form, as the import page does.
    @discardableResult
    func upload(_ path: String, fileName: String, bytes: [UInt8]) async throws -> Page {
        let boundary = "----bookstrack-test-boundary"
        var body = ByteBuffer()
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(csrfToken ?? "")\r\n")
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\n")
        body.writeString("Content-Type: text/csv\r\n\r\n")
        body.writeBytes(bytes)
        body.writeString("\r\n--\(boundary)--\r\n")
        return try await request(.post, path, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"], body: body)
    }

    /// Follows a redirect (as a browser does: the fragment stays in the browser).
    func follow(_ page: Page) async throws -> Page {
        guard let location = page.location else { return page }
        return try await get(String(location.prefix { $0 != "#" }))
    }

    @discardableResult
    func signIn(_ name: String, password: String) async throws -> Page {
        try await get("/login")
        return try await post("/login", ["name": name, "password": password, "next": "/"])
    }

    static func csrfToken(in html: String) -> String? {
        guard let range = html.range(of: "name=\"_csrf\" value=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}

/// An API client signed in with a personal token.
struct APIClient: Sendable {
    let client: any TestClientProtocol
    let token: String

    @discardableResult
    func request(
        _ method: HTTPRequest.Method, _ path: String, headers extra: HTTPFields = [:], json: Any? = nil,
        body: ByteBuffer? = nil, contentType: String = "application/json"
    ) async throws -> Page {
        var headers = extra
        headers[.authorization] = "Bearer \(token)"
        var payload = body
        if let json {
            payload = ByteBuffer(data: try JSONSerialization.data(withJSONObject: json))
        }
        if payload != nil { headers[.contentType] = contentType }
        StallWatch.current?.enter("\(method) \(path)")
        let response = try await client.executeRequest(uri: path, method: method, headers: headers, body: payload)
        StallWatch.current?.enter("the test's body after \(method) \(path)")
        return Page(status: response.status, headers: response.headers, body: String(buffer: response.body))
    }
}
