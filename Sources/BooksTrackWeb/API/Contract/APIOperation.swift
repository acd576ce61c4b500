import BooksTrackCore
import Foundation
import Hummingbird

/// One operation of the JSON API, declared once: the router registers its route from this
/// (``APIResource``), and the OpenAPI document (``APIDocument``) describes it from this.
struct APIOperation: Sendable {
    /// The `operationId`: the case of the resource's ``APIResource/Operation`` enumeration.
    var id = ""
    let method: HTTPRequest.Method
    /// Below `/api/v1`, with `{name}` for a path parameter: `entries/{entryId}`.
    let path: String
    let tag: APITag
    let summary: String
    var description: String?
    var parameters: [APIParameter] = []
    var requestBody: APIRequestBody?
    var responses: [APIResponse]

    init(
        _ method: HTTPRequest.Method, _ path: String, _ tag: APITag, summary: String, description: String? = nil,
        parameters: [APIParameter] = [], requestBody: APIRequestBody? = nil, responses: [APIResponse]
    ) {
        self.method = method
        self.path = path
        self.tag = tag
        self.summary = summary
        self.description = description
        self.parameters = parameters
        self.requestBody = requestBody
        self.responses = responses
    }

    /// The path as the document shows it: `/api/v1/entries/{entryId}`.
    var documentPath: String { "/api/v1/" + path }

    /// The path as the router matches it (below the `api/v1` group): `entries/:entryId`.
    var routerPath: String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? ":" + segment.dropFirst().dropLast() : String(segment)
        }.joined(separator: "/")
    }

    /// The names of the path's `{parameters}`.
    var pathParameterNames: [String] {
        path.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { String($0.dropFirst().dropLast()) }
    }
}

/// The groups of operations, in the order the document lists them.
enum APITag: String, CaseIterable, Sendable {
    case account, library, imports, sessions, goals, insights, curation, notifications, enrichment
}

/// A path or query parameter.
struct APIParameter: Sendable {
    enum Location: String, Sendable { case path, query }

    let name: String
    let location: Location
    let description: String
    let schema: JSONSchema

    /// A path parameter: an id unless `schema` says otherwise.
    static func path(_ name: String, _ description: String, schema: JSONSchema = JSONSchema.string.formatted("uuid"))
        -> APIParameter
    {
        APIParameter(name: name, location: .path, description: description, schema: schema)
    }

    /// An optional query parameter. A parameter sent without a value is refused (400), so free
    /// text needs a character.
    static func query(_ name: String, _ description: String, _ schema: JSONSchema) -> APIParameter {
        var schema = schema
        if schema.kinds == [.string], schema.choices == nil, schema.format == nil, schema.pattern == nil,
            schema.minLength == nil
        {
            schema.minLength = 1
        }
        return APIParameter(name: name, location: .query, description: description, schema: schema)
    }

    /// An optional query parameter that is one of an enumeration's raw values.
    static func query<Choice: CaseIterable & RawRepresentable>(_ name: String, _ description: String, oneOf type: Choice.Type)
        -> APIParameter where Choice.RawValue == String
    {
        query(name, description, JSONSchema.string.merged(with: .cases(of: type)))
    }

    var json: JSON {
        [
            "name": .string(name), "in": .string(location.rawValue), "required": .bool(location == .path),
            "description": .string(description), "schema": schema.json,
        ]
    }
}

/// A schema the document records when it is written (the recorder runs once per document).
struct SchemaSource: Sendable {
    let record: @Sendable (SchemaRecorder) throws -> JSONSchema

    /// The schema of a Swift type, recorded from the type.
    static func type<Body: Encodable & SendableMetatype>(_ type: Body.Type) -> SchemaSource {
        SchemaSource { try $0.schema(ofType: Body.self) }
    }

    /// The schema of a request body type, as it declares it (``DocumentedRequest``).
    static func request<Body: DocumentedRequest & SendableMetatype>(_ type: Body.Type) -> SchemaSource {
        SchemaSource { $0.reference(toRequest: Body.self) }
    }

    /// A schema the Swift types cannot give (a CSV file, any JSON object).
    static func fixed(_ schema: JSONSchema) -> SchemaSource { SchemaSource { _ in schema } }
}

/// A request's body: what it may be sent as, each with its schema and an example.
struct APIRequestBody: Sendable {
    struct Content: Sendable {
        let mediaType: String
        let schema: SchemaSource
        let example: JSON?
    }

    var required = true
    let contents: [Content]

    /// A JSON body of a ``DocumentedRequest`` type, with the example the tests send.
    static func json<Body: DocumentedRequest & SendableMetatype>(_ type: Body.Type, example: JSON, required: Bool = true)
        -> APIRequestBody
    {
        APIRequestBody(
            required: required, contents: [Content(mediaType: "application/json", schema: .request(type), example: example)])
    }
}

/// One documented answer of an operation.
struct APIResponse: Sendable {
    struct Content: Sendable {
        let mediaType: String
        let schema: SchemaSource
        var example: JSON?
    }

