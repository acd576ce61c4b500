import BooksTrackCore
import Foundation

/// An edition as Open Library's `/api/books?jscmd=data` describes it.
public struct OpenLibraryEdition: Sendable, Hashable {
    public var key: String?
    public var title: String?
    public var pages: Int?
    /// `/works/OL…W` keys.
    public var works: [String]
    /// The edition's authors: Open Library key (`/authors/OL…A`) and name.
    public var authors: [(key: String, name: String)]
    /// The number of the edition's cover on `covers.openlibrary.org` (`/b/id/{number}-M.jpg`), when it has one.
    public var coverID: Int? = nil
    /// The subjects' names (`subjects: [{name, url}]`).
    public var subjects: [String] = []

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.key == rhs.key && lhs.title == rhs.title && lhs.pages == rhs.pages && lhs.works == rhs.works
            && lhs.coverID == rhs.coverID && lhs.subjects == rhs.subjects
            && lhs.authors.map(\.key) == rhs.authors.map(\.key) && lhs.authors.map(\.name) == rhs.authors.map(\.name)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A work record (`/works/OL…W.json`).
public struct OpenLibraryWork: Sendable, Hashable {
    public var key: String
    public var title: String?
    /// The year of `first_publish_date` ("1970", "October 1970"), when it has one.
    public var firstPublished: Int?
    public var subjects: [String]
    /// `description`, whether Open Library sent it as a string or as `{"type":"/type/text","value":…}`.
    public var description: String?
    public var authorKeys: [String]
}

/// An author record (`/authors/OL…A.json`).
public struct OpenLibraryAuthor: Sendable, Hashable {
    public var key: String
    public var name: String?
    /// `remote_ids.wikidata`: the disambiguation key BooksTrack trusts most.
    public var wikidataID: String?
    /// `birth_date` is free text ("13 September 1916"); its year.
    public var birthYear: Int?
}

/// Open Library's read API: editions by ISBN, works and authors by key. A miss is HTTP 404
/// (with a JSON body, or none): not found, not an error.
public struct OpenLibraryClient: Sendable {
    public let fetcher: Fetcher

    public init(fetcher: Fetcher) { self.fetcher = fetcher }

    /// The edition with this ISBN, or `nil` when Open Library does not know it.
    public func edition(isbn: String) async throws -> OpenLibraryEdition? {
        let bibkey = "ISBN:\(isbn)"
        let url = fetcher.url("/api/books", [("bibkeys", bibkey), ("format", "json"), ("jscmd", "data")])
        guard let object = try await json(url) else { return nil }
        guard let record = object[bibkey] as? [String: Any] else { return nil }
        return Self.edition(record)
    }

