import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// Set-up of the owner, sign-in and out, and joining by invitation (SPEC F9).
struct AuthController {
    let app: BooksTrack
    let configuration: WebConfiguration

    var sessions: SessionStarter { SessionStarter(app: app, configuration: configuration) }

    func addRoutes(to router: Router<AppContext>) {
        router.get("/setup", use: showSetup)
        router.post("/setup", use: setup)
        router.get("/login", use: showLogin)
        router.post("/login", use: login)
        router.post("/logout", use: logout)
        router.get("/invite/:token", use: showInvitation)
        router.post("/invite/:token", use: join)
        router.get("/register", use: showRegistration)
        router.post("/register", use: register)
    }

    // MARK: Set-up

    @Sendable func showSetup(_ request: Request, context: AppContext) async throws -> Response {
        let state = try await app.accounts.setupState()
        guard state != .complete else { return Responses.redirect(to: context.user == nil ? "/login" : "/") }
        let (token, cookie) = CSRFMiddleware.anonymousToken(for: request, configuration: configuration)
        let html = AuthPages.setup(
            page: context.page(nil, csrfToken: token),
            model: .init(owner: state.owner, values: Self.proposed(request, for: state.owner)))
        return HTMLResponse(html: html).setting(cookie).response(from: request, context: context)
    }

    @Sendable func setup(_ request: Request, context: AppContext) async throws -> Response {
        let form = try context.requireForm()
        let state = try await app.accounts.setupState()
        guard state != .complete else { throw WebError.conflict("This BooksTrack is already set up. Sign in instead.") }
        let values = AuthPages.Values(
            name: form["name"]?.trimmed ?? "", displayName: form["display_name"]?.trimmed ?? "",
            language: form["primary_language"]?.trimmed ?? "")
        var errors = FieldErrors()
        if state.owner == nil, let problem = User.problem(withName: values.name) { errors["name"] = problem.description }
        if let problem = Passwords.problem(with: form["password"] ?? "", confirmation: nil) {
            errors["password"] = problem.description
        }
        if form["password"] != form["confirmation"] { errors["confirmation"] = "The two passwords are not the same." }
        if let problem = Self.languageProblem(values.language) { errors["primary_language"] = problem }
        guard errors.isEmpty else {
            let html = AuthPages.setup(
                page: context.page(nil, csrfToken: form[CSRFMiddleware.fieldName]),
                model: .init(owner: state.owner, values: values, errors: errors))
            return HTMLResponse(html: html, status: .unprocessableContent).response(from: request, context: context)
        }
        let hash = try await Passwords.hash(form["password"] ?? "", cost: configuration.bcryptCost)
        let now = configuration.clock()
        let owner: User
        if let existing = state.owner {
            guard try await app.accounts.setFirstPassword(hash, for: existing.id, now: now) else {
                throw WebError.conflict("Someone finished setting up this BooksTrack a moment ago. Sign in instead.")
            }
            owner = existing
        } else {
            owner = try await app.accounts.createOwner(
                name: values.name, displayName: values.displayName.isEmpty ? nil : values.displayName, passwordHash: hash,
                now: now)
        }
        try await keep(language: values.language, for: owner, now: now)
        return try await sessions.signIn(owner, redirectTo: "/", notice: .welcome)
    }

    // MARK: Sign in and out

    @Sendable func showLogin(_ request: Request, context: AppContext) async throws -> Response {
        if context.user != nil { return Responses.redirect(to: "/") }
        if try await app.accounts.setupState() != .complete { return Responses.redirect(to: "/setup") }
        let (token, cookie) = CSRFMiddleware.anonymousToken(for: request, configuration: configuration)
        let next = Responses.localPath(URLQuery.parameters(of: request)["next"])
        let open = try await app.accounts.registration.isOpen()
        let model = AuthPages.LoginModel(next: next, registrationOpen: open)
        return HTMLResponse(html: AuthPages.login(page: context.page(nil, csrfToken: token), model: model)).setting(
            cookie
        )
        .response(from: request, context: context)
    }

