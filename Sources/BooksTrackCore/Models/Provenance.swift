import Foundation

/// Where a fact about an author came from.
public enum FactSource: String, Sendable, Codable, Hashable, CaseIterable {
    /// A reader answered or edited it in BooksTrack.
    case user
    /// It came in a file a person prepared (for example a BooksTrack backup).
    case `import`
    /// Looked up on Wikidata.
    case wikidata
    /// Looked up on Open Library.
    case openLibrary
    /// From the author table that ships with BooksTrack (openly licensed datasets, see
    /// `docs/attribution.md`); the dataset is the provenance's ``Provenance/detail``.
    case bundled

    /// Facts entered by people always win over automatic ones (SPEC §3).
    public var isEnteredByPerson: Bool { self == .user || self == .import }

    /// Which statement stands when several sources disagree: a person's word, then a live
    /// lookup (Wikidata, Open Library), then the bundled table, which is a head start only.
    public var precedence: Int {
        switch self {
        case .user, .import: 2
        case .wikidata, .openLibrary: 1
        case .bundled: 0
        }
    }
}

/// Who recorded a fact, and when.
public struct Provenance: Hashable, Sendable, Codable {
    public var source: FactSource
    /// The reader who entered it, for ``FactSource/user`` facts whose reader is on this instance.
    public var userID: User.ID?
    public var recordedAt: Date
    /// Where exactly, for automatic sources: the Wikidata item (`Q42`), the Open Library record
    /// (`/authors/OL34184A`) or the bundled table's dataset (`post45-major-literary-prizes`).
    public var detail: String?

    public init(source: FactSource, userID: User.ID? = nil, recordedAt: Date, detail: String? = nil) {
        self.source = source
        self.userID = userID
        self.recordedAt = recordedAt
        self.detail = detail
    }
}

/// One statement about an author ("gender is female, said reader X on 2026-03-01").
///
/// The store keeps every assertion as history; the current value of a fact is the
/// ``winner(among:)`` of its assertions.
public struct AuthorFactAssertion: Hashable, Sendable, Codable {
    public var kind: AuthorFactKind
    /// The value in its canonical text form (see ``AuthorFactKind``); `nil` clears the fact.
    public var value: String?
    public var provenance: Provenance

    public init(kind: AuthorFactKind, value: String?, provenance: Provenance) {
        self.kind = kind
        self.value = value
        self.provenance = provenance
    }

    /// The assertion that stands: a person's latest statement; when no person has said
    /// anything, the latest live lookup; else the bundled table's (see
    /// ``FactSource/precedence``). Ties on time go to the later position in the list.
    public static func winner(among assertions: [AuthorFactAssertion]) -> AuthorFactAssertion? {
        guard let best = assertions.map(\.provenance.source.precedence).max() else { return nil }
        let pool = assertions.filter { $0.provenance.source.precedence == best }
        return pool.enumerated().max { lhs, rhs in
            (lhs.element.provenance.recordedAt, lhs.offset) < (rhs.element.provenance.recordedAt, rhs.offset)
        }?.element
    }
}

/// The facts BooksTrack keeps about an author, with their canonical text forms.
public enum AuthorFactKind: String, Sendable, Codable, Hashable, CaseIterable {
    /// ``Gender`` raw value.
    case gender
    /// ISO 3166 alpha-2 code.
    case country
    /// ``CulturalRegion`` raw value, when a person chose a region (it then wins over the
    /// country's region; Indigenous and International can only be chosen).
    case region
    /// ``YesNo`` raw value: marginalized identity as the reader records it.
    case marginalized
    /// A year, possibly negative.
    case birthYear
    case deathYear
    /// A Wikidata item id, `Q…`.
    case wikidataID

    /// Checks and canonicalises a value for this kind; `nil` when it is not valid.
    public func canonical(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch self {
        case .gender: return Gender(lenient: trimmed)?.rawValue
        case .country: return CountryCode(lenient: trimmed)?.alpha2
        case .region: return CulturalRegion(lenient: trimmed)?.rawValue
        case .marginalized: return YesNo(lenient: trimmed)?.rawValue
        case .birthYear, .deathYear:
            guard let year = Int(trimmed), (-5000...3000).contains(year) else { return nil }
            return String(year)
        case .wikidataID:
            let id = trimmed.split(separator: "/").last.map { $0.uppercased() } ?? ""
            guard id.first == "Q", id.count > 1, id.dropFirst().allSatisfy(\.isASCIIDigit) else { return nil }
            return id
        }
    }
}

/// A fact's current value with its provenance.
public struct AuthorFact<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    public var value: Value
    public var provenance: Provenance

    public init(value: Value, provenance: Provenance) {
        self.value = value
        self.provenance = provenance
    }
}
