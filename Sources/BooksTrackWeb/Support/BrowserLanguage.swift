import BooksTrackCore
import Foundation
import Hummingbird

/// The language a browser says its reader prefers (`Accept-Language`), as a proposal for the
/// primary reading language (issue 40 item 4): the first language, by weight, that BooksTrack
/// knows. A proposal only; the reader confirms or changes it.
enum BrowserLanguage {
    static func proposed(_ request: Request) -> LanguageCode? {
        proposed(acceptLanguage: request.headers[.acceptLanguage])
    }

    /// "fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5" → French. Ranges without a known language, with a
    /// weight of 0, or unreadable are passed over; at most 20 ranges are read.
    static func proposed(acceptLanguage header: String?) -> LanguageCode? {
        guard let header, header.utf8.count <= 1_000 else { return nil }
        var ranges: [(weight: Double, order: Int, code: LanguageCode)] = []
        for (order, part) in header.split(separator: ",").prefix(20).enumerated() {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty, tag != "*" else { continue }
            var weight = 1.0
            for parameter in pieces.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard weight > 0, weight <= 1, let code = LanguageCode(lenient: primary) else { continue }
            ranges.append((weight, order, code))
        }
        return ranges.min { ($1.weight, $0.order) < ($0.weight, $1.order) }?.code
    }
}
