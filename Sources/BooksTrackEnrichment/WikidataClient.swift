import BooksTrackCore
import Foundation

/// What Wikidata says about a person, in BooksTrack's terms.
public struct WikidataPerson: Sendable, Hashable {
    public var entity: WikidataEntity

    public init(_ entity: WikidataEntity) { self.entity = entity }

    public var id: String { entity.id }
    /// P31 "instance of" human (Q5).
    public var isHuman: Bool { entity.allItems("P31").contains("Q5") }

    /// P21 at its best rank. An unknown value ("some value"), no value or an item BooksTrack does
    /// not know leaves gender unknown: it is never guessed, from a name or otherwise.
    public var gender: Gender? {
        for value in entity.best("P21") {
            if case .item(let id) = value, let gender = Self.genders[id] { return gender }
        }
        return nil
    }

    static let genders: [String: Gender] = [
        "Q6581097": .male, "Q6581072": .female, "Q48270": .nonBinary, "Q2449503": .male, "Q1052281": .female,
        "Q15145778": .male, "Q15145779": .female, "Q18116794": .nonBinary, "Q505371": .nonBinary, "Q12964198": .nonBinary,
        "Q1097630": .other, "Q3277905": .other, "Q859614": .other,
    ]

    /// P27 "country of citizenship" at its best rank (preferred over normal, deprecated never),
    /// as countries BooksTrack knows: a present-day country first, else a historical state with
    /// its region. Values that are not states (an ethnic group) are skipped.
    public var citizenship: WikidataCountry? {
        let known = entity.items("P27").compactMap(WikidataCountry.resolve)
        return known.first { $0.country != nil } ?? known.first
    }

    /// P19 "place of birth", an item to resolve to its country when citizenship is unknown.
    public var birthPlace: String? { entity.items("P19").first }
    public var birthYear: Int? { entity.year("P569") }
    public var deathYear: Int? { entity.year("P570") }

    /// Occupations (P106) that tie a person to books.
    static let bookish: Set<String> = [
        "Q36180",  // writer
        "Q6625963",  // novelist
        "Q49757",  // poet
        "Q482980",  // author
        "Q4853732",  // children's writer
        "Q18844224",  // science fiction writer
        "Q11774202",  // essayist
        "Q214917",  // playwright
        "Q15949613",  // short story writer
        "Q864380",  // biographer
        "Q4263842",  // literary critic
        "Q18814623",  // autobiographer
        "Q333634",  // translator
        "Q1930187",  // journalist
        "Q3745071",  // science writer
        "Q12144794",  // prosaist
        "Q10297252",  // crime writer
        "Q18814623",  // memoirist
        "Q1607826",  // editor
        "Q6430706",  // fantasy writer
    ]

    /// Whether the person's occupations tie them to books.
    public var isWriter: Bool { entity.allItems("P106").contains { Self.bookish.contains($0) } }

    /// Whether one of the person's names is this name (spelling, accents and case folded).
    public func isNamed(_ name: String) -> Bool {
        let key = AuthorTable.key(name)
        return entity.names.contains { AuthorTable.key($0) == key }
    }

    /// "English writer and journalist, born 1942".
    public var summary: String {
        var parts: [String] = []
        if let description = entity.description, !description.isEmpty { parts.append(description) }
        if let birthYear { parts.append(birthYear < 0 ? "born \(-birthYear) BCE" : "born \(birthYear)") }
        return parts.joined(separator: ", ")
    }

    /// The person's facts as Wikidata statements about the author. `birthCountry` is the
    /// country of the place of birth, used only when citizenship is unknown.
    public func facts(at now: Date, birthCountry: WikidataCountry? = nil) -> [AuthorFactAssertion] {
        let provenance = Provenance(source: .wikidata, recordedAt: now, detail: id)
        var out = [AuthorFactAssertion(kind: .wikidataID, value: id, provenance: provenance)]
        if let gender { out.append(.init(kind: .gender, value: gender.rawValue, provenance: provenance)) }
        if let place = citizenship ?? birthCountry {
            if let country = place.country {
                out.append(.init(kind: .country, value: country.alpha2, provenance: provenance))
            } else {
                // A historical state with no present-day country (the Soviet Union): its region.
                out.append(.init(kind: .region, value: place.region.rawValue, provenance: provenance))
            }
        }
        if let birthYear { out.append(.init(kind: .birthYear, value: String(birthYear), provenance: provenance)) }
        if let deathYear { out.append(.init(kind: .deathYear, value: String(deathYear), provenance: provenance)) }
        return out
    }
}

