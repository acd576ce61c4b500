import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// A book's page; adding, editing, deleting, status changes and author facts (SPEC F1).
struct BookController {
    let app: BooksTrack
    let configuration: WebConfiguration
    let library: LibraryService
    let goals: GoalService
    let profiling: ProfilingService

    func addRoutes(to router: Router<AppContext>) {
        router.get("/books/new", use: newBook)
        router.post("/books", use: add)
        router.get("/books/:entry", use: show)
        router.get("/books/:entry/cover", use: cover)
        router.get("/books/:entry/edit", use: edit)
        router.post("/books/:entry", use: update)
        router.post("/books/:entry/status", use: changeStatus)
        router.get("/books/:entry/delete", use: confirmDelete)
        router.post("/books/:entry/delete", use: delete)
        router.get("/books/:entry/authors/:author", use: showAuthor)
        router.post("/books/:entry/authors/:author", use: saveAuthor)
        router.get("/books/:entry/badges/new", use: newBadge)
        router.post("/books/:entry/badges", use: recordBadge)
        router.post("/books/:entry/badges/:badge/delete", use: removeBadge)
    }

    /// The signed-in reader's book named in the path, or "not found".
    private func detail(_ context: AppContext) async throws -> (User, EntryDetail) {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entry")
        guard let detail = try await library.detail(of: entryID, for: user) else {
            throw WebError.notFound("There is no such book in your library.")
        }
        return (user, detail)
    }

    @Sendable func show(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let (user, detail) = try await detail(context)
        return HTMLResponse(html: try await bookPage(user: user, detail: detail, context: context))
    }

