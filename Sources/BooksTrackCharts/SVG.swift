import Foundation

/// Escaping and number formatting for SVG written as text. Every label a chart shows may come
/// from a reader (a shelf, a language name), so all of it is escaped here.
enum SVG {
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A coordinate with at most two decimals, without a trailing `.0` (`12`, `12.5`, `12.35`).
    static func number(_ value: Double) -> String {
        let scaled = (value * 100).rounded()
        guard scaled.isFinite else { return "0" }
        let integer = Int(scaled)
        let whole = integer / 100
        let fraction = abs(integer % 100)
        let sign = integer < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
        return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
