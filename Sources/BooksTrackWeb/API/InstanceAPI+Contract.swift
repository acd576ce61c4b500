import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension InstanceAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case getWebhook, setWebhook, testWebhook, getInstance, setInstance

        var declaration: APIOperation {
            switch self {
            case .getWebhook:
                APIOperation(
                    .get, "me/webhook", .account, summary: "Your webhook and how its last delivery went",
                    description:
                        "Every notification recorded after the webhook was set is posted to it as JSON. `url` is absent when there is none.",
                    responses: [.json(.ok, "The webhook.", InstanceAPI.WebhookState.self), .unauthorized])
            case .setWebhook:
                APIOperation(
                    .put, "me/webhook", .account, summary: "Set your webhook (https; null or empty removes it)",
                    description:
                        "An address on this machine or a private network is refused unless the owner allows it (`/api/v1/instance`).",
                    requestBody: .json(InstanceAPI.WebhookRequest.self, example: ["url": "https://example.org/bookstrack-hook"]),
                    responses: [.json(.ok, "Saved.", InstanceAPI.WebhookState.self), .unauthorized, .invalid])
            case .testWebhook:
                APIOperation(
                    .post, "me/webhook/test", .account, summary: "Send a test notification to your webhook",
                    responses: [
                        .empty(.accepted, "Recorded; it is posted to the webhook like any notification."), .unauthorized,
                        .conflict,
                    ])
            case .getInstance:
                APIOperation(
                    .get, "instance", .account, summary: "The owner's switches for this BooksTrack",
                    description:
                        "Whether anyone may create an account here, and whether webhooks may reach this machine and private networks; `canChange` says whether you are the owner.",
                    responses: [.json(.ok, "The switches.", InstanceAPI.InstanceState.self), .unauthorized])
            case .setInstance:
                APIOperation(
                    .patch, "instance", .account, summary: "Change the owner's switches (owner only); a switch left out stays",
                    requestBody: .json(InstanceAPI.InstanceRequest.self, example: ["openRegistration": false]),
                    responses: [.json(.ok, "Saved.", InstanceAPI.InstanceState.self), .unauthorized, .forbidden, .invalid])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .getWebhook: webhook
        case .setWebhook: setWebhook
        case .testWebhook: testWebhook
        case .getInstance: instance
        case .setInstance: setInstance
        }
    }
}

extension InstanceAPI.WebhookRequest: DocumentedRequest {
    static let schemaName = "WebhookInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(["url": JSONSchema.string.merged(with: JSONSchema(maxLength: 2000)).orNull], closed: true)
    }
}

extension InstanceAPI.InstanceRequest: DocumentedRequest {
    static let schemaName = "InstanceInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            ["openRegistration": JSONSchema.boolean.orNull, "webhooksMayReachPrivateNetworks": JSONSchema.boolean.orNull],
            closed: true)
    }
}
