import Foundation
import Testing

/// What a page or an answer says, kept in `Tests/BooksTrackWebTests/Snapshots/` and compared on
/// every run: a change a reader would notice shows as a diff of lines. Identifiers (UUIDs) are
/// named by their order of appearance, so a run's random ids do not count as a change.
///
/// After an intended change: `BOOKSTRACK_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests`,
/// then read the diff (`git diff Tests/BooksTrackWebTests/Snapshots`) before committing it.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

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
        for (entity, character) in [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(separator: "\n").map {
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

    /// Compares `text` with the kept snapshot `name`, recording it when asked to (or when there
    /// is none yet, which is also a failure: a new snapshot is read and committed on purpose).
    static func expect(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = namingIDs(text) + "\n"
        let file = directory.appendingPathComponent(name + ".txt")
        let kept = try? String(contentsOf: file, encoding: .utf8)
        if ProcessInfo.processInfo.environment["BOOKSTRACK_RECORD_SNAPSHOTS"] == "1" || kept == nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            if kept == nil { Issue.record("No snapshot \(name) was kept; recorded one: read it and commit it.") }
            return
        }
        guard let kept, kept != text else { return }
        let comment = Comment(rawValue: "\(name) changed (BOOKSTRACK_RECORD_SNAPSHOTS=1 records it):\n" + difference(kept, text))
        Issue.record(comment, sourceLocation: sourceLocation)
    }

    /// The lines that differ, as `-` kept and `+` now, at most 30 of them.
    static func difference(_ kept: String, _ now: String) -> String {
        let old = kept.split(separator: "\n", omittingEmptySubsequences: false)
        let new = now.split(separator: "\n", omittingEmptySubsequences: false)
        let changes = new.difference(from: old)
        var lines: [String] = []
        for change in changes {
            switch change {
            case .remove(let offset, let line, _): lines.append("- \(offset + 1): \(line)")
            case .insert(let offset, let line, _): lines.append("+ \(offset + 1): \(line)")
            }
        }
        return lines.prefix(30).joined(separator: "\n") + (lines.count > 30 ? "\n… \(lines.count - 30) more" : "")
    }
}
