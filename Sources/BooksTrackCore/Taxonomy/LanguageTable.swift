/// The languages BooksTrack knows by name, with their ISO 639 codes.
///
/// A code or name missing here is not guessed: the importer keeps the book and warns that the
/// language was not recognised.
enum LanguageTable {
    struct Entry: Sendable {
        let code: String
        let name: String
        let otherCodes: [String]
        let otherNames: [String]
    }

    static let entries: [Entry] = [
        .init(code: "en", name: "English", otherCodes: ["eng"], otherNames: []),
        .init(code: "fr", name: "French", otherCodes: ["fre", "fra"], otherNames: []),
        .init(code: "de", name: "German", otherCodes: ["ger", "deu"], otherNames: []),
        .init(code: "es", name: "Spanish", otherCodes: ["spa"], otherNames: ["Castilian"]),
        .init(code: "it", name: "Italian", otherCodes: ["ita"], otherNames: []),
        .init(code: "pt", name: "Portuguese", otherCodes: ["por"], otherNames: []),
        .init(code: "nl", name: "Dutch", otherCodes: ["dut", "nld"], otherNames: ["Flemish"]),
        .init(code: "sv", name: "Swedish", otherCodes: ["swe"], otherNames: []),
        .init(code: "no", name: "Norwegian", otherCodes: ["nor"], otherNames: ["Norwegian Bokmål", "Bokmål"]),
        .init(code: "nb", name: "Norwegian Bokmål", otherCodes: ["nob"], otherNames: []),
        .init(code: "nn", name: "Norwegian Nynorsk", otherCodes: ["nno"], otherNames: ["Nynorsk"]),
        .init(code: "da", name: "Danish", otherCodes: ["dan"], otherNames: []),
        .init(code: "fi", name: "Finnish", otherCodes: ["fin"], otherNames: []),
        .init(code: "is", name: "Icelandic", otherCodes: ["ice", "isl"], otherNames: []),
        .init(code: "ga", name: "Irish", otherCodes: ["gle"], otherNames: ["Irish Gaelic"]),
        .init(code: "gd", name: "Scottish Gaelic", otherCodes: ["gla"], otherNames: ["Gaelic"]),
        .init(code: "cy", name: "Welsh", otherCodes: ["wel", "cym"], otherNames: []),
        .init(code: "br", name: "Breton", otherCodes: ["bre"], otherNames: []),
        .init(code: "eu", name: "Basque", otherCodes: ["baq", "eus"], otherNames: []),
        .init(code: "ca", name: "Catalan", otherCodes: ["cat"], otherNames: []),
        .init(code: "gl", name: "Galician", otherCodes: ["glg"], otherNames: []),
        .init(code: "pl", name: "Polish", otherCodes: ["pol"], otherNames: []),
        .init(code: "cs", name: "Czech", otherCodes: ["cze", "ces"], otherNames: []),
        .init(code: "sk", name: "Slovak", otherCodes: ["slo", "slk"], otherNames: []),
        .init(code: "sl", name: "Slovenian", otherCodes: ["slv"], otherNames: ["Slovene"]),
        .init(code: "hr", name: "Croatian", otherCodes: ["hrv"], otherNames: []),
        .init(code: "sr", name: "Serbian", otherCodes: ["srp"], otherNames: []),
        .init(code: "bs", name: "Bosnian", otherCodes: ["bos"], otherNames: []),
        .init(code: "mk", name: "Macedonian", otherCodes: ["mac", "mkd"], otherNames: []),
        .init(code: "bg", name: "Bulgarian", otherCodes: ["bul"], otherNames: []),
        .init(code: "ro", name: "Romanian", otherCodes: ["rum", "ron"], otherNames: ["Moldovan"]),
        .init(code: "hu", name: "Hungarian", otherCodes: ["hun"], otherNames: ["Magyar"]),
        .init(code: "et", name: "Estonian", otherCodes: ["est"], otherNames: []),
        .init(code: "lv", name: "Latvian", otherCodes: ["lav"], otherNames: []),
        .init(code: "lt", name: "Lithuanian", otherCodes: ["lit"], otherNames: []),
        .init(code: "ru", name: "Russian", otherCodes: ["rus"], otherNames: []),
        .init(code: "uk", name: "Ukrainian", otherCodes: ["ukr"], otherNames: []),
        .init(code: "be", name: "Belarusian", otherCodes: ["bel"], otherNames: []),
        .init(code: "el", name: "Greek", otherCodes: ["gre", "ell"], otherNames: ["Modern Greek", "Greek (Modern)"]),
        .init(
            code: "grc", name: "Ancient Greek", otherCodes: [],
            otherNames: ["Greek (Ancient)", "Classical Greek", "Greek, Ancient (to 1453)"]),
        .init(code: "la", name: "Latin", otherCodes: ["lat"], otherNames: []),
        .init(code: "sq", name: "Albanian", otherCodes: ["alb", "sqi"], otherNames: []),
        .init(code: "hy", name: "Armenian", otherCodes: ["arm", "hye"], otherNames: []),
        .init(code: "ka", name: "Georgian", otherCodes: ["geo", "kat"], otherNames: []),
        .init(code: "az", name: "Azerbaijani", otherCodes: ["aze"], otherNames: ["Azeri"]),
        .init(code: "kk", name: "Kazakh", otherCodes: ["kaz"], otherNames: []),
        .init(code: "ky", name: "Kyrgyz", otherCodes: ["kir"], otherNames: ["Kirghiz"]),
        .init(code: "uz", name: "Uzbek", otherCodes: ["uzb"], otherNames: []),
        .init(code: "tk", name: "Turkmen", otherCodes: ["tuk"], otherNames: []),
        .init(code: "tg", name: "Tajik", otherCodes: ["tgk"], otherNames: []),
        .init(code: "mn", name: "Mongolian", otherCodes: ["mon"], otherNames: []),
        .init(code: "tr", name: "Turkish", otherCodes: ["tur"], otherNames: []),
        .init(code: "ar", name: "Arabic", otherCodes: ["ara"], otherNames: []),
        .init(code: "he", name: "Hebrew", otherCodes: ["heb"], otherNames: []),
        .init(code: "yi", name: "Yiddish", otherCodes: ["yid"], otherNames: []),
        .init(code: "fa", name: "Persian", otherCodes: ["per", "fas"], otherNames: ["Farsi"]),
        .init(code: "ps", name: "Pashto", otherCodes: ["pus"], otherNames: []),
        .init(code: "ku", name: "Kurdish", otherCodes: ["kur"], otherNames: []),
        .init(code: "ur", name: "Urdu", otherCodes: ["urd"], otherNames: []),
        .init(code: "hi", name: "Hindi", otherCodes: ["hin"], otherNames: []),
        .init(code: "bn", name: "Bengali", otherCodes: ["ben"], otherNames: ["Bangla"]),
        .init(code: "pa", name: "Punjabi", otherCodes: ["pan"], otherNames: ["Panjabi"]),
        .init(code: "gu", name: "Gujarati", otherCodes: ["guj"], otherNames: []),
        .init(code: "mr", name: "Marathi", otherCodes: ["mar"], otherNames: []),
        .init(code: "ta", name: "Tamil", otherCodes: ["tam"], otherNames: []),
        .init(code: "te", name: "Telugu", otherCodes: ["tel"], otherNames: []),
        .init(code: "kn", name: "Kannada", otherCodes: ["kan"], otherNames: []),
        .init(code: "ml", name: "Malayalam", otherCodes: ["mal"], otherNames: []),
        .init(code: "si", name: "Sinhala", otherCodes: ["sin"], otherNames: ["Sinhalese"]),
        .init(code: "ne", name: "Nepali", otherCodes: ["nep"], otherNames: []),
        .init(code: "sa", name: "Sanskrit", otherCodes: ["san"], otherNames: []),
        .init(code: "zh", name: "Chinese", otherCodes: ["chi", "zho"], otherNames: ["Mandarin"]),
        .init(code: "yue", name: "Cantonese", otherCodes: [], otherNames: []),
        .init(code: "ja", name: "Japanese", otherCodes: ["jpn"], otherNames: []),
        .init(code: "ko", name: "Korean", otherCodes: ["kor"], otherNames: []),
        .init(code: "vi", name: "Vietnamese", otherCodes: ["vie"], otherNames: []),
        .init(code: "th", name: "Thai", otherCodes: ["tha"], otherNames: []),
        .init(code: "lo", name: "Lao", otherCodes: ["lao"], otherNames: []),
        .init(code: "km", name: "Khmer", otherCodes: ["khm"], otherNames: ["Cambodian"]),
        .init(code: "my", name: "Burmese", otherCodes: ["bur", "mya"], otherNames: ["Myanmar"]),
        .init(code: "id", name: "Indonesian", otherCodes: ["ind"], otherNames: []),
        .init(code: "ms", name: "Malay", otherCodes: ["may", "msa"], otherNames: []),
        .init(code: "tl", name: "Tagalog", otherCodes: ["tgl", "fil"], otherNames: ["Filipino"]),
        .init(code: "sw", name: "Swahili", otherCodes: ["swa"], otherNames: ["Kiswahili"]),
        .init(code: "am", name: "Amharic", otherCodes: ["amh"], otherNames: []),
        .init(code: "so", name: "Somali", otherCodes: ["som"], otherNames: []),
        .init(code: "yo", name: "Yoruba", otherCodes: ["yor"], otherNames: []),
        .init(code: "ig", name: "Igbo", otherCodes: ["ibo"], otherNames: []),
        .init(code: "ha", name: "Hausa", otherCodes: ["hau"], otherNames: []),
        .init(code: "zu", name: "Zulu", otherCodes: ["zul"], otherNames: ["isiZulu"]),
        .init(code: "xh", name: "Xhosa", otherCodes: ["xho"], otherNames: ["isiXhosa"]),
        .init(code: "af", name: "Afrikaans", otherCodes: ["afr"], otherNames: []),
        .init(code: "ki", name: "Gikuyu", otherCodes: ["kik"], otherNames: ["Kikuyu"]),
        .init(code: "rw", name: "Kinyarwanda", otherCodes: ["kin"], otherNames: []),
        .init(code: "sn", name: "Shona", otherCodes: ["sna"], otherNames: []),
        .init(code: "ti", name: "Tigrinya", otherCodes: ["tir"], otherNames: []),
        .init(code: "wo", name: "Wolof", otherCodes: ["wol"], otherNames: []),
        .init(code: "mg", name: "Malagasy", otherCodes: ["mlg"], otherNames: []),
        .init(code: "ht", name: "Haitian Creole", otherCodes: ["hat"], otherNames: ["Haitian"]),
        .init(code: "qu", name: "Quechua", otherCodes: ["que"], otherNames: []),
        .init(code: "gn", name: "Guarani", otherCodes: ["grn"], otherNames: []),
        .init(code: "mi", name: "Maori", otherCodes: ["mao", "mri"], otherNames: ["Māori"]),
        .init(code: "sm", name: "Samoan", otherCodes: ["smo"], otherNames: []),
        .init(code: "haw", name: "Hawaiian", otherCodes: [], otherNames: []),
        .init(code: "eo", name: "Esperanto", otherCodes: ["epo"], otherNames: []),
        .init(code: "nah", name: "Nahuatl", otherCodes: [], otherNames: []),
        .init(code: "nv", name: "Navajo", otherCodes: ["nav"], otherNames: []),
        .init(code: "iu", name: "Inuktitut", otherCodes: ["iku"], otherNames: []),
        .init(code: "oj", name: "Ojibwe", otherCodes: ["oji"], otherNames: ["Ojibwa"]),
        .init(code: "cr", name: "Cree", otherCodes: ["cre"], otherNames: []),
        .init(code: "chr", name: "Cherokee", otherCodes: [], otherNames: []),
        .init(code: "se", name: "Northern Sami", otherCodes: ["sme"], otherNames: ["Sami"]),
        .init(code: "fo", name: "Faroese", otherCodes: ["fao"], otherNames: []),
        .init(code: "lb", name: "Luxembourgish", otherCodes: ["ltz"], otherNames: []),
        .init(code: "mt", name: "Maltese", otherCodes: ["mlt"], otherNames: []),
        .init(code: "ang", name: "Old English", otherCodes: [], otherNames: ["Anglo-Saxon"]),
        .init(code: "enm", name: "Middle English", otherCodes: [], otherNames: []),
        .init(code: "fro", name: "Old French", otherCodes: [], otherNames: []),
        .init(code: "non", name: "Old Norse", otherCodes: [], otherNames: []),
        .init(code: "pi", name: "Pali", otherCodes: ["pli"], otherNames: []),
        .init(code: "bo", name: "Tibetan", otherCodes: ["tib", "bod"], otherNames: []),
        .init(code: "ug", name: "Uyghur", otherCodes: ["uig"], otherNames: ["Uighur"]),
        .init(code: "jv", name: "Javanese", otherCodes: ["jav"], otherNames: []),
        .init(code: "su", name: "Sundanese", otherCodes: ["sun"], otherNames: []),
    ]

    /// Every known code (canonical and alternative) to its entry.
    static let byCode: [String: Entry] = {
        var map: [String: Entry] = [:]
        for entry in entries {
            map[entry.code] = entry
            for code in entry.otherCodes where map[code] == nil { map[code] = entry }
        }
        return map
    }()

    /// Every lowercase English name (canonical and alternative) to its entry.
    static let byName: [String: Entry] = {
        var map: [String: Entry] = [:]
        for entry in entries {
            map[entry.name.lowercased()] = entry
            for name in entry.otherNames where map[name.lowercased()] == nil {
                map[name.lowercased()] = entry
            }
        }
        return map
    }()
}