    let status: HTTPResponse.Status
    let description: String
    var contents: [Content] = []
    /// Response headers, by name: their descriptions and schemas.
    var headers: [String: JSON] = [:]

    /// A JSON answer of a Swift type: its schema is recorded from the type.
    static func json<Body: Encodable & SendableMetatype>(_ status: HTTPResponse.Status, _ description: String, _ type: Body.Type)
        -> APIResponse
    {
        APIResponse(
            status: status, description: description, contents: [Content(mediaType: "application/json", schema: .type(type))])
    }

    /// An answer without a body.
    static func empty(_ status: HTTPResponse.Status, _ description: String) -> APIResponse {
        APIResponse(status: status, description: description)
    }

    /// An RFC 9457 problem document.
    static func problem(_ status: HTTPResponse.Status, _ description: String) -> APIResponse {
        APIResponse(
            status: status, description: description,
            contents: [Content(mediaType: "application/problem+json", schema: .type(Problem.self))])
    }

    /// A problem document that carries more than the usual fields (``Problem``).
    static func problem<Body: Encodable & SendableMetatype>(
        _ status: HTTPResponse.Status, _ description: String, _ type: Body.Type
    ) -> APIResponse {
        APIResponse(
            status: status, description: description,
            contents: [Content(mediaType: "application/problem+json", schema: .type(type))])
    }

    /// A CSV file.
    static func csv(_ status: HTTPResponse.Status, _ description: String, example: String) -> APIResponse {
        APIResponse(
            status: status, description: description,
            contents: [Content(mediaType: "text/csv", schema: .fixed(.string), example: .string(example))])
    }

    /// The same answer, with a header described.
    func with(header name: String, _ description: String, _ schema: JSONSchema) -> APIResponse {
        var response = self
        response.headers[name] = ["description": .string(description), "schema": schema.json]
        return response
    }

    static let badRequest = problem(.badRequest, "The request could not be understood.")
    static let unauthorized = problem(.unauthorized, "Not signed in, or the token is not valid.")
    static let forbidden = problem(
        .forbidden, "Not allowed (a browser session without its X-CSRF-Token header, or an owner-only action).")
    static let notFound = problem(.notFound, "Not found — or not yours: another reader's ids answer the same.")
    static let conflict = problem(.conflict, "Conflicts with the current state.")
    static let tooLarge = problem(.contentTooLarge, "The body is larger than this operation accepts.")
    static let invalid = problem(.unprocessableContent, "The body has problems; `errors` lists them by field.")
    static let tooManyAttempts = problem(
        .tooManyRequests, "Too many wrong passwords for this reader or from this address: wait 15 minutes (see Retry-After).")
    static let notModified = empty(.notModified, "Not modified since the ETag sent.")
    /// Added to every operation that takes parameters or a body and does not say otherwise.
    static let ruleBroken = problem(
        .unprocessableContent,
        "A value the schema allows breaks a rule it cannot say; `errors` names the field when there is one.")
}

/// A request body type that declares its schema itself: its decoder is written by hand (it takes
/// text or numbers, refuses names it does not know, tells `null` from a field left out), so no
/// recorder can read the schema off it. The declaration sits beside the decoder.
protocol DocumentedRequest {
    static var schemaName: String { get }
    static var requestSchema: JSONSchema { get }
}

// MARK: - Parameters several operations take

extension APIParameter {
    static let entryID = path("entryId", "The library entry's id.")
    static let badgeID = path("badgeId", "The badge's id.")
    static let tokenID = path("tokenId", "The token's id.")
    static let shareID = path("shareId", "The share link's id.")
    static let notificationID = path("notificationId", "The notification's id.")
    static let questionID = path("questionId", "The question's id.")
    static let sessionID = path("sessionId", "The session's id.")
    static let goalID = path("goalId", "The goal's id.")
    static let authorID = path("authorId", "The author's id.")
    static let importID = path("importId", "The import's id.")

    static let page = query("page", "Page number, from 1.", JSONSchema.integer.bounded(1, URLQuery.pageLimit))

    /// The insights' period, scope and unit (``InsightRequest``).
    static let insights: [APIParameter] = [
        query(
            "period", "`all` (default), `this-year`, `last-30-days`, a year such as `2024`, or `custom` with `from` and `to`.",
            JSONSchema.string.matching("^(all|this-year|last-30-days|custom|[1-9][0-9]{3})$")),
        query("from", "First day of a custom period (YYYY-MM-DD).", JSONSchema.string.formatted("date")),
        query("to", "Last day of a custom period (YYYY-MM-DD).", JSONSchema.string.formatted("date")),
        query("scope", "`read` (default): books finished in the period; `library`: books added in it.", oneOf: InsightScope.self),
        query(
            "unit", "`books` (default; co-authors share a book) or `authors` (each distinct author once).",
            oneOf: CountingUnit.self),
    ]
}
