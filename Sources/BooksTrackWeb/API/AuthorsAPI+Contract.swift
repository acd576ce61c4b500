import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension AuthorsAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case getAuthor, updateAuthorFacts

        var declaration: APIOperation {
            switch self {
            case .getAuthor:
                APIOperation(
                    .get, "authors/{authorId}", .library,
                    summary: "An author of one of the reader's books, with every fact's provenance",
                    parameters: [.authorID],
                    responses: [.json(.ok, "The author.", APIModels.AuthorJSON.self), .unauthorized, .notFound])
            case .updateAuthorFacts:
                APIOperation(
                    .patch, "authors/{authorId}/facts", .library,
                    summary: "Record facts about an author (shared with every reader, with you as the source)",
                    parameters: [.authorID],
                    requestBody: .json(AuthorsAPI.FactsRequest.self, example: ["gender": "female", "country": "US"]),
                    responses: [.json(.ok, "The author.", APIModels.AuthorJSON.self), .unauthorized, .notFound, .invalid])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .getAuthor: author
        case .updateAuthorFacts: updateFacts
        }
    }
}

extension AuthorsAPI.FactsRequest: DocumentedRequest {
    static let schemaName = "FactsInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            [
                "gender": JSONSchema.string.orNull, "country": JSONSchema.string.orNull, "region": JSONSchema.string.orNull,
                "marginalized": JSONSchema.string.orNull, "birthYear": JSONSchema(kinds: [.integer, .string]).orNull,
                "deathYear": JSONSchema(kinds: [.integer, .string]).orNull, "wikidataID": JSONSchema.string.orNull,
            ], closed: true
        ).described("Only the facts sent change; null clears one.")
    }
}
