import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/authors`: the authors of the reader's books and the facts about them.
struct AuthorsAPI {
    let app: BooksTrack
    let configuration: WebConfiguration
    let library: LibraryService

    @Sendable func author(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: Author.ID = try context.parameters.id("authorId")
        guard let (author, history) = try await app.reader(user).author(id) else {
            throw StoreError.notFound(.authorInLibrary(id))
        }
        return try Responses.json(APIModels.AuthorJSON(author, history: history))
    }

    /// Fact name → value (text, or a number for years); `null` clears a fact.
    struct FactsRequest: Decodable {
        var facts: [String: String?] = [:]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            for key in container.allKeys {
                facts[key.stringValue] =
                    try container.decodeNil(forKey: key)
                    ? .some(nil)
                    : try container.decode(
                        TextValue.self, forKey: key
                    ).text
            }
        }
    }

    @Sendable func updateFacts(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: Author.ID = try context.parameters.id("authorId")
        let sent = try await APIRequest.decode(FactsRequest.self, from: request)
        let reader = app.reader(user)
        guard let (current, _) = try await reader.author(id) else { throw StoreError.notFound(.authorInLibrary(id)) }
        let changes = AuthorFactInput.changes(
            sent.facts, current: current, accepting: AuthorFactKind.allCases, confirming: true)
        guard changes.errors.isEmpty else { throw WebError.invalid(FieldErrors(changes.errors)) }
        try await library.recordFacts(changes.facts, about: id, for: user, now: configuration.clock())
        guard let (author, history) = try await reader.author(id) else { throw StoreError.notFound(.authorInLibrary(id)) }
        return try Responses.json(APIModels.AuthorJSON(author, history: history))
    }
}
