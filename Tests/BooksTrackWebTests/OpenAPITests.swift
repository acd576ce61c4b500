import BooksTrackCore
import BooksTrackStore
import BooksTrackTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BooksTrackApp
@testable import BooksTrackWeb

@Suite(
    "The OpenAPI document is true: every operation exists, works with its example and answers as documented",
    .timeLimit(.minutes(5)))
struct OpenAPITests {
    struct Operation: CustomStringConvertible, Sendable {
        let method: String
        let path: String
        let id: String
        var description: String { "\(method.uppercased()) \(path) (\(id))" }
    }

    /// The document as the server writes it from the API's declarations.
    static func document() throws -> [String: Any] {
        let text = try APIDocument.text.get()
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    static func operations() throws -> [Operation] {
        let paths = try document()["paths"] as? [String: [String: Any]] ?? [:]
        return paths.flatMap { path, item in
            item.compactMap { method, value in
                (value as? [String: Any])?["operationId"].map { Operation(method: method, path: path, id: "\($0)") }
            }
        }.sorted { $0.id < $1.id }
    }

    /// `/api/v1/entries/{entryId}` and `/api/v1/entries/{entry}` are the same route.
    static func shape(_ path: String) -> String {
        path.replacingOccurrences(of: "\\{[^}]*\\}", with: "{}", options: .regularExpression)
    }

    @Test("The document is served, and lists exactly the API's routes")
    func documentMatchesRouter() async throws {
        try await WebHarness.run { app in
            let served = try await app.browser().get("/api/openapi.json")
            #expect(served.status == .ok)
            #expect(try served.json()["openapi"] as? String == "3.1.0")
            let router = WebApp.router(app: app.app, configuration: app.configuration)
            let routes = Set(
                router.routes.filter { $0.path.description.hasPrefix("/api/v1") }.map {
                    "\($0.method.rawValue) \(Self.shape($0.path.description))"
                })
            let documented = Set(try Self.operations().map { "\($0.method.uppercased()) \(Self.shape($0.path))" })
            #expect(routes == documented)
        }
    }

    @Test("Each operation, called with its example, succeeds and answers in its documented shape", arguments: try operations())
    func operation(_ operation: Operation) async throws {
        try await WebHarness.run { app in
            let document = try Self.document()
            guard
                case .object(let whole) = try JSONValue.parse(
                    String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)),
                case .object(let components)? = whole["components"], case .object(let schemas)? = components["schemas"]
            else { throw HarnessError.unexpected("no schemas") }
            let checker = SchemaCheck(components: schemas)
            let spec = try #require(
                ((document["paths"] as? [String: Any])?[operation.path] as? [String: Any])?[operation.method] as? [String: Any])
            let (user, api) = try await app.apiReader("dana")
            let report = try await app.importFixture(Fixtures.goodreadsFiles[2], for: user)
            let reader = app.store.reader(user.id)
            let entryID = try #require(report.outcomes.compactMap(\.entryID).first)
            let author = try #require(try await reader.browse.detail(of: entryID)?.authors.first)
            let run = try #require(try await reader.imports.runs().first)
            let spare = try await app.store.tokens.createToken(named: "spare", hash: "spare", for: user.id, now: TestClock.now)
            let share = try await app.store.shareLinks.create(
                card: "radar", title: "Representation radar", covers: "All time", content: "<p>radar</p>",
                hash: "spare-share", for: user.id, now: TestClock.now)
            try await reader.notifications.record(
                [Notice(kind: "achievement", key: "example", title: "Example", body: "An example.")], now: TestClock.now)
            let notification = try #require(try await reader.notifications.recent(unreadOnly: true).first)
            let question = AuthorCandidate(
                authorID: author.id, source: .wikidata, reference: "Q42", label: "Douglas Adams",
                description: "English writer and humorist, born 1952", facts: [])
            try await app.store.enrichment.propose([question], now: TestClock.now)
            // Testing the webhook needs one set.
            if operation.id == "testWebhook" {
                #expect(try await app.app.webhooks.set("https://example.org/hook", for: user) == nil)
            }
            // Stopping and the running session need one running; the rest a finished one (a
            // running session would make "start" a 409).
            let sessionID: String
            if ["getActiveSession", "finishSession"].contains(operation.id) {
                guard case .started(let running) = try await reader.sessions.start(on: entryID, now: TestClock.now) else {
                    throw HarnessError.unexpected("a session starts")
                }
                sessionID = running.id.string
            } else {
                sessionID = try await reader.sessions.log(
                    on: entryID, startedAt: TestClock.now.addingTimeInterval(-86_400), minutes: 20, startPage: 0, endPage: 10,
                    now: TestClock.now
                ).id.string
            }
            let goal = Goal(
                userID: user.id, title: "30 books", kind: .books, target: 30, cadence: .year,
                startsOn: LocalDate("2026-01-01")!, endsOn: LocalDate("2026-12-31")!, createdAt: TestClock.now)
            try await reader.goals.create(goal, now: TestClock.now)
            let work = try #require(try await reader.browse.detail(of: entryID)?.work.id)
            let badge = try #require(
                try await app.store.badges.record(
                    IdentityBadgeDraft(
                        kind: .neurodivergent, subject: .work(work), statedBy: .author, source: "Foreword", shared: false),
                    on: entryID, for: user.id, now: TestClock.now))
            let values = [
                "badgeId": badge.string, "sessionId": sessionID, "goalId": goal.id.string,
                "entryId": entryID.string, "authorId": author.id.string, "importId": run.id.string, "tokenId": spare.id.string,
                "notificationId": notification.id.string, "questionId": question.id.string, "shareId": share.id.string,
                // The session above was read the day before `now`.
                "year": String(LocalDate(TestClock.now.addingTimeInterval(-86_400), in: .gmt).year),
            ]
            var path = operation.path
            for (name, value) in values { path = path.replacingOccurrences(of: "{\(name)}", with: value) }
            #expect(!path.contains("{"), "\(operation): a path parameter has no value")

