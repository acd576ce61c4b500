import Foundation

/// The folding rules that decide when two spellings are the same name or title.
public enum TextNormalization {
    /// Folds case, accents and runs of white space, and maps Cyrillic or Greek look-alike
    /// letters inside a mostly Latin word to Latin ("John Ѕteіnbeck" → "john steinbeck").
    /// Initials are spaced the same way whether written "J.M." or "J. M.".
    public static func nameKey(_ name: String) -> String {
        let spacedInitials = name.replacingOccurrences(of: ".", with: ". ")
        return collapseWhitespace(fold(deconfuse(spacedInitials)))
    }

    /// Folds case, accents, punctuation and white space, and drops a trailing series marker like
    /// "(The Books of Babel, #1)", so that the same title from two trackers compares equal.
    public static func titleKey(_ title: String) -> String {
        var text = deconfuse(title)
        if let range = text.range(of: #"\s*\([^()]*#\s*[\d.]+[^()]*\)\s*$"#, options: .regularExpression) {
            let stripped = text[..<range.lowerBound]
            if !stripped.trimmingCharacters(in: .whitespaces).isEmpty { text = String(stripped) }
        }
        let folded = fold(text).unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) ? Character($0) : " "
        }
        return collapseWhitespace(String(folded))
    }

    /// Case and diacritic folding.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Trims and turns every run of white space into one space.
    public static func collapseWhitespace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Replaces Cyrillic and Greek letters that look like Latin ones, but only inside words that
    /// also contain Latin letters: a name written wholly in Cyrillic is left as it is.
    public static func deconfuse(_ text: String) -> String {
        var words: [String] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let scalars = word.unicodeScalars
            let hasLatin = scalars.contains { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
            let hasLookalike = scalars.contains { lookalikes[$0] != nil }
            if hasLatin && hasLookalike {
                var out = String.UnicodeScalarView()
                for scalar in scalars { out.append(lookalikes[scalar] ?? scalar) }
                words.append(String(out))
            } else {
                words.append(String(word))
            }
        }
        return words.joined(separator: " ")
    }

    /// Whether ``deconfuse(_:)`` would change the text.
    public static func hasMixedScriptLookalikes(_ text: String) -> Bool {
        deconfuse(text) != text
    }

    private static let lookalikes: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(String, String)] = [
            ("А", "A"), ("В", "B"), ("Е", "E"), ("К", "K"), ("М", "M"), ("Н", "H"), ("О", "O"),
            ("Р", "P"), ("С", "C"), ("Т", "T"), ("Х", "X"), ("Ѕ", "S"), ("І", "I"), ("Ј", "J"),
            ("а", "a"), ("е", "e"), ("о", "o"), ("р", "p"), ("с", "c"), ("у", "y"), ("х", "x"),
            ("ѕ", "s"), ("і", "i"), ("ј", "j"), ("ԁ", "d"), ("һ", "h"), ("ӏ", "l"),
            ("Α", "A"), ("Β", "B"), ("Ε", "E"), ("Ζ", "Z"), ("Η", "H"), ("Ι", "I"), ("Κ", "K"),
            ("Μ", "M"), ("Ν", "N"), ("Ο", "O"), ("Ρ", "P"), ("Τ", "T"), ("Υ", "Y"), ("Χ", "X"),
            ("ο", "o"), ("ν", "v"),
        ]
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (from, to) in pairs { map[from.unicodeScalars.first!] = to.unicodeScalars.first! }
        return map
    }()
}
