import BooksTrackCore
import Foundation

/// A book as the API receives it: a JSON object whose fields map onto the web form's, so both
/// accept and refuse exactly the same things (see ``BookDraft``).
enum EntryInput {
    /// JSON field → form field.
    static let fields: [String: String] = [
        "title": "title", "authors": "authors", "translators": "translators", "isbn": "isbn", "pageCount": "pages",
        "firstPublishedYear": "year", "originalLanguage": "language", "editionLanguage": "edition_language", "format": "format",
        "publisher": "publisher", "ownVoices": "own_voices", "status": "status", "rating": "rating", "owned": "owned",
        "addedOn": "added", "finishedOn": "finished", "currentPage": "current_page", "shelves": "shelves", "review": "review",
        "notes": "notes",
    ]
    static let jsonNames: [String: String] = Dictionary(uniqueKeysWithValues: fields.map { ($0.value, $0.key) })

    /// Decodes a JSON object into form fields laid over `base` (a PATCH keeps what it does not
    /// name; `null` clears). Lists (`authors`, `translators`, `shelves`) are JSON arrays.
    static func fields(from body: Data, over base: [String: String] = [:]) throws -> (
        fields: [String: String], lists: [String: [String]]
    ) {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw WebError.badRequest(
                "Send the book as a JSON object, e.g. {\"title\": \"Kindred\", \"authors\": [\"Octavia E. Butler\"]}.")
        }
        var result = base
        var lists: [String: [String]] = [:]
        var errors = FieldErrors()
        for (key, value) in object {
            guard let field = fields[key] else {
                errors[key] = "BooksTrack does not know this field."
                continue
            }
            switch value {
            case is NSNull: result[field] = nil
            case let text as String: result[field] = text
            case let flag as Bool where key == "owned": result[field] = flag ? "on" : ""
            case let number as NSNumber where key != "owned": result[field] = number.stringValue
            case let array as [Any] where ["authors", "translators", "shelves"].contains(key):
                guard let names = array as? [String] else {
                    errors[key] = "Send a list of names as text."
                    continue
                }
                lists[field] = names
                result[field] = names.joined(separator: ", ")
            default:
                errors[key] = "This value has the wrong type."
            }
        }
        if !errors.isEmpty { throw WebError.invalid(errors, message: "Some fields could not be read.") }
        return (result, lists)
    }

    /// Parses the fields into a draft; lists sent as arrays are taken as given (a name may
    /// contain a comma). Errors are reported under the JSON field names.
    static func draft(from body: Data, over base: [String: String] = [:], today: LocalDate) throws -> BookDraft {
        let (fields, lists) = try fields(from: body, over: base)
        switch BookDraft.parse(fields, today: today) {
        case .failure(let errors):
            throw WebError.invalid(
                FieldErrors(Dictionary(uniqueKeysWithValues: errors.messages.map { (jsonNames[$0.key] ?? $0.key, $0.value) })))
        case .success(var draft):
            let clean = { (names: [String]) in names.map(PersonName.clean).filter { !$0.isEmpty } }
            if let authors = lists["authors"] { draft.authors = clean(authors) }
            if let translators = lists["translators"] { draft.translators = clean(translators) }
            if let shelves = lists["shelves"] {
                draft.shelves = shelves.map(TextNormalization.collapseWhitespace).filter { !$0.isEmpty }
            }
            return draft
        }
    }
}
