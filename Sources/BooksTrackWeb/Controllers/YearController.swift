import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// The year in books (issue 41): the page and its picture.
struct YearController {
    let reading: ReadingService
    let configuration: WebConfiguration

    func addRoutes(to router: Router<AppContext>) {
        router.get("/insights/year", use: latest)
        router.get("/insights/year/:year", use: page)
        router.get("/insights/year/:year/image.svg", use: image)
    }

    /// The newest year with reading (the insights' "Year in books" link).
    @Sendable func latest(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let years = try await reading.yearsWithReading(for: user)
        guard let newest = years.first else {
            let year = user.today(at: configuration.clock()).year
            return HTMLResponse(
                html: YearPage.nothing(page: context.page(.insights), year: year, years: []), status: .notFound
            ).response(from: request, context: context)
        }
        return Responses.redirect(to: "/insights/year/\(newest)")
    }

    @Sendable func page(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let year = try Self.year(context)
        let now = configuration.clock()
        let (told, years) = try await reading.year(year, for: user, now: now)
        guard let told else {
            return HTMLResponse(
                html: YearPage.nothing(page: context.page(.insights), year: year, years: years), status: .notFound
            ).response(from: request, context: context)
        }
        let model = YearPage.Model(year: told, today: user.today(at: now), csrfToken: context.page(.insights).csrfToken)
        return HTMLResponse(html: YearPage.render(page: context.page(.insights), model: model))
            .response(from: request, context: context)
    }

    @Sendable func image(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let year = try Self.year(context)
        let now = configuration.clock()
        guard let told = try await reading.year(year, for: user, now: now).year else {
            throw WebError.notFound("Nothing was read in \(year).")
        }
        let svg = YearPage.image(told, date: user.today(at: now).longDescription, palette: user.settings.palette ?? .standard)
        return Responses.image(svg: svg, name: "bookstrack-\(year)-in-books")
    }

    /// The year in the address: 1 to 9999, written in digits; anything else is no page.
    static func year(_ context: AppContext) throws -> Int {
        let text = try context.parameters.require("year")
        guard let year = yearValue(text) else { throw WebError.notFound("There is no year “\(text)”: give one from 1 to 9999.") }
        return year
    }

    static func yearValue(_ text: String) -> Int? {
        guard (1...4).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let year = Int(text),
            year >= 1
        else { return nil }
        return year
    }
}
