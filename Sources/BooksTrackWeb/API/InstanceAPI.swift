import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/me/webhook` and `/api/v1/instance`: what the account page sets in the browser — the
/// reader's webhook, and the owner's switches for the whole instance (open registration,
/// webhooks to this machine and private networks).
struct InstanceAPI {
    let app: BooksTrack

    /// A reader's webhook as the API shows it.
    struct WebhookState: Codable {
        let url: String?
        let lastDeliveredAt: Date?
        let lastError: String?
        let lastErrorAt: Date?

        init(_ webhook: Webhook?) {
            url = webhook?.url
            lastDeliveredAt = webhook?.lastDeliveredAt
            lastError = webhook?.lastError
            lastErrorAt = webhook?.lastErrorAt
        }
    }

    @Sendable func webhook(_ request: Request, context: AppContext) async throws -> Response {
        _ = try APIQuery(request, allowed: [])
        return try Responses.json(WebhookState(try await app.webhooks.webhook(of: try context.requireUser())))
    }

    struct WebhookRequest: Decodable {
        /// The address; null or empty removes the webhook.
        var url: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.refuseUnknown(["url"])
            let key = AnyKey(stringValue: "url")
            guard container.contains(key), try !container.decodeNil(forKey: key) else { return }
            guard let url = try? container.decode(String.self, forKey: key) else {
                throw FieldErrors(["url": "Send the address as text, or null to remove the webhook."])
            }
            self.url = url
        }
    }

    @Sendable func setWebhook(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let sent = try await APIRequest.decode(WebhookRequest.self, from: request)
        let text = sent.url ?? ""
        guard text.count <= 2_000 else {
            throw WebError.invalid(FieldErrors(["url": "A webhook address is at most 2,000 characters."]))
        }
        if let problem = try await app.webhooks.set(text, for: user) {
            throw WebError.invalid(FieldErrors(["url": problem]), message: problem)
        }
        return try Responses.json(WebhookState(try await app.webhooks.webhook(of: user)))
    }

    @Sendable func testWebhook(_ request: Request, context: AppContext) async throws -> Response {
        _ = try APIQuery(request, allowed: [])
        let user = try context.requireUser()
        guard try await app.webhooks.webhook(of: user) != nil else {
            throw WebError.conflict("Set a webhook address first; then a test notification can be sent to it.")
        }
        try await app.webhooks.sendTest(for: user)
        return Response(status: .accepted)
    }

    /// The owner's switches, as every reader may read them.
    struct InstanceState: Codable {
        let openRegistration: Bool
        let webhooksMayReachPrivateNetworks: Bool
        /// Whether the reader asking may change them.
        let canChange: Bool
    }

    private func state(for user: User) async throws -> InstanceState {
        InstanceState(
            openRegistration: try await app.accounts.registration.isOpen(),
            webhooksMayReachPrivateNetworks: try await app.webhooks.allowsPrivate(), canChange: user.role == .owner)
    }

    @Sendable func instance(_ request: Request, context: AppContext) async throws -> Response {
        _ = try APIQuery(request, allowed: [])
        return try Responses.json(try await state(for: try context.requireUser()))
    }

    struct InstanceRequest: Decodable {
        var openRegistration: Bool?
        var webhooksMayReachPrivateNetworks: Bool?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.refuseUnknown(["openRegistration", "webhooksMayReachPrivateNetworks"])
            func flag(_ name: String) throws -> Bool? {
                let key = AnyKey(stringValue: name)
                guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
                guard let value = try? container.decode(Bool.self, forKey: key) else {
                    throw FieldErrors([name: "Send true or false."])
                }
                return value
            }
            openRegistration = try flag("openRegistration")
            webhooksMayReachPrivateNetworks = try flag("webhooksMayReachPrivateNetworks")
        }
    }

    /// Only the owner; a switch left out stays as it is.
    @Sendable func setInstance(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let sent = try await APIRequest.decode(InstanceRequest.self, from: request)
        guard user.role == .owner else {
            throw WebError.forbidden("Only the owner of this BooksTrack changes its switches.")
        }
        if let open = sent.openRegistration { _ = try await app.accounts.registration.setOpen(open, by: user) }
        if let allowed = sent.webhooksMayReachPrivateNetworks { _ = try await app.webhooks.setAllowsPrivate(allowed, by: user) }
        return try Responses.json(try await state(for: user))
    }
}

// MARK: - Schemas

extension InstanceAPI.WebhookState: APISchema {
}

extension InstanceAPI.InstanceState: APISchema {
}
