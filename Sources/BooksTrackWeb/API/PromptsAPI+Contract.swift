import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension PromptsAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case getRadar, getCompletion, getBookRadar, getNextPrompt, getBookPrompt, answerPrompt, skipPrompt, getCuration

        var declaration: APIOperation {
            switch self {
            case .getRadar:
                APIOperation(
                    .get, "radar", .curation, summary: "The library's representation radar",
                    description:
                        "Seven axes, each 0–1: cultural origin, gender, language, marginalized voices, translation, own voices, era. An axis with no data at all is a ghost (`ghost: true`, no `value`); `coverage` is the share of the books whose value is known. `overall` is the mean × 100 of the axes with enough data (`counted`: known for at least 25% of the books and at least 5 of them) with its band; `basis` names the axes left out. The same period and scope parameters as the insights, and an ETag. Counted in books whatever `unit` says.",
                    parameters: APIParameter.insights,
                    responses: [.json(.ok, "The radar.", APIModels.Radar.self), .notModified, .unauthorized])
            case .getCompletion:
                APIOperation(
                    .get, "completion", .curation, summary: "Diversity data completion: overall and per dimension",
                    description:
                        "Per dimension: books whose value is known ÷ books in scope. Overall: the mean of the seven. Same parameters as the radar.",
                    parameters: APIParameter.insights,
                    responses: [.json(.ok, "The completion.", APIModels.Completion.self), .notModified, .unauthorized])
            case .getBookRadar:
                APIOperation(
                    .get, "entries/{entryId}/radar", .curation, summary: "One book's radar, its facts and what is missing",
                    parameters: [.entryID],
                    responses: [.json(.ok, "The book's radar.", APIModels.BookRadar.self), .unauthorized, .notFound])
            case .getNextPrompt:
                APIOperation(
                    .get, "prompts/next", .curation, summary: "The next question for the library: the first book missing an axis",
                    description:
                        "Read books first, then books being read, then the rest, newest first. Questions skipped in the last 30 days are left out. `prompt` is absent when there is nothing to ask.",
                    parameters: [.query("axis", "A radar axis; without it, any missing fact.", oneOf: RadarAxis.self)],
                    responses: [.json(.ok, "The question, if any.", APIModels.NextPrompt.self), .unauthorized, .invalid])
            case .getBookPrompt:
                APIOperation(
                    .get, "entries/{entryId}/prompt", .curation, summary: "A question about one book",
                    description:
                        "With `fact`, that question (even when the fact is known: an answer replaces it). Otherwise the axis's (or the book's) first missing fact not skipped in the last 30 days, then a yes/no check of an automatic author fact.",
                    parameters: [
                        .entryID, .query("axis", "A radar axis.", oneOf: RadarAxis.self),
                        .query("fact", "A fact.", oneOf: BookFact.self),
                    ],
                    responses: [
                        .json(.ok, "The question, if any.", APIModels.NextPrompt.self), .unauthorized, .notFound, .invalid,
                    ])
            case .answerPrompt:
                APIOperation(
                    .post, "entries/{entryId}/answers", .curation, summary: "Answer a question about a book",
                    description:
                        "Author facts (`region`, `gender`) are recorded for the author — every reader sees them, with you as the source, and a reader's answer always wins over an automatic one — so they fill in all your books by that author. Points: +5 per fact, +5 per further book of yours it fills in; none when the answer was already yours. The Curator badge comes at 5 contributions.",
                    parameters: [.entryID],
                    requestBody: .json(
                        PromptsAPI.AnswerRequest.self,
                        example: ["fact": "originalLanguage", "value": "en", "note": "Checked the first edition."]),
                    responses: [
                        .json(.ok, "Saved, with the completion before and after and the points.", APIModels.Answer.self),
                        .unauthorized, .notFound, .invalid,
                    ])
            case .skipPrompt:
                APIOperation(
                    .post, "entries/{entryId}/skips", .curation, summary: "Skip a question about a book for 30 days",
                    parameters: [.entryID],
                    requestBody: .json(PromptsAPI.SkipRequest.self, example: ["fact": "ownVoices"]),
                    responses: [.empty(.noContent, "Skipped; nothing else changes."), .unauthorized, .notFound, .invalid])
            case .getCuration:
                APIOperation(
                    .get, "me/curation", .curation, summary: "Curator points, level and every contribution, newest first",
                    responses: [.json(.ok, "The reader's curation.", APIModels.Curation.self), .unauthorized])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .getRadar: radar
        case .getCompletion: completion
        case .getBookRadar: bookRadar
        case .getNextPrompt: nextPrompt
        case .getBookPrompt: bookPrompt
        case .answerPrompt: answer
        case .skipPrompt: skip
        case .getCuration: curation
        }
    }
}

extension PromptsAPI.AnswerRequest: DocumentedRequest {
    static let schemaName = "AnswerInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            [
                "fact": JSONSchema.string.merged(with: .cases(of: BookFact.self)),
                "author": JSONSchema.string.described("The author the prompt named, for region and gender."),
                "value": JSONSchema.string,
                "note": JSONSchema.string.described("Optional free text, kept private in your contributions.").merged(
                    with: JSONSchema(maxLength: 500)
                ).orNull,
            ], required: ["fact", "value"], closed: true)
    }
}

extension PromptsAPI.SkipRequest: DocumentedRequest {
    static let schemaName = "SkipInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(["fact": JSONSchema.string.merged(with: .cases(of: BookFact.self))], required: ["fact"])
    }
}
