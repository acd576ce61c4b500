import Foundation

/// A person who wrote (or translated, illustrated…) books. Authors are shared by every reader
/// on the instance, and so are the facts curated about them.
public struct Author: Hashable, Sendable, Codable, Identifiable {
    public typealias ID = TypedID<Author>

    public var id: ID
    public var name: String
    public var sortName: String
    public var gender: AuthorFact<Gender>?
    public var country: AuthorFact<CountryCode>?
    /// A region a person chose; see ``region``.
    public var chosenRegion: AuthorFact<CulturalRegion>?
    public var marginalized: AuthorFact<YesNo>?
    public var birthYear: AuthorFact<Int>?
    public var deathYear: AuthorFact<Int>?
    public var wikidataID: AuthorFact<String>?

    public init(id: ID = .random(), name: String, sortName: String? = nil) {
        self.id = id
        self.name = PersonName.clean(name)
        self.sortName = sortName ?? PersonName.sortName(name)
    }

    /// The key that decides whether two spellings are the same author (SPEC F2): case, accents
    /// and runs of spaces are folded. `Author l-f` columns are never used for this.
    public var nameKey: String { TextNormalization.nameKey(name) }

    /// The author's cultural region: one a person chose, else the region of their country.
    public var region: CulturalRegion? { chosenRegion?.value ?? country?.value.region }

    /// Sets the current facts from the winning assertions of each kind (see
    /// ``AuthorFactAssertion/winner(among:)``). Invalid stored values are ignored.
    public mutating func apply(assertions: [AuthorFactAssertion]) {
        let byKind = Dictionary(grouping: assertions, by: \.kind)
        func current<V>(_ kind: AuthorFactKind, _ parse: (String) -> V?) -> AuthorFact<V>? {
            guard let winner = AuthorFactAssertion.winner(among: byKind[kind] ?? []),
                let text = winner.value, let value = parse(text)
            else { return nil }
            return AuthorFact(value: value, provenance: winner.provenance)
        }
        gender = current(.gender) { Gender(rawValue: $0) }
        country = current(.country) { CountryCode(lenient: $0) }
        chosenRegion = current(.region) { CulturalRegion(rawValue: $0) }
        marginalized = current(.marginalized) { YesNo(rawValue: $0) }
        birthYear = current(.birthYear) { Int($0) }
        deathYear = current(.deathYear) { Int($0) }
        wikidataID = current(.wikidataID) { $0 }
    }

    /// The current facts as assertions (the inverse of ``apply(assertions:)``).
    public var currentAssertions: [AuthorFactAssertion] {
        var out: [AuthorFactAssertion] = []
        func add<V>(_ kind: AuthorFactKind, _ fact: AuthorFact<V>?, _ text: (V) -> String) {
            if let fact { out.append(.init(kind: kind, value: text(fact.value), provenance: fact.provenance)) }
        }
        add(.gender, gender) { $0.rawValue }
        add(.country, country) { $0.alpha2 }
        add(.region, chosenRegion) { $0.rawValue }
        add(.marginalized, marginalized) { $0.rawValue }
        add(.birthYear, birthYear) { String($0) }
        add(.deathYear, deathYear) { String($0) }
        add(.wikidataID, wikidataID) { $0 }
        return out
    }
}
