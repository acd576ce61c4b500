/// Country → cultural region, built on the UN M49 regions of ISO 3166 countries.
///
/// M49 is followed except where readers' usual idea of a region differs from the UN's
/// statistical grouping. Every exception is listed here and pinned by a test; the reasons are
/// in `docs/regions.md`:
///
/// - **Western Asia → Middle East**, including Turkey and Israel; **Egypt** and **Iran** join it
///   (M49 puts them in Northern Africa and Southern Asia), as most definitions of the Middle East do.
/// - **The Caucasus** (Armenia, Azerbaijan, Georgia) → **Central Asia**, the "Central Asia and
///   the Caucasus" grouping, rather than the Middle East M49 implies.
/// - **Cyprus** → Europe (M49: Western Asia).
/// - **Mexico and Central America** → **South America**, which BooksTrack uses in the sense of
///   Latin America; the **Caribbean** (M49's intermediate region) is its own region; Guyana,
///   Suriname and French Guiana stay in South America as in M49.
/// - Antarctica has no region.
///
/// Indigenous and International are never derived from a country.
public enum CountryRegions {
    /// The cultural region of a country, or `nil` when it has none (Antarctica).
    public static func region(for country: CountryCode) -> CulturalRegion? {
        if let override = overrides[country.alpha2] { return override }
        guard let row = rowsByAlpha2[country.alpha2] else { return nil }
        return region(
            m49Region: row.m49Region, subRegion: row.m49SubRegion,
            intermediateRegion: row.m49IntermediateRegion)
    }

    /// The M49 rule alone, before the exceptions above.
    static func region(m49Region: String, subRegion: String, intermediateRegion: String)
        -> CulturalRegion?
    {
        switch m49Region {
        case "Africa": return .africa
        case "Europe": return .europe
        case "Oceania": return .oceania
        case "Americas":
            if intermediateRegion == "Caribbean" { return .caribbean }
            if subRegion == "Northern America" { return .northAmerica }
            return .southAmerica
        case "Asia":
            switch subRegion {
            case "Western Asia": return .middleEast
            case "Central Asia": return .centralAsia
            default: return .asia
            }
        default: return nil
        }
    }

    /// Countries whose region differs from the M49 rule.
    static let overrides: [String: CulturalRegion] = [
        "EG": .middleEast, "IR": .middleEast,
        "AM": .centralAsia, "AZ": .centralAsia, "GE": .centralAsia,
        "CY": .europe,
        "XK": .europe,
    ]

    static let rowsByAlpha2: [String: CountryTable.Row] = {
        var map = Dictionary(uniqueKeysWithValues: CountryTable.rows.map { ($0.alpha2, $0) })
        map["XK"] = CountryTable.Row(
            alpha2: "XK", alpha3: "XKX", name: "Kosovo", m49Region: "Europe",
            m49SubRegion: "Southern Europe", m49IntermediateRegion: "", wikidataID: "Q1246")
        return map
    }()

    static let rowsByAlpha3: [String: CountryTable.Row] = Dictionary(
        uniqueKeysWithValues: rowsByAlpha2.values.map { ($0.alpha3, $0) })

    static let rowsByName: [String: CountryTable.Row] = {
        var map: [String: CountryTable.Row] = [:]
        for row in rowsByAlpha2.values { map[row.name.lowercased()] = row }
        for (alias, code) in nameAliases { map[alias] = rowsByAlpha2[code] }
        return map
    }()

    /// Everyday names that differ from the CLDR display name.
    static let nameAliases: [String: String] = [
        "usa": "US", "united states of america": "US", "america": "US", "uk": "GB", "us": "US",
        "great britain": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
        "northern ireland": "GB", "russian federation": "RU", "south korea": "KR",
        "north korea": "KP", "iran": "IR", "syria": "SY", "vietnam": "VN", "laos": "LA",
        "ivory coast": "CI", "czech republic": "CZ", "the netherlands": "NL", "holland": "NL",
        "palestine": "PS", "taiwan": "TW", "bolivia": "BO", "venezuela": "VE", "tanzania": "TZ",
        "moldova": "MD", "burma": "MM", "macedonia": "MK", "swaziland": "SZ", "turkey": "TR",
        "cape verde": "CV", "democratic republic of the congo": "CD", "drc": "CD",
        "republic of the congo": "CG", "east timor": "TL", "vatican": "VA", "brunei": "BN",
    ]
}
