import BooksTrackApp
import BooksTrackCore
import Foundation
import HTTPTypes
import Hummingbird

/// Share links (SPEC F9): "Share" on an insights card freezes it into a read-only snapshot at
/// `/s/{token}`; the account page lists them and revokes them.
struct ShareController {
    let shares: Shares
    let configuration: WebConfiguration

    func addRoutes(to router: Router<AppContext>) {
        router.post("/shares", use: create)
        router.get("/s/:token", use: show)
        router.get("/s/:token/image.svg", use: imageSVG)
        router.get("/s/:token/image.png", use: imagePNG)
        router.post("/account/shares/:share/delete", use: revoke)
    }

    @Sendable func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        let made = try await shares.make(
            card: form["card"], parameters: form.fields, png: form["png"], for: user,
            baseURL: configuration.baseURL(for: request))
        return HTMLResponse(
            html: SharePages.created(page: context.page(.insights), link: made.link, url: made.url, content: made.content),
            status: .created
        ).response(from: request, context: context)
    }

    /// The public snapshot: no session needed, nothing else reachable, kept out of search engines.
    @Sendable func show(_ request: Request, context: AppContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard let snapshot = try await shares.snapshot(token: token) else {
            throw WebError.notFound(StoreError.notFound(.shareLink).message)
        }
        let address = configuration.baseURL(for: request) + "/s/" + token
        return HTMLResponse(
            html: SharePages.shared(snapshot: snapshot, address: address),
            headers: [HTTPField.Name("X-Robots-Tag")!: "noindex, nofollow"]
        ).response(from: request, context: context)
    }

    /// The shared card's picture, as it was drawn when the link was made.
    @Sendable func imageSVG(_ request: Request, context: AppContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard let snapshot = try await shares.snapshot(token: token), !snapshot.image.isEmpty else {
            throw WebError.notFound(StoreError.notFound(.shareLink).message)
        }
        var response = Responses.image(svg: snapshot.image, name: "bookstrack-\(snapshot.link.card)")
        response.headers[HTTPField.Name("X-Robots-Tag")!] = "noindex, nofollow"
        return response
    }

    /// The PNG of the picture the sharer's browser drew, for link previews.
    @Sendable func imagePNG(_ request: Request, context: AppContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard let png = try await shares.png(token: token) else {
            throw WebError.notFound(StoreError.notFound(.shareLink).message)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "image/png", .cacheControl: "public, max-age=600",
                .contentSecurityPolicy: "default-src 'none'; sandbox", HTTPField.Name("X-Robots-Tag")!: "noindex, nofollow",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }

    @Sendable func revoke(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        try await shares.revoke(try context.parameters.id("share"), of: user)
        return Responses.redirect(to: "/account#shares", notice: .shareRevoked)
    }
}

/// Making, opening and revoking share links, for the web pages and the API alike.
struct Shares {
    let app: BooksTrack
    let insights: InsightsService
    let configuration: WebConfiguration

    struct Made {
        var link: ShareLink
        /// The address, shown this once.
        var url: String
        var content: String
    }

    /// Draws `card` for the insights `parameters` (`period`, `from`, `to`, `scope`, `unit`) as the
    /// reader sees it now, and keeps it under a new token.
    /// `png` is the picture as the sharer's browser drew it (a `data:` address), kept when it is one
    /// (``SharePNG``).
    func make(
        card name: String?, parameters: [String: String], png: String? = nil, for user: User, baseURL: String
    ) async throws -> Made {
        if name?.lowercased() == "year" {
            return try await makeYear(parameters["year"], png: png, for: user, baseURL: baseURL)
        }
        // A year sent with another card is not used, but one no calendar has is still refused.
        if let text = parameters["year"], YearController.yearValue(text) == nil {
            throw WebError.invalid(FieldErrors(["year": Self.yearProblem]))
        }
        guard let name, let card = SharedCard(rawValue: name.lowercased()) else {
            let names = (SharedCard.allCases.map(\.rawValue) + ["year"]).joined(separator: ", ")
            throw WebError.invalid(FieldErrors(["card": "Choose the card to share: one of \(names)."]))
        }
        // Each parameter sent exactly as the insights page writes it (the API's rule too).
        if let problem = InsightRequest.strictProblem(in: parameters) {
            throw WebError.invalid(FieldErrors([problem.field: problem.message]), message: problem.message)
        }
        let insightRequest: InsightRequest
        switch InsightRequest.parse(parameters.filter { InsightRequest.parameterNames.contains($0.key) }) {
        case .success(let parsed): insightRequest = parsed
        case .failure(let error): throw WebError.invalid(FieldErrors(), message: error.message)
        }
        let now = configuration.clock()
        let report = try await insights.report(for: user, insightRequest, now: now).report
        let model = InsightsPage.Model(report: report, request: insightRequest, compare: true, problem: nil)
        let content = InsightsPage.snapshot(card, model: model)
        let image = InsightsPage.image(
            card, model: model, date: user.today(at: now).longDescription, palette: user.settings.palette ?? .standard)
        let token = Secrets.token()
        let link = try await app.reader(user).createShareLink(
            card: card.rawValue, title: card.title, covers: InsightsPage.coverageLabel(model), content: content,
            image: image, png: SharePNG.check(png), hash: Secrets.hash(token), now: now)
        return Made(link: link, url: baseURL + "/s/" + token, content: content)
    }

    static let yearProblem = "Give the year to share, from 1 to 9999."

    /// The year in books of `year` (digits) as the reader sees it now, kept under a new token.
    func makeYear(_ text: String?, png: String?, for user: User, baseURL: String) async throws -> Made {
        guard let text, let year = YearController.yearValue(text) else {
            throw WebError.invalid(FieldErrors(["year": Self.yearProblem]))
        }
        let now = configuration.clock()
        guard let told = try await app.reading.year(year, for: user, now: now).year else {
            throw WebError.invalid(FieldErrors(["year": "Nothing was read in \(year): there is no year in books to share."]))
        }
        let today = user.today(at: now)
        let content = YearPage.snapshot(told, today: today)
        let token = Secrets.token()
        let link = try await app.reader(user).createShareLink(
            card: "year", title: "\(year) in books",
            covers: told.complete ? "Books finished in \(year)" : "Books finished in \(year), to \(today.longDescription)",
            content: content,
            image: YearPage.image(told, date: today.longDescription, palette: user.settings.palette ?? .standard),
            png: SharePNG.check(png), hash: Secrets.hash(token), now: now)
        return Made(link: link, url: baseURL + "/s/" + token, content: content)
    }

    func snapshot(token: String) async throws -> ShareSnapshot? {
        guard Self.isToken(token) else { return nil }
        return try await app.sharedCard(hash: Secrets.hash(token))
    }

    func png(token: String) async throws -> Data? {
        guard Self.isToken(token) else { return nil }
        return try await app.sharedPicture(hash: Secrets.hash(token))
    }

    /// A token is 43 URL-safe characters; anything else is not one, and needs no look-up.
    private static func isToken(_ token: String) -> Bool {
        token.utf8.count == 43 && token.utf8.allSatisfy { $0 < 0x80 }
    }

    func revoke(_ id: ShareLink.ID, of user: User) async throws {
        guard try await app.reader(user).deleteShareLink(id) else { throw StoreError.notFound(.shareLink) }
    }
}
