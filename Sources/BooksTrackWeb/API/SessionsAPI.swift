import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/…/sessions`, progress and the streak (SPEC F5, §4).
struct SessionsAPI {
    let app: BooksTrack
    let configuration: WebConfiguration
    let sessions: SessionService

    /// A session as the API shows it.
    struct SessionModel: Codable {
        let id: String
        let entryID: String
        let startedAt: Date
        let endedAt: Date?
        let startPage: Int
        let endPage: Int?
        let minutes: Int?
        let pagesRead: Int?
        /// Pages per hour.
        let pace: Double?
        let loggedAfterwards: Bool
        let running: Bool

        init(_ session: ReadingSession) {
            id = session.id.string
            entryID = session.entryID.string
            startedAt = session.startedAt
            endedAt = session.endedAt
            startPage = session.startPage
            endPage = session.endPage
            minutes = session.minutes
            pagesRead = session.pagesRead
            pace = session.pace.map { ($0 * 10).rounded() / 10 }
            loggedAfterwards = session.loggedAfterwards
            running = session.endedAt == nil
        }
    }

    /// A request body's fields: whole numbers, ISO 8601 instants, a flag; unknown names refused.
    struct Body: Decodable {
        var numbers: [String: Int] = [:]
        var instants: [String: Date] = [:]
        var flags: [String: Bool] = [:]

        static let numberFields: Set<String> = ["startPage", "endPage", "minutes", "page", "percent"]
        static let instantFields: Set<String> = ["startedAt", "endedAt"]
        static let flagFields: Set<String> = ["correction"]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.refuseUnknown(Self.numberFields.union(Self.instantFields).union(Self.flagFields))
            var errors = FieldErrors()
            for key in container.allKeys {
                let name = key.stringValue
                if try container.decodeNil(forKey: key) { continue }
                if Self.numberFields.contains(name) {
                    if let value = try? container.decode(Int.self, forKey: key) {
                        numbers[name] = value
                    } else {
                        errors[name] = "A whole number."
                    }
                } else if Self.instantFields.contains(name) {
                    let text = (try? container.decode(String.self, forKey: key)) ?? ""
                    if let date = Self.instant(text) {
                        instants[name] = date
                    } else {
                        errors[name] = "An ISO 8601 time, such as 2026-03-15T20:30:00Z."
                    }
                } else if let value = try? container.decode(Bool.self, forKey: key) {
                    flags[name] = value
                } else {
                    errors[name] = "true or false."
                }
            }
            if !errors.messages.isEmpty { throw errors }
        }

        /// An RFC 3339 time, checked strictly (a lenient parser takes minute 99 as the next hour).
        static func instant(_ text: String) -> Date? {
            let pattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|z|[+-](\d{2}):(\d{2}))$/
            guard let match = text.wholeMatch(of: pattern),
                let month = Int(match.2), (1...12).contains(month), let day = Int(match.3), (1...31).contains(day),
                let hour = Int(match.4), hour < 24, let minute = Int(match.5), minute < 60, let second = Int(match.6),
                second < 60
            else { return nil }
            if let offsetHours = match.9.flatMap({ Int($0) }), let offsetMinutes = match.10.flatMap({ Int($0) }),
                offsetHours > 23 || offsetMinutes > 59
            {
                return nil
            }
            guard let date = try? Date(text, strategy: .iso8601),
                LocalDate(year: Int(match.1) ?? 0, month: month, day: day) != nil
            else { return nil }
            return date
        }

        func require(_ names: String...) throws {
            let missing = names.filter { numbers[$0] == nil && instants[$0] == nil }
            guard missing.isEmpty else {
                throw WebError.invalid(
                    FieldErrors(Dictionary(uniqueKeysWithValues: missing.map { ($0, "This field is required.") })),
                    message: "Some fields are missing.")
            }
        }
    }

    private static let example = " For example {\"endPage\": 72}."

    @Sendable func start(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entryId")
        let body = try await Self.optionalBody(request)
        switch try await sessions.start(
            on: entryID, startPage: body?.numbers["startPage"], for: user, now: configuration.clock())
        {
        case .started(let session):
            return try Responses.json(
                SessionModel(session), status: .created, headers: [.location: "/api/v1/sessions/\(session.id.string)"])
        case .alreadyRunning(let running):
            throw WebError.conflict(
                "A reading session is already running (\(running.id.string), on entry \(running.entryID.string), since "
                    + "\(running.startedAt.formatted(.iso8601))). Finish it with POST /api/v1/sessions/\(running.id.string)/finish first."
            )
        }
    }

    @Sendable func active(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        guard let session = try await app.reader(user).activeSession() else {
            throw WebError.notFound("No reading session is running.")
        }
        return try Responses.json(SessionModel(session))
    }

    @Sendable func finish(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: ReadingSession.ID = try context.parameters.id("sessionId")
        let body = try await APIRequest.decode(Body.self, from: request, example: Self.example)
        try body.require("endPage")
        let session = try await sessions.finish(
            id, endPage: body.numbers["endPage"]!, endedAt: body.instants["endedAt"],
            correction: body.flags["correction"] ?? false,
            for: user, now: configuration.clock())
        return try Responses.json(SessionModel(session))
    }

    @Sendable func log(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entryId")
        let body = try await APIRequest.decode(Body.self, from: request, example: Self.example)
        try body.require("startedAt", "minutes", "startPage", "endPage")
        let session = try await sessions.log(
            on: entryID, startedAt: body.instants["startedAt"]!, minutes: body.numbers["minutes"]!,
            startPage: body.numbers["startPage"]!, endPage: body.numbers["endPage"]!, correction: true, for: user,
            now: configuration.clock())
        return try Responses.json(SessionModel(session), status: .created)
    }

    @Sendable func list(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entryId")
        let page = try APIQuery(request, allowed: ["page"]).page()
        let pageSize = 20
        let (items, total) = try await app.reader(user).sessions(of: entryID, page: page, pageSize: pageSize)
        return try Responses.json(
            APIModels.Page(
                items: items.map(SessionModel.init), page: page, pageSize: pageSize, total: total,
                pageCount: max(1, (total + pageSize - 1) / pageSize)))
    }

    @Sendable func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: ReadingSession.ID = try context.parameters.id("sessionId")
        guard let current = try await app.reader(user).session(id) else { throw StoreError.notFound(.session(id)) }
        let body = try await APIRequest.decode(Body.self, from: request, example: Self.example)
        guard current.endedAt != nil else {
            throw WebError.conflict("This session is still running: finish it before editing it.")
        }
        let session = try await sessions.update(
            id, startedAt: body.instants["startedAt"] ?? current.startedAt,
            minutes: body.numbers["minutes"] ?? current.minutes ?? 1, startPage: body.numbers["startPage"] ?? current.startPage,
            endPage: body.numbers["endPage"] ?? current.endPage ?? current.startPage, for: user, now: configuration.clock())
        return try Responses.json(SessionModel(session))
    }

    @Sendable func delete(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: ReadingSession.ID = try context.parameters.id("sessionId")
        try await sessions.delete(id, for: user, now: configuration.clock())
        return Responses.noContent()
    }

    @Sendable func progress(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entryId")
        let body = try await APIRequest.decode(Body.self, from: request, example: " For example {\"page\": 120}.")
        switch (body.numbers["page"], body.numbers["percent"]) {
        case (let page?, nil): try await sessions.progress(on: entryID, page: page, for: user, now: configuration.clock())
        case (nil, let percent?):
            try await sessions.progress(on: entryID, percent: percent, for: user, now: configuration.clock())
        default:
            throw WebError.invalid(
                FieldErrors(["page": "Send the page, or the percentage for a book without a page count — one of them."]),
                message: "Send page or percent.")
        }
        return Responses.noContent()
    }

    @Sendable func streak(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        _ = try APIQuery(request, allowed: [])
        return try Responses.json(try await sessions.streak(for: user, now: configuration.clock()))
    }

    /// A body that may be left out (a start from the book's current page).
    private static func optionalBody(_ request: Request) async throws -> Body? {
        let data = try await APIRequest.body(request)
        guard !data.allSatisfy({ $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }) else { return nil }
        var copy = request
        copy.body = .init(buffer: ByteBuffer(data: data))
        return try await APIRequest.decode(Body.self, from: copy, example: " For example {\"startPage\": 40}, or no body.")
    }
}

// MARK: - Schemas

extension SessionsAPI.SessionModel: APISchema {
    static let schemaName = "Session"
    static var fieldNotes: [String: JSONSchema] {
        [
            "id": .formatted("uuid"),
            "entryID": .formatted("uuid"),
            "pace": .described("Pages per hour."),
        ]
    }
}
