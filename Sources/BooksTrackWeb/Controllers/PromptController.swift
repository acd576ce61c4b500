import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird
import Plot

/// The prompt pages behind every "+" and the contributions history (SPEC F4). With `partial=1` each answers with the fragment
/// the dialog shows; without it, with a whole page, so everything works without JavaScript.
struct PromptController {
    let app: BooksTrack
    let configuration: WebConfiguration
    let profiling: ProfilingService

    func addRoutes(to router: Router<AppContext>) {
        router.get("/prompt", use: show)
        router.post("/prompt", use: answer)
        router.post("/prompt/skip", use: skip)
        router.get("/contributions", use: contributions)
    }

    @Sendable func contributions(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let user = try context.requireUser()
        let history = try await app.reader(user).contributionHistory()
        return HTMLResponse(
            html: ContributionsPage.render(page: context.page(.account), model: .init(history: history, timeZone: user.timeZone)))
    }

    private struct Asked {
        var book: LibraryEntry.ID?
        var axis: RadarAxis?
        var fact: BookFact?
        var context: PromptPage.Context
        var partial: Bool

        init(_ values: [String: String], csrfToken: String) throws {
            if let text = values["book"] ?? values["entry"], !text.isEmpty {
                guard let id = LibraryEntry.ID(text) else { throw WebError.notFound("There is no such book in your library.") }
                book = id
            }
            axis = try Self.parse(values["axis"], RadarAxis.init(rawValue:), "an axis of the radar")
            fact = try Self.parse(values["fact"], BookFact.init(rawValue:), "a question BooksTrack asks")
            let origin = PromptPage.Origin(rawValue: values["origin"] ?? "") ?? (book == nil ? .library : .book)
            context = PromptPage.Context(
                csrfToken: csrfToken,
                returnTo: Responses.localPath(values["return"] ?? (book.map { "/books/\($0.string)" } ?? "/")),
                origin: origin, axis: axis, ids: PromptPage.Context.IDs(rawValue: values["ids"] ?? "") ?? .dialog)
            partial = values["partial"] == "1"
        }

        /// The book and fact a posted form is about.
        func question() throws -> (LibraryEntry.ID, BookFact) {
            guard let book, let fact else {
                throw WebError.badRequest("The form was sent without its book or question; open the question again.")
            }
            return (book, fact)
        }

        static func parse<T>(_ text: String?, _ make: (String) -> T?, _ what: String) throws -> T? {
            guard let text, !text.isEmpty else { return nil }
            guard let value = make(text) else { throw WebError.badRequest("“\(text)” is not \(what).") }
            return value
        }
    }

    private func respond(
        _ fragment: Component, title: String, asked: Asked, status: HTTPResponse.Status = .ok, request: Request,
        context: AppContext
    ) -> Response {
        let html =
            asked.partial ? HTMLWriter.render(fragment) : PromptPage.page(context.page(nil), title: title, fragment: fragment)
        return HTMLResponse(html: html, status: status).response(from: request, context: context)
    }

    @Sendable func show(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let page = context.page(nil)
        let asked = try Asked(URLQuery.parameters(of: request), csrfToken: page.csrfToken)
        let prompt = try await profiling.prompt(
            for: user, book: asked.book, axis: asked.axis, fact: asked.fact, now: configuration.clock())
        guard let prompt else {
            return respond(
                PromptPage.nothingToAsk(axis: asked.axis, context: asked.context), title: "Nothing left to ask", asked: asked,
                request: request, context: context)
        }
        return respond(
            PromptPage.question(prompt, context: asked.context), title: "Quick question", asked: asked, request: request,
            context: context)
    }

    @Sendable func answer(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        let asked = try Asked(form.fields, csrfToken: context.page(nil).csrfToken)
        let (book, fact) = try asked.question()
        let author = try Asked.parse(form["author"], Author.ID.init, "an author")
        var value = form["value"] ?? ""
        if value.trimmed.isEmpty { value = form["value_other"] ?? "" }
        let note = form["note"]
        do {
            let answered = try await profiling.answer(
                for: user, book: book, fact: fact, author: author, value: value, note: note, now: configuration.clock())
            return respond(
                PromptPage.success(answered, context: asked.context), title: answered.prompt.fact.savedTitle, asked: asked,
                request: request, context: context)
        } catch let error as PromptInputError {
            guard let prompt = try await profiling.question(for: user, book: book, fact: fact) else { throw error }
            return respond(
                PromptPage.question(prompt, context: asked.context, error: error.message, note: note), title: "Quick question",
                asked: asked, status: .unprocessableContent, request: request, context: context)
        }
    }

    @Sendable func skip(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        let asked = try Asked(form.fields, csrfToken: context.page(nil).csrfToken)
        let (book, fact) = try asked.question()
        let now = configuration.clock()
        try await profiling.skip(fact, for: book, of: user, now: now)
        // The next question: the same book's next one, or the next book missing the axis.
        let next = try await profiling.prompt(
            for: user, book: asked.context.origin == .book ? book : nil, axis: asked.context.origin == .book ? nil : asked.axis,
            fact: nil, now: now)
        guard let next else {
            return respond(
                PromptPage.nothingToAsk(axis: asked.context.origin == .book ? nil : asked.axis, context: asked.context),
                title: "Nothing left to ask", asked: asked, request: request, context: context)
        }
        return respond(
            PromptPage.question(next, context: asked.context), title: "Quick question", asked: asked, request: request,
            context: context)
    }
}
