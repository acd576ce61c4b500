import BooksTrackCore
import BooksTrackStore
import Foundation

/// Progressive profiling for the web pages and the API (SPEC F4): which question to ask, and
/// saving an answer with the before → after completion and the points it earned.
struct ProfilingService {
    let store: Store
    let insights: InsightsService

    /// The whole library's radar: what the home dashboard shows and the success state compares.
    static let wholeLibrary = InsightRequest(scope: .library)

    struct Answered {
        var prompt: ProfilingPrompt
        var change: FactChange
        var outcome: CurationOutcome
        var before: Double
        var after: Double
        var standing: CuratorStanding
    }

    /// The question: for a book (a given fact, the axis's first missing fact, or any), or the
    /// library's next book missing the axis.
    func prompt(for user: User, book: LibraryEntry.ID?, axis: RadarAxis?, fact: BookFact?, now: Date) async throws
        -> ProfilingPrompt?
    {
        let reader = store.reader(user.id)
        guard let book else {
            let library = try await reader.library()
            return ProfilingPrompts.next(for: axis, library: library, skips: try await reader.promptSkips(), now: now)
        }
        let (facts, context) = try await self.book(book, of: user)
        return ProfilingPrompts.forBook(
            facts, axis: axis, fact: fact, context: context, skips: try await reader.promptSkips(), now: now)
    }

    /// A book's facts and what its questions need.
    func book(_ id: LibraryEntry.ID, of user: User) async throws -> (BookFacts, ProfilingPrompts.Context) {
        let reader = store.reader(user.id)
        guard let detail = try await reader.detail(of: id) else {
            throw WebError.notFound("There is no such book in your library.")
        }
        let facts = BookFacts(detail, primaryLanguage: user.settings.primaryLanguage)
        let context = try await reader.promptContext(
            authors: detail.authors.map(\.id), primaryLanguage: user.settings.primaryLanguage)
        return (facts, context)
    }

    /// The question a form answered, rebuilt to show it again with an error.
    func question(for user: User, book: LibraryEntry.ID, fact: BookFact) async throws -> ProfilingPrompt? {
        let (facts, context) = try await self.book(book, of: user)
        return ProfilingPrompts.question(fact, about: facts, context: context)
    }

    /// Checks and saves an answer. Throws ``PromptInputError`` for an answer that cannot be saved.
    func answer(
        for user: User, book: LibraryEntry.ID, fact: BookFact, author: Author.ID?, value: String, note: String?, now: Date
    ) async throws -> Answered {
        let reader = store.reader(user.id)
        guard let prompt = try await question(for: user, book: book, fact: fact) else {
            throw PromptInputError("This book has no author to ask about; add one on the book’s edit page.")
        }
        if let note, note.count > Curation.noteLimit {
            throw PromptInputError("Keep the details under \(Curation.noteLimit) characters.")
        }
        let change = try FactChange.parse(fact, authorID: author ?? prompt.authorID, value: value)
        let before = try await insights.report(for: user, Self.wholeLibrary, now: now).report.radar.completion
        let outcome: CurationOutcome
        do {
            outcome = try await reader.answer(change, fact: fact, for: book, note: note, now: now)
        } catch StoreError.notFound(let message) {
            throw WebError.notFound(message)
        }
        let after = try await insights.report(for: user, Self.wholeLibrary, now: now).report.radar.completion
        let standing = CuratorStanding(try await reader.contributions())
        var answered = prompt
        if let author, author != prompt.authorID {
            answered.authorID = author
            answered.authorName = try await reader.author(author)?.0.name
            answered.authorBooks = outcome.books
        }
        return Answered(
            prompt: answered, change: change, outcome: outcome, before: before, after: after, standing: standing)
    }
}
