import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension GoalsAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case listGoals, createGoal, getGoal, updateGoal, deleteGoal

        var declaration: APIOperation {
            switch self {
            case .listGoals:
                APIOperation(
                    .get, "goals", .goals, summary: "The reader's goals with their progress, derived from the library",
                    responses: [.json(.ok, "The goals, oldest first.", [GoalsAPI.GoalModel].self), .unauthorized])
            case .createGoal:
                APIOperation(
                    .post, "goals", .goals, summary: "Set a goal, from a template or your own",
                    description:
                        "Ranges (SPEC F6): books 1–1000, pages 1–1,000,000, minutes 1–525,600, streak days 1–366, diversity 1–50 over 3–12 months, share 1–100 (%). Diversity, share and category goals need criteria. Templates: 52-books, read-women, around-the-world, read-the-world, tbr-stack-buster, every-decade. A countries goal (`countriesExplored`) counts the distinct countries of the authors of the books finished, 1–250. A decades goal (`decadesExplored`) needs `since`; its target, left out, is every decade from there.",
                    requestBody: .json(GoalsAPI.GoalInput.self, example: ["template": "52-books"]),
                    responses: [.json(.created, "The goal.", GoalsAPI.GoalModel.self), .unauthorized, .invalid])
            case .getGoal:
                APIOperation(
                    .get, "goals/{goalId}", .goals, summary: "A goal with its progress, pace and milestones",
                    description: "The answer's ETag is the goal's version: send it back in `If-Match` with a change.",
                    parameters: [.goalID],
                    responses: [
                        .json(.ok, "The goal.", GoalsAPI.GoalModel.self)
                            .with(header: "ETag", "The goal's version.", JSONSchema.string),
                        .unauthorized, .notFound,
                    ])
            case .updateGoal:
                APIOperation(
                    .patch, "goals/{goalId}", .goals, summary: "Change a goal, or pause, resume or abandon it",
                    description:
                        "With an `If-Match` header (the ETag of the goal as last read, or `*`; anything else is a 400) the change is made only if nobody changed the goal since — another device's edit made in between answers 412 with the goal as it is now (`goal`), so nothing is lost without a word. Without it, the later write wins. Milestones already reached keep their days; the rest are measured against the new target.",
                    parameters: [.goalID],
                    requestBody: .json(GoalsAPI.GoalInput.self, example: ["status": "paused"]),
                    responses: [
                        .json(.ok, "The goal.", GoalsAPI.GoalModel.self), .unauthorized, .notFound,
                        .problem(
                            .preconditionFailed, "The goal changed since the ETag sent: the problem carries it as it is now.",
                            GoalsAPI.ChangedGoal.self), .invalid,
                    ])
            case .deleteGoal:
                APIOperation(
                    .delete, "goals/{goalId}", .goals, summary: "Delete a goal and its milestones",
                    parameters: [.goalID],
                    responses: [.empty(.noContent, "Deleted."), .unauthorized, .notFound])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .listGoals: list
        case .createGoal: create
        case .getGoal: show
        case .updateGoal: update
        case .deleteGoal: delete
        }
    }
}

extension GoalsAPI.GoalInput: DocumentedRequest {
    static let schemaName = "GoalInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            [
                "template": JSONSchema.string.merged(
                    with: .oneOf([
                        "52-books", "read-women", "around-the-world", "read-the-world", "tbr-stack-buster", "every-decade",
                    ])
                ).orNull, "title": JSONSchema.string.orNull,
                "kind": JSONSchema.string.merged(with: .cases(of: Goal.Kind.self)).orNull, "target": JSONSchema.integer.orNull,
                "cadence": JSONSchema.string.merged(with: .cases(of: Goal.Cadence.self)).orNull,
                "startsOn": JSONSchema.string.formatted("date").orNull, "endsOn": JSONSchema.string.formatted("date").orNull,
                "recurring": JSONSchema.boolean.orNull,
                "regions": JSONSchema.array(of: JSONSchema.string).described(
                    "Regions by the name the app shows (\"Middle East\") or their code (`middleEast`): Africa, Asia, Europe, North America, South America, Oceania, Middle East, Caribbean, Central Asia, Indigenous, International."
                ).orNull,
                "genders": JSONSchema.array(of: JSONSchema.string).described(
                    "`female`, `male`, `nonBinary` (also \"Non-binary\") or `other`."
                ).orNull,
                "languages": JSONSchema.array(of: JSONSchema.string).described(
                    "Original languages by English name (\"Japanese\") or ISO 639 code (`ja`)."
                ).orNull, "marginalized": JSONSchema.boolean.orNull, "translated": JSONSchema.boolean.orNull,
                "owned": JSONSchema.boolean.orNull, "genre": JSONSchema.string.orNull, "shelf": JSONSchema.string.orNull,
                "since": JSONSchema.integer.described(
                    "A decades goal's first decade: a year from 1000 to this decade's (rounded down to its decade)."
                ).orNull,
                "minimumBooks": JSONSchema.integer.described(
                    "A share goal's fewest books with the fact known for it to complete (default 10)."
                ).bounded(1, 1000).orNull,
                "status": JSONSchema.string.merged(with: .oneOf(["active", "paused", "abandoned"])).orNull,
            ], closed: true)
    }
}
