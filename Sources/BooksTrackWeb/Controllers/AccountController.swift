import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// The account page: password, API tokens, invitations and deletion (SPEC F9).
struct AccountController {
    let app: BooksTrack
    let webhooks: WebhookService
    let reminders: ReminderService
    let configuration: WebConfiguration

    /// How long an invitation link works.

    func addRoutes(to router: Router<AppContext>) {
        router.get("/account", use: show)
        router.post("/account/password", use: changePassword)
        router.post("/account/tokens", use: createToken)
        router.post("/account/tokens/:token/delete", use: revokeToken)
        router.post("/account/invitations", use: invite)
        router.post("/account/webhook", use: saveWebhook)
        router.post("/account/notifications", use: saveNotifications)
        router.post("/account/webhook/test", use: testWebhook)
        router.post("/account/webhook/policy", use: saveWebhookPolicy)
        router.post("/account/registration", use: saveRegistration)
        router.get("/account/delete", use: confirmDeletion)
        router.post("/account/delete", use: deleteAccount)
    }

    private func render(
        _ request: Request, _ context: AppContext, status: HTTPResponse.Status = .ok,
        _ adjust: (inout AccountPage.Model) -> Void = { _ in }
    ) async throws -> Response {
        let user = try context.requireUser()
        var model = AccountPage.Model(user: user, tokens: try await app.accounts.tokens(of: user.id))
        model.webhook = try await webhooks.webhook(of: user)
        model.notificationPreferences = try await reminders.preferences(of: user)
        model.webhooksAllowPrivate = try await webhooks.allowsPrivate()
        model.registrationOpen = try await app.accounts.registration.isOpen()
        model.shareLinks = try await app.reader(user).shareLinks()
        adjust(&model)
        return HTMLResponse(html: AccountPage.render(page: context.page(.account), model: model), status: status)
            .response(from: request, context: context)
    }

    @Sendable func show(_ request: Request, context: AppContext) async throws -> Response {
        try await render(request, context)
    }

    @Sendable func changePassword(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        let errors = try await app.accounts.passwordChange(bcryptCost: configuration.bcryptCost, clock: configuration.clock)
            .apply(
                user: user, current: form["current_password"] ?? "", new: form["password"] ?? "",
                confirmation: form["confirmation"],
                keeping: context.session?.tokenHash, endingTokens: form["end_tokens"] == "on", address: context.remoteAddress)
        guard errors.isEmpty else {
            return try await render(request, context, status: .unprocessableContent) { $0.passwordErrors = errors }
        }
        return Responses.redirect(to: "/account", notice: .passwordChanged)
    }

    @Sendable func createToken(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let name = try context.requireForm()["token_name"]?.trimmed ?? ""
        if let problem = APITokens.nameProblem(name) {
            return try await render(request, context, status: .unprocessableContent) { $0.tokenError = problem }
        }
        let token = try await app.accounts.createToken(named: name, for: user, now: configuration.clock()).secret
        return try await render(request, context, status: .created) { $0.newToken = (name, token) }
    }

    @Sendable func revokeToken(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let tokenID: APIToken.ID = try context.parameters.id("token")
        guard try await app.accounts.deleteToken(tokenID, of: user.id) else {
            throw WebError.notFound("There is no such token.")
        }
        return Responses.redirect(to: "/account", notice: .tokenRevoked)
    }

    @Sendable func invite(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let link = try await app.accounts.invitations.create(
            by: user, baseURL: configuration.baseURL(for: request), now: configuration.clock()
        ).url
        return try await render(request, context, status: .created) { $0.newInvitation = link }
    }

    @Sendable func saveWebhook(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let text = try context.requireForm()["webhook_url"] ?? ""
        if let problem = try await webhooks.set(text, for: user) {
            return try await render(request, context, status: .unprocessableContent) { $0.webhookError = (text, problem) }
        }
        let removed = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        return Responses.redirect(to: "/account#webhook", notice: removed ? .webhookRemoved : .webhookSaved)
    }

    /// One checkbox per kind of notification: a kind not sent is turned off.
    @Sendable func saveNotifications(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        let choices = Dictionary(
            uniqueKeysWithValues: NotificationKind.allCases.map { ($0, form["kind_\($0.rawValue)"] == "on") })
        try await reminders.setPreferences(choices, for: user, now: configuration.clock())
        return Responses.redirect(to: "/account#notifications", notice: .notificationsSaved)
    }

    @Sendable func testWebhook(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        guard try await webhooks.webhook(of: user) != nil else {
            throw WebError.conflict("Set a webhook address first; then a test notification can be sent to it.")
        }
        try await webhooks.sendTest(for: user)
        return Responses.redirect(to: "/account#webhook", notice: .webhookTestSent)
    }

    @Sendable func saveWebhookPolicy(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let allowed = try context.requireForm()["allow_private"] == "on"
        guard try await webhooks.setAllowsPrivate(allowed, by: user) else {
            throw WebError.forbidden("Only the owner of this BooksTrack decides where webhooks may go.")
        }
        return Responses.redirect(to: "/account#webhook", notice: .webhookPolicySaved)
    }

    @Sendable func saveRegistration(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let open = try context.requireForm()["open"] == "on"
        guard try await app.accounts.registration.setOpen(open, by: user) else {
            throw WebError.forbidden("Only the owner of this BooksTrack decides who may create an account.")
        }
        return Responses.redirect(to: "/account#invitations", notice: open ? .registrationOpened : .registrationClosed)
    }

    @Sendable func confirmDeletion(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let user = try context.requireUser()
        return HTMLResponse(html: AccountPage.confirmDeletion(page: context.page(.account), user: user))
    }

    @Sendable func deleteAccount(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        let hash = try await app.accounts.passwordHash(of: user.id)
        guard
            try await app.accounts.throttle.verify(
                form["password"] ?? "", of: user, hash: hash, address: context.remoteAddress, now: configuration.clock())
        else {
            let html = AccountPage.confirmDeletion(page: context.page(.account), user: user, error: "That is not your password.")
            return HTMLResponse(html: html, status: .unprocessableContent).response(from: request, context: context)
        }
        do {
            try await app.accounts.deleteAccount(user.id)
        } catch let error as StoreError {
            guard case .conflict(.ownerHasReaders) = error else { throw error }
            let html = AccountPage.confirmDeletion(page: context.page(.account), user: user, error: error.message)
            return HTMLResponse(html: html, status: .conflict).response(from: request, context: context)
        }
        var response = Responses.redirect(to: "/")
        response.setCookie(SessionMiddleware.clearingCookie(configuration: configuration))
        return response
    }
}

extension WebConfiguration {
    /// The address readers reach this server at: the configured public URL, else the request's host.
    func baseURL(for request: Request) -> String {
        if let publicURL { return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL }
        let host = request.head.authority ?? "\(host):\(port)"
        return "http://" + host
    }
}
