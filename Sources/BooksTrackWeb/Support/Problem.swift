import Foundation
import Hummingbird
import NIOCore

/// RFC 9457 problem details, the body of every API error.
struct Problem: Codable, Sendable {
    let type: String
    let title: String
    let status: Int
    let detail: String
    let instance: String?
    /// Field problems of a form-like request, by field name.
    let errors: [String: String]?
    /// The request's id, as the server's log names it (for a self-hoster to find the log line).
    let requestId: String?

    init(_ error: WebError, instance: String?, requestID: String? = nil) {
        self.type = "about:blank"
        self.title = error.title
        self.status = Int(error.status.code)
        self.detail = error.detail
        self.instance = instance
        self.requestId = requestID
        if case .invalid(let fields, _) = error { errors = fields.messages } else { errors = nil }
    }

    /// The problem as a response.
    static func response(_ error: WebError, path: String?, requestID: String? = nil) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(Problem(error, instance: path, requestID: requestID))) ?? Data("{}".utf8)
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if let requestID { headers[ErrorMiddleware.requestIDHeader] = requestID }
        if case .tooManyRequests(_, let retryAfter) = error { headers[.retryAfter] = String(retryAfter) }
        if case .unauthorized = error { headers[.wwwAuthenticate] = "Bearer realm=\"bookstrack\"" }
        if case .methodNotAllowed(_, let allow) = error { headers[.allow] = allow }
        return Response(status: error.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

// MARK: - Schemas

extension Problem: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "requestId": .described("The request's id, as the server's log names it (hb.request.id).")
        ]
    }
}
