/// The language most of a country's writers write in, for the countries where one clearly
/// dominates: what a question about a book's original language offers first when its author's
/// country is known (issue 44 item 9). Countries of several literary languages (India, Canada,
/// Switzerland, Belgium, Nigeria, …) have none: no answer is better than a wrong first guess.
extension CountryCode {
    public var mainLanguage: LanguageCode? {
        Self.mainLanguages[alpha2].flatMap { LanguageCode(lenient: $0) }
    }

    private static let mainLanguages: [String: String] = [
        "AR": "es", "AT": "de", "AU": "en", "BR": "pt", "BG": "bg", "CL": "es", "CN": "zh", "CO": "es", "CU": "es",
        "CZ": "cs", "DE": "de", "DK": "da", "EG": "ar", "ES": "es", "FI": "fi", "FR": "fr", "GB": "en", "GR": "el",
        "HR": "hr", "HU": "hu", "ID": "id", "IE": "en", "IL": "he", "IQ": "ar", "IR": "fa", "IS": "is", "IT": "it",
        "JP": "ja", "KR": "ko", "LB": "ar", "MX": "es", "NL": "nl", "NO": "no", "NZ": "en", "PE": "es", "PL": "pl",
        "PT": "pt", "RO": "ro", "RS": "sr", "RU": "ru", "SA": "ar", "SE": "sv", "SK": "sk", "SY": "ar", "TH": "th",
        "TR": "tr", "TW": "zh", "UA": "uk", "US": "en", "UY": "es", "VE": "es", "VN": "vi",
    ]
}