            var body: ByteBuffer?
            var contentType = "application/json"
            if let content = (spec["requestBody"] as? [String: Any])?["content"] as? [String: Any] {
                let (type, media) = try #require(content.first { ($0.value as? [String: Any])?["example"] != nil })
                let example = try #require((media as? [String: Any])?["example"])
                contentType = type
                body = ByteBuffer(
                    data: example is String
                        ? Data((example as! String).utf8) : try JSONSerialization.data(withJSONObject: example))
            }
            let answer = try await api.request(
                HTTPRequest.Method(rawValue: operation.method.uppercased())!, path, body: body, contentType: contentType)
            let responses = spec["responses"] as? [String: Any] ?? [:]
            let status = String(answer.status.code)
            #expect((200..<300).contains(Int(answer.status.code)), "\(operation) answered \(status): \(answer.body.prefix(300))")
            let documented = try #require(
                responses[status] as? [String: Any], "\(operation) answered \(status), which is not documented")
            guard
                let schema = ((documented["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"]
                    as? [String: Any],
                answer.headers[.contentType]?.hasPrefix("application/json") == true
            else { return }
            let schemaValue = try JSONValue.parse(
                String(decoding: try JSONSerialization.data(withJSONObject: schema), as: UTF8.self))
            let problems = checker.problems(try JSONValue.parse(answer.body), against: schemaValue)
            #expect(problems.isEmpty, "\(operation): \(problems.prefix(5))")
        }
    }

    @Test("The shape check notices a missing field, a wrong type and an undocumented field")
    func checkerCatchesMistakes() throws {
        let schemas = try JSONValue.parse(
            #"{"Shelf": {"type": "object", "required": ["name", "count"], "properties": {"name": {"type": "string"}, "count": {"type": "integer"}}}}"#
        )
        guard case .object(let components) = schemas else { throw HarnessError.unexpected("schemas") }
        let checker = SchemaCheck(components: components)
        let shelf = try JSONValue.parse(##"{"$ref": "#/components/schemas/Shelf"}"##)
        #expect(checker.problems(try JSONValue.parse(#"{"name": "x", "count": 3}"#), against: shelf).isEmpty)
        #expect(checker.problems(try JSONValue.parse(#"{"name": "x"}"#), against: shelf) == ["$.count: missing"])
        #expect(
            checker.problems(try JSONValue.parse(#"{"name": "x", "count": true}"#), against: shelf) == [
                "$.count: true is not integer"
            ])
        #expect(
            checker.problems(try JSONValue.parse(#"{"name": "x", "count": 1, "secret": 2}"#), against: shelf) == [
                "$.secret: not documented"
            ])
    }
}
