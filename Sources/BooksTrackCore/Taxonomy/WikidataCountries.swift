/// What a Wikidata "country" item (the value of P27 country of citizenship or the country of
/// P19 place of birth) means for BooksTrack: a present-day country, or a historical state with
/// the cultural region it is counted in.
public struct WikidataCountry: Sendable, Hashable {
    /// The Wikidata item, e.g. `Q15180`.
    public let qid: String
    /// The item's English name.
    public let name: String
    /// The present-day country, when the item is one (or is its territory, like "Ireland" the island).
    public let country: CountryCode?
    /// The region it counts in.
    public let region: CulturalRegion

    /// Resolves a Wikidata item id (`Q29`, `q29`, or a `…/wiki/Q29` URL). Unknown items are `nil`.
    public static func resolve(_ text: String) -> WikidataCountry? {
        let qid = text.split(separator: "/").last.map { $0.uppercased() } ?? ""
        return byQID[qid]
    }

    static let byQID: [String: WikidataCountry] = {
        var map: [String: WikidataCountry] = [:]
        for row in CountryRegions.rowsByAlpha2.values where !row.wikidataID.isEmpty {
            let code = CountryCode(lenient: row.alpha2)!
            guard let region = code.region else { continue }
            map[row.wikidataID] = WikidataCountry(
                qid: row.wikidataID, name: row.name, country: code, region: region)
        }
        for (qid, name, alpha2) in modernAliases {
            let code = CountryCode(lenient: alpha2)!
            map[qid] = WikidataCountry(qid: qid, name: name, country: code, region: code.region!)
        }
        for (qid, name, region) in historicalStates {
            map[qid] = WikidataCountry(qid: qid, name: name, country: nil, region: region)
        }
        return map
    }()

    /// Items that stand for a present-day country under another id than the one in the ISO table.
    static let modernAliases: [(String, String, String)] = [
        ("Q55", "Netherlands", "NL"),
        ("Q1030", "Namibia", "NA"),
        ("Q22502", "Taiwan", "TW"),
        ("Q6250", "Western Sahara", "EH"),
        ("Q1246", "Kosovo", "XK"),
        ("Q22890", "Ireland (island)", "IE"),
        ("Q84", "London", "GB"),
        ("Q756617", "Kingdom of Denmark", "DK"),
        ("Q179876", "Kingdom of England", "GB"),
    ]

    /// Historical states that Wikidata's "country of citizenship" often returns, each counted in
    /// the region where most of its territory and literature lay. The list follows the WIGI
    /// country map in `Tests/Fixtures/regions`; the choices are explained in `docs/regions.md`.
    static let historicalStates: [(String, String, CulturalRegion)] = [
        ("Q15180", "Soviet Union", .europe),
        ("Q34266", "Russian Empire", .europe),
        ("Q12560", "Ottoman Empire", .middleEast),
        ("Q38872", "Prussia", .europe),
        ("Q43287", "German Empire", .europe),
        ("Q7318", "Nazi Germany", .europe),
        ("Q16957", "East Germany", .europe),
        ("Q164079", "Kingdom of Hanover", .europe),
        ("Q28513", "Austria-Hungary", .europe),
        ("Q171150", "Kingdom of Hungary", .europe),
        ("Q33946", "Czechoslovakia", .europe),
        ("Q83286", "Socialist Federal Republic of Yugoslavia", .europe),
        ("Q2277", "Roman Empire", .europe),
        ("Q1747689", "Ancient Rome", .europe),
        ("Q844930", "Classical Athens", .europe),
        ("Q129286", "British Raj", .asia),
        ("Q9903", "Ming dynasty", .asia),
        ("Q8733", "Qing dynasty", .asia),
        ("Q6581823", "Southern Netherlands", .europe),
        ("Q180573", "South Vietnam", .asia),
        ("Q18097", "Korea", .asia),
        ("Q93180", "Seleucid Empire", .middleEast),
        ("Q55502", "Kingdom of Jerusalem", .middleEast),
        ("Q193619", "Union of South Africa", .africa),
        ("Q382593", "New Netherland", .northAmerica),
        ("Q23334", "Abkhazia", .centralAsia),
        ("Q282475", "Kingdom of Kartli-Kakheti", .centralAsia),
    ]
}
