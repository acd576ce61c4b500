import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/me`, `/api/v1/tokens`, `/api/v1/invitations`: the reader's account.
struct AccountAPI {
    let app: BooksTrack
    let configuration: WebConfiguration

    @Sendable func me(_ request: Request, context: AppContext) async throws -> Response {
        try Responses.json(APIModels.Me(try context.requireUser()))
    }

    struct PasswordRequest: Decodable {
        var currentPassword: String?
        var newPassword: String?
        /// Revoke every other API token too (the one making this call stays).
        var revokeTokens: Bool?
    }

    @Sendable func changePassword(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let sent = try await APIRequest.decode(PasswordRequest.self, from: request)
        let errors = try await app.accounts.passwordChange(bcryptCost: configuration.bcryptCost, clock: configuration.clock)
            .apply(
                user: user, current: sent.currentPassword ?? "", new: sent.newPassword ?? "", confirmation: nil,
                keeping: context.session?.tokenHash, endingTokens: sent.revokeTokens ?? false, keptToken: context.tokenHash,
                address: context.remoteAddress)
        guard errors.isEmpty else {
            let renamed = errors.messages.map { ($0.key == "current_password" ? "currentPassword" : "newPassword", $0.value) }
            throw WebError.invalid(FieldErrors(Dictionary(renamed, uniquingKeysWith: { first, _ in first })))
        }
        return Responses.noContent()
    }

    struct DeletionRequest: Decodable {
        var password: String?
    }

    @Sendable func deleteMe(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let sent = try await APIRequest.decode(DeletionRequest.self, from: request)
        let hash = try await app.accounts.passwordHash(of: user.id)
        guard
            try await app.accounts.throttle.verify(
                sent.password ?? "", of: user, hash: hash, address: context.remoteAddress, now: configuration.clock())
        else { throw WebError.invalid(FieldErrors(["password": "Confirm with your password."])) }
        try await app.accounts.deleteAccount(user.id)
        return Responses.noContent()
    }

    @Sendable func tokens(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        return try Responses.json(try await app.accounts.tokens(of: user.id).map { APIModels.Token($0) })
    }

    struct TokenRequest: Decodable {
        var name: String?
    }

    @Sendable func createToken(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        // The limit holds for the name as sent (what the schema's maxLength counts), then trimmed.
        let sent = try await APIRequest.decode(TokenRequest.self, from: request).name ?? ""
        let name = sent.trimmed
        if let problem = APITokens.nameProblem(sent.unicodeScalars.count > APITokens.nameLimit ? sent : name) {
            throw WebError.invalid(FieldErrors(["name": problem]))
        }
        let (secret, token) = try await app.accounts.createToken(named: name, for: user, now: configuration.clock())
        return try Responses.json(APIModels.Token(token, secret: secret), status: .created)
    }

    @Sendable func revokeToken(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        guard try await app.accounts.deleteToken(try context.parameters.id("tokenId"), of: user.id) else {
            throw WebError.notFound("There is no such token.")
        }
        return Responses.noContent()
    }

    @Sendable func invite(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let (url, expiresAt) = try await app.accounts.invitations.create(
            by: user, baseURL: configuration.baseURL(for: request), now: configuration.clock())
        return try Responses.json(APIModels.Invitation(url: url, expiresAt: expiresAt), status: .created)
    }
}
