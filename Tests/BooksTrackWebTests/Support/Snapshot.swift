import Foundation

/// What a page or an answer says, as text for `SnapshotTesting`'s `.lines` (SnapshotTests): a
/// change a reader would notice shows as a diff of lines. Identifiers (UUIDs) are named by their
/// order of appearance, so a run's random ids do not count as a change.
enum Snapshot {
    /// A page as a reader reads it: one line per heading, paragraph, list item, row, label or
    /// button, without tags, entities decoded, blank lines dropped.
    static func readable(_ html: String) -> String {
        var text = html
        // What is not read: scripts, styles and the SVG charts' drawing (their text alternatives stay).
        for element in ["script", "style"] {
            text = text.replacingOccurrences(
                of: "(?s)<\(element)\\b[^>]*>.*?</\(element)>", with: "", options: [.regularExpression, .caseInsensitive])
        }
        text = text.replacingOccurrences(
            of:
                "</?(p|li|h[1-6]|tr|th|td|dt|dd|section|header|footer|nav|form|label|button|caption|figcaption|summary|option|br|div)\\b[^>]*>",
            with: "\n", options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "&nbsp;", with: " ")
        return Page.decodingEntities(text).split(separator: "\n").map {
            $0.replacingOccurrences(of: "[ \\t]+", with: " ", options: .regularExpression)
                .trimmingCharacters(in: .whitespaces)
        }
        .filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// JSON with sorted keys, indented.
    static func json(_ body: String) throws -> String {
        let value = try JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed])
        let data = try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Each distinct UUID becomes `<id1>`, `<id2>`, … in order of first appearance.
    static func namingIDs(_ text: String) -> String {
        let pattern = try! NSRegularExpression(
            pattern: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
        var names: [String: String] = [:]
        var out = ""
        var last = text.startIndex
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text) else { continue }
            let id = text[range].lowercased()
            let name = names[id] ?? "<id\(names.count + 1)>"
            names[id] = name
            out += text[last..<range.lowerBound] + name
            last = range.upperBound
        }
        return out + text[last...]
    }
}
