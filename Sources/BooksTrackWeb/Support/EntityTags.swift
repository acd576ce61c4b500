import BooksTrackApp
import BooksTrackCore
import Foundation
import HTTPTypes

/// Entity-tags (RFC 9110 §8.8.3), made and read in one place: what the application hands over
/// is a version (a goal's last change, the validator of an insights answer, a cover's key); the
/// quoting, the prefixes and the comparisons are HTTP's, so they live here.
enum EntityTags {
    /// A strong tag for an insights answer's representation ("insights", "radar", "completion").
    /// It differs between readers, so one reader's tag never answers 304 to another.
    static func insights(_ answer: InsightsService.Answer, as representation: String = "insights") -> String {
        "\"\(representation)-\(answer.validator)\""
    }

    /// A goal's version as a tag: its last change, in milliseconds.
    static func goal(_ goal: Goal) -> String {
        "\"goal-\(Int(saturating: ((goal.updatedAt?.timeIntervalSince1970 ?? 0) * 1000).rounded()))\""
    }

    /// The goal version a tag names; `nil` for `*` or a tag that is not a goal's.
    static func goalVersion(_ tag: String) -> Date? {
        var text = tag.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("W/") { text.removeFirst(2) }
        // A version is a time this server wrote: from 1970 to the year 9999, or no version at all.
        guard text.hasPrefix("\"goal-"), text.hasSuffix("\""), let milliseconds = Int(text.dropFirst(6).dropLast()),
            (0...253_402_300_799_999).contains(milliseconds)
        else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// A cover's tag: its key, which changes when the picture does.
    static func cover(key: String) -> String { "\"\(key)\"" }

    /// Whether an `If-None-Match` header names `etag`. It compares weakly (RFC 9110 §13.1.2): a
    /// "W/" prefix does not matter; `*` matches any.
    static func noneMatch(_ header: String?, names etag: String) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || (tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag) == etag
        }
    }
}
