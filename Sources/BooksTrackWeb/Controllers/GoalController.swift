import BooksTrackApp
import BooksTrackCharts
import BooksTrackCore
import Foundation
import Hummingbird

/// Reading goals in the browser (SPEC F6).
struct GoalController {
    let app: BooksTrack
    let configuration: WebConfiguration
    var goals: GoalService { app.goals }

    /// What the form offers the reader to pick from.
    private func choices(for user: User) async throws -> GoalPages.Choices {
        // The library this server keeps for the reader's insights, as the library page uses it.
        let library = try await app.libraries.library(of: user.id)
        return GoalPages.Choices(
            today: user.today(at: configuration.clock()),
            underrepresented: user.settings.underrepresentedRegions,
            genres: library.genreCounts.map(\.name), shelves: library.shelfCounts.map(\.name))
    }

    func addRoutes(to router: Router<AppContext>) {
        router.get("/goals", use: index)
        router.get("/goals/new", use: new)
        router.post("/goals", use: create)
        router.get("/goals/:goal", use: show)
        router.get("/goals/:goal/edit", use: edit)
        router.get("/goals/:goal/image.svg", use: image)
        router.post("/goals/:goal", use: update)
        router.post("/goals/:goal/status", use: status)
        router.get("/goals/:goal/delete", use: confirmDelete)
        router.post("/goals/:goal/delete", use: delete)
    }

    @Sendable func index(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let user = try context.requireUser()
        return HTMLResponse(
            html: GoalPages.index(
                page: context.page(.goals), goals: try await goals.goals(for: user, now: configuration.clock()),
                today: user.today(at: configuration.clock()))
        )
    }

    @Sendable func new(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let user = try context.requireUser()
        let suggestions = try await goals.suggestions(for: user, now: configuration.clock())
        return HTMLResponse(
            html: GoalPages.form(
                page: context.page(.goals), values: [:], suggestions: suggestions, choices: try await choices(for: user)))
    }

    @Sendable func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try context.requireForm()
        let now = configuration.clock()
        var fields = GoalPages.folded(form.fields)
        if let id = form["template"] {
            guard let template = GoalDraft.templates.first(where: { $0.id == id }) else {
                throw WebError.badRequest("Choose one of the templates on the page.")
            }
            fields = template.fields
        }
        switch GoalDraft.parse(fields, today: user.today(at: now)) {
        case .failure(let errors):
            return HTMLResponse(
                html: GoalPages.form(
                    page: context.page(.goals), values: fields, errors: errors, choices: try await choices(for: user)),
                status: .unprocessableContent
            ).response(from: request, context: context)
        case .success(let draft):
            let goal = try await goals.create(draft, for: user, now: now)
            return Responses.redirect(to: "/goals/\(goal.id.string)", notice: .goalCreated)
        }
    }

    private func standing(_ context: AppContext) async throws -> (User, GoalService.Standing) {
        let user = try context.requireUser()
        let id: Goal.ID = try context.parameters.id("goal")
        do {
            return (user, try await goals.goal(id, for: user, now: configuration.clock()))
        } catch StoreError.notFound {
            throw WebError.notFound("There is no such goal.")
        }
    }

    @Sendable func show(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let (user, standing) = try await standing(context)
        let titles = try await goals.titles(of: standing.progress.books, for: user)
        return HTMLResponse(html: GoalPages.show(page: context.page(.goals), standing: standing, titles: titles))
    }

    /// A completed goal as a picture (issue 20 item 11); a goal not completed is a conflict: there
    /// is nothing to celebrate yet.
    @Sendable func image(_ request: Request, context: AppContext) async throws -> Response {
        let (user, standing) = try await standing(context)
        let goal = standing.goal
        guard goal.status == .completed else {
            throw WebError.conflict("Only a completed goal has a picture; this one is \(goal.status.rawValue).")
        }
        let svg = ShareImage.svg(
            .init(
                kicker: "Goal complete 🎉", title: goal.title,
                lines: [standing.summary] + (goal.snapshot.map { [$0.summary] } ?? [])
                    + ["\(goal.startsOn) to \(goal.endsOn)."],
                date: user.today(at: configuration.clock()).longDescription),
            palette: user.settings.palette ?? .standard)
        return Responses.image(svg: svg, name: "bookstrack-goal")
    }

    @Sendable func edit(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let (user, standing) = try await standing(context)
        return HTMLResponse(
            html: GoalPages.form(
                page: context.page(.goals), values: GoalPages.values(of: standing.goal), editing: standing.goal,
                choices: try await choices(for: user)))
    }

    /// Saves the edit form; a goal keeps its own dates unless its period changes.
    @Sendable func update(_ request: Request, context: AppContext) async throws -> Response {
        let (user, standing) = try await standing(context)
        let form = try context.requireForm()
        let now = configuration.clock()
        let goal = standing.goal
        let fields = GoalPages.folded(form.fields)
        switch GoalDraft.parse(fields, today: user.today(at: now)) {
        case .failure(let errors):
            return HTMLResponse(
                html: GoalPages.form(
                    page: context.page(.goals), values: fields, errors: errors, editing: goal,
                    choices: try await choices(for: user)),
                status: .unprocessableContent
            ).response(from: request, context: context)
        case .success(let draft):
            do {
                _ = try await goals.update(
                    goal.id, with: draft.keepingPeriod(of: goal), status: nil, for: user, now: now,
                    expecting: form["version"].map { EntityTags.goalVersion($0) ?? .distantPast })
            } catch StoreError.conflict(.goalChanged(let id)) {
                // Another device saved first: the form again, with the goal as it is now.
                let current = try await goals.goal(id, for: user, now: now).goal
                return HTMLResponse(
                    html: GoalPages.form(
                        page: context.page(.goals), values: GoalPages.values(of: current), editing: current,
                        changedElsewhere: StoreError.conflict(.goalChanged(id)).message, choices: try await choices(for: user)),
                    status: .conflict
                ).response(from: request, context: context)
            }
            return Responses.redirect(to: "/goals/\(goal.id.string)", notice: .goalUpdated)
        }
    }

    @Sendable func status(_ request: Request, context: AppContext) async throws -> Response {
        let (user, standing) = try await standing(context)
        let form = try context.requireForm()
        guard let status = form["status"].flatMap(Goal.Status.init(rawValue:)), status != .completed else {
            throw WebError.badRequest("Choose one of the buttons on the goal’s page.")
        }
        _ = try await goals.update(standing.goal.id, with: nil, status: status, for: user, now: configuration.clock())
        return Responses.redirect(to: "/goals/\(standing.goal.id.string)", notice: .goalUpdated)
    }

    @Sendable func confirmDelete(_ request: Request, context: AppContext) async throws -> HTMLResponse {
        let (_, standing) = try await standing(context)
        return HTMLResponse(html: GoalPages.confirmDelete(page: context.page(.goals), goal: standing.goal))
    }

    @Sendable func delete(_ request: Request, context: AppContext) async throws -> Response {
        let (user, standing) = try await standing(context)
        try await goals.delete(standing.goal.id, for: user)
        return Responses.redirect(to: "/goals", notice: .goalDeleted)
    }
}
