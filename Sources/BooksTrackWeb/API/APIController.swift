import BooksTrackApp
import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import Foundation
import Hummingbird

/// The JSON API under `/api/v1` (SPEC F10): everything the web app does, for scripts and other
/// clients. Signed in by an API token (`Authorization: Bearer …`) or a browser session (with
/// `X-CSRF-Token` on changes). Errors are RFC 9457 problem documents; described by
/// `/api/openapi.json`.
struct APIController {
    let app: BooksTrack
    let configuration: WebConfiguration
    var store: Store { app.store }

    /// The largest JSON body accepted (imports have the upload limit).
    static let jsonLimit = 1_048_576

    func addRoutes(to router: Router<AppContext>) {
        let api = router.group("api/v1")
        api.get("me", use: me)
        api.put("me/password", use: changePassword)
        api.delete("me", use: deleteMe)
        api.get("tokens", use: tokens)
        api.post("tokens", use: createToken)
        api.delete("tokens/:token", use: revokeToken)
        api.post("invitations", use: invite)
        api.get("shelves", use: shelves)
        api.get("entries", use: entries)
        api.post("entries", use: createEntry)
        api.get("entries/:entry", use: entry)
        api.patch("entries/:entry", use: updateEntry)
        api.delete("entries/:entry", use: deleteEntry)
        api.post("entries/:entry/status", use: changeStatus)
        api.get("authors/:author", use: author)
        api.patch("authors/:author/facts", use: updateFacts)
        api.get("imports", use: imports)
        api.post("imports", use: createImport)
        api.get("imports/:run", use: importRun)
        api.get("export", use: export)
    }

    // MARK: Helpers

    static func body(_ request: Request, limit: Int = jsonLimit) async throws -> Data {
        var request = request
        do { return Data(buffer: try await request.collectBody(upTo: limit)) } catch {
            throw WebError.payloadTooLarge("The request body is over \(limit / 1_048_576) MB, the most this operation accepts.")
        }
    }

