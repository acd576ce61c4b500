import BooksTrackCore
import BooksTrackTestSupport
import Foundation
import Testing

@testable import BooksTrackEnrichment

/// The real clients over HTTP against the local replay server (127.0.0.1, recorded answers).
@Suite("Wikidata and Open Library clients against recorded answers", .serialized)
struct ReplayClientTests {
    /// A cache in memory, to see what is cached.
    final class MemoryCache: ResponseCache, @unchecked Sendable {
        let lock = NSLock()
        var entries: [String: (Int, String)] = [:]
        func cached(provider: String, key: String, maxAge: TimeInterval) async throws -> (status: Int, body: String)? {
            lock.withLock { entries[provider + key].map { (status: $0.0, body: $0.1) } }
        }
        func store(provider: String, key: String, status: Int, body: String) async throws {
            lock.withLock { entries[provider + key] = (status, body) }
        }
    }

    static func settings(_ url: URL) -> ProviderSettings {
        ProviderSettings(
            baseURL: url, userAgent: ProviderSettings.userAgent(contact: "tests@bookstrack.invalid"),
            minimumInterval: .zero, attempts: 3, backoff: .milliseconds(10))
    }

    static func wikidata(_ server: ReplayServer, cache: (any ResponseCache)? = nil) -> WikidataClient {
        WikidataClient(
            fetcher: Fetcher(
                provider: "wikidata", settings: settings(server.wikidata), transport: HTTPClientTransport(), cache: cache))
    }

    static func withServer(_ body: (ReplayServer) async throws -> Void) async throws {
        let server = try ReplayServer()
        defer { server.stop() }
        try await body(server)
    }

    @Test("A name search and the people it finds: Michael Jackson is several people, so a question, not a fact")
    func searchNamesakes() async throws {
        try await Self.withServer { (server: ReplayServer) async throws in
            let client = Self.wikidata(server)
            let ids = try await client.search("Michael Jackson")
            #expect(ids.count == 10)
            let entities = try await client.entities(ids)
            guard
                case .ambiguous(let people) = AuthorMatch.decide(name: "Michael Jackson", among: ids.compactMap { entities[$0] })
            else {
                Issue.record("namesakes must become a question")
                return
            }
            #expect(Set(people.map(\.id)) == ["Q2831", "Q167877"])
            let log = try await server.log()
            #expect(log.allSatisfy { $0.status == .code(200) }, "the client asked only for what was recorded")
            #expect(log.allSatisfy { $0.userAgent?.hasPrefix("BooksTrack/") == true }, "a descriptive User-Agent")
            #expect(log.allSatisfy { $0.query["maxlag"] == "5" }, "maxlag=5, as Wikimedia asks of bots")
        }
    }

    @Test("Entities by id are cached: the second look-up makes no request")
    func cached() async throws {
        try await Self.withServer { (server: ReplayServer) async throws in
            let cache = MemoryCache()
            let fetcher = Fetcher(
                provider: "wikidata", settings: Self.settings(server.wikidata), transport: HTTPClientTransport(), cache: cache)
            let client = WikidataClient(fetcher: fetcher)
            #expect(try await client.entities(["Q42"])["Q42"]?.label == "Douglas Adams")
            #expect(try await client.entities(["Q42"])["Q42"]?.label == "Douglas Adams")
            #expect(await fetcher.requests == 1)
            #expect(try await server.log().count == 1)
        }
    }

    @Test("503 and 429 (errors the replay server makes itself) are retried with back-off until the answer comes")
    func retries() async throws {
        try await Self.withServer { (server: ReplayServer) async throws in
            try await server.fail(status: 503, count: 1)
            try await server.fail(status: 429, count: 1, retryAfter: 0)
            let client = Self.wikidata(server)
            #expect(try await client.entities(["Q42"])["Q42"] != nil)
            #expect(try await server.log().map(\.status) == [.code(503), .code(429), .code(200)])
        }
    }

    @Test("A service that keeps failing, and one that cannot be reached, throw errors the job can wait out")
    func failures() async throws {
        try await Self.withServer { (server: ReplayServer) async throws in
            try await server.fail(status: 500, count: 10)
            let client = Self.wikidata(server)
            await #expect(throws: ProviderError.unavailable("HTTP 500")) { try await client.entities(["Q42"]) }
            #expect(try await server.log().count == 3, "three attempts, then it gives up for now")

            try await server.reset()
            try await server.down(host: "www.wikidata.org")
            await #expect {
                try await client.entities(["Q42"])
            } throws: { error in
                if case .unreachable = error as? ProviderError { true } else { false }
            }
        }
    }

    @Test("Something nobody recorded answers 404, which the Wikidata client reports instead of taking for 'nothing'")
    func unknownRequest() async throws {
        try await Self.withServer { (server: ReplayServer) async throws in
            let client = Self.wikidata(server)
            await #expect(throws: ProviderError.unavailable("HTTP 404")) { try await client.search("Nobody Recorded This") }
            #expect(try await client.search("xyzzy_totally_nonexistent_query_12345").isEmpty, "a recorded empty search")
        }
    }

    @Test("Open Library by ISBN; a miss (404) is 'not known', not an error")
    func openLibrary() async throws {
        try await Self.withServer { (server: ReplayServer) async throws in
            let client = OpenLibraryClient(
                fetcher: Fetcher(
                    provider: "openlibrary", settings: Self.settings(server.openLibrary), transport: HTTPClientTransport(),
                    cache: nil))
            let edition = try #require(try await client.edition(isbn: "9780980200447"))
            #expect(edition.title == "Slow reading")
            #expect(edition.works == ["/works/OL13725426W"] || !edition.works.isEmpty)
            let dahl = try #require(try await client.author("/authors/OL34184A"))
            #expect(dahl.wikidataID == "Q25161")
            #expect(try await client.work("/works/INVALID_ID") == nil)
            #expect(try await client.originalLanguage(ofWork: "/works/OL45804W")?.code == "en")
            #expect(try await client.originalLanguage(ofWork: "/works/INVALID_ID") == nil, "a 404 is not known")
        }
    }
}
