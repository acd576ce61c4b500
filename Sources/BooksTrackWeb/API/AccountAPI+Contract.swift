import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension AccountAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case getMe, deleteMe, changePassword, listTokens, createToken, revokeToken, createInvitation

        var declaration: APIOperation {
            switch self {
            case .getMe:
                APIOperation(
                    .get, "me", .account, summary: "The signed-in reader",
                    responses: [.json(.ok, "The reader.", APIModels.Me.self), .unauthorized])
            case .deleteMe:
                APIOperation(
                    .delete, "me", .account, summary: "Delete the account and everything private to it",
                    description:
                        "Facts contributed about authors stay, without the reader's name. The owner can leave only when no other reader remains.",
                    requestBody: .json(AccountAPI.DeletionRequest.self, example: ["password": "correct horse battery"]),
                    responses: [.empty(.noContent, "Deleted."), .unauthorized, .conflict, .invalid, .tooManyAttempts])
            case .changePassword:
                APIOperation(
                    .put, "me/password", .account,
                    summary: "Change the password (signs out other sessions; with revokeTokens, ends every other API token)",
                    requestBody: .json(
                        AccountAPI.PasswordRequest.self,
                        example: ["currentPassword": "correct horse battery", "newPassword": "an even longer passphrase"]),
                    responses: [.empty(.noContent, "Changed."), .unauthorized, .invalid, .tooManyAttempts])
            case .listTokens:
                APIOperation(
                    .get, "tokens", .account, summary: "The reader's API tokens (without their secrets)",
                    responses: [.json(.ok, "Tokens, newest first.", [APIModels.Token].self), .unauthorized])
            case .createToken:
                APIOperation(
                    .post, "tokens", .account, summary: "Create an API token; the secret is in this answer only",
                    requestBody: .json(AccountAPI.TokenRequest.self, example: ["name": "backup script"]),
                    responses: [.json(.created, "The token, with `token` set.", APIModels.Token.self), .unauthorized, .invalid])
            case .revokeToken:
                APIOperation(
                    .delete, "tokens/{tokenId}", .account, summary: "Revoke a token",
                    parameters: [.tokenID],
                    responses: [.empty(.noContent, "Revoked."), .unauthorized, .notFound])
            case .createInvitation:
                APIOperation(
                    .post, "invitations", .account, summary: "Create a one-time invitation link (owner only)",
                    responses: [
                        .json(.created, "The link, valid for 7 days.", APIModels.Invitation.self), .unauthorized, .forbidden,
                    ])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .getMe: me
        case .deleteMe: deleteMe
        case .changePassword: changePassword
        case .listTokens: tokens
        case .createToken: createToken
        case .revokeToken: revokeToken
        case .createInvitation: invite
        }
    }
}

extension AccountAPI.DeletionRequest: DocumentedRequest {
    static let schemaName = "AccountDeletion"
    static var requestSchema: JSONSchema {
        JSONSchema.object(["password": JSONSchema.string], required: ["password"])
    }
}

extension AccountAPI.PasswordRequest: DocumentedRequest {
    static let schemaName = "PasswordChange"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            [
                "currentPassword": JSONSchema.string,
                "newPassword": JSONSchema.string.described("At least 10 characters and at most 72 bytes (what bcrypt reads).")
                    .merged(with: JSONSchema(minLength: 10)),
                "revokeTokens": JSONSchema.boolean.described("Revoke every other API token too (the one making this call stays).")
                    .orNull,
            ], required: ["currentPassword", "newPassword"])
    }
}

extension AccountAPI.TokenRequest: DocumentedRequest {
    static let schemaName = "TokenInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(["name": JSONSchema.string.merged(with: JSONSchema(maxLength: 100))], required: ["name"])
    }
}
