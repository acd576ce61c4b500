import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension BadgesAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case listBadges, recordBadge, removeBadge

        var declaration: APIOperation {
            switch self {
            case .listBadges:
                APIOperation(
                    .get, "entries/{entryId}/badges", .curation, summary: "A book's identity badges",
                    description:
                        "Your own badges on the book and its authors, and those other readers shared about its authors (one per badge and subject, yours first).",
                    parameters: [.entryID],
                    responses: [.json(.ok, "The badges, oldest first.", [APIModels.Badge].self), .unauthorized, .notFound])
            case .recordBadge:
                APIOperation(
                    .post, "entries/{entryId}/badges", .curation,
                    summary: "Record an identity badge on a book or one of its authors",
                    description:
                        "Only where the author or a public source states it: `statedBy` and `source` are required. A badge is yours alone; `share` shows an author's badge to the instance's other readers of that author, and needs a public source's address (https://…). Recording the same badge again replaces who states it and where. An own-voices badge on the book also answers its own-voices question (yes) while that is unanswered.",
                    parameters: [.entryID],
                    requestBody: .json(
                        BadgesAPI.BadgeRequest.self,
                        example: [
                            "badge": "cultural", "about": "book", "statedBy": "author",
                            "source": "Interview in The Paris Review, 1994",
                        ]),
                    responses: [.json(.created, "Recorded.", APIModels.Badge.self), .unauthorized, .notFound, .invalid])
            case .removeBadge:
                APIOperation(
                    .delete, "entries/{entryId}/badges/{badgeId}", .curation, summary: "Remove one of your badges from a book",
                    parameters: [.entryID, .badgeID],
                    responses: [.empty(.noContent, "Removed."), .unauthorized, .notFound])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .listBadges: list
        case .recordBadge: record
        case .removeBadge: remove
        }
    }
}

extension BadgesAPI.BadgeRequest: DocumentedRequest {
    static let schemaName = "BadgeInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            [
                "badge": JSONSchema.string.merged(with: .cases(of: IdentityBadgeKind.self)),
                "about": JSONSchema.string.described("`book` (the default) or the id of one of the book's authors."),
                "statedBy": JSONSchema.string.described("Who states it; there is no third choice: never guess.").merged(
                    with: .cases(of: BadgeStatement.self)),
                "source": JSONSchema.string.described("Where it is stated: an address, or the interview, book or page.").merged(
                    with: JSONSchema(minLength: 1, maxLength: 500)),
                "share": JSONSchema.boolean.described(
                    "Show an author's badge to other readers here (needs an https address as `source`)."),
            ], required: ["badge", "statedBy", "source"], closed: true)
    }
}
