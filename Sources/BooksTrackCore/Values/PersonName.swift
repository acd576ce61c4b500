import Foundation

/// Rules for people's names as trackers export them.
public enum PersonName {
    /// Cleans a display name: trims, collapses runs of spaces ("J.M.     Clarke" → "J.M. Clarke")
    /// and replaces look-alike letters from another script.
    public static func clean(_ name: String) -> String {
        TextNormalization.collapseWhitespace(TextNormalization.deconfuse(name))
    }

    /// Splits a comma-separated list of names ("Florence Atwater, Robert Lawson"), keeping
    /// suffixes with the name before them ("Martin Luther King, Jr." is one name).
    public static func splitList(_ text: String) -> [String] {
        var names: [String] = []
        for part in text.split(separator: ",") {
            let piece = clean(String(part))
            guard !piece.isEmpty else { continue }
            if suffixes.contains(piece.lowercased().filter { $0 != "." }), let last = names.popLast() {
                names.append(last + ", " + piece)
            } else {
                names.append(piece)
            }
        }
        return names
    }

    /// Turns "Last, First" into "First Last" ("Kramer, Heinrich" → "Heinrich Kramer");
    /// names without a comma are returned cleaned.
    public static func fromLastFirst(_ text: String) -> String {
        let parts = text.split(separator: ",", maxSplits: 1).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            !suffixes.contains(parts[1].lowercased().filter { $0 != "." })
        else { return clean(text) }
        return clean(parts[1] + " " + parts[0])
    }

    /// The name used to sort authors: "Adichie, Chimamanda Ngozi", "Vonnegut, Kurt, Jr.".
    /// Single names ("Plato") and names in scripts without spaces are left as they are.
    public static func sortName(_ name: String) -> String {
        var words = clean(name).split(separator: " ").map(String.init)
        guard words.count > 1 else { return clean(name) }
        var suffix: String?
        if let last = words.last, suffixes.contains(last.lowercased().filter { $0 != "." && $0 != "," }) {
            suffix = last
            words.removeLast()
            if let previous = words.last, previous.hasSuffix(",") {
                words[words.count - 1] = String(previous.dropLast())
            }
        }
        guard words.count > 1 else { return clean(name) }
        var surnameStart = words.count - 1
        while surnameStart > 1, particles.contains(words[surnameStart - 1].lowercased()) {
            surnameStart -= 1
        }
        let surname = words[surnameStart...].joined(separator: " ")
        let given = words[..<surnameStart].joined(separator: " ")
        return [surname, given, suffix].compactMap { $0 }.joined(separator: ", ")
    }

    static let suffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv", "phd", "md", "esq"]
    static let particles: Set<String> = [
        "van", "von", "de", "da", "del", "della", "der", "di", "du", "la", "le", "ten", "ter", "bin", "ibn", "al",
    ]
}