/// Who an author's name is, as far as Wikidata can tell without guessing.
public enum AuthorMatch: Sendable, Hashable {
    /// One person, tied to books: their facts can be recorded.
    case found(WikidataPerson)
    /// Several people (or one among namesakes) might be meant: the reader is asked.
    case ambiguous([WikidataPerson])
    /// Nobody who writes books goes by this name.
    case none

    /// Decides among the people a search found (SPEC F8: matching that refuses to guess). A
    /// person is accepted only when they are a human of this name whose occupation ties them to
    /// books, and nobody else of this name is a human: with namesakes, every bookish one becomes
    /// a question for the reader.
    public static func decide(name: String, among entities: [WikidataEntity]) -> AuthorMatch {
        let people = entities.map(WikidataPerson.init).filter(\.isHuman)
        var seen = Set<String>()
        let named = people.filter { $0.isNamed(name) && seen.insert($0.id).inserted }
        let writers = named.filter(\.isWriter)
        if named.count == 1, let only = writers.first { return .found(only) }
        if !writers.isEmpty { return .ambiguous(writers) }
        return .none
    }
}

/// Wikidata's action API (`/w/api.php`): full-text search for names, entities by id (50 at a
/// time), with `maxlag=5` as Wikimedia asks of bots, and errors read from the body (Wikidata
/// answers them with HTTP 200).
public struct WikidataClient: Sendable {
    public let fetcher: Fetcher

    public init(fetcher: Fetcher) { self.fetcher = fetcher }

    /// The item ids a full-text search for a name finds, best first (at most 10).
    public func search(_ name: String) async throws -> [String] {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        let response = try await api([
            ("action", "query"), ("format", "json"), ("list", "search"), ("srsearch", trimmed), ("srlimit", "10"),
            ("sroffset", "0"),
        ])
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
            throw ProviderError.malformed("search answer is not JSON")
        }
        if let error = object["error"] as? [String: Any] {
            if error["code"] as? String == "srnosearch" { return [] }
            throw WikidataAPIError(code: error["code"] as? String ?? "unknown", info: error["info"] as? String ?? "")
        }
        let hits = (object["query"] as? [String: Any])?["search"] as? [[String: Any]] ?? []
        return hits.compactMap { hit in
            guard let title = hit["title"] as? String else { return nil }
            // Items are in the main namespace ("Q42"); other namespaces carry a prefix.
            let id = title.split(separator: ":").last.map(String.init) ?? title
            return id.first == "Q" && Int(id.dropFirst()) != nil ? id : nil
        }
    }

    /// Entities by id, keyed by the id asked for (redirects resolved). Missing ids are absent.
    public func entities(_ ids: [String]) async throws -> [String: WikidataEntity] {
        var out: [String: WikidataEntity] = [:]
        var unique: [String] = []
        for id in ids where !unique.contains(id) { unique.append(id) }
        var start = 0
        while start < unique.count {
            let batch = Array(unique[start..<min(start + 50, unique.count)])
            let response = try await api([
                ("action", "wbgetentities"), ("format", "json"), ("ids", batch.joined(separator: "|")),
            ])
            do {
                for (key, entity) in try WikidataEntity.entities(in: response.body, requested: batch) { out[key] = entity }
            } catch let error as WikidataAPIError where error.code == "no-such-entity" {
                // A malformed or unknown id in the batch: nothing to learn from it.
            }
            start += 50
        }
        return out
    }

    /// One API request, retried while Wikidata says it is lagging.
    func api(_ query: [(String, String)]) async throws -> HTTPResponse {
        let url = fetcher.url("/w/api.php", query + [("maxlag", "5")])
        let response = try await fetcher.get(url) { response in
            Self.isMaxlag(response.body) ? .seconds(5) : nil
        }
        guard response.status == 200 else { throw ProviderError.unavailable("HTTP \(response.status)") }
        return response
    }

    static func isMaxlag(_ body: Data) -> Bool {
        guard body.count < 4_096, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            return false
        }
        return (object["error"] as? [String: Any])?["code"] as? String == "maxlag"
    }
}
