import Foundation
import Testing

@testable import BooksTrackWeb

@Suite("Query strings in links", .timeLimit(.minutes(5)))
struct URLQueryTests {
    @Test("Every ASCII character, and text beyond ASCII, is encoded as Foundation encodes it")
    func encodesAsFoundation() {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for text in ascii + [ascii.joined(), "Kindred & Co?", "100% =x", "Ngũgĩ wa Thiong'o", "東京", ""] {
            #expect(URLQuery.encode(text) == text.addingPercentEncoding(withAllowedCharacters: allowed), "\(text)")
        }
        #expect(URLQuery.url("/library", [("q", "a b&c"), ("page", "2")]) == "/library?q=a%20b%26c&page=2")
    }
}
