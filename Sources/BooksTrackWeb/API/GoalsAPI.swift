import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/goals`: reading goals with their progress inline (SPEC F6).
struct GoalsAPI {
    let configuration: WebConfiguration
    let goals: GoalService

    struct GoalModel: Codable {
        struct Criteria: Codable {
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
        struct Progress: Codable {
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
        struct MilestoneModel: Codable {
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
            story = goal.snapshot.map(\.summary)
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
    struct ChangedGoal: Codable {
        let type: String
        let title: String
        let status: Int
        let detail: String
        let goal: GoalModel
    }

    /// A goal as the API sends it (the form's names in camel case, lists as arrays), decoded into
    /// the typed input the form's text is read into: only the fields the request gives, applied
    /// over a template's, over the goal being edited.
    struct GoalInput: Decodable {
        private var changes: [@Sendable (inout GoalDraft.Input) -> Void] = []
        private(set) var template: GoalDraft.Template?
        private(set) var status: Goal.Status?
        /// Values the request names that do not exist (a kind, a region, a template…): said
        /// together with what checking the goal finds, so one answer lists every problem.
        private(set) var problems = FieldErrors()
        /// Whether it gives the goal's dates.
        private(set) var givesPeriod = false
        /// Whether the request gives any of the goal's fields (not only its status).
        var changesGoal: Bool { template != nil || !changes.isEmpty || !problems.isEmpty }

        static let textFields = ["title", "kind", "cadence", "startsOn", "endsOn", "genre", "shelf", "template"]
        static let listFields = ["regions", "genders", "languages"]
        static let flagFields = ["recurring", "marginalized", "translated", "owned"]
        static let numberFields = ["target", "since", "minimumBooks"]
        /// The API's name of each of the draft's fields that is named otherwise in the form.
        static let apiName = ["starts_on": "startsOn", "ends_on": "endsOn", "minimum": "minimumBooks"]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.refuseUnknown(Set(Self.textFields + Self.listFields + Self.flagFields + Self.numberFields + ["status"]))
            var errors = FieldErrors()
            for key in container.allKeys where try !container.decodeNil(forKey: key) {
                let name = key.stringValue
                if Self.textFields.contains(name) {
                    guard let text = try? container.decode(String.self, forKey: key) else {
                        errors[name] = "A string."
                        continue
                    }
                    read(text, as: name)
                } else if Self.listFields.contains(name) {
                    guard let list = try? container.decode([String].self, forKey: key) else {
                        errors[name] = "A list of strings."
                        continue
                    }
                    // As the form reads a list: items may hold several names, separated by commas.
                    read(
                        list.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
                            .filter { !$0.isEmpty }, as: name)
                } else if Self.flagFields.contains(name) {
                    guard let flag = try? container.decode(Bool.self, forKey: key) else {
                        errors[name] = "true or false."
                        continue
                    }
                    read(flag, as: name)
                } else if Self.numberFields.contains(name) {
                    guard let number = try? container.decode(Int.self, forKey: key) else {
                        errors[name] = "A whole number."
                        continue
                    }
                    read(number, as: name)
                } else {
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

        private mutating func change(_ apply: @escaping @Sendable (inout GoalDraft.Input) -> Void) { changes.append(apply) }

        private mutating func read(_ text: String, as name: String) {
            switch name {
            case "startsOn", "endsOn":
                guard let day = LocalDate(text) else {
                    problems[name] = "A day as YYYY-MM-DD."
                    return
                }
                givesPeriod = true
                if name == "startsOn" { change { $0.startsOn = day } } else { change { $0.endsOn = day } }
            case "kind":
                guard let kind = Goal.Kind(rawValue: text) else {
                    problems[name] = "One of: " + Goal.Kind.allCases.map(\.rawValue).joined(separator: ", ") + "."
                    return
                }
                change { $0.kind = kind }
            case "cadence":
                guard let cadence = Goal.Cadence(rawValue: text) else {
                    problems[name] = "One of: year, month, week, custom."
                    return
                }
                change { $0.cadence = cadence }
            case "template":
                guard let template = GoalDraft.templates.first(where: { $0.id == text }) else {
                    problems[name] =
                        "There is no such template. One of: " + GoalDraft.templates.map(\.id).joined(separator: ", ") + "."
                    return
                }
                self.template = template
            case "title": change { $0.title = text }
            case "genre": change { $0.genre = text }
            default: change { $0.shelf = text }
            }
        }

        private mutating func read(_ names: [String], as name: String) {
            switch name {
            case "regions":
                let regions = GoalDraft.Input.regions(names, errors: &problems)
                change { $0.regions = regions }
            case "genders":
                let genders = GoalDraft.Input.genders(names, errors: &problems)
                change { $0.genders = genders }
            default:
                let languages = GoalDraft.Input.languages(names, errors: &problems)
                change { $0.languages = languages }
            }
        }

        private mutating func read(_ flag: Bool, as name: String) {
            switch name {
            case "recurring": change { $0.recurring = flag }
            case "marginalized": change { $0.marginalized = flag }
            case "translated": change { $0.translated = flag }
            default: change { $0.owned = flag }
            }
        }

        private mutating func read(_ number: Int, as name: String) {
            switch name {
            case "target": change { $0.target = number }
            case "since": change { $0.since = number }
            default: change { $0.minimum = number }
            }
        }

        /// `base` with the template's goal and then the request's own fields put over it.
        func applied(to base: GoalDraft.Input) -> GoalDraft.Input {
            var input = base
            if let template {
                let made = GoalDraft.Input(template: template)
                (input.title, input.kind, input.target, input.cadence) = (made.title, made.kind, made.target, made.cadence)
                (input.regions, input.genders, input.owned, input.since) = (made.regions, made.genders, made.owned, made.since)
            }
            for change in changes { change(&input) }
            return input
        }
    }

    private static let example = " For example {\"template\": \"52-books\"} or {\"kind\": \"books\", \"target\": 30}."

    /// The goal `request` makes of `base`, checked; every problem at once, by the API's names.
    private func draft(_ request: GoalInput, over base: GoalDraft.Input, user: User) throws -> GoalDraft {
        var problems = request.problems
        let made = GoalDraft.make(request.applied(to: base), today: user.today(at: configuration.clock()))
        if case .failure(let errors) = made {
            // What the request named wrongly says more than what its absence made the check say.
            for (key, message) in errors.messages where problems[GoalInput.apiName[key] ?? key] == nil {
                problems[GoalInput.apiName[key] ?? key] = message
            }
        }
        guard problems.isEmpty, case .success(let draft) = made else {
            throw WebError.invalid(problems, message: "The goal has problems.")
        }
        return draft
    }

    @Sendable func list(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        _ = try APIQuery(request, allowed: [])
        return try Responses.json(try await goals.goals(for: user, now: configuration.clock()).map(GoalModel.init))
    }

    @Sendable func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let input = try await APIRequest.decode(GoalInput.self, from: request, example: Self.example)
        let goal = try await goals.create(
            try draft(input, over: GoalDraft.Input(), user: user), for: user, now: configuration.clock())
        let standing = try await goals.goal(goal.id, for: user, now: configuration.clock())
        return try Responses.json(
            GoalModel(standing), status: .created, headers: [.location: "/api/v1/goals/\(goal.id.string)"])
    }

    @Sendable func show(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: Goal.ID = try context.parameters.id("goalId")
        let standing = try await goals.goal(id, for: user, now: configuration.clock())
        return try Responses.json(GoalModel(standing), headers: [.eTag: EntityTags.goal(standing.goal)])
    }

    @Sendable func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: Goal.ID = try context.parameters.id("goalId")
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
        if input.changesGoal {
            draft = try self.draft(input, over: GoalDraft.Input(goal: current), user: user)
            if !input.givesPeriod { draft = draft?.keepingPeriod(of: current) }
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
        let id: Goal.ID = try context.parameters.id("goalId")
        try await goals.delete(id, for: user)
        return Responses.noContent()
    }
}

// MARK: - Schemas

extension GoalsAPI.GoalModel: APISchema {
    static let schemaName = "Goal"
    static var fieldNotes: [String: JSONSchema] {
        [
            "id": .formatted("uuid"),
            "kind": .cases(of: Goal.Kind.self),
            "cadence": .cases(of: Goal.Cadence.self),
            "startsOn": .formatted("date"),
            "endsOn": .formatted("date"),
            "status": .cases(of: Goal.Status.self),
            "criteria": JSONSchema(properties: [
                "since": .described("A decades goal's first decade (a year ending in 0)."),
                "minimumBooks": .described("A share goal's fewest books with the fact known for it to complete (default 10)."),
            ]),
            "story": .described("A completed goal's final figures: \"30 books · 9,450 pages · 12 countries\"."),
            "progress": JSONSchema(properties: [
                "current": .described("For a share goal, the percentage of the books whose fact is known that match."),
                "pace": .described(
                    "A share goal is done only when its period ends at the target over its minimum of books; below the target it needs books (neededBooks), or is out of reach for the period. A streak goal under its target has a run still alive (streakRun, 0 when broken) or no longer fits in the period."
                ).merged(
                    with: .oneOf([
                        "done", "ended", "notStarted", "ahead", "onTrack", "behind", "needsBooks", "outOfReach", "streakRunning",
                        "streakBroken", "streakOutOfReach",
                    ])),
                "paceText": .described(
                    "The pace in words, in the goal's own unit: \"1,680 pages to go in 2 days — about 840 a day.\", \"Streak broken. Start a new one today!\""
                ), "left": .described("With behind: what is left to the target, in the goal's unit."),
                "daysLeft": .described("With behind: the days left in the period, today included."),
                "neededPerWeek": .described("With behind: left per week of daysLeft."),
                "streakRun": .described(
                    "A streak goal under its target: the run of reading days still alive (ending today, or yesterday while today is unread)."
                ), "neededBooks": .described("A share goal below its target: the next books, all matching, that bring it there."),
                "known": .described(
                    "A share goal: the period's finished books whose fact is known (the whole the share is of); otherwise every finished book."
                ),
                "regions": .described(
                    "The regions the books that count reach, among those the goal asks for; for a regions goal, every finished book's."
                ).merged(with: .eachItem(.cases(of: CulturalRegion.self))),
                "mightCount": .described(
                    "The period's finished books that do not count only because a fact the goal asks about is not known: filled in, they might count."
                ),
                "missingFacts": .described("The facts whose absence keeps those books out.").merged(
                    with: .eachItem(.cases(of: GoalFact.self))),
            ]),
            "milestones": .eachItem(
                JSONSchema(properties: [
                    "mark": .described(
                        "25, 50, 75 or 100 (%); for a streak goal, days; for a share goal, books counted (5, 10, 25, 50, 100).")
                ])),
        ]
    }
}