    @Sendable func login(_ request: Request, context: AppContext) async throws -> Response {
        let form = try context.requireForm()
        let name = form["name"]?.trimmed ?? ""
        let next = Responses.localPath(form["next"])
        let now = configuration.clock()
        let throttle = app.accounts.throttle
        try await throttle.check(name: name, address: context.remoteAddress, now: now)
        let credentials = name.isEmpty ? nil : try await app.accounts.credentials(forName: name)
        // Verify against a fixed hash when the name is unknown, so timing does not reveal names.
        let valid = try await Passwords.verify(form["password"] ?? "", hash: credentials?.1 ?? Passwords.decoyHash)
        guard let (user, hash) = credentials, hash != nil, valid else {
            try await throttle.recordFailure(name: name, address: context.remoteAddress, now: now)
            let html = AuthPages.login(
                page: context.page(nil, csrfToken: form[CSRFMiddleware.fieldName]),
                model: .init(
                    name: name, next: next,
                    error: "That name and password do not match an account here. Check both and try again."))
            return HTMLResponse(html: html, status: .unauthorized).response(from: request, context: context)
        }
        try await throttle.recordSuccess(name: name, address: context.remoteAddress)
        if let session = context.session { try await app.accounts.endLogin(tokenHash: session.tokenHash) }
        return try await sessions.signIn(user, redirectTo: next)
    }

    @Sendable func logout(_ request: Request, context: AppContext) async throws -> Response {
        try await sessions.signOut(context.session, redirectTo: "/login", notice: .signedOut)
    }

    // MARK: Invitations

    @Sendable func showInvitation(_ request: Request, context: AppContext) async throws -> Response {
        let token = try context.parameters.require("token")
        guard try await app.accounts.invitationIsOpen(hash: Secrets.hash(token), now: configuration.clock()) else {
            throw WebError.notFound("This invitation has expired or has already been used. Ask for a new one.")
        }
        let (csrf, cookie) = CSRFMiddleware.anonymousToken(for: request, configuration: configuration)
        return HTMLResponse(
            html: AuthPages.invitation(
                page: context.page(nil, csrfToken: csrf), model: .init(token: token, values: Self.proposed(request)))
        )
        .setting(cookie)
        .response(from: request, context: context)
    }

    /// The name, display name and password of a join form, with what is wrong with them.
    func joinFields(_ form: FormData) async throws -> (AuthPages.Values, FieldErrors) {
        let values = AuthPages.Values(
            name: form["name"]?.trimmed ?? "", displayName: form["display_name"]?.trimmed ?? "",
            language: form["primary_language"]?.trimmed ?? "")
        var errors = FieldErrors()
        if let problem = User.problem(withName: values.name) { errors["name"] = problem.description }
        if let problem = Passwords.problem(with: form["password"] ?? "", confirmation: nil) {
            errors["password"] = problem.description
        }
        if form["password"] != form["confirmation"] { errors["confirmation"] = "The two passwords are not the same." }
        if let problem = Self.languageProblem(values.language) { errors["primary_language"] = problem }
        if errors.isEmpty, try await app.accounts.reader(named: values.name) != nil {
            errors["name"] = "Someone here already uses this name; choose another."
        }
        return (values, errors)
    }

    @Sendable func join(_ request: Request, context: AppContext) async throws -> Response {
        let token = try context.parameters.require("token")
        let form = try context.requireForm()
        let now = configuration.clock()
        // The token first: a password is hashed (≈ 200 ms of CPU) only for an open invitation.
        guard try await app.accounts.invitationIsOpen(hash: Secrets.hash(token), now: now) else {
            throw WebError.notFound("This invitation has expired or has already been used. Ask for a new one.")
        }
        let (values, errors) = try await joinFields(form)
        guard errors.isEmpty else {
            let html = AuthPages.invitation(
                page: context.page(nil, csrfToken: form[CSRFMiddleware.fieldName]),
                model: .init(token: token, values: values, errors: errors))
            return HTMLResponse(html: html, status: .unprocessableContent).response(from: request, context: context)
        }
        let hash = try await Passwords.hash(form["password"] ?? "", cost: configuration.bcryptCost)
        let user = try await app.accounts.acceptInvitation(
            hash: Secrets.hash(token), name: values.name, displayName: values.displayName.isEmpty ? nil : values.displayName,
            passwordHash: hash, now: now)
        try await keep(language: values.language, for: user, now: now)
        return try await sessions.signIn(user, redirectTo: "/", notice: .welcome)
    }

