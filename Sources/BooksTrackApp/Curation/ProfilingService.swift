import BooksTrackCore
import BooksTrackStore
import Foundation

/// Progressive profiling for the web pages and the API (SPEC F4): which question to ask, and
/// saving an answer with the before → after completion and the points it earned.
public struct ProfilingService: Sendable {
    let store: Store
    let insights: InsightsService
    let libraries: KeptLibraries
    let notifications: NotificationService

    /// The radar home shows and the success state compares: the headline scope insights opens on
    /// too (``InsightRequest/headline``), so home and insights give one answer.
    public static let headline = InsightRequest.headline

    public struct Answered: Sendable {
        public var prompt: ProfilingPrompt
        public var change: FactChange
        public var outcome: CurationOutcome
        /// The library's data completion before and after (the home dashboard's figure).
        public var before: Double
        public var after: Double
        /// The book's completion ring before and after.
        public var bookBefore: Double
        public var bookAfter: Double
        public var standing: CuratorStanding
    }

    /// The question: for a book (a given fact, the axis's first missing fact, or any), or the
    /// library's next book missing the axis.
    public func prompt(for user: User, book: LibraryEntry.ID?, axis: RadarAxis?, fact: BookFact?, now: Date) async throws
        -> ProfilingPrompt?
    {
        let reader = store.reader(user.id)
        guard let book else {
            let library = try await libraries.library(of: user.id)
            return ProfilingPrompts.next(for: axis, library: library, skips: try await reader.curation.promptSkips(), now: now)
        }
        let (facts, context) = try await self.book(book, of: user)
        return ProfilingPrompts.forBook(
            facts, axis: axis, fact: fact, context: context, skips: try await reader.curation.promptSkips(), now: now)
    }

    /// A book's facts and what its questions need.
    public func book(_ id: LibraryEntry.ID, of user: User) async throws -> (BookFacts, ProfilingPrompts.Context) {
        let reader = store.reader(user.id)
        guard let detail = try await reader.browse.detail(of: id) else {
            throw StoreError.notFound(.entry(id))
        }
        let facts = BookFacts(detail, primaryLanguage: user.settings.primaryLanguage)
        let context = try await reader.curation.promptContext(
            authors: detail.authors.map(\.id), primaryLanguage: user.settings.primaryLanguage)
        return (facts, context)
    }

    /// The question a form answered, rebuilt to show it again with an error.
    public func question(for user: User, book: LibraryEntry.ID, fact: BookFact) async throws -> ProfilingPrompt? {
        let (facts, context) = try await self.book(book, of: user)
        return ProfilingPrompts.question(fact, about: facts, context: context)
    }

    /// Skips a question about a book for 30 days (it changes no figure, so nothing to settle).
    public func skip(_ fact: BookFact, for entryID: LibraryEntry.ID, of user: User, now: Date) async throws {
        try await store.reader(user.id).curation.skip(fact, for: entryID, now: now)
    }

    /// Checks and saves an answer. Throws ``PromptInputError`` for an answer that cannot be saved.
    public func answer(
        for user: User, book: LibraryEntry.ID, fact: BookFact, author: Author.ID?, value: String, note: String?, now: Date
    ) async throws -> Answered {
        let reader = store.reader(user.id)
        let (factsBefore, context) = try await self.book(book, of: user)
        guard let prompt = ProfilingPrompts.question(fact, about: factsBefore, context: context) else {
            throw PromptInputError("This book has no author to ask about; add one on the book’s edit page.")
        }
        if let note, note.unicodeScalars.count > Curation.noteLimit {
            throw PromptInputError("Keep the details under \(Curation.noteLimit) characters.")
        }
        let change = try FactChange.parse(
            fact, authorID: author ?? prompt.authorID, value: value, today: user.today(at: now))
        let before = try await insights.report(for: user, Self.headline, now: now).report.radar.completion
        let outcome = try await notifications.write(for: user, now: now) {
            try await $0.curation.answer(change, for: book, note: note, now: now)
        }
        // The Curator badge's notice was stored with the answer: its webhook delivery is owed now.
        if outcome.unlockedCurator { await notifications.deliver(user.id, now: now) }
        let after = try await insights.report(for: user, Self.headline, now: now).report.radar.completion
        let bookAfter = try await self.book(book, of: user).0.completion
        let standing = CuratorStanding(try await reader.curation.contributions())
        var answered = prompt
        if let author, author != prompt.authorID {
            answered.authorID = author
            answered.authorName = try await reader.browse.author(author)?.0.name
            answered.authorBooks = outcome.books
        }
        return Answered(
            prompt: answered, change: change, outcome: outcome, before: before, after: after,
            bookBefore: factsBefore.completion, bookAfter: bookAfter, standing: standing)
    }
}

extension BookFacts {
    /// A book's facts as a reader's book page shows them.
    public init(_ detail: EntryDetail, primaryLanguage: LanguageCode?) {
        self.init(
            entry: detail.entry, work: detail.work, edition: detail.edition, authors: detail.authors,
            primaryLanguage: primaryLanguage)
    }
}
