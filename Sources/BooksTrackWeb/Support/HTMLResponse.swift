import BooksTrackCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A rendered HTML page as a response.
struct HTMLResponse: ResponseGenerator {
    let html: String
    var status: HTTPResponse.Status = .ok
    var headers: HTTPFields = [:]

    /// The page with a cookie set (the anonymous CSRF cookie of sign-in forms).
    func setting(_ cookie: Cookie?) -> HTMLResponse {
        guard let cookie else { return self }
        var copy = self
        copy.headers.append(HTTPField(name: .setCookie, value: cookie.description))
        return copy
    }

    func response(from request: Request, context: some RequestContext) -> Response {
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}

/// Responses the controllers share.
enum Responses {
    /// "See other": the answer to every successful form post (post/redirect/get).
    static func redirect(to location: String, notice: Notice? = nil) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location])
        if let notice { response.setCookie(NoticeMiddleware.cookie(notice)) }
        return response
    }

    /// A path inside this site to return to after signing in or closing a page; anything else
    /// becomes `/`, so a crafted link cannot send a reader elsewhere. The path must start with one
    /// `/` and a letter, digit, `?` or `#`, and hold only printable ASCII without `\\` — before
    /// and after percent-decoding (`/%09/evil.example` is read by browsers as `//evil.example`).
    static func localPath(_ candidate: String?) -> String {
        guard let candidate, isSafeLocalPath(candidate), isSafeLocalPath(candidate.removingPercentEncoding ?? "") else {
            return "/"
        }
        return candidate
    }

    private static func isSafeLocalPath(_ path: String) -> Bool {
        let scalars = Array(path.unicodeScalars)
        guard scalars.first == "/" else { return false }
        guard scalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" }) else { return false }
        guard scalars.count > 1 else { return true }
        let second = scalars[1]
        return ("0"..."9").contains(second) || ("a"..."z").contains(second) || ("A"..."Z").contains(second)
            || second == "?" || second == "#"
    }

    /// JSON with sorted keys and ISO 8601 dates.
    static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(
            status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(data: try JSONCoding.encoder.encode(value))))
    }

    /// JSON with an ETag, or "304 Not Modified" when the request's `If-None-Match` names it.
    static func json<T: Encodable>(_ value: T, etag: String, request: Request) throws -> Response {
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "private, no-cache"]
        if EntityTags.noneMatch(request.headers[.ifNoneMatch], names: etag) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return try json(value, headers: headers)
    }

    static func noContent() -> Response { Response(status: .noContent) }

    /// An insights report as a CSV download named after its period
    /// (`bookstrack-insights-this-year.csv`, `…-2024-03-01-to-2024-06-30.csv`).
    /// A picture to download (``ShareImage``): SVG, private to the reader, named `name.svg`. The
    /// picture carries its own style and no script; `sandbox` keeps a browser from running any.
    static func image(svg: String, name: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "image/svg+xml; charset=utf-8", .contentDisposition: "inline; filename=\"\(name).svg\"",
                .cacheControl: "private, no-store",
                .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; sandbox",
            ],
            body: .init(byteBuffer: ByteBuffer(string: svg)))
    }

    static func insightsCSV(_ report: InsightsReport) -> Response {
        let period =
            report.period.parameter == "custom"
            ? "\(report.period.from?.description ?? "")-to-\(report.period.to?.description ?? "")" : report.period.parameter
        let name = "bookstrack-insights-" + String(period.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name).csv\"",
                .cacheControl: "private, no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: InsightsCSV.render(report))))
    }
}

/// The JSON conventions of the API.
enum JSONCoding {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
