import Foundation
import Hummingbird
import MultipartKit
import NIOCore

/// A decoded form: text fields by name, and uploaded files.
struct FormData: Sendable {
    struct File: Sendable {
        let fileName: String
        let bytes: [UInt8]
    }

    var fields: [String: String] = [:]
    var files: [String: File] = [:]

    subscript(name: String) -> String? { fields[name] }

    /// Decodes `application/x-www-form-urlencoded` or, when `allowsFiles`, `multipart/form-data`,
    /// refusing bodies over `limit` bytes with a message. Anything malformed is a 400 problem:
    /// nothing a client sends reaches a parser that could trap.
    static func decode(_ request: Request, limit: Int, allowsFiles: Bool = true) async throws -> FormData {
        var request = request
        let body: ByteBuffer
        do { body = try await request.collectBody(upTo: limit) } catch {
            throw WebError.payloadTooLarge(
                limit >= 1_048_576
                    ? "The upload is over \(limit / 1_048_576) MB, the most BooksTrack accepts. A BooksTrack backup this large "
                        + "goes through compressed (gzip it, or export it as .json.gz), or with `bookstrack import FILE --user NAME` "
                        + "on the server, which has no limit."
                    : "The form is over \(limit / 1024) KB, the most BooksTrack accepts here.")
        }
        let contentType = request.headers[.contentType] ?? ""
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            guard allowsFiles else { throw WebError.badRequest("This form takes no files; send it from its page.") }
            guard let boundary = multipartBoundary(in: contentType) else {
                throw WebError.badRequest("The form was sent without a valid boundary; send it again from its page.")
            }
            return try multipart(body, boundary: boundary)
        }
        return FormData(fields: urlEncoded(String(buffer: body)))
    }

    /// The `boundary` parameter of a multipart content type, when it is one RFC 2046 allows:
    /// 1 to 70 characters of its set, not ending in a space. (The parser traps on an empty one.)
    static func multipartBoundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            let allowed = CharacterSet(
                charactersIn: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ")
            guard (1...70).contains(value.unicodeScalars.count), !value.hasSuffix(" "),
                value.unicodeScalars.allSatisfy(allowed.contains)
            else { return nil }
            return value
        }
        return nil
    }

    /// Parses `a=1&b=two+words` (last value wins for repeated names).
    static func urlEncoded(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (part: Substring) in
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            fields[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }

    private static func multipart(_ body: ByteBuffer, boundary: String) throws -> FormData {
        final class Collector: @unchecked Sendable {
            var form = FormData()
            var headers: [String: String] = [:]
            var bytes: [UInt8] = []
        }
        let collector = Collector()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in collector.headers[name.lowercased()] = value }
        parser.onBody = { buffer in collector.bytes += buffer.readBytes(length: buffer.readableBytes) ?? [] }
        parser.onPartComplete = {
            let disposition = collector.headers["content-disposition"] ?? ""
            if let name = Self.parameter("name", in: disposition) {
                if let fileName = Self.parameter("filename", in: disposition) {
                    collector.form.files[name] = File(fileName: fileName, bytes: collector.bytes)
                } else {
                    collector.form.fields[name] = String(decoding: collector.bytes, as: UTF8.self)
                }
            }
            collector.headers = [:]
            collector.bytes = []
        }
        do { try parser.execute(body) } catch { throw WebError.badRequest("The upload could not be read; try sending it again.") }
        return collector.form
    }

    private static func parameter(_ name: String, in disposition: String) -> String? {
        for part in disposition.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == name {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}
