import BooksTrackCore
import Foundation

/// A Wikidata item as BooksTrack reads it, from any of the four shapes Wikidata answers in:
/// `wbgetentities` (`{"entities":{…},"success":1}`), `Special:EntityData` (`{"entities":{…}}`),
/// a bare entity object, and the REST API's own shape (`statements`, plain-string labels,
/// `value.content`).
public struct WikidataEntity: Sendable, Hashable {
    public enum Rank: Int, Sendable, Hashable, Comparable {
        case deprecated = 0
        case normal = 1
        case preferred = 2
        public static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One statement's main value.
    public enum Value: Sendable, Hashable {
        case item(String)
        /// A time with its precision (9 year, 10 month, 11 day; 7 century…).
        case time(String, precision: Int)
        case text(String)
        /// "Some value" (`somevalue`: known to exist, not known what) or no value (`novalue`).
        case unknown
        case none
    }

    public struct Statement: Sendable, Hashable {
        public var rank: Rank
        public var value: Value
    }

    public var id: String
    public var labels: [String: String]
    public var descriptions: [String: String]
    public var aliases: [String: [String]]
    public var claims: [String: [Statement]]

    /// Values of a property at their best rank: preferred over normal, deprecated never.
    public func best(_ property: String) -> [Value] {
        let usable = (claims[property] ?? []).filter { $0.rank != .deprecated }
        guard let top = usable.map(\.rank).max() else { return [] }
        return usable.filter { $0.rank == top }.map(\.value)
    }

    /// Item ids of a property at its best rank.
    public func items(_ property: String) -> [String] {
        best(property).compactMap { if case .item(let id) = $0 { id } else { nil } }
    }

    /// Every item id a property names, whatever the rank (for "is a writer" checks).
    public func allItems(_ property: String) -> [String] {
        (claims[property] ?? []).filter { $0.rank != .deprecated }.compactMap {
            if case .item(let id) = $0.value { id } else { nil }
        }
    }

    /// The label in English, else the multilingual (`mul`) label, else English variants, else
    /// any label (by language code, so always the same one).
    public var label: String? { Self.pick(labels) }
    public var description: String? { descriptions["en"] ?? descriptions["mul"] ?? descriptions["en-gb"] }

    static func pick(_ map: [String: String]) -> String? {
        for language in ["en", "mul", "en-gb", "en-us", "en-ca"] { if let text = map[language] { return text } }
        return map.keys.sorted().first.flatMap { map[$0] }
    }

    /// Every name the item goes by, in every language.
    public var names: [String] { Array(labels.values) + aliases.values.flatMap { $0 } }

    /// The year of a time property at its best rank, when known to the year or better; a
    /// century or a millennium is not a year.
    public func year(_ property: String) -> Int? {
        for value in best(property) {
            if case .time(let text, let precision) = value, precision >= 9, let year = Self.year(text) { return year }
        }
        return nil
    }

