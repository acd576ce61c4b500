import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/shares`: the reader's share links — read-only snapshots of one insights card.
struct SharesAPI {
    let app: BooksTrack
    let shares: Shares
    let configuration: WebConfiguration

    @Sendable func list(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        return try Responses.json(try await app.reader(user).shareLinks().map { APIModels.ShareLink($0) })
    }

    struct ShareRequest: Decodable {
        var card: String?
        var period: String?
        var from: String?
        var to: String?
        var scope: String?
        var unit: String?
        /// The year of a `year` card (the year in books).
        var year: Int?
    }

    @Sendable func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let sent = try await APIRequest.decode(ShareRequest.self, from: request)
        let parameters = [
            ("period", sent.period), ("from", sent.from), ("to", sent.to), ("scope", sent.scope), ("unit", sent.unit),
            ("year", sent.year.map(String.init)),
        ]
        .compactMap { name, value in value.map { (name, $0) } }
        let made = try await shares.make(
            card: sent.card, parameters: Dictionary(parameters, uniquingKeysWith: { first, _ in first }), for: user,
            baseURL: configuration.baseURL(for: request))
        return try Responses.json(APIModels.ShareLink(made.link, url: made.url), status: .created)
    }

    @Sendable func revoke(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        try await shares.revoke(try context.parameters.id("shareId"), of: user)
        return Responses.noContent()
    }
}

extension APIModels {
    struct ShareLink: Codable {
        let id: String
        let card: String
        let title: String
        /// The period and books the snapshot covers.
        let covers: String
        let createdAt: Date
        /// The address; only in the answer that made the link.
        let url: String?

        init(_ link: BooksTrackApp.ShareLink, url: String? = nil) {
            id = link.id.string
            card = link.card
            title = link.title
            covers = link.covers
            createdAt = link.createdAt
            self.url = url
        }
    }
}

// MARK: - Schemas

extension APIModels.ShareLink: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "id": .formatted("uuid"),
            "covers": .described("The period and books the snapshot covers."),
            "url": .described("The address; only in the answer that made the link."),
        ]
    }
}
