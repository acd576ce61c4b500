import Foundation
import Hummingbird

/// Reading and writing URL query strings the way HTML forms send them (`+` for spaces).
enum URLQuery {
    private static let allowed: CharacterSet = {
        var set = CharacterSet.alphanumerics
        set.insert(charactersIn: "-._~")
        return set
    }()

    /// A query value or path segment, percent-encoded (spaces as `%20`).
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// `path?name=value&…`, or just `path` without parameters.
    static func url(_ path: String, _ parameters: [(String, String)]) -> String {
        guard !parameters.isEmpty else { return path }
        return path + "?" + parameters.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }

    /// The request's query parameters, decoded (last value wins for repeated names).
    static func parameters(of request: Request) -> [String: String] {
        FormData.urlEncoded(request.uri.query ?? "")
    }
}
