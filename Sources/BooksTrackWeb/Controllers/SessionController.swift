import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// Reading sessions and quick progress in the browser (SPEC F5). A refused stop, start, log or
/// progress shows the book's page again with the reason in its sessions card.
struct SessionController {
    let app: BooksTrack
    let configuration: WebConfiguration
    let sessions: SessionService
    let books: BookController

    func addRoutes(to router: Router<AppContext>) {
        router.post("/books/:entry/sessions", use: start)
        router.post("/books/:entry/sessions/logged", use: log)
        router.get("/books/:entry/sessions", use: history)
        router.post("/books/:entry/progress", use: progress)
        router.post("/sessions/:session/finish", use: finish)
        router.get("/sessions/:session/done", use: done)
        router.get("/sessions/:session/edit", use: edit)
        router.post("/sessions/:session", use: update)
        router.get("/sessions/:session/delete", use: confirmDelete)
        router.post("/sessions/:session/delete", use: delete)
    }

    private func detail(_ entryID: LibraryEntry.ID, of user: User) async throws -> EntryDetail {
        guard let detail = try await app.reader(user).detail(of: entryID) else {
            throw WebError.notFound("There is no such book in your library.")
        }
        return detail
    }

    private func session(_ context: AppContext) async throws -> (User, ReadingSession) {
        let user = try context.requireUser()
        let id: ReadingSession.ID = try context.parameters.id("session")
        guard let session = try await app.reader(user).session(id) else {
            throw WebError.notFound("There is no such reading session in your library.")
        }
        return (user, session)
    }

    /// The book's page again, with why the action was refused and what was typed.
    private func refuse(
        _ message: String, entryID: LibraryEntry.ID, user: User, request: Request, context: AppContext, needsEnd: Bool = false
    ) async throws -> Response {
        var typed = (try? context.requireForm())?.fields ?? [:]
        typed["_csrf"] = nil
        let html = try await books.bookPage(
            user: user, detail: try await detail(entryID, of: user), context: context, sessionProblem: message,
            needsEnd: needsEnd,
            typed: typed)
        return HTMLResponse(html: html, status: .unprocessableContent).response(from: request, context: context)
    }

    /// A whole number from a form field, or nil. A typographic minus (−, –) is a minus.
    private static func number(_ form: FormData, _ name: String) -> Int? {
        form[name].flatMap {
            Int(
                $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{2212}", with: "-")
                    .replacingOccurrences(of: "\u{2013}", with: "-"))
        }
    }

    @Sendable func start(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entry")
        let form = try context.requireForm()
        let startPage = form["start_page"].flatMap { $0.isEmpty ? nil : $0 }
        if startPage != nil && Self.number(form, "start_page") == nil {
            return try await refuse(
                "The start page is a whole number, such as 42.", entryID: entryID, user: user, request: request, context: context)
        }
        do {
            switch try await sessions.start(
                on: entryID, startPage: Self.number(form, "start_page"), for: user, now: configuration.clock())
            {
            case .started: return Responses.redirect(to: "/books/\(entryID.string)#sessions", notice: .sessionStarted)
            case .alreadyRunning(let running):
                return Responses.redirect(to: "/books/\(running.entryID.string)#sessions", notice: .sessionAlreadyRunning)
            }
        } catch let error as StoreError {
            guard case .invalid = error else { throw error }
            return try await refuse(error.message, entryID: entryID, user: user, request: request, context: context)
        }
    }

    @Sendable func finish(_ request: Request, context: AppContext) async throws -> Response {
        let (user, session) = try await session(context)
        let form = try context.requireForm()
        guard let endPage = Self.number(form, "end_page") else {
            return try await refuse(
                "Give the page you stopped on, as a whole number.", entryID: session.entryID, user: user, request: request,
                context: context)
        }
        var endedAt: Date?
        if let text = form["ended_at"], !text.isEmpty {
            let parts = text.split(separator: "T").map(String.init)
            guard parts.count == 2, let instant = SessionPages.instant(day: parts[0], time: parts[1], in: user.timeZone) else {
                return try await refuse(
                    "Give the time you stopped as a day and a time.", entryID: session.entryID, user: user, request: request,
                    context: context, needsEnd: true)
            }
            endedAt = instant
        }
        do {
            let finished = try await sessions.finish(
                session.id, endPage: endPage, endedAt: endedAt, correction: form["correction"] == "on", for: user,
                now: configuration.clock())
            return Responses.redirect(to: "/sessions/\(finished.id.string)/done")
        } catch let error as StoreError {
            guard case .invalid(let invalid) = error else { throw error }
            let needsEnd = if case .sessionNeedsEnd = invalid { true } else { endedAt != nil }
            return try await refuse(
                error.message, entryID: session.entryID, user: user, request: request, context: context, needsEnd: needsEnd)
        }
    }

    @Sendable func done(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let (user, session) = try await session(context)
        let now = configuration.clock()
        let detail = try await detail(session.entryID, of: user)
        let (_, prompt) = try await BookController.prompt(for: detail, reader: app.reader(user), now: now)
        return HTMLResponse(
            html: SessionPages.done(
                page: context.page(.library), session: session, detail: detail,
                streak: try await sessions.streak(for: user, now: now), prompt: prompt))
    }

