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
        let draft = try sent.draft(over: [:], lists: [:], today: user.today(at: now))
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
        var base = EntryFields.current(current)
        // A finished day is asked for when a book moves to read, never kept from before.
        base[.finishedOn] = nil
        let draft = try sent.draft(over: base, lists: EntryFields.currentLists(current), today: user.today(at: now))
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

/// A book as the API receives it: any of ``BookDraft/Field`` by its JSON name. Text fields take
/// a string (or a number), `authors`, `translators` and `shelves` a list of strings, `owned` a
/// boolean; `null` clears a field. Unknown names and wrong types are reported per field.
struct EntryRequest: Decodable {
    var fields: [BookDraft.Field: Sent<String>] = [:]
    var lists: [BookDraft.Field: [String]] = [:]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        var errors = FieldErrors()
        for key in container.allKeys {
            guard let field = BookDraft.Field(rawValue: key.stringValue) else {
                errors[key.stringValue] = "BooksTrack does not know this field."
                continue
            }
            if try container.decodeNil(forKey: key) {
                fields[field] = .null
            } else if field.isList {
                guard let names = try? container.decode([String].self, forKey: key) else {
                    errors[key.stringValue] = "Send a list of names as text."
                    continue
                }
                lists[field] = names
            } else if field == .status || field == .ownVoices {
                // Exactly one of the documented values, as text (the form is more forgiving).
                let choices =
                    field == .status ? ReadingStatus.allCases.map(\.rawValue) : [YesNo.yes.rawValue, YesNo.no.rawValue]
                guard let text = try? container.decode(String.self, forKey: key), choices.contains(text) else {
                    errors[key.stringValue] = "Use one of: \(choices.joined(separator: ", "))."
                    continue
                }
                fields[field] = .value(text)
            } else if field == .owned {
                guard let flag = try? container.decode(Bool.self, forKey: key) else {
                    errors[key.stringValue] = "Send true or false."
                    continue
                }
                fields[field] = .value(flag ? "on" : "")
            } else if field != .owned, let value = try? container.decode(TextValue.self, forKey: key) {
                fields[field] = .value(value.text)
            } else if let text = try? container.decode(String.self, forKey: key) {
                fields[field] = .value(text)
            } else {
                errors[key.stringValue] = "This value has the wrong type."
            }
        }
        if !errors.isEmpty { throw errors }
    }

    /// A book always has a status: `"status": null` is a 400 problem, never a silent default.
    func refuseNullStatus() throws {
        if case .null? = fields[.status] {
            throw WebError.badRequest(
                "status cannot be null: a book always has one of \(ReadingStatus.allCases.map(\.rawValue).joined(separator: ", "))."
            )
        }
    }

    /// The draft: what was sent laid over `base` (the entry's current fields for an update).
    func draft(over base: [BookDraft.Field: String], lists baseLists: [BookDraft.Field: [String]], today: LocalDate) throws
        -> BookDraft
    {
        var values = base
        var lists = baseLists
        for (field, sent) in fields {
            lists[field] = nil
            values[field] = sent.value
        }
        for (field, names) in self.lists { lists[field] = names }
        switch BookDraft.parse(values, lists: lists, today: today) {
        case .success(let draft): return draft
        case .failure(let errors):
            throw WebError.invalid(
                FieldErrors(Dictionary(uniqueKeysWithValues: errors.messages.map { ($0.key.rawValue, $0.value) })))
        }
    }
}