    /// Decodes a JSON body into a request type, or says what is wrong with it.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do { return try JSONDecoder().decode(T.self, from: data) } catch let DecodingError.typeMismatch(_, context),
            let DecodingError.valueNotFound(_, context)
        {
            let field = context.codingPath.first?.stringValue ?? "body"
            throw WebError.invalid(
                FieldErrors([field: "This value has the wrong type."]), message: "Some fields could not be read.")
        } catch {
            throw WebError.badRequest("Send a JSON object.")
        }
    }

    static func object(_ data: Data) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw WebError.badRequest("Send a JSON object.")
        }
        return object
    }

    private func detail(_ id: LibraryEntry.ID, of user: User) async throws -> EntryDetail {
        guard let detail = try await store.reader(user.id).detail(of: id) else {
            throw WebError.notFound("There is no such book in your library.")
        }
        return detail
    }

    // MARK: Account

    @Sendable func me(_ request: Request, context: AppContext) async throws -> Response {
        try Responses.json(APIModels.Me(try context.requireUser()))
    }

    @Sendable func changePassword(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let object = try Self.object(try await Self.body(request))
        let errors = try await PasswordChange(store: store, configuration: configuration).apply(
            user: user, current: object["currentPassword"] as? String ?? "", new: object["newPassword"] as? String ?? "",
            confirmation: nil, keeping: context.session?.tokenHash)
        guard errors.isEmpty else {
            let renamed = errors.messages.map { ($0.key == "current_password" ? "currentPassword" : "newPassword", $0.value) }
            throw WebError.invalid(FieldErrors(Dictionary(renamed, uniquingKeysWith: { first, _ in first })))
        }
        return Responses.noContent()
    }

    @Sendable func deleteMe(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let object = try Self.object(try await Self.body(request))
        guard let hash = try await store.accounts.passwordHash(of: user.id),
            try await Passwords.verify(object["password"] as? String ?? "", hash: hash)
        else { throw WebError.invalid(FieldErrors(["password": "Confirm with your password."])) }
        try await store.accounts.deleteAccount(user.id)
        return Responses.noContent()
    }

    @Sendable func tokens(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        return try Responses.json(try await store.tokens.tokens(of: user.id).map { APIModels.Token($0) })
    }

    @Sendable func createToken(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let name = (try Self.object(try await Self.body(request))["name"] as? String)?.trimmed ?? ""
        guard !name.isEmpty, name.count <= 100 else {
            throw WebError.invalid(FieldErrors(["name": "Give the token a name of up to 100 characters."]))
        }
        let secret = APITokens.newToken()
        let token = try await store.tokens.createToken(
            named: name, hash: Secrets.hash(secret), for: user.id, now: configuration.clock())
        return try Responses.json(APIModels.Token(token, secret: secret), status: .created)
    }

    @Sendable func revokeToken(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        guard try await store.tokens.deleteToken(try context.parameters.id("token"), of: user.id) else {
            throw WebError.notFound("There is no such token.")
        }
        return Responses.noContent()
    }

    @Sendable func invite(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let url = try await Invitations(store: store, configuration: configuration).create(by: user, request: request)
        let expiresAt = configuration.clock().addingTimeInterval(AccountController.invitationLifetime)
        return try Responses.json(APIModels.Invitation(url: url, expiresAt: expiresAt), status: .created)
    }

    // MARK: Library

    @Sendable func shelves(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        return try Responses.json(
            try await store.reader(user.id).shelves().map { APIModels.Shelf(name: $0.name, count: $0.count) })
    }

    @Sendable func entries(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let query = LibraryQuery(parameters: URLQuery.parameters(of: request))
        if let problem = query.problems.first { throw WebError.badRequest(problem) }
        let page = try await store.reader(user.id).list(query, primaryLanguage: user.settings.primaryLanguage)
        return try Responses.json(
            APIModels.Page(
                items: page.items.map(APIModels.EntrySummary.init), page: query.page,
                pageSize: LibraryQuery.pageSize, total: page.total, pageCount: page.pageCount))
    }

    @Sendable func createEntry(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let now = configuration.clock()
        let draft = try EntryInput.draft(from: try await Self.body(request), today: user.today(at: now))
        let outcome = try await store.reader(user.id).add(draft, today: user.today(at: now), now: now)
        switch outcome {
        case .added(let id):
            return try Responses.json(
                APIModels.Entry(try await detail(id, of: user)), status: .created,
                headers: [.location: "/api/v1/entries/\(id.string)"])
        case .alreadyInLibrary(let id):
            return try Responses.json(
                APIModels.Entry(try await detail(id, of: user)), status: .ok,
                headers: [.location: "/api/v1/entries/\(id.string)"])
        }
    }

    @Sendable func entry(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        return try Responses.json(APIModels.Entry(try await detail(try context.parameters.id("entry"), of: user)))
    }

    @Sendable func updateEntry(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let current = try await detail(try context.parameters.id("entry"), of: user)
        let now = configuration.clock()
        var base = BookFormPage.values(of: current)
        base["finished"] = nil
        let draft = try EntryInput.draft(from: try await Self.body(request), over: base, today: user.today(at: now))
        try await store.reader(user.id).update(current.entry.id, with: draft, today: user.today(at: now), now: now)
        return try Responses.json(APIModels.Entry(try await detail(current.entry.id, of: user)))
    }

    @Sendable func deleteEntry(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        try await store.reader(user.id).delete(try context.parameters.id("entry"))
        return Responses.noContent()
    }

    @Sendable func changeStatus(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: LibraryEntry.ID = try context.parameters.id("entry")
        let object = try Self.object(try await Self.body(request))
        guard let status = (object["status"] as? String).flatMap(ReadingStatus.init(rawValue:)) else {
            let choices = ReadingStatus.allCases.map(\.rawValue).joined(separator: ", ")
            throw WebError.invalid(FieldErrors(["status": "Use one of: \(choices)."]))
        }
        let now = configuration.clock()
        try await store.reader(user.id).changeStatus(of: id, to: status, today: user.today(at: now), now: now)
        return try Responses.json(APIModels.Entry(try await detail(id, of: user)))
    }

    @Sendable func author(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        guard let (author, history) = try await store.reader(user.id).author(try context.parameters.id("author")) else {
            throw WebError.notFound("There is no such author among your books.")
        }
        return try Responses.json(APIModels.AuthorJSON(author, history: history))
    }

    @Sendable func updateFacts(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let authorID: Author.ID = try context.parameters.id("author")
        let sent = try Self.decode(FactsRequest.self, from: try await Self.body(request))
        let reader = store.reader(user.id)
        guard let (current, _) = try await reader.author(authorID) else { throw StoreError.notFound(.authorInLibrary(authorID)) }
        let changes = AuthorFactInput.changes(sent.facts, current: current)
        guard changes.errors.isEmpty else { throw WebError.invalid(FieldErrors(changes.errors)) }
        try await reader.recordFacts(changes.facts, about: authorID, now: configuration.clock())
        guard let (author, history) = try await reader.author(authorID) else { throw WebError.notFound() }
        return try Responses.json(APIModels.AuthorJSON(author, history: history))
    }

    // MARK: Imports and export

    @Sendable func imports(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let runs = try await store.reader(user.id).importRuns()
        let pageSize = 50
        let page = max(1, Int(URLQuery.parameters(of: request)["page"] ?? "") ?? 1)
        let items = runs.dropFirst((page - 1) * pageSize).prefix(pageSize).map(APIModels.ImportRun.init)
        return try Responses.json(
            APIModels.Page(
                items: Array(items), page: page, pageSize: pageSize, total: runs.count,
                pageCount: max(1, (runs.count + pageSize - 1) / pageSize)))
    }

    @Sendable func createImport(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let parameters = URLQuery.parameters(of: request)
        let dryRun = ["true", "1", "yes"].contains(parameters["dryRun"]?.lowercased() ?? "")
        let bytes = [UInt8](try await Self.body(request, limit: configuration.uploadLimit))
        let now = configuration.clock()
        let batch = try await ImportService.parse(bytes, today: user.today(at: now))
        let runID = ImportRunSummary.ID.random()
        let fileName = parameters["fileName"].map(ImportPages.cleanFileName)
        let report = try await store.reader(user.id).importBatch(
            batch, fileName: fileName, fileSize: bytes.count, dryRun: dryRun, now: now, runID: runID)
        return try Responses.json(
            ImportReportDocument(report, id: dryRun ? nil : runID.string, fileName: fileName), status: dryRun ? .ok : .created,
            headers: dryRun ? [:] : [.location: "/api/v1/imports/\(runID.string)"])
    }

    @Sendable func importRun(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let runID: ImportRunSummary.ID = try context.parameters.id("run")
        guard let (summary, report) = try await store.reader(user.id).importRun(runID) else {
            throw WebError.notFound("There is no such import in your history.")
        }
        return try Responses.json(ImportReportDocument(report, id: runID.string, fileName: summary.fileName))
    }

    @Sendable func export(_ request: Request, context: AppContext) async throws -> Response {
        try await ImportController(app: app, configuration: configuration).export(request, context: context)
    }
}

/// `PATCH /api/v1/authors/{id}/facts`: fact name → value (text or a number), `null` clears.
struct FactsRequest: Decodable {
    var facts: [String: String?]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        var facts: [String: String?] = [:]
        for key in container.allKeys {
            if try container.decodeNil(forKey: key) {
                facts[key.stringValue] = .some(nil)
            } else if let number = try? container.decode(Int.self, forKey: key) {
                facts[key.stringValue] = String(number)
            } else {
                facts[key.stringValue] = try container.decode(String.self, forKey: key)
            }
        }
        self.facts = facts
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