    /// The book's cover, served from this server (never hot-linked), or 404: the page then shows
    /// the initials. The key is the ETag; the page's address names it, so a new cover is a new address.
    @Sendable func cover(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entry")
        guard let cover = try await app.reader(user).cover(of: entryID) else {
            throw WebError.notFound("This book has no cover.")
        }
        let etag = EntityTags.cover(key: cover.id)
        var headers: HTTPFields = [
            .contentType: cover.mediaType, .eTag: etag, .cacheControl: "private, max-age=604800",
            .contentSecurityPolicy: "default-src 'none'; sandbox",
        ]
        if EntityTags.noneMatch(request.headers[.ifNoneMatch], names: etag) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: cover.data)))
    }

    /// A book's page; a refused session action shows its reason in the sessions card.
    func bookPage(
        user: User, detail: EntryDetail, context: AppContext, sessionProblem: String? = nil, needsEnd: Bool = false,
        typed: [String: String] = [:]
    ) async throws -> String {
        let reader = app.reader(user)
        let now = configuration.clock()
        // The kept library answers what it holds (the question's context, goals, another
        // book's title) without a query; without one, those are read from the database.
        let kept = try await library.keptLibrary(of: user)
        let (facts, prompt) = try await Self.prompt(for: detail, reader: app.reader(user), kept: kept, now: now)
        let active = try await reader.activeSession()
        var activeTitle: String?
        if let active, active.entryID != detail.entry.id {
            activeTitle =
                if let kept { kept.detail(of: active.entryID)?.work.title } else {
                    try await reader.detail(of: active.entryID)?.work.title
                }
        }
        let overdue = active.map { now.timeIntervalSince($0.startedAt) > SessionRules.longestUnattended } ?? false
        // The active goals this book counts toward, with where they stand (a book just marked
        // read says so at once: "Goal progress: 13 / 30 books").
        let counting =
            if let kept { try await goals.goals(counting: detail.entry.id, for: user, in: kept, now: now) } else {
                try await goals.goals(for: user, now: now).filter {
                    $0.goal.status == .active && $0.progress.books.contains(detail.entry.id)
                }
            }
        let cover = try await app.reader(user).coverID(of: detail.entry.id)
        let badges = try await app.reader(user).badges(of: detail.entry.id)
        // The running session's own book shows its timer in the sessions card: not twice.
        var page = context.page(.library)
        if page.running?.session.entryID == detail.entry.id { page.running = nil }
        return BookPage.render(
            page: page,
            model: .init(
                detail: detail, cover: cover, badges: badges,
                curation: BookPage.Curation(
                    facts: facts, underrepresented: user.settings.underrepresentedRegions, prompt: prompt),
                primaryLanguage: user.settings.primaryLanguage, timeZone: user.timeZone,
                goals: counting.map { ($0.goal, $0.summary) },
                sessions: .init(
                    active: active, activeTitle: activeTitle, problem: sessionProblem, needsEnd: needsEnd || overdue, now: now,
                    typed: typed)))
    }

    /// The book's facts and the next question about it (skipped ones are left out for 30 days).
    static func prompt(
        for detail: EntryDetail, reader: Reader, kept: ReaderLibrary? = nil, now: Date
    ) async throws -> (BookFacts, ProfilingPrompt?) {
        let facts = BookFacts(detail, primaryLanguage: reader.user.settings.primaryLanguage)
        let context = try await reader.promptContext(authors: detail.authors.map(\.id), kept: kept)
        return (facts, ProfilingPrompts.forBook(facts, context: context, skips: try await reader.promptSkips(), now: now))
    }

    @Sendable func newBook(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        _ = try context.requireUser()
        // Filled in from a link ("Add to wishlist" from the insights page): an author, a title, a
        // status; anything else is left out.
        let query = URLQuery.parameters(of: request)
        let values = query.filter { ["title", "authors", "status"].contains($0.key) }.mapValues { String($0.prefix(500)) }
        return HTMLResponse(
            html: BookFormPage.render(page: context.page(.library), model: .init(entryID: nil, title: nil, values: values)))
    }

    @Sendable func add(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        let now = configuration.clock()
        switch BookDraft.parse(form.fields, today: user.today(at: now)) {
        case .failure(let errors):
            let html = BookFormPage.render(
                page: context.page(.library), model: .init(entryID: nil, title: nil, values: form.fields, errors: errors))
            return HTMLResponse(html: html, status: .unprocessableContent).response(from: request, context: context)
        case .success(let draft):
            switch try await library.add(draft, for: user, now: now) {
            case .added(let id): return Responses.redirect(to: "/books/\(id.string)", notice: .bookAdded)
            case .alreadyInLibrary(let id): return Responses.redirect(to: "/books/\(id.string)", notice: .alreadyInLibrary)
            }
        }
    }

    @Sendable func edit(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let (_, detail) = try await detail(context)
        return HTMLResponse(
            html: BookFormPage.render(
                page: context.page(.library),
                model: .init(entryID: detail.entry.id, title: detail.work.title, values: BookFormPage.values(of: detail))))
    }

    @Sendable func update(_ request: Request, context: AppContext) async throws -> Response {
        let (user, detail) = try await detail(context)
        let form = try context.requireForm()
        let now = configuration.clock()
        // What the form showed and comes back untouched is kept as stored (an unchecked ISBN too).
        switch BookDraft.parse(form.fields, editing: EntryFields.draft(detail), today: user.today(at: now)) {
        case .failure(let errors):
            let html = BookFormPage.render(
                page: context.page(.library),
                model: .init(entryID: detail.entry.id, title: detail.work.title, values: form.fields, errors: errors))
            return HTMLResponse(html: html, status: .unprocessableContent).response(from: request, context: context)
        case .success(let draft):
            try await library.update(detail.entry.id, with: draft, for: user, now: now)
            return Responses.redirect(to: "/books/\(detail.entry.id.string)", notice: .bookUpdated)
        }
    }

    @Sendable func changeStatus(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entry")
        let form = try context.requireForm()
        guard let status = form["status"].flatMap(ReadingStatus.init(rawValue:)) else {
            throw WebError.badRequest("Choose one of the statuses on the book’s page.")
        }
        let now = configuration.clock()
        try await library.changeStatus(of: entryID, to: status, for: user, now: now)
        return Responses.redirect(to: "/books/\(entryID.string)", notice: .statusChanged)
    }

    @Sendable func confirmDelete(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let (_, detail) = try await detail(context)
        return HTMLResponse(html: BookFormPage.confirmDelete(page: context.page(.library), detail: detail))
    }

    @Sendable func delete(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let entryID: LibraryEntry.ID = try context.parameters.id("entry")
        try await library.delete(entryID, for: user, now: configuration.clock())
        return Responses.redirect(to: "/library", notice: .bookDeleted)
    }

    // MARK: Author facts

    private func author(_ context: AppContext) async throws -> (User, EntryDetail, Author) {
        let (user, detail) = try await detail(context)
        let authorID: Author.ID = try context.parameters.id("author")
        let people = detail.authors + detail.contributors.map(\.author)
        guard let author = people.first(where: { $0.id == authorID }) else {
            throw WebError.notFound("This person is not among the book’s authors.")
        }
        return (user, detail, author)
    }

    @Sendable func showAuthor(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let (_, detail, author) = try await author(context)
        return HTMLResponse(
            html: AuthorFactsPage.render(
                page: context.page(.library),
                model: .init(
                    author: author, entryID: detail.entry.id, bookTitle: detail.work.title,
                    history: detail.factHistory[author.id] ?? [])))
    }

    @Sendable func saveAuthor(_ request: Request, context: AppContext) async throws -> Response {
        let (user, detail, author) = try await author(context)
        let form = try context.requireForm()
        let sent = Dictionary(uniqueKeysWithValues: AuthorFactInput.kinds.map { ($0.rawValue, form[$0.rawValue]) })
        let changes = AuthorFactInput.changes(sent, current: author)
        let errors = FieldErrors(changes.errors)
        guard errors.isEmpty else {
            let html = AuthorFactsPage.render(
                page: context.page(.library),
                model: .init(
                    author: author, entryID: detail.entry.id, bookTitle: detail.work.title,
                    history: detail.factHistory[author.id] ?? [], values: form.fields, errors: errors))
            return HTMLResponse(html: html, status: .unprocessableContent).response(from: request, context: context)
        }
        let now = configuration.clock()
        try await library.recordFacts(changes.facts, about: author.id, for: user, now: now)
        return Responses.redirect(to: "/books/\(detail.entry.id.string)", notice: .factsSaved)
    }

    // MARK: Identity badges

    @Sendable func newBadge(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let (_, detail) = try await detail(context)
        return HTMLResponse(html: BadgePages.form(page: context.page(.library), detail: detail))
    }

    @Sendable func recordBadge(_ request: Request, context: AppContext) async throws -> Response {
        let (user, detail) = try await detail(context)
        let form = try context.requireForm()
        let sent = IdentityBadgeDraft.Input(form: form.fields)
        do {
            guard try await profiling.recordBadge(sent, on: detail.entry.id, for: user, now: configuration.clock()) != nil
            else { throw WebError.notFound("There is no such book in your library.") }
        } catch let problems as IdentityBadgeDraft.Problems {
            let html = BadgePages.form(
                page: context.page(.library), detail: detail, values: form.fields, errors: problems.byFormName)
            return HTMLResponse(html: html, status: .unprocessableContent).response(from: request, context: context)
        }
        return Responses.redirect(to: "/books/\(detail.entry.id.string)#identity", notice: .badgeRecorded)
    }

    @Sendable func removeBadge(_ request: Request, context: AppContext) async throws -> Response {
        let (user, detail) = try await detail(context)
        guard try await profiling.removeBadge(try context.parameters.id("badge"), for: user) else {
            throw WebError.notFound("There is no such badge of yours.")
        }
        return Responses.redirect(to: "/books/\(detail.entry.id.string)#identity", notice: .badgeRemoved)
    }
}
