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
        // ASCII (ids, numbers, most words) byte by byte: Foundation's encoder was 3% of a busy
        // server's time, for every link of every page. Anything else as Foundation encodes it.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `path?name=value&…`, or just `path` without parameters.
    static func url(_ path: String, _ parameters: [(String, String)]) -> String {
        guard !parameters.isEmpty else { return path }
        return path + "?" + parameters.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }

    /// The largest page number of a list a link or a person may ask for.
    static let pageLimit = 100_000

    /// `page=N` of a list: 1 when missing or not a number, at most ``pageLimit`` (a page past the
    /// end shows the list's end, never a trap in the offset's arithmetic).
    static func pageNumber(_ parameters: [String: String]) -> Int {
        min(pageLimit, max(1, parameters["page"].flatMap { Int($0) } ?? 1))
    }

    /// The request's query parameters, decoded (last value wins for repeated names).
    static func parameters(of request: Request) -> [String: String] {
        FormData.urlEncoded(request.uri.query ?? "")
    }
}
