import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/goals`: reading goals with their progress inline (SPEC F6).
struct GoalsAPI {
    let configuration: WebConfiguration
    let goals: GoalService

    func addRoutes(to api: RouterGroup<AppContext>) {
        api.get("goals", use: list)
        api.post("goals", use: create)
        api.get("goals/:goal", use: show)
        api.patch("goals/:goal", use: update)
        api.delete("goals/:goal", use: delete)
    }

    struct GoalModel: Encodable {
        struct Criteria: Encodable {
            let regions: [String]
            let genders: [String]
            let languages: [String]
            let marginalized: Bool
            let translated: Bool
            let owned: Bool
            let genre: String?
            let shelf: String?
            /// A decades goal's first decade.
            let since: Int?
            /// A share goal's fewest books with the fact known for it to complete.
            let minimumBooks: Int?
        }
        struct Progress: Encodable {
            let current: Double
            let target: Int
            let percent: Int
            /// done, ended, notStarted, ahead, onTrack, behind, needsBooks, outOfReach (a share
            /// goal), streakRunning, streakBroken or streakOutOfReach (a streak goal).
            let pace: String
            /// The pace in words, in the goal's own unit (what the web app says).
            let paceText: String
            /// With `behind`: what is left to reach the target, in the goal's unit, and the days
            /// left (today included) — and what that is per week.
            let left: Double?
            let daysLeft: Int?
            let neededPerWeek: Double?
            /// A streak goal: the run of reading days still alive.
            let streakRun: Int?
            /// A share goal under its target: the next books, all matching, that bring it there.
            let neededBooks: Int?
            let finishedInPeriod: Int
            /// A share goal: the finished books whose fact is known (the whole of the share).
            let known: Int
            let books: [String]
            let warning: String?
            /// The regions the books that count reach (a regions goal: every finished book's).
            let regions: [String]
            /// Finished books in the period that might count if a fact were known.
            let mightCount: Int
            /// Those facts: region, gender, marginalized, language, translated, genre.
            let missingFacts: [String]
        }
        struct MilestoneModel: Encodable {
            let mark: Int
            let reachedAt: Date
        }
        let id: String
        let title: String
        let kind: String
        let target: Int
        let cadence: String
        let recurring: Bool
        let startsOn: String
        let endsOn: String
        let status: String
        let criteria: Criteria
        let createdAt: Date
        let completedAt: Date?
        let story: String?
        let progress: Progress
        let milestones: [MilestoneModel]

        init(_ standing: GoalService.Standing) {
            let goal = standing.goal
            let progress = standing.progress
            id = goal.id.string
            title = goal.title
            kind = goal.kind.rawValue
            target = goal.target
            cadence = goal.cadence.rawValue
            recurring = goal.recurring
            startsOn = goal.startsOn.description
            endsOn = goal.endsOn.description
            status = goal.status.rawValue
            let c = goal.criteria
            criteria = Criteria(
                regions: c.regions.map(\.rawValue), genders: c.genders.map(\.rawValue), languages: c.languages.map(\.code),
                marginalized: c.marginalizedOnly, translated: c.translatedOnly, owned: c.ownedOnly, genre: c.genre,
                shelf: c.shelf, since: c.sinceYear, minimumBooks: goal.kind == .share ? goal.shareMinimum : nil)
            createdAt = goal.createdAt
            completedAt = goal.completedAt
            story = goal.snapshot.map(GoalService.story)
            var pace = "onTrack"
            var perWeek: Double?
            var left: Double?
            var daysLeft: Int?
            var neededBooks: Int?
            var streakRun: Int?
            switch progress.pace {
            case .done: pace = "done"
            case .ended: pace = "ended"
            case .notStarted: pace = "notStarted"
            case .ahead: pace = "ahead"
            case .onTrack: pace = "onTrack"
            case .behind(let toGo, let days):
                pace = "behind"
                (left, daysLeft) = ((toGo * 100).rounded() / 100, days)
                perWeek = (toGo / Double(max(1, days)) * 7 * 100).rounded() / 100
            case .streak(let run, let broken, let fits):
                pace = !fits ? "streakOutOfReach" : broken ? "streakBroken" : "streakRunning"
                streakRun = run
            case .needs(let books):
                pace = books == nil ? "outOfReach" : "needsBooks"
                neededBooks = books
            }
            self.progress = Progress(
                current: (progress.current * 100).rounded() / 100, target: goal.target, percent: progress.percent, pace: pace,
                paceText: goal.paceSentence(progress), left: left, daysLeft: daysLeft, neededPerWeek: perWeek,
                streakRun: streakRun, neededBooks: neededBooks, finishedInPeriod: progress.finishedInPeriod,
                known: progress.known, books: progress.books.map(\.string),
                warning: standing.warning, regions: progress.regions.map(\.rawValue), mightCount: progress.mightCount,
                missingFacts: progress.missingFacts.map(\.rawValue))
            milestones = standing.milestones.sorted { $0.percent < $1.percent }.map {
                MilestoneModel(mark: $0.percent, reachedAt: $0.reachedAt)
            }
        }
    }

    /// A 412's problem, with the goal as it is now.
    struct ChangedGoal: Encodable {
        let type: String
        let title: String
        let status: Int
        let detail: String
        let goal: GoalModel
    }

    /// A goal's fields as JSON: the form's names in camel case, lists as arrays.
    struct GoalInput: Decodable {
        var fields: [String: String] = [:]
        var status: Goal.Status?

        static let textFields = ["title", "kind", "cadence", "startsOn", "endsOn", "genre", "shelf", "template"]
        static let listFields = ["regions", "genders", "languages"]
        static let flagFields = ["recurring", "marginalized", "translated", "owned"]
        static let formName = ["startsOn": "starts_on", "endsOn": "ends_on", "minimumBooks": "minimum"]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.refuseUnknown(
                Set(Self.textFields + Self.listFields + Self.flagFields + ["target", "since", "minimumBooks", "status"]))
            var errors = FieldErrors()
            for key in container.allKeys {
                let name = key.stringValue
                let form = Self.formName[name] ?? name
                if try container.decodeNil(forKey: key) { continue }
                if name == "startsOn" || name == "endsOn" {
                    let text = try? container.decode(String.self, forKey: key)
                    if let text, LocalDate(text) != nil { fields[form] = text } else { errors[name] = "A day as YYYY-MM-DD." }
                } else if Self.textFields.contains(name) {
                    if let text = try? container.decode(String.self, forKey: key) {
                        fields[form] = text
                    } else {
                        errors[name] = "A string."
                    }
                } else if Self.listFields.contains(name) {
                    if let list = try? container.decode([String].self, forKey: key) {
                        fields[form] = list.joined(separator: ",")
                    } else {
                        errors[name] = "A list of strings."
                    }
                } else if Self.flagFields.contains(name) {
                    if let flag = try? container.decode(Bool.self, forKey: key) {
                        fields[form] = flag ? "on" : ""
                    } else {
                        errors[name] = "true or false."
                    }
                } else if name == "target" || name == "since" || name == "minimumBooks" {
                    if let number = try? container.decode(Int.self, forKey: key) {
                        fields[form] = String(number)
                    } else {
                        errors[name] = "A whole number."
                    }
                } else if name == "status" {
                    let text = try? container.decode(String.self, forKey: key)
                    if let status = text.flatMap(Goal.Status.init(rawValue:)), status != .completed {
                        self.status = status
                    } else {
                        errors[name] = "active, paused or abandoned (a goal is completed by reaching its target)."
                    }
                }
            }
            if !errors.isEmpty { throw errors }
        }

        /// The fields with a template's filled in first (the request's own win).
        func resolved() throws -> [String: String] {
            guard let id = fields["template"] else { return fields }
            guard let template = GoalDraft.templates.first(where: { $0.id == id }) else {
                throw WebError.invalid(
                    FieldErrors(["template": "One of: " + GoalDraft.templates.map(\.id).joined(separator: ", ") + "."]),
                    message: "There is no such template.")
            }
            return template.fields.merging(fields.filter { $0.key != "template" }) { _, mine in mine }
        }
    }

    private static let example = " For example {\"template\": \"52-books\"} or {\"kind\": \"books\", \"target\": 30}."

    private func draft(_ fields: [String: String], user: User) throws -> GoalDraft {
        switch GoalDraft.parse(fields, today: user.today(at: configuration.clock())) {
        case .success(let draft): return draft
        case .failure(let errors):
            let named = Dictionary(
                uniqueKeysWithValues: errors.messages.map { key, value in
                    (GoalInput.formName.first { $0.value == key }?.key ?? key, value)
                })
            throw WebError.invalid(FieldErrors(named), message: "The goal has problems.")
        }
    }

    @Sendable func list(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        _ = try APIQuery(request, allowed: [])
        return try Responses.json(try await goals.goals(for: user, now: configuration.clock()).map(GoalModel.init))
    }

    @Sendable func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let input = try await APIRequest.decode(GoalInput.self, from: request, example: Self.example)
        let goal = try await goals.create(try draft(try input.resolved(), user: user), for: user, now: configuration.clock())
        let standing = try await goals.goal(goal.id, for: user, now: configuration.clock())
        return try Responses.json(
            GoalModel(standing), status: .created, headers: [.location: "/api/v1/goals/\(goal.id.string)"])
    }

    @Sendable func show(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: Goal.ID = try context.parameters.id("goal")
        let standing = try await goals.goal(id, for: user, now: configuration.clock())
        return try Responses.json(GoalModel(standing), headers: [.eTag: EntityTags.goal(standing.goal)])
    }

    @Sendable func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: Goal.ID = try context.parameters.id("goal")
        let current = try await goals.goal(id, for: user, now: configuration.clock()).goal
        // If-Match: the later of two devices' edits is told, with the goal as it is now (412).
        var expecting: Date?
        if let match = request.headers[.ifMatch], match.trimmingCharacters(in: .whitespaces) != "*" {
            guard let version = EntityTags.goalVersion(match) else {
                throw WebError.badRequest("If-Match is the goal’s ETag as GET /api/v1/goals/{id} gives it (or *).")
            }
            expecting = version
        }
        let input = try await APIRequest.decode(GoalInput.self, from: request, example: " For example {\"status\": \"paused\"}.")
        var draft: GoalDraft?
        if !input.fields.isEmpty {
            var fields = GoalPages.values(of: current)
            fields.merge(try input.resolved()) { _, new in new }
            draft = try self.draft(fields, user: user)
            if input.fields["starts_on"] == nil, input.fields["ends_on"] == nil { draft = draft?.keepingPeriod(of: current) }
        }
        do {
            _ = try await goals.update(
                id, with: draft, status: input.status, for: user, now: configuration.clock(), expecting: expecting)
        } catch StoreError.conflict(.goalChanged) {
            let now = try await goals.goal(id, for: user, now: configuration.clock())
            var response = try Responses.json(
                ChangedGoal(
                    type: "about:blank", title: "Precondition Failed", status: 412,
                    detail: StoreError.conflict(.goalChanged(id)).message, goal: GoalModel(now)),
                status: .preconditionFailed, headers: [.eTag: EntityTags.goal(now.goal)])
            response.headers[.contentType] = "application/problem+json"
            return response
        }
        let saved = try await goals.goal(id, for: user, now: configuration.clock())
        return try Responses.json(GoalModel(saved), headers: [.eTag: EntityTags.goal(saved.goal)])
    }

    @Sendable func delete(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: Goal.ID = try context.parameters.id("goal")
        try await goals.delete(id, for: user)
        return Responses.noContent()
    }
}