    static func edition(_ record: [String: Any]) -> OpenLibraryEdition {
        let authors: [(key: String, name: String)] = (record["authors"] as? [[String: Any]] ?? []).compactMap { author in
            guard let url = author["url"] as? String ?? author["key"] as? String else { return nil }
            // "https://openlibrary.org/authors/OL34184A/Roald_Dahl" → "/authors/OL34184A"
            guard let range = url.range(of: "/authors/") else { return nil }
            let id = url[range.upperBound...].split(separator: "/").first.map(String.init) ?? ""
            guard !id.isEmpty else { return nil }
            return ("/authors/\(id)", author["name"] as? String ?? "")
        }
        return OpenLibraryEdition(
            key: record["key"] as? String, title: record["title"] as? String, pages: record["number_of_pages"] as? Int,
            works: (record["works"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }, authors: authors,
            coverID: coverID(record["cover"]),
            subjects: (record["subjects"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
    }

    /// The cover's number in `"cover": {"medium": "https://covers.openlibrary.org/b/id/8739161-M.jpg", …}`.
    static func coverID(_ value: Any?) -> Int? {
        guard let sizes = value as? [String: Any] else { return nil }
        for size in ["medium", "large", "small"] {
            guard let url = sizes[size] as? String, let range = url.range(of: "/b/id/") else { continue }
            let digits = url[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let id = Int(digits), id > 0 { return id }
        }
        return nil
    }

    /// A work's original language, told by its translated editions (`/works/OL…W/editions.json`):
    /// the language most of them say they were `translated_from`. `nil` when no edition is a
    /// translation — the language of an untranslated edition says nothing of the original.
    public func originalLanguage(ofWork key: String) async throws -> LanguageCode? {
        guard key.hasPrefix("/works/"), let object = try await json(fetcher.url("\(key)/editions.json")) else { return nil }
        return Self.originalLanguage(object)
    }

    static func originalLanguage(_ object: [String: Any]) -> LanguageCode? {
        var votes: [LanguageCode: Int] = [:]
        for entry in object["entries"] as? [[String: Any]] ?? [] {
            for language in entry["translated_from"] as? [[String: Any]] ?? [] {
                // "/languages/eng"
                guard let key = language["key"] as? String, let code = key.split(separator: "/").last,
                    let language = LanguageCode(lenient: String(code))
                else { continue }
                votes[language, default: 0] += 1
            }
        }
        return votes.max { ($0.value, $1.key.code) < ($1.value, $0.key.code) }?.key
    }

    /// A work by key (`/works/OL45804W`).
    public func work(_ key: String) async throws -> OpenLibraryWork? {
        guard let object = try await json(fetcher.url("\(key).json")) else { return nil }
        return Self.work(object, key: key)
    }

    static func work(_ object: [String: Any], key: String) -> OpenLibraryWork {
        OpenLibraryWork(
            key: object["key"] as? String ?? key, title: object["title"] as? String,
            firstPublished: (object["first_publish_date"] as? String).flatMap(Self.year),
            subjects: object["subjects"] as? [String] ?? [], description: Self.text(object["description"]),
            authorKeys: (object["authors"] as? [[String: Any]] ?? []).compactMap {
                (($0["author"] as? [String: Any])?["key"] as? String) ?? ($0["key"] as? String)
            })
    }

    /// An author by key (`/authors/OL34184A`).
    public func author(_ key: String) async throws -> OpenLibraryAuthor? {
        guard let object = try await json(fetcher.url("\(key).json")) else { return nil }
        return Self.author(object, key: key)
    }

    static func author(_ object: [String: Any], key: String) -> OpenLibraryAuthor {
        let remote = object["remote_ids"] as? [String: Any]
        return OpenLibraryAuthor(
            key: object["key"] as? String ?? key, name: object["name"] as? String,
            wikidataID: (remote?["wikidata"] as? String).flatMap { AuthorFactKind.wikidataID.canonical($0) },
            birthYear: (object["birth_date"] as? String).flatMap(Self.year))
    }

    /// Works by title and author (`/search.json`), at most five.
    public func search(title: String, author: String) async throws -> [OpenLibrarySearchHit] {
        let url = fetcher.url(
            "/search.json",
            [
                ("title", title), ("author", author), ("limit", "5"),
                ("fields", "key,title,author_name,first_publish_year"),
            ])
        guard let object = try await json(url) else { return [] }
        return Self.hits(object)
    }

    /// The docs of a search answer, old (`numFound`, 2013) and new shapes alike.
    static func hits(_ object: [String: Any]) -> [OpenLibrarySearchHit] {
        (object["docs"] as? [[String: Any]] ?? []).compactMap { doc in
            guard let title = doc["title"] as? String else { return nil }
            return OpenLibrarySearchHit(
                key: doc["key"] as? String, title: title, authors: doc["author_name"] as? [String] ?? [],
                firstPublished: doc["first_publish_year"] as? Int)
        }
    }

    /// A string, or Open Library's `{"type": "/type/text", "value": …}`.
    static func text(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        return (value as? [String: Any])?["value"] as? String
    }

    /// The first four-digit year in free text ("13 September 1916" → 1916).
    static func year(_ text: String) -> Int? {
        var digits = ""
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
                if digits.count == 4 { return Int(digits) }
            } else {
                digits = ""
            }
        }
        return nil
    }

    /// The JSON object at a URL; `nil` for a 404 (Open Library's "not found").
    func json(_ url: URL) async throws -> [String: Any]? {
        let response = try await fetcher.get(url, cacheable: [200, 404])
        if response.status == 404 { return nil }
        guard response.status == 200 else { throw ProviderError.unavailable("HTTP \(response.status)") }
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
            throw ProviderError.malformed("not a JSON object")
        }
        return object
    }
}