    /// `+1952-03-11T00:00:00Z`, `+00000001952-03-11T…`, `-0274-00-00T…` → 1952, 1952, -274.
    static func year(_ text: String) -> Int? {
        guard let first = text.first else { return nil }
        let negative = first == "-"
        let digits = text.drop(while: { $0 == "+" || $0 == "-" }).prefix(while: \.isNumber)
        guard !digits.isEmpty, let value = Int(digits) else { return nil }
        return negative ? -value : value
    }
}

extension WikidataEntity {
    /// The entities of any Wikidata answer, keyed by the id they were asked for (a redirect is
    /// found under the id asked for, whatever key the answer uses). Missing entities are left out.
    /// Throws ``WikidataAPIError`` when the answer is an API error.
    public static func entities(in data: Data, requested: [String] = []) throws -> [String: WikidataEntity] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ProviderError.malformed("not a JSON object")
        }
        if let error = object["error"] as? [String: Any] {
            throw WikidataAPIError(code: error["code"] as? String ?? "unknown", info: error["info"] as? String ?? "")
        }
        var found: [String: WikidataEntity] = [:]
        if let entities = object["entities"] as? [String: Any] {
            for (key, value) in entities {
                guard let body = value as? [String: Any], body["missing"] == nil, let entity = parse(body) else { continue }
                found[key] = entity
                found[entity.id] = entity
                if let redirect = body["redirects"] as? [String: Any], let from = redirect["from"] as? String {
                    found[from] = entity
                }
            }
        } else if let entity = parse(object) {
            found[entity.id] = entity
        }
        // Special:EntityData keys a redirect by its target: find it under what was asked.
        for id in requested where found[id] == nil && found.count == 1 && requested.count == 1 {
            found[id] = found.values.first
        }
        return found
    }

    /// One entity object in the action API's or the REST API's shape.
    static func parse(_ body: [String: Any]) -> WikidataEntity? {
        guard let id = body["id"] as? String else { return nil }
        func texts(_ key: String) -> [String: String] {
            var out: [String: String] = [:]
            for (language, value) in body[key] as? [String: Any] ?? [:] {
                if let text = value as? String {
                    out[language] = text
                } else if let text = (value as? [String: Any])?["value"] as? String {
                    out[language] = text
                }
            }
            return out
        }
        var aliases: [String: [String]] = [:]
        for (language, value) in body["aliases"] as? [String: Any] ?? [:] {
            aliases[language] = (value as? [Any] ?? []).compactMap {
                ($0 as? String) ?? (($0 as? [String: Any])?["value"] as? String)
            }
        }
        var claims: [String: [Statement]] = [:]
        let rest = body["statements"] as? [String: Any]
        for (property, list) in (body["claims"] as? [String: Any]) ?? rest ?? [:] {
            claims[property] = (list as? [[String: Any]] ?? []).compactMap { statement($0, rest: rest != nil) }
        }
        return WikidataEntity(
            id: id, labels: texts("labels"), descriptions: texts("descriptions"), aliases: aliases, claims: claims)
    }

    static func statement(_ body: [String: Any], rest: Bool) -> Statement? {
        let rank: Rank =
            switch body["rank"] as? String {
            case "preferred": .preferred
            case "deprecated": .deprecated
            default: .normal
            }
        if rest {
            // REST: {"rank","property":{"id","data_type"},"value":{"type":"value|somevalue|novalue","content":…}}
            guard let value = body["value"] as? [String: Any] else { return nil }
            switch value["type"] as? String {
            case "somevalue": return Statement(rank: rank, value: .unknown)
            case "novalue": return Statement(rank: rank, value: .none)
            default: break
            }
            let type = (body["property"] as? [String: Any])?["data_type"] as? String
            if let content = value["content"] as? String {
                return Statement(
                    rank: rank,
                    value: type == "wikibase-item" || content.first == "Q" && Int(content.dropFirst()) != nil
                        ? .item(content) : .text(content))
            }
            if let content = value["content"] as? [String: Any], let time = content["time"] as? String {
                return Statement(rank: rank, value: .time(time, precision: content["precision"] as? Int ?? 11))
            }
            return nil
        }
        guard let snak = body["mainsnak"] as? [String: Any] else { return nil }
        switch snak["snaktype"] as? String {
        case "somevalue": return Statement(rank: rank, value: .unknown)
        case "novalue": return Statement(rank: rank, value: .none)
        default: break
        }
        guard let datavalue = snak["datavalue"] as? [String: Any] else { return nil }
        switch datavalue["type"] as? String {
        case "wikibase-entityid":
            guard let value = datavalue["value"] as? [String: Any] else { return nil }
            if let id = value["id"] as? String { return Statement(rank: rank, value: .item(id)) }
            // Before 2016 only the number was sent.
            if let number = value["numeric-id"] as? Int {
                let prefix = (value["entity-type"] as? String) == "property" ? "P" : "Q"
                return Statement(rank: rank, value: .item("\(prefix)\(number)"))
            }
            return nil
        case "time":
            guard let value = datavalue["value"] as? [String: Any], let time = value["time"] as? String else { return nil }
            return Statement(rank: rank, value: .time(time, precision: value["precision"] as? Int ?? 11))
        case "string":
            return (datavalue["value"] as? String).map { Statement(rank: rank, value: .text($0)) }
        default:
            return nil
        }
    }
}

/// An error Wikidata reported in the body of an HTTP 200 answer (`no-such-entity`, `maxlag`…).
public struct WikidataAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: String
    public var info: String
    public var description: String { "Wikidata error \(code): \(info)" }
}
