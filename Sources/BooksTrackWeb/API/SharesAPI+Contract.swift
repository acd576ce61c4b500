import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension SharesAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case listShares, createShare, revokeShare

        var declaration: APIOperation {
            switch self {
            case .listShares:
                APIOperation(
                    .get, "shares", .insights, summary: "The reader's share links (without their addresses)",
                    responses: [.json(.ok, "Share links, newest first.", [APIModels.ShareLink].self), .unauthorized])
            case .createShare:
                APIOperation(
                    .post, "shares", .insights,
                    summary: "Share one insights card as a read-only snapshot; the address is in this answer only",
                    description:
                        "The card is drawn as the reader sees it now, for the period, scope and unit given (the insights parameters), and frozen: the link at `url` shows that snapshot to anyone who has it, with no way into the library, until it is revoked. Only a hash of the address is kept. A reader keeps at most 100 links (409 beyond).",
                    requestBody: .json(
                        SharesAPI.ShareRequest.self,
                        example: ["card": "radar", "period": "all", "scope": "read", "unit": "books"]),
                    responses: [
                        .json(.created, "The link, with `url` set.", APIModels.ShareLink.self), .unauthorized, .conflict,
                        .invalid,
                    ])
            case .revokeShare:
                APIOperation(
                    .delete, "shares/{shareId}", .insights, summary: "Revoke a share link: its address then answers 404",
                    parameters: [.shareID],
                    responses: [.empty(.noContent, "Revoked."), .unauthorized, .notFound])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .listShares: list
        case .createShare: create
        case .revokeShare: revoke
        }
    }
}

extension SharesAPI.ShareRequest: DocumentedRequest {
    static let schemaName = "ShareInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            [
                "card": JSONSchema.string.described("Which insights card; `year` is the year in books of `year`.").merged(
                    with: .oneOf(["hero", "score", "radar", "gender", "regions", "languages", "eras", "reading", "year"])),
                "year": JSONSchema.integer.described(
                    "With card `year`: the year in books to share. Null or absent with another card."
                ).bounded(1, 9999).orNull,
                "period": JSONSchema.string.described("As on the insights page; null or absent: all time.").matching(
                    "^(all|this-year|last-30-days|custom|[1-9][0-9]{3})$"
                ).orNull, "from": JSONSchema.string.formatted("date").orNull, "to": JSONSchema.string.formatted("date").orNull,
                "scope": JSONSchema.string.merged(with: .cases(of: InsightScope.self)).orNull,
                "unit": JSONSchema.string.merged(with: .cases(of: CountingUnit.self)).orNull,
            ], required: ["card"])
    }
}
