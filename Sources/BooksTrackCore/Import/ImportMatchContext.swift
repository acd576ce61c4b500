import Foundation

/// What the planner needs to know about the instance to match a batch of records: only the
/// works, authors and entries the batch could match, loaded by the store in one go.
public struct ImportMatchContext: Sendable {
    /// The reader who is importing.
    public var userID: User.ID
    public var now: Date
    /// Known identifiers and the work (and edition) each belongs to.
    public var identifiers: [ExternalID: IdentifierTarget]
    /// The identifiers of every work in ``worksByMatchKey``, to tell two editions apart from
    /// two records of different books.
    public var identifiersByWork: [Work.ID: [ExternalID]]
    /// Works by ``Work/matchKey(title:primaryAuthor:)``.
    public var worksByMatchKey: [String: [Work.ID]]
    /// Work-level facts of the candidate works, to fill what is missing.
    public var workFacts: [Work.ID: WorkFacts]
    /// Authors by ``Author/nameKey``.
    public var authorsByKey: [String: Author.ID]
    /// The reader's entries, by work.
    public var entriesByWork: [Work.ID: LibraryEntry]
    /// The editions of the reader's entries and of matched identifiers.
    public var editions: DenseDictionary<Edition.ID, Edition>

    public init(
        userID: User.ID, now: Date, identifiers: [ExternalID: IdentifierTarget] = [:],
        identifiersByWork: [Work.ID: [ExternalID]] = [:], worksByMatchKey: [String: [Work.ID]] = [:],
        workFacts: [Work.ID: WorkFacts] = [:], authorsByKey: [String: Author.ID] = [:],
        entriesByWork: [Work.ID: LibraryEntry] = [:], editions: DenseDictionary<Edition.ID, Edition> = [:]
    ) {
        self.userID = userID
        self.now = now
        self.identifiers = identifiers
        self.identifiersByWork = identifiersByWork
        self.worksByMatchKey = worksByMatchKey
        self.workFacts = workFacts
        self.authorsByKey = authorsByKey
        self.entriesByWork = entriesByWork
        self.editions = editions
    }
}

/// Where an identifier points.
public struct IdentifierTarget: Hashable, Sendable {
    public var workID: Work.ID
    public var editionID: Edition.ID?

    public init(workID: Work.ID, editionID: Edition.ID?) {
        self.workID = workID
        self.editionID = editionID
    }
}

/// The work-level facts an import may fill in when they are missing.
public struct WorkFacts: Hashable, Sendable {
    public var originalLanguage: LanguageCode?
    public var firstPublishedYear: Int?

    public init(originalLanguage: LanguageCode?, firstPublishedYear: Int?) {
        self.originalLanguage = originalLanguage
        self.firstPublishedYear = firstPublishedYear
    }
}

/// The keys the store must look up to build an ``ImportMatchContext`` for a batch.
public struct ImportLookupKeys: Hashable, Sendable {
    public var identifiers: Set<ExternalID>
    public var matchKeys: Set<String>
    public var authorKeys: Set<String>
}
