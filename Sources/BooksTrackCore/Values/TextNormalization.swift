import Foundation

/// The folding rules that decide when two spellings are the same name or title.
public enum TextNormalization {
    /// Folds case, accents and runs of white space, and maps Cyrillic or Greek look-alike
    /// letters inside a mostly Latin word to Latin ("John Ѕteіnbeck" → "john steinbeck").
    /// Initials are spaced the same way whether written "J.M." or "J. M.".
    public static func nameKey(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            // The common case, without Foundation: lower-case, space after each full stop.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(name.utf8.count + 4)
            for byte in name.utf8 {
                bytes.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
                if byte == 46 { bytes.append(32) }
            }
            return collapseWhitespace(String(decoding: bytes, as: UTF8.self))
        }
        var spacedInitials = ""
        for character in name {
            spacedInitials.append(character)
            if character == "." { spacedInitials.append(" ") }
        }
        return collapseWhitespace(fold(deconfuse(spacedInitials)))
    }

    /// Folds case, accents, punctuation and white space, and drops a trailing series marker like
    /// "(The Books of Babel, #1)", so that the same title from two trackers compares equal.
    public static func titleKey(_ title: String) -> String {
        let text = withoutSeriesMarker(deconfuse(title))
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                switch byte {
                case 65...90: bytes.append(byte + 32)
                case 97...122, 48...57: bytes.append(byte)
                default: bytes.append(32)
                }
            }
            return collapseWhitespace(String(decoding: bytes, as: UTF8.self))
        }
        let folded = fold(text).unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) ? Character($0) : " "
        }
        return collapseWhitespace(String(folded))
    }

    /// The title without a trailing "(Series, #2)" style marker; unchanged when there is none
    /// or nothing would be left.
    static func withoutSeriesMarker(_ title: String) -> String {
        var end = title.endIndex
        while end > title.startIndex, title[title.index(before: end)] == " " { end = title.index(before: end) }
        guard end > title.startIndex, title[title.index(before: end)] == ")",
            let open = title[..<end].lastIndex(of: "(")
        else { return title }
        let inside = title[title.index(after: open)..<title.index(before: end)]
        guard !inside.contains("("), let hash = inside.firstIndex(of: "#"),
            inside[inside.index(after: hash)...].drop(while: { $0 == " " }).first?.isNumber == true
        else { return title }
        let prefix = title[..<open]
        return prefix.allSatisfy(\.isWhitespace) ? title : String(prefix)
    }

    /// Case and diacritic folding.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Removes white space (including no-break spaces and a byte-order mark) from both ends.
    public static func trim(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        func mayBeSpace(_ byte: UInt8) -> Bool { byte <= 32 || byte >= 0x80 }
        if !mayBeSpace(first) && !mayBeSpace(last) { return text }
        if utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(utf8)
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] <= 32 { start += 1 }
            while end > start, bytes[end - 1] <= 32 { end -= 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        return text.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
    }

    /// Trims and turns every run of white space into one space.
    public static func collapseWhitespace(_ text: String) -> String {
        // Fast path: ASCII text whose only spacing is single spaces between words.
        var previousWasSpace = true
        var clean = true
        for byte in text.utf8 {
            if byte == 32 {
                if previousWasSpace {
                    clean = false
                    break
                }
                previousWasSpace = true
            } else if byte < 32 || byte >= 0x80 {
                clean = false
                break
            } else {
                previousWasSpace = false
            }
        }
        if clean && (!previousWasSpace || text.isEmpty) { return text }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, byte by byte: the white space of ASCII is tab to carriage return and space
            // (splitting by `Character` looked up Unicode properties for every letter).
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var spaceDue = false
            for byte in text.utf8 {
                if byte == 32 || (9...13).contains(byte) {
                    spaceDue = !bytes.isEmpty
                    continue
                }
                if spaceDue {
                    bytes.append(32)
                    spaceDue = false
                }
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Replaces Cyrillic and Greek letters that look like Latin ones, but only inside words that
    /// also contain Latin letters: a name written wholly in Cyrillic is left as it is.
    public static func deconfuse(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
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
