import Foundation

/// How insight figures are written for people, the same on the page and in the terminal.
public enum InsightFormat {
    /// "both" for two, else "all 5": "applies to both of your books".
    public static func allOf(_ count: Int) -> String { count == 2 ? "both" : "all \(count)" }

    /// Names in a sentence: "Language", "Language and Translation", "Era, Language and Translation".
    public static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// "67%".
    public static func percent(_ fraction: Double) -> String { "\(percentValue(fraction))%" }

    /// A fraction as a whole percentage (0.734 → 73).
    public static func percentValue(_ fraction: Double) -> Int { Int(saturating: (fraction * 100).rounded()) }

    /// A change of a percentage, "14% → 29%"; with one decimal when the whole numbers would not
    /// move ("14.2% → 14.6%"), so a change that happened is never shown as none.
    public static func percentChange(_ before: Double, _ after: Double) -> String {
        guard percentValue(before) == percentValue(after), abs(after - before) >= 0.0005 else {
            return "\(percent(before)) → \(percent(after))"
        }
        return "\(oneDecimal(before * 100))% → \(oneDecimal(after * 100))%"
    }

    /// "6.1".
    public static func oneDecimal(_ value: Double) -> String {
        let tenths = Int(saturating: (value * 10).rounded())
        return (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// A count that may be fractional: "3", "2.5", "1,204".
    public static func number(_ value: Double) -> String {
        let tenths = Int(saturating: (value * 10).rounded())
        return tenths % 10 == 0 ? grouped(tenths / 10) : oneDecimal(value)
    }

    /// "8,231".
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// "1 book", "2.5 books", "3 authors".
    public static func count(_ value: Double, _ unit: CountingUnit) -> String {
        let noun = unit == .books ? "book" : "author"
        return "\(number(value)) \(abs(value - 1) < 0.001 ? noun : noun + "s")"
    }

    public static func books(_ count: Int) -> String { counted(count, "book") }
    /// "1 day", "3 days", "1,680 pages": a count with its noun, plural unless one.
    public static func counted(_ count: Int, _ singular: String) -> String {
        "\(grouped(count)) \(singular)\(count == 1 ? "" : "s")"
    }
    /// "1 country", "14 countries": a count with its noun when the plural is not a final "s".
    public static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(grouped(count)) \(count == 1 ? singular : plural)"
    }
    public static func authors(_ count: Int) -> String { count == 1 ? "1 author" : "\(grouped(count)) authors" }

    /// "50 min", "2 h 50 min".
    public static func duration(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// "▲ 3 more than 2025", "▼ 3 fewer than 2025", "▼ 0.4 less than 2025", "Same as 2025".
    /// `format` writes the size of the difference (minutes as a duration, say); a bare whole
    /// number is a count of things, so it is "fewer".
    public static func change(
        _ current: Double, _ previous: Double, against label: String, decimals: Bool, format: ((Double) -> String)? = nil
    ) -> String {
        let difference = current - previous
        if abs(difference) < (decimals ? 0.05 : 0.5) { return "Same as \(label)" }
        let text =
            format?(abs(difference))
            ?? (decimals ? oneDecimal(abs(difference)) : grouped(Int(saturating: abs(difference).rounded())))
        let less = format == nil && !decimals ? "fewer" : "less"
        return difference > 0 ? "▲ \(text) more than \(label)" : "▼ \(text) \(less) than \(label)"
    }
}
