import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/entries` and `/api/v1/shelves`: the reader's books.
struct EntriesAPI {
    let app: BooksTrack
    let configuration: WebConfiguration
    let library: LibraryService

    static let example = " For example {\"title\": \"Kindred\", \"authors\": [\"Octavia E. Butler\"]}."

    private func detail(_ id: LibraryEntry.ID, of user: User) async throws -> EntryDetail {
        guard let detail = try await library.detail(of: id, for: user) else { throw StoreError.notFound(.entry(id)) }
        return detail
    }

    @Sendable func shelves(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        return try Responses.json(
            try await app.reader(user).shelves().map { APIModels.Shelf(name: $0.name, count: $0.count) })
    }

    @Sendable func entries(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let parameters = try APIQuery(request, allowed: LibraryQuery.parameterNames)
        _ = try parameters.page()
        for (name, choices) in LibraryQuery.apiChoices { try parameters.oneOf(name, choices) }
        let query = LibraryQuery(parameters: parameters.values)
        // Forms the schema allows but the library cannot use (a window that ends before it
        // starts, a language it does not know) are 422s naming the value.
        if let problem = query.problems.first { throw WebError.invalid(FieldErrors(["query": problem]), message: problem) }
        if let problem = query.problems.first { throw WebError.badRequest(problem) }
        let page = try await app.reader(user).list(query)
        return try Responses.json(
            APIModels.Page(
                items: page.items.map(APIModels.EntrySummary.init), page: query.page,
                pageSize: LibraryQuery.pageSize, total: page.total, pageCount: page.pageCount))
    }

    @Sendable func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let now = configuration.clock()
        let sent = try await APIRequest.decode(EntryRequest.self, from: request, example: Self.example)
        try sent.refuseNullStatus()
        let draft = try sent.draft(editing: nil, today: user.today(at: now))
        let outcome = try await library.add(draft, for: user, now: now)
        // Adding a book already in the library is not an error: the answer is that book (200).
        let (id, status): (LibraryEntry.ID, HTTPResponse.Status) =
            switch outcome {
            case .added(let id): (id, .created)
            case .alreadyInLibrary(let id): (id, .ok)
            }
        return try Responses.json(
            APIModels.Entry(try await detail(id, of: user)), status: status, headers: [.location: "/api/v1/entries/\(id.string)"])
    }

    @Sendable func entry(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        return try Responses.json(APIModels.Entry(try await detail(try context.parameters.id("entryId"), of: user)))
    }

    /// A partial update: fields not sent keep their values; `null` clears one.
    @Sendable func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let current = try await detail(try context.parameters.id("entryId"), of: user)
        let now = configuration.clock()
        let sent = try await APIRequest.decode(EntryRequest.self, from: request, example: Self.example)
        try sent.refuseNullStatus()
        let draft = try sent.draft(editing: EntryFields.draft(current), today: user.today(at: now))
        try await library.update(current.entry.id, with: draft, for: user, now: now)
        return try Responses.json(APIModels.Entry(try await detail(current.entry.id, of: user)))
    }

    @Sendable func delete(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        try await library.delete(try context.parameters.id("entryId"), for: user, now: configuration.clock())
        return Responses.noContent()
    }

    struct StatusRequest: Decodable {
        var status: String?
    }

    @Sendable func changeStatus(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: LibraryEntry.ID = try context.parameters.id("entryId")
        let sent = try await APIRequest.decode(StatusRequest.self, from: request)
        guard let asked = sent.status else {
            throw WebError.badRequest("Send status, one of: \(ReadingStatus.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard let status = ReadingStatus(rawValue: asked) else {
            let choices = ReadingStatus.allCases.map(\.rawValue).joined(separator: ", ")
            throw WebError.invalid(FieldErrors(["status": "Use one of: \(choices)."]))
        }
        let now = configuration.clock()
        try await library.changeStatus(of: id, to: status, for: user, now: now)
        return try Responses.json(APIModels.Entry(try await detail(id, of: user)))
    }
}

/// A book as the API receives it: any of ``BookDraft/Field`` by its JSON name, decoded into the
/// same typed ``BookDraft`` the web form reads its text into. Numbers are numbers (a numeric field
/// also takes its text, as the form sends it), `owned` a boolean, `status` and `ownVoices` exactly
/// one of their values, `authors`, `translators` and `shelves` lists of strings, text fields a
/// string (or a number); `null` clears a field. Unknown names and wrong types are reported per
/// field; values JSON has no type for (an ISBN, a language, a day) are read as the form reads them.
struct EntryRequest: Decodable {
    /// What was sent, typed: a field sent as `null` holds its empty value.
    var sent = BookDraft()
    /// The fields the body names.
    var named: Set<BookDraft.Field> = []
    /// Values JSON has no type for (an ISBN, a language, a day, a number sent as its text), read
    /// as the form reads them once the reader's day is known.
    var texts: [BookDraft.Field: String] = [:]
    /// Numeric fields sent a number that is not a whole one.
    var fractions: Set<BookDraft.Field> = []
    /// A rating sent as a number that is not one (9 stars).
    var ratingIsUnread = false
    var statusIsNull = false

    /// A value of the wrong JSON type, in the words the field's problem gives.
    struct WrongType: Error {
        var message = "This value has the wrong type."
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        var errors = FieldErrors()
        for key in container.allKeys {
            guard let field = BookDraft.Field(rawValue: key.stringValue) else {
                errors[key.stringValue] = "BooksTrack does not know this field."
                continue
            }
            named.insert(field)
            do {
                if try container.decodeNil(forKey: key) {
                    statusIsNull = statusIsNull || field == .status
                } else {
                    try decode(field, from: container, key: key)
                }
            } catch let wrong as WrongType {
                errors[key.stringValue] = wrong.message
            }
        }
        if !errors.isEmpty { throw errors }
    }

    /// Decodes one field's value into ``sent``.
    private mutating func decode(_ field: BookDraft.Field, from container: KeyedDecodingContainer<AnyKey>, key: AnyKey)
        throws
    {
        func value<T: Decodable>(_ type: T.Type, _ problem: String = WrongType().message) throws -> T {
            guard let value = try? container.decode(T.self, forKey: key) else { throw WrongType(message: problem) }
            return value
        }
        // The API's values are exact, as documented; the form is more forgiving.
        switch field {
        case .authors, .translators, .shelves:
            let names = try value([String].self, "Send a list of names as text.")
            switch field {
            case .authors: sent.authors = names
            case .translators: sent.translators = names
            default: sent.shelves = names
            }
        case .status:
            let choices = "Use one of: \(ReadingStatus.allCases.map(\.rawValue).joined(separator: ", "))."
            guard let status = ReadingStatus(rawValue: try value(String.self, choices)) else { throw WrongType(message: choices) }
            sent.status = status
        case .ownVoices:
            let choices = "Use one of: \(YesNo.allCases.map(\.rawValue).joined(separator: ", "))."
            guard let answer = YesNo(rawValue: try value(String.self, choices)) else { throw WrongType(message: choices) }
            sent.ownVoices = answer
        case .owned: sent.owned = try value(Bool.self, "Send true or false.")
        case .title: sent.title = try value(TextValue.self).text
        case .publisher: sent.publisher = try value(TextValue.self).text
        case .review: sent.review = try value(TextValue.self).text
        case .notes: sent.notes = try value(TextValue.self).text
        case .rating, .pageCount, .firstPublishedYear, .currentPage: try decodeNumber(field, from: container, key: key)
        default: texts[field] = try value(TextValue.self).text
        }
    }

    /// A number: a rating in stars, a whole number of pages or a year — or its text, read as the
    /// form reads it.
    private mutating func decodeNumber(_ field: BookDraft.Field, from container: KeyedDecodingContainer<AnyKey>, key: AnyKey)
        throws
    {
        if let text = try? container.decode(String.self, forKey: key) {
            texts[field] = text
        } else if field == .rating, let stars = try? container.decode(Double.self, forKey: key) {
            sent.rating = Rating(stars: stars)
            ratingIsUnread = sent.rating == nil
        } else if let number = try? container.decode(Int.self, forKey: key) {
            switch field {
            case .pageCount: sent.pageCount = number
            case .firstPublishedYear: sent.firstPublishedYear = number
            default: sent.currentPage = number
            }
        } else if (try? container.decode(Double.self, forKey: key)) != nil {
            fractions.insert(field)
        } else {
            throw WrongType()
        }
    }

    /// A book always has a status: `"status": null` is a 400 problem, never a silent default.
    func refuseNullStatus() throws {
        if statusIsNull {
            throw WebError.badRequest(
                "status cannot be null: a book always has one of \(ReadingStatus.allCases.map(\.rawValue).joined(separator: ", "))."
            )
        }
    }

    /// The draft: what was sent laid over `stored` (the entry's current draft for an update), or
    /// over an empty one for a new book, checked by the book's rules. What was not sent stays as
    /// stored, byte for byte (``BookDraft/checked(today:unread:stored:)``).
    func draft(editing stored: BookDraft?, today: LocalDate) throws -> BookDraft.Checked {
        var draft = stored ?? BookDraft()
        for field in named { draft.take(field, from: sent) }
        var unread: [BookDraft.Field: String] = [:]
        for (field, text) in texts { unread[field] = draft.read(text, as: field, today: today) }
        for field in fractions { unread[field] = BookDraft.numberProblem(field, today: today) }
        if ratingIsUnread { unread[.rating] = BookDraft.ratingProblem }
        switch draft.checked(today: today, unread: unread, stored: stored) {
        case .success(let draft): return draft
        case .failure(let errors):
            throw WebError.invalid(
                FieldErrors(Dictionary(uniqueKeysWithValues: errors.messages.map { ($0.key.rawValue, $0.value) })))
        }
    }
}
