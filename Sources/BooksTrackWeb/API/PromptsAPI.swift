import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/radar`, `/completion`, `/prompts`, answers and skips, `/me/curation`: the radar,
/// completion and progressive profiling (SPEC F4, F10).
struct PromptsAPI {
    let app: BooksTrack
    let configuration: WebConfiguration
    let profiling: ProfilingService

    private func report(_ request: Request, context: AppContext) async throws -> InsightsService.Answer {
        let user = try context.requireUser()
        let parsed = try APIQuery(request, allowed: InsightRequest.parameterNames).insightRequest()
        return try await app.insights.report(for: user, parsed, now: configuration.clock())
    }

    @Sendable func radar(_ request: Request, context: AppContext) async throws -> Response {
        let answer = try await report(request, context: context)
        return try Responses.json(
            APIModels.Radar(answer.report.radar), etag: EntityTags.insights(answer, as: "radar"), request: request)
    }

    @Sendable func completion(_ request: Request, context: AppContext) async throws -> Response {
        let answer = try await report(request, context: context)
        return try Responses.json(
            APIModels.Completion(answer.report.radar), etag: EntityTags.insights(answer, as: "completion"), request: request)
    }

    @Sendable func bookRadar(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entryId")
        guard let detail = try await app.reader(user).detail(of: entryID) else {
            throw WebError.notFound("There is no such book in your library.")
        }
        let facts = BookFacts(detail, primaryLanguage: user.settings.primaryLanguage)
        return try Responses.json(APIModels.BookRadar(facts, underrepresented: user.settings.underrepresentedRegions))
    }

    /// The library's next question, for an axis or any.
    @Sendable func nextPrompt(_ request: Request, context: AppContext) async throws -> Response {
        try await prompt(book: nil, request: request, context: context)
    }

    /// A book's question: a given fact, the axis's first missing fact, or the next one.
    @Sendable func bookPrompt(_ request: Request, context: AppContext) async throws -> Response {
        try await prompt(book: try context.parameters.id("entryId"), request: request, context: context)
    }

    private func prompt(book: LibraryEntry.ID?, request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let parameters = try APIQuery(request, allowed: book == nil ? ["axis"] : ["axis", "fact"])
        let axis = try parse(parameters["axis"], RadarAxis.init(rawValue:), "axis", "Send one of the radar’s axes.")
        let fact = try parse(parameters["fact"], BookFact.init(rawValue:), "fact", "Send one of the facts BooksTrack asks.")
        if fact != nil, book == nil {
            throw WebError.invalid(FieldErrors(["fact": "Asking for one fact needs a book: use /api/v1/entries/{id}/prompt."]))
        }
        let prompt = try await profiling.prompt(for: user, book: book, axis: axis, fact: fact, now: configuration.clock())
        return try Responses.json(APIModels.NextPrompt(prompt: prompt.map(APIModels.Prompt.init)))
    }

    @Sendable func answer(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let book: LibraryEntry.ID = try context.parameters.id("entryId")
        let sent = try await APIRequest.decode(AnswerRequest.self, from: request)
        let fact = try Self.fact(sent.fact)
        let author = try parse(sent.author, Author.ID.init, "author", "Send the author id the prompt named.")
        guard let value = sent.value else {
            throw WebError.invalid(FieldErrors(["value": "Send the answer as a string, one of the prompt’s choices."]))
        }
        do {
            let answered = try await profiling.answer(
                for: user, book: book, fact: fact, author: author, value: value, note: sent.note, now: configuration.clock())
            return try Responses.json(APIModels.Answer(answered))
        } catch let error as PromptInputError {
            throw WebError.invalid(FieldErrors(["value": error.message]))
        }
    }

    @Sendable func skip(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let book: LibraryEntry.ID = try context.parameters.id("entryId")
        let fact = try Self.fact(try await APIRequest.decode(SkipRequest.self, from: request).fact)
        try await profiling.skip(fact, for: book, of: user, now: configuration.clock())
        return Responses.noContent()
    }

    @Sendable func curation(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let history = try await app.reader(user).contributionHistory()
        return try Responses.json(
            APIModels.Curation(
                curator: APIModels.Curator(CuratorStanding(history.map(\.contribution))),
                contributions: history.map(APIModels.Contribution.init)))
    }

    /// `{"fact": "gender", "value": "female", "author": "…", "note": "…"}`.
    struct AnswerRequest: Decodable {
        var fact: String?
        var author: String?
        var value: String?
        var note: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.refuseUnknown(["fact", "author", "value", "note"])
            func text(_ name: String, _ problem: String, nullable: Bool = false) throws -> String? {
                let key = AnyKey(stringValue: name)
                guard container.contains(key) else { return nil }
                if try container.decodeNil(forKey: key) {
                    if nullable { return nil }
                    throw FieldErrors([name: problem])
                }
                guard let text = try? container.decode(String.self, forKey: key) else { throw FieldErrors([name: problem]) }
                return text
            }
            fact = try text("fact", PromptsAPI.factProblem)
            author = try text("author", "Send the author id the prompt named.")
            value = try text("value", "Send the answer as a string, one of the prompt’s choices.")
            note = try text("note", "Send the details as a string.", nullable: true)
        }
    }

    struct SkipRequest: Decodable {
        var fact: String?
    }

    static let factProblem = "Send one of: " + BookFact.allCases.map(\.rawValue).joined(separator: ", ") + "."

    private static func fact(_ text: String?) throws -> BookFact {
        guard let fact = text.flatMap(BookFact.init(rawValue:)) else {
            throw WebError.invalid(FieldErrors(["fact": factProblem]))
        }
        return fact
    }

    private func parse<T>(_ text: String?, _ make: (String) -> T?, _ field: String, _ message: String) throws -> T? {
        guard let text, !text.isEmpty else { return nil }
        guard let value = make(text) else { throw WebError.invalid(FieldErrors([field: message])) }
        return value
    }
}