    // MARK: Open registration

    @Sendable func showRegistration(_ request: Request, context: AppContext) async throws -> Response {
        if context.user != nil { return Responses.redirect(to: "/") }
        guard try await app.accounts.registration.isOpen() else { throw Self.closed }
        let (csrf, cookie) = CSRFMiddleware.anonymousToken(for: request, configuration: configuration)
        return HTMLResponse(
            html: AuthPages.registration(page: context.page(nil, csrfToken: csrf), values: Self.proposed(request))
        ).setting(cookie)
            .response(from: request, context: context)
    }

    /// Creates an account when registration is open; attempts count against the sign-in
    /// throttle of the address, so the form cannot be used to make accounts by the thousand.
    @Sendable func register(_ request: Request, context: AppContext) async throws -> Response {
        guard try await app.accounts.registration.isOpen() else { throw Self.closed }
        let form = try context.requireForm()
        let now = configuration.clock()
        let throttle = app.accounts.throttle
        try await throttle.checkRegistration(address: context.remoteAddress, now: now)
        let (values, errors) = try await joinFields(form)
        guard errors.isEmpty else {
            try await throttle.recordRegistrationFailure(address: context.remoteAddress, now: now)
            let html = AuthPages.registration(
                page: context.page(nil, csrfToken: form[CSRFMiddleware.fieldName]), values: values, errors: errors)
            return HTMLResponse(html: html, status: .unprocessableContent).response(from: request, context: context)
        }
        let hash = try await Passwords.hash(form["password"] ?? "", cost: configuration.bcryptCost)
        let user: User
        do {
            user = try await app.accounts.createReader(
                name: values.name, displayName: values.displayName.isEmpty ? nil : values.displayName, passwordHash: hash,
                now: now)
        } catch StoreError.conflict(.userName) {
            // Taken a moment ago by a racing request.
            let html = AuthPages.registration(
                page: context.page(nil, csrfToken: form[CSRFMiddleware.fieldName]), values: values,
                errors: FieldErrors(["name": "Someone here already uses this name; choose another."]))
            return HTMLResponse(html: html, status: .unprocessableContent).response(from: request, context: context)
        }
        try await keep(language: values.language, for: user, now: now)
        return try await sessions.signIn(user, redirectTo: "/", notice: .welcome)
    }

    /// A new account's form values, with the primary reading language proposed from the browser.
    /// (An owner made on the command line may have chosen one already.)
    static func proposed(_ request: Request, for user: User? = nil) -> AuthPages.Values {
        AuthPages.Values(language: (user?.settings.primaryLanguage ?? BrowserLanguage.proposed(request))?.code ?? "")
    }

    /// A primary reading language that is not in the list (a form sent by hand); none is fine.
    static func languageProblem(_ language: String) -> String? {
        language.isEmpty || LanguageCode(lenient: language) != nil ? nil : "Choose a language from the list, or “Not set”."
    }

    /// Keeps the primary reading language chosen with a new account (none: left unset).
    func keep(language: String, for user: User, now: Date) async throws {
        guard let code = LanguageCode(lenient: language) else { return }
        try await app.reader(user).update(primaryLanguage: code, now: now)
    }

    static let closed = WebError.notFound(
        "Accounts here are by invitation only. Ask the owner of this BooksTrack for an invitation link.")
}

extension SetupState {
    var owner: User? {
        if case .ownerWithoutPassword(let user) = self { return user }
        return nil
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
