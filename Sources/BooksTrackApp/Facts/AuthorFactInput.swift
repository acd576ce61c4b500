import BooksTrackCore

/// The one check of author facts a person sends, from the web form and the API alike: which
/// facts change, to what canonical value, and why a value is refused.
public enum AuthorFactInput {
    /// The facts a person can set, in the order forms show them.
    public static let kinds: [AuthorFactKind] = [.gender, .country, .region, .marginalized, .birthYear, .deathYear]

    public static func label(_ kind: AuthorFactKind) -> String {
        switch kind {
        case .gender: "Gender"
        case .country: "Country"
        case .region: "Cultural region"
        case .marginalized: "From a marginalised community"
        case .birthYear: "Year of birth"
        case .deathYear: "Year of death"
        case .wikidataID: "Wikidata item"
        }
    }

    /// Why a value cannot be stored for a fact.
    public static func problem(_ kind: AuthorFactKind, _ value: String) -> String {
        kind == .country
            ? "“\(value)” is not a country BooksTrack knows; pick one from the list or use its ISO code."
            : "“\(value)” is not a valid \(label(kind).lowercased())."
    }

    /// The values a form shows for an author's current facts.
    public static func currentValues(_ author: Author) -> [String: String] {
        var values: [String: String] = [:]
        values[AuthorFactKind.gender.rawValue] = author.gender?.value.rawValue
        values[AuthorFactKind.country.rawValue] = author.country?.value.name
        values[AuthorFactKind.region.rawValue] = author.chosenRegion?.value.rawValue
        values[AuthorFactKind.marginalized.rawValue] = author.marginalized?.value.rawValue
        values[AuthorFactKind.birthYear.rawValue] = author.birthYear.map { String($0.value) }
        values[AuthorFactKind.deathYear.rawValue] = author.deathYear.map { String($0.value) }
        values[AuthorFactKind.wikidataID.rawValue] = author.wikidataID?.value
        return values
    }

    /// What a person asked to change.
    public struct Changes: Sendable {
        /// Each changed fact with its canonical value; `nil` clears it.
        public var facts: [(AuthorFactKind, String?)] = []
        /// Problems by field name (the fact's raw value, or the unknown name sent).
        public var errors: [String: String] = [:]
    }

    /// Checks sent facts against the author's current ones. A missing or empty value clears the
    /// fact; a value equal to the current one (after canonicalisation) changes nothing. The web
    /// form offers ``kinds``; the API also takes the Wikidata item.
    ///
    /// With `confirming`, a value equal to an automatic one (a look-up's, the bundled table's) is
    /// recorded as the person's: the API sends only the facts a person states, so each is a
    /// confirmation that no later look-up may replace. The web form sends every field it shows,
    /// so there only a change is recorded.
    public static func changes(
        _ sent: [String: String?], current author: Author, accepting accepted: [AuthorFactKind] = kinds,
        confirming: Bool = false
    ) -> Changes {
        let current = currentValues(author)
        // What a sent value is compared with: every current fact, or when confirming only those a
        // person stated.
        var stated = current
        if confirming {
            let people = Set(author.currentAssertions.filter { $0.provenance.source.isEnteredByPerson }.map(\.kind.rawValue))
            stated = current.filter { people.contains($0.key) }
        }
        var result = Changes()
        for name in sent.keys.sorted() {
            guard let kind = AuthorFactKind(rawValue: name), accepted.contains(kind) else {
                result.errors[name] = "Not a fact BooksTrack keeps."
                continue
            }
            let value = TextNormalization.trim(sent[name].flatMap { $0 } ?? "")
            let before = current[name] ?? ""
            if value.isEmpty {
                if !before.isEmpty { result.facts.append((kind, nil)) }
            } else if let canonical = kind.canonical(value) {
                if kind.canonical(stated[name] ?? "") != canonical { result.facts.append((kind, canonical)) }
            } else {
                result.errors[name] = problem(kind, value)
            }
        }
        // The years as they would stand after the change: a death before the birth is refused.
        func year(_ kind: AuthorFactKind) -> Int? {
            if let changed = result.facts.last(where: { $0.0 == kind }) { return changed.1.flatMap { Int($0) } }
            return current[kind.rawValue].flatMap { Int($0) }
        }
        if result.errors[AuthorFactKind.birthYear.rawValue] == nil, result.errors[AuthorFactKind.deathYear.rawValue] == nil,
            let born = year(.birthYear), let died = year(.deathYear), died < born
        {
            result.errors[AuthorFactKind.deathYear.rawValue] =
                "The year of death (\(died)) is before the year of birth (\(born)); check both."
        }
        return result
    }
}
