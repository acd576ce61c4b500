import Foundation

/// The OpenAPI 3.1 document of the JSON API, written from the operations the router serves
/// (``APIResource``) and the schemas recorded from the Swift types they answer with. Served at
/// `GET /api/openapi.json` and printed by `bookstrack api-document`.
enum APIDocument {
    /// Every operation of the API, resource by resource.
    static var operations: [APIOperation] {
        AccountAPI.operations + InstanceAPI.operations + SettingsAPI.operations + EntriesAPI.operations
            + SessionsAPI.operations + GoalsAPI.operations + AuthorsAPI.operations + ImportsAPI.operations
            + InsightsAPI.operations + PromptsAPI.operations + BadgesAPI.operations + NotificationsAPI.operations
            + EnrichmentAPI.operations + SharesAPI.operations
    }

    /// The document, written once per process (the recorder walks every type).
    static let text: Result<String, any Error> = Result { try make(operations).text() }

    static let summary =
        "Everything the BooksTrack web app does, as JSON. Sign in with a personal API token (`Authorization: Bearer TOKEN`; create one on the account page or with `bookstrack user token NAME`). Requests from a signed-in browser session work too and must send the session's `X-CSRF-Token` header when they change something. Every error is an RFC 9457 problem document. Another reader's ids always answer 404."

    static func make(_ operations: [APIOperation]) throws -> JSON {
        let recorder = SchemaRecorder()
        var paths: [String: [String: JSON]] = [:]
        for operation in operations {
            let method = operation.method.rawValue.lowercased()
            guard paths[operation.documentPath]?[method] == nil else {
                throw SchemaRecordingError("\(operation.id): \(method) \(operation.documentPath) is declared twice.")
            }
            paths[operation.documentPath, default: [:]][method] = try json(of: operation, recorder: recorder)
        }
        return [
            "openapi": "3.1.0",
            "info": ["title": "BooksTrack API", "version": "1.0.0", "description": .string(summary)],
            "servers": [["url": "/"]],
            "security": [["bearerAuth": []], ["cookieAuth": []]],
            "tags": .array(APITag.allCases.map { ["name": .string($0.rawValue)] }),
            "paths": .object(paths.mapValues(JSON.object)),
            "components": [
                "securitySchemes": [
                    "bearerAuth": ["type": "http", "scheme": "bearer", "description": "A personal API token."],
                    "cookieAuth": [
                        "type": "apiKey", "in": "cookie", "name": .string(SessionMiddleware.cookieName),
                        "description": "A browser session; changes also need the X-CSRF-Token header.",
                    ],
                ],
                "schemas": .object(recorder.components.mapValues(\.json)),
            ],
        ]
    }

    private static func json(of operation: APIOperation, recorder: SchemaRecorder) throws -> JSON {
        let declared = Set(operation.parameters.filter { $0.location == .path }.map(\.name))
        guard declared == Set(operation.pathParameterNames) else {
            throw SchemaRecordingError("\(operation.id): the path's parameters and the declared ones differ.")
        }
        var object: [String: JSON] = [
            "operationId": .string(operation.id), "tags": [.string(operation.tag.rawValue)],
            "summary": .string(operation.summary),
        ]
        object["description"] = operation.description.map(JSON.string)
        if !operation.parameters.isEmpty { object["parameters"] = .array(operation.parameters.map(\.json)) }
        if let body = operation.requestBody {
            object["requestBody"] = [
                "required": .bool(body.required),
                "content": .object(
                    Dictionary(
                        uniqueKeysWithValues: try body.contents.map { content in
                            var media: [String: JSON] = ["schema": try content.schema.record(recorder).json]
                            media["example"] = content.example
                            return (content.mediaType, JSON.object(media))
                        })),
            ]
        }
        var responses: [String: JSON] = [:]
        for response in operation.responses + defaultResponses(of: operation) {
            let status = String(response.status.code)
            guard responses[status] == nil else { continue }
            responses[status] = try json(of: response, recorder: recorder)
        }
        object["responses"] = .object(responses)
        return .object(object)
    }

    /// Every operation can answer 400 (a body that is not JSON, a parameter it does not take, a
    /// NUL character, a value outside the documented forms); one that takes anything, 422.
    private static func defaultResponses(of operation: APIOperation) -> [APIResponse] {
        operation.parameters.isEmpty && operation.requestBody == nil ? [.badRequest] : [.badRequest, .ruleBroken]
    }

    private static func json(of response: APIResponse, recorder: SchemaRecorder) throws -> JSON {
        var object: [String: JSON] = ["description": .string(response.description)]
        if !response.contents.isEmpty {
            object["content"] = .object(
                Dictionary(
                    uniqueKeysWithValues: try response.contents.map { content in
                        var media: [String: JSON] = ["schema": try content.schema.record(recorder).json]
                        media["example"] = content.example
                        return (content.mediaType, JSON.object(media))
                    }))
        }
        if !response.headers.isEmpty { object["headers"] = .object(response.headers) }
        return .object(object)
    }
}

extension WebApp {
    /// The OpenAPI document the server answers `GET /api/openapi.json` with (`bookstrack api-document`).
    public static func apiDocument() throws -> String { try APIDocument.text.get() }
}
