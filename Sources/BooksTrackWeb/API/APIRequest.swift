import BooksTrackCore
import Foundation
import Hummingbird

/// Reading API request bodies: a size limit, then `Decodable` request types. A value of the
/// wrong type is reported against its field (422); a body that is not a JSON object is a 400.
enum APIRequest {
    /// The largest JSON body accepted (imports have the upload limit).
    static let jsonLimit = 1_048_576

    static func body(_ request: Request, limit: Int = jsonLimit) async throws -> Data {
        var request = request
        do { return Data(buffer: try await request.collectBody(upTo: limit)) } catch {
            throw WebError.payloadTooLarge("The request body is over \(limit / 1_048_576) MB, the most this operation accepts.")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from request: Request, example: String = "") async throws -> T {
        let data = try await body(request)
        if let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let path = InputMiddleware.nulPath(in: parsed)
        {
            throw WebError.badRequest("\(path): " + InputMiddleware.message)
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as FieldErrors {
            throw WebError.invalid(error, message: "Some fields could not be read.")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            guard let field = context.codingPath.first?.stringValue else {
                throw WebError.badRequest("Send a JSON object." + example)
            }
            throw WebError.invalid(
                FieldErrors([field: "This value has the wrong type."]), message: "Some fields could not be read.")
        } catch {
            throw WebError.badRequest("Send a JSON object." + example)
        }
    }
}

/// A field of a partial update: not sent, sent as `null` (clear it), or sent.
enum Sent<Value: Decodable>: Decodable {
    case absent, null
    case value(Value)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Value.self))
    }

    var value: Value? { if case .value(let value) = self { value } else { nil } }
}

extension KeyedDecodingContainer {
    /// A field left out is `.absent`; one sent as `null` is `.null` (`decodeIfPresent` would
    /// take a null for a field left out, and "null clears it" would keep it).
    func decode<T>(_ type: Sent<T>.Type, forKey key: Key) throws -> Sent<T> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(T.self, forKey: key))
    }
}

extension KeyedDecodingContainer where K == AnyKey {
    /// Refuses names a request body does not take (its schema's `additionalProperties: false`).
    func refuseUnknown(_ known: Set<String>) throws {
        let unknown = allKeys.map(\.stringValue).filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw FieldErrors(Dictionary(uniqueKeysWithValues: unknown.map { ($0, "BooksTrack does not know this field.") }))
        }
    }
}

/// Any key of a JSON object.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Text or a number, as a field that holds text may be sent (`"1979"` or `1979`).
struct TextValue: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            text = String(number)
        } else if let number = try? container.decode(Double.self) {
            text = String(number)
        } else {
            text = try container.decode(String.self)
        }
    }
}

/// An operation's query parameters, checked: a name it does not take, a flag that is not
/// `true` or `false`, a page that is not a positive whole number are 400 problems — never a
/// default (`?dryrun=true` must not run a real import).
struct APIQuery {
    let values: [String: String]

    init(_ request: Request, allowed: Set<String>) throws {
        values = URLQuery.parameters(of: request)
        let names = (request.uri.query ?? "").split(separator: "&").map {
            String($0.split(separator: "=", maxSplits: 1).first ?? "").removingPercentEncoding ?? ""
        }
        if let repeated = Dictionary(grouping: names, by: { $0 }).filter({ $0.value.count > 1 }).keys.sorted().first {
            throw WebError.badRequest("\(repeated) is sent more than once; send it once.")
        }
        if let unknown = values.keys.filter({ !allowed.contains($0) }).sorted().first {
            throw WebError.badRequest(
                allowed.isEmpty
                    ? "This operation takes no query parameters; “\(unknown)” was sent."
                    : "“\(unknown)” is not a parameter of this operation. It takes: \(allowed.sorted().joined(separator: ", ")).")
        }
        if let empty = values.filter({ $0.value.isEmpty }).keys.sorted().first {
            throw WebError.badRequest("\(empty) is sent without a value; leave it out or give one.")
        }
    }

    /// Checks that a parameter, when sent, is exactly one of `choices` (the API's values are
    /// case-sensitive, as documented; the web pages are more forgiving).
    func oneOf(_ name: String, _ choices: [String]) throws {
        if let value = values[name], !choices.contains(value) {
            throw WebError.badRequest("\(name) is one of \(choices.joined(separator: ", ")), not “\(value)”.")
        }
    }

    /// The insights' parameters (period, scope, unit): a value outside the documented forms is a
    /// 400; a custom period the dates do not make (missing, or the start after the end) is a 422.
    func insightRequest() throws -> InsightRequest {
        if let problem = InsightRequest.strictProblem(in: values) { throw WebError.badRequest(problem.message) }
        switch InsightRequest.parse(values) {
        case .success(let parsed): return parsed
        case .failure(let error):
            if values["period"] == "custom" {
                throw WebError.invalid(FieldErrors(["period": error.message]), message: error.message)
            }
            throw WebError.badRequest(error.message)
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// A flag: absent is false; otherwise exactly `true` or `false`.
    func flag(_ name: String) throws -> Bool {
        switch values[name] {
        case nil: false
        case "true": true
        case "false": false
        case let other?: throw WebError.badRequest("\(name) is true or false, not “\(other)”.")
        }
    }

    /// The page asked for: absent is 1; otherwise a whole number from 1.
    func page() throws -> Int {
        guard let text = values["page"] else { return 1 }
        guard let page = Int(text), (1...URLQuery.pageLimit).contains(page) else {
            throw WebError.badRequest("page is a whole number from 1, not “\(text)”.")
        }
        return page
    }
}

extension InsightRequest {
    /// The first insights parameter not written exactly as documented — empty, a scope or unit
    /// not among the values (case-sensitive), a day that is not one (even for a period that does
    /// not use it) — for the API's query and a share's parameters alike.
    static func strictProblem(in values: [String: String]) -> (field: String, message: String)? {
        for name in parameterNames.sorted() where values[name]?.isEmpty == true {
            return (name, "\(name) is empty: leave it out for the default.")
        }
        for (name, allowed) in [
            ("scope", InsightScope.allCases.map(\.rawValue)), ("unit", CountingUnit.allCases.map(\.rawValue)),
        ] {
            if let value = values[name], !allowed.contains(value) {
                return (name, "\(name) is one of \(allowed.joined(separator: ", ")), not “\(value)”.")
            }
        }
        for name in ["from", "to"] {
            if let day = values[name], LocalDate(day) == nil {
                return (name, "\(name) is a day written YYYY-MM-DD, not “\(day)”.")
            }
        }
        return nil
    }
}
