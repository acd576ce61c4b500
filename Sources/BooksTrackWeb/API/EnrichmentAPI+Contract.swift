import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension EnrichmentAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case getEnrichment, startEnrichment, listAuthorQuestions, answerAuthorQuestion

        var declaration: APIOperation {
            switch self {
            case .getEnrichment:
                APIOperation(
                    .get, "enrichment", .enrichment, summary: "How far the automatic look-ups of your authors have got",
                    description:
                        "Author facts arrive by themselves: BooksTrack's bundled author table at once after each import, then Wikidata (authors) and Open Library (books) in the background. `message` is what the home page says (progress, or a calm word when look-ups are off or the services cannot be reached).",
                    responses: [.json(.ok, "The look-ups' state.", EnrichmentAPI.Status.self), .unauthorized])
            case .startEnrichment:
                APIOperation(
                    .post, "enrichment", .enrichment,
                    summary: "Look your authors up again (new ones, and those whose look-up failed)",
                    responses: [.json(.accepted, "Queued; the state now.", EnrichmentAPI.Status.self), .unauthorized])
            case .listAuthorQuestions:
                APIOperation(
                    .get, "author-questions", .enrichment,
                    summary: "“Is this …?” questions about authors whose name belongs to several people",
                    description:
                        "A name is never guessed: when several people could have written your books, each is asked about here (and on the prompts page).",
                    responses: [.json(.ok, "The questions, oldest first.", EnrichmentAPI.QuestionList.self), .unauthorized])
            case .answerAuthorQuestion:
                APIOperation(
                    .post, "author-questions/{questionId}", .enrichment,
                    summary: "Answer “Is this …?”: yes records that person's facts, no closes the question",
                    parameters: [.questionID],
                    requestBody: .json(EnrichmentAPI.AnswerInput.self, example: ["answer": "yes"]),
                    responses: [
                        .json(
                            .ok, "Whether the answer changed anything (false for a question already answered).",
                            EnrichmentAPI.Answered.self), .unauthorized, .notFound, .invalid,
                    ])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .getEnrichment: status
        case .startEnrichment: start
        case .listAuthorQuestions: questions
        case .answerAuthorQuestion: answer
        }
    }
}

extension EnrichmentAPI.AnswerInput: DocumentedRequest {
    static let schemaName = "AuthorQuestionAnswer"
    static var requestSchema: JSONSchema {
        JSONSchema.object(["answer": JSONSchema.string.merged(with: .cases(of: YesNo.self))], required: ["answer"])
    }
}
