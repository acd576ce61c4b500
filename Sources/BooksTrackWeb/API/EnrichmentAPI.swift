import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

/// `/api/v1/enrichment` and `/api/v1/author-questions`: how far the automatic look-ups of the
/// reader's authors have got, asking for a new look-up, and the "Is this …?" questions about
/// namesakes (SPEC F8).
struct EnrichmentAPI {
    let enrichment: EnrichmentService

    struct Status: Codable {
        let authors: Int
        let done: Int
        let retrying: Int
        let ambiguous: Int
        let unreachable: Int
        let running: Bool
        let enabled: Bool
        /// What the home page says, when it says something.
        let message: String?
        /// Questions waiting for the reader.
        let questions: Int

        init(_ progress: EnrichmentProgress, enabled: Bool, questions: Int) {
            authors = progress.authors
            done = progress.done
            retrying = progress.retrying
            ambiguous = progress.ambiguous
            unreachable = progress.unreachable
            running = progress.running
            self.enabled = enabled
            message = progress.line
            self.questions = questions
        }
    }

    struct Question: Codable {
        let id: String
        let authorId: String
        let authorName: String
        let question: String
        let label: String
        let description: String?
        let source: String
        let link: String?
        let bookTitle: String?
        let books: Int

        init(_ question: CandidateQuestion) {
            let candidate = question.candidate
            id = candidate.id.string
            authorId = candidate.authorID.string
            authorName = question.authorName
            self.question = candidate.question
            label = candidate.label
            description = candidate.description
            source = candidate.source.rawValue
            link = candidate.link?.absoluteString
            bookTitle = question.bookTitle
            books = question.books
        }
    }

    struct QuestionList: Codable { let items: [Question] }

    struct AnswerInput: Decodable {
        let answer: String?
    }

    struct Answered: Codable { let changed: Bool }

    private func status(for user: User) async throws -> Status {
        async let progress = enrichment.progress(for: user.id)
        async let questions = enrichment.questionCounts(for: user.id)
        return Status(try await progress, enabled: enrichment.settings.enabled, questions: try await questions.questions)
    }

    @Sendable func status(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        return try Responses.json(try await status(for: user), headers: [.cacheControl: "no-store"])
    }

    /// Looks the reader's authors up again: those never looked up, and those whose look-up failed.
    @Sendable func start(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        try await enrichment.applyTable(for: user.id)
        if enrichment.settings.enabled { try await enrichment.queue(for: user.id, retryFailed: true) }
        return try Responses.json(try await status(for: user), status: .accepted, headers: [.cacheControl: "no-store"])
    }

    @Sendable func questions(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        return try Responses.json(
            QuestionList(items: try await enrichment.questions(for: user.id).map(Question.init)),
            headers: [.cacheControl: "no-store"])
    }

    @Sendable func answer(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let id: AuthorCandidate.ID = try context.parameters.id("questionId")
        let sent = try await APIRequest.decode(AnswerInput.self, from: request, example: #" For example {"answer": "yes"}."#)
        guard let answer = sent.answer, answer == "yes" || answer == "no" else {
            throw WebError.invalid(FieldErrors(["answer": "Send “yes” or “no”."]))
        }
        let changed = try await enrichment.answer(id, yes: answer == "yes", by: user.id)
        return try Responses.json(Answered(changed: changed))
    }
}

// MARK: - Schemas

extension EnrichmentAPI.Status: APISchema {
    static let schemaName = "EnrichmentStatus"
}

extension EnrichmentAPI.Question: APISchema {
    static let schemaName = "AuthorQuestion"
    static var fieldNotes: [String: JSONSchema] {
        [
            "source": .oneOf(["wikidata", "bundled"])
        ]
    }
}

extension EnrichmentAPI.QuestionList: APISchema {
    static let schemaName = "AuthorQuestionList"
}
