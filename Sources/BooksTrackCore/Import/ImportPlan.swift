import Foundation

/// Everything an import will write, decided before anything is written. A dry run stops at
/// the plan; a real run hands it to the store, which writes it in one transaction.
public struct ImportPlan: Sendable {
    public var newAuthors: [Author] = []
    /// How the reader spells people the catalogue already holds under another spelling of the
    /// same name (marks and case fold to one author): the reader's books show the reader's
    /// spelling, whoever typed the name first (issue 43).
    public var spellings: [Author.ID: String] = [:]
    public var newWorks: [Work] = []
    /// The ``Work/matchKey(title:primaryAuthor:)`` of each new work.
    public var newWorkMatchKeys: [Work.ID: String] = [:]
    public var newEditions: [Edition] = []
    public var newIdentifiers: [NewIdentifier] = []
    /// Missing work facts to fill on existing works.
    public var workFills: [Work.ID: WorkFacts] = [:]
    /// Missing edition details to fill on existing editions (the whole new details).
    public var editionFills: [Edition] = []
    public var newEntries: [LibraryEntry] = []
    /// Entries whose state changed, with their complete new state.
    public var updatedEntries: [LibraryEntry] = []
    public var authorFacts: [PlannedAuthorFact] = []
    public var sessions: [ReadingSession] = []
    public var progress: [ProgressUpdate] = []
    public var report: ImportReport

    public init(report: ImportReport) { self.report = report }

    /// Whether writing the plan would change anything in the database.
    public var isEmpty: Bool {
        newAuthors.isEmpty && spellings.isEmpty && newWorks.isEmpty && newEditions.isEmpty && newIdentifiers.isEmpty
            && workFills.isEmpty && editionFills.isEmpty && newEntries.isEmpty
            && updatedEntries.isEmpty && authorFacts.isEmpty && sessions.isEmpty && progress.isEmpty
    }
}

/// An identifier to record for a work (and the edition it names, when known).
public struct NewIdentifier: Hashable, Sendable {
    public var id: ExternalID
    public var target: IdentifierTarget

    public init(id: ExternalID, target: IdentifierTarget) {
        self.id = id
        self.target = target
    }
}

/// An author fact to add to the author's history.
public struct PlannedAuthorFact: Hashable, Sendable {
    public var authorID: Author.ID
    public var assertion: AuthorFactAssertion

    public init(authorID: Author.ID, assertion: AuthorFactAssertion) {
        self.authorID = authorID
        self.assertion = assertion
    }
}
