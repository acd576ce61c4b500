import BooksTrackCore
import Foundation

/// Reads LibraryThing's JSON export: an object keyed by book id (or an array) of books with
/// `title`, `authors` (`fl` names with roles), `isbn`, `originallanguage`, `collections`, `tags`…
struct LibraryThingJSONParser {
    let books: [[String: Any]]
    let today: LocalDate

    /// The books of a decoded JSON value, or `nil` when it is not a LibraryThing export.
    static func books(in json: Any) -> [[String: Any]]? {
        let candidates: [[String: Any]]
        if let object = json as? [String: Any] {
            let values = object.values.compactMap { $0 as? [String: Any] }
            guard values.count == object.count else { return nil }
            // Keys are book ids; keep the file's order by sorting numerically where possible.
            candidates = object.keys.sorted { (Int($0) ?? .max, $0) < (Int($1) ?? .max, $1) }.compactMap {
                object[$0] as? [String: Any]
            }
        } else if let array = json as? [[String: Any]] {
            candidates = array
        } else {
            return nil
        }
        guard !candidates.isEmpty,
            candidates.allSatisfy({ $0["books_id"] != nil || ($0["title"] != nil && $0["primaryauthor"] != nil) })
        else { return nil }
        return candidates
    }

    func parse() -> ImportBatch {
        let records = books.enumerated().map { offset, object in
            LibraryThingMapping.record(book(object, number: offset + 1), format: .libraryThingJSON, today: today)
        }
        return ImportBatch(format: .libraryThingJSON, records: records)
    }

    private func book(_ object: [String: Any], number: Int) -> LibraryThingBook {
        var book = LibraryThingBook(row: number, line: nil)
        book.bookID = string(object["books_id"])
        book.workID = string(object["workcode"])
        book.title = string(object["title"]) ?? ""
        if let authors = object["authors"] as? [[String: Any]] {
            for author in authors {
                let name = string(author["fl"]) ?? string(author["lf"]).map(PersonName.fromLastFirst) ?? ""
                book.people.append((name, string(author["role"]) ?? ""))
            }
        } else if let primary = string(object["primaryauthor"]) {
            book.people.append((PersonName.fromLastFirst(primary), string(object["primaryauthorrole"]) ?? ""))
        }
        book.isbns = strings(object["isbn"]) + [string(object["originalisbn"])].compactMap { $0 }
        book.publisher = string(object["publication"]).map(LibraryThingParser.publisher)
        book.year = string(object["date"])
        book.pages = string(object["pages"])
        book.media = (object["format"] as? [[String: Any]])?.first.flatMap { string($0["text"]) }
        book.languages = strings(object["language"])
        book.originalLanguages = strings(object["originallanguage"])
        book.copies = string(object["copies"])
        book.entryDate = string(object["entrydate"])
        book.dateStarted = string(object["datestarted"])
        book.dateRead = string(object["dateread"]) ?? string(object["datefinished"])
        book.rating = string(object["rating"])
        book.review = string(object["review"])
        book.comment = string(object["comment"])
        book.privateComment = string(object["privatecomment"])
        book.tags = strings(object["tags"])
        book.collections = strings(object["collections"])
        book.genres = strings(object["genre"])
        return book
    }

    /// A trimmed non-empty string from a JSON string or number.
    private func string(_ value: Any?) -> String? {
        let text: String? =
            switch value {
            case let string as String: string
            case let number as NSNumber: number.stringValue
            default: nil
            }
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// Strings from a JSON array, an object of strings (LibraryThing's `{"0": …, "2": …}`) or a
    /// single string.
    private func strings(_ value: Any?) -> [String] {
        switch value {
        case let array as [Any]: return array.compactMap { string($0) }
        case let object as [String: Any]:
            return object.keys.sorted { (Int($0) ?? .max, $0) < (Int($1) ?? .max, $1) }.compactMap { string(object[$0]) }
        default: return [string(value)].compactMap { $0 }
        }
    }
}
