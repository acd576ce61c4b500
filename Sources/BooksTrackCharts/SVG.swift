import Foundation

/// Escaping for HTML and SVG written as text, shared by the charts and the web pages.
public enum Markup {
    /// `&`, `<`, `>` and, with `quotes`, `"` and `'` as character references. It works by
    /// Unicode scalar, not by `Character`: a quote followed by a combining mark is one
    /// `Character` that is not `"`, yet the browser still reads the quote and ends the attribute.
    public static func escape(_ text: String, quotes: Bool = true) -> String {
        func special(_ byte: UInt8) -> Bool {
            byte == 0x26 || byte == 0x3C || byte == 0x3E || (quotes && (byte == 0x22 || byte == 0x27))
        }
        guard text.utf8.contains(where: special) else { return text }
        var out = String.UnicodeScalarView()
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where quotes: out.append(contentsOf: "&quot;".unicodeScalars)
            case "'" where quotes: out.append(contentsOf: "&#39;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}

/// Escaping and number formatting for SVG written as text. Every label a chart shows may come
/// from a reader (a shelf, a language name), so all of it is escaped here.
enum SVG {
    static func escape(_ text: String) -> String { Markup.escape(text) }

    /// A coordinate with at most two decimals, without a trailing `.0` (`12`, `12.5`, `12.35`).
    static func number(_ value: Double) -> String {
        let scaled = (value * 100).rounded()
        // Beyond ±10¹⁵ no chart has a meaningful coordinate, and `Int(_:)` would trap past 2⁶³.
        guard scaled.isFinite, abs(scaled) < 1e15 else { return "0" }
        let integer = Int(scaled)
        let whole = integer / 100
        let fraction = abs(integer % 100)
        let sign = integer < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + String(whole) + "." + String(fraction / 10) }
        return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