    /// The session fields of a log or edit form, checked; or the sentence saying what is wrong.
    private func parsed(_ form: FormData, user: User) -> Result<(Date, Int, Int, Int), WebError> {
        guard let startedAt = SessionPages.instant(day: form["date"], time: form["time"], in: user.timeZone) else {
            return .failure(.badRequest("Give the day as YYYY-MM-DD and the time as HH:MM."))
        }
        guard let minutes = Self.number(form, "minutes") else {
            return .failure(.badRequest("Minutes are a whole number, such as 30."))
        }
        guard minutes >= 0 else { return .failure(.badRequest("Minutes cannot be negative.")) }
        guard let startPage = Self.number(form, "from_page"), let endPage = Self.number(form, "to_page") else {
            return .failure(.badRequest("Both pages are whole numbers, such as 12 and 40."))
        }
        guard startPage >= 0, endPage >= 0 else { return .failure(.badRequest("Pages cannot be negative.")) }
        return .success((startedAt, minutes, startPage, endPage))
    }

    @Sendable func log(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entry")
        let form = try context.requireForm()
        switch parsed(form, user: user) {
        case .failure(let error):
            return try await refuse(error.detail, entryID: entryID, user: user, request: request, context: context)
        case .success(let (startedAt, minutes, startPage, endPage)):
            do {
                _ = try await sessions.log(
                    on: entryID, startedAt: startedAt, minutes: minutes, startPage: startPage, endPage: endPage,
                    correction: true, for: user, now: configuration.clock())
                return Responses.redirect(to: "/books/\(entryID.string)#sessions", notice: .sessionLogged)
            } catch let error as StoreError {
                guard case .invalid = error else { throw error }
                return try await refuse(error.message, entryID: entryID, user: user, request: request, context: context)
            }
        }
    }

    @Sendable func history(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entry")
        let detail = try await detail(entryID, of: user)
        let page = URLQuery.pageNumber(URLQuery.parameters(of: request))
        let (list, total) = try await app.reader(user).sessions(of: entryID, page: page)
        return HTMLResponse(
            html: SessionPages.history(
                page: context.page(.library), detail: detail, sessions: list, total: total, pageNumber: page,
                timeZone: user.timeZone))
    }

    @Sendable func progress(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entry")
        let form = try context.requireForm()
        let percent = Self.number(form, "percent")
        let page = Self.number(form, "page")
        guard page != nil || percent != nil else {
            return try await refuse(
                "Give the page you are on (or how far through, in percent) as a whole number.", entryID: entryID, user: user,
                request: request, context: context)
        }
        do {
            if let page {
                try await sessions.progress(on: entryID, page: page, for: user, now: configuration.clock())
            } else if let percent {
                try await sessions.progress(on: entryID, percent: percent, for: user, now: configuration.clock())
            }
            // At the last page the book's page offers "Mark as read", wherever the page was noted.
            let last = BookPage.atLastPage(try await detail(entryID, of: user))
            return Responses.redirect(
                to: last
                    ? "/books/\(entryID.string)#progress" : form["return"] == "home" ? "/" : "/books/\(entryID.string)#sessions",
                notice: .progressSaved)
        } catch let error as StoreError {
            guard case .invalid = error else { throw error }
            return try await refuse(error.message, entryID: entryID, user: user, request: request, context: context)
        }
    }

    @Sendable func edit(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let (user, session) = try await session(context)
        let detail = try await detail(session.entryID, of: user)
        return HTMLResponse(
            html: SessionPages.edit(
                page: context.page(.library), session: session, title: detail.work.title, timeZone: user.timeZone,
                now: configuration.clock()))
    }

    @Sendable func update(_ request: Request, context: AppContext) async throws -> Response {
        let (user, session) = try await session(context)
        let form = try context.requireForm()
        let detail = try await detail(session.entryID, of: user)
        func again(_ message: String) -> Response {
            HTMLResponse(
                html: SessionPages.edit(
                    page: context.page(.library), session: session, title: detail.work.title, timeZone: user.timeZone,
                    now: configuration.clock(), values: form.fields, problem: message),
                status: .unprocessableContent
            ).response(from: request, context: context)
        }
        switch parsed(form, user: user) {
        case .failure(let error): return again(error.detail)
        case .success(let (startedAt, minutes, startPage, endPage)):
            do {
                _ = try await sessions.update(
                    session.id, startedAt: startedAt, minutes: minutes, startPage: startPage, endPage: endPage, for: user,
                    now: configuration.clock())
                return Responses.redirect(to: "/books/\(session.entryID.string)/sessions", notice: .sessionSaved)
            } catch let error as StoreError {
                guard case .invalid = error else { throw error }
                return again(error.message)
            }
        }
    }

    @Sendable func confirmDelete(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let (user, session) = try await session(context)
        let detail = try await detail(session.entryID, of: user)
        return HTMLResponse(
            html: SessionPages.confirmDelete(
                page: context.page(.library), session: session, title: detail.work.title, timeZone: user.timeZone))
    }

    @Sendable func delete(_ request: Request, context: AppContext) async throws -> Response {
        let (user, session) = try await session(context)
        try await sessions.delete(session.id, for: user, now: configuration.clock())
        return Responses.redirect(to: "/books/\(session.entryID.string)/sessions", notice: .sessionDeleted)
    }
}
