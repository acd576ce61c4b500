import Foundation
import Hummingbird
import NIOCore

/// RFC 9457 problem details, the body of every API error.
struct Problem: Encodable, Sendable {
    let type: String
    let title: String
    let status: Int
    let detail: String
    let instance: String?
    /// Field problems of a form-like request, by field name.
    let errors: [String: String]?

    init(_ error: WebError, instance: String?) {
        self.type = "about:blank"
        self.title = error.title
        self.status = Int(error.status.code)
        self.detail = error.detail
        self.instance = instance
        if case .invalid(let fields, _) = error { errors = fields.messages } else { errors = nil }
    }

    /// The problem as a response.
    static func response(_ error: WebError, path: String?) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(Problem(error, instance: path))) ?? Data("{}".utf8)
        var headers: HTTPFields = [.contentType: "application/problem+json"]
        if case .tooManyRequests(_, let retryAfter) = error { headers[.retryAfter] = String(retryAfter) }
        if case .unauthorized = error { headers[.wwwAuthenticate] = "Bearer realm=\"bookstrack\"" }
        if case .methodNotAllowed(_, let allow) = error { headers[.allow] = allow }
        return Response(status: error.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
