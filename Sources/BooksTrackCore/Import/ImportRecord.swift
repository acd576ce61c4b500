import Foundation

/// One row of an export, read into BooksTrack's terms but not yet matched against the library.
///
/// Parsers produce records; ``ImportPlanner`` matches them against what the instance already
/// has; the store writes the plan.
public struct ImportRecord: Hashable, Sendable {
    /// The row number a reader sees in the report: 1 for the first book.
    public var row: Int
    /// The line of the file where the row starts, for text formats.
    public var line: Int?

    public var title: String { didSet { refreshKeys() } }
    /// Author display names, primary first.
    public var authors: [String] { didSet { refreshKeys() } }
    /// ``Work/matchKey(title:primaryAuthor:)`` of this record, computed once.
    public private(set) var matchKey: String = ""
    public var contributors: [ContributorName]
    public var identifiers: [ExternalID]
    public var originalLanguage: LanguageCode?
    public var firstPublishedYear: Int?
    public var genres: [String]
    public var ownVoices: YesNo?
    public var accessibilityTags: [String]
    public var edition: EditionDetails

    /// The entry as the file describes it.
    public var entry: EntryState
    /// Which entry fields the file really says something about (see ``EntryFields``).
    public var carries: EntryFields
    /// Whether the readings in ``entry`` are the whole history (a backup) rather than only the
    /// source's own (an export from another tracker).
    public var readingsAreComplete: Bool

    /// Facts about this row's authors, carried by a backup or the demo library.
    public var authorFacts: [AuthorFactDraft]
    /// Reading sessions, carried by a backup.
    public var sessions: [SessionDraft]
    /// Progress updates ("I'm on page N"), carried by a backup: page and when.
    public var progress: [ProgressDraft] = []

    public var warnings: [ImportWarning]
    /// Set when the row cannot be imported; the report shows it as skipped with this reason.
    public var skipReason: String?

    public init(
        row: Int, line: Int? = nil, title: String, authors: [String],
        contributors: [ContributorName] = [], identifiers: [ExternalID] = [],
        originalLanguage: LanguageCode? = nil, firstPublishedYear: Int? = nil, genres: [String] = [],
        ownVoices: YesNo? = nil, accessibilityTags: [String] = [],
        edition: EditionDetails = EditionDetails(), entry: EntryState, carries: EntryFields,
        readingsAreComplete: Bool = false, authorFacts: [AuthorFactDraft] = [],
        sessions: [SessionDraft] = [], warnings: [ImportWarning] = [], skipReason: String? = nil
    ) {
        self.row = row
        self.line = line
        self.title = title
        self.authors = authors
        self.contributors = contributors
        self.identifiers = identifiers
        self.originalLanguage = originalLanguage
        self.firstPublishedYear = firstPublishedYear
        self.genres = genres
        self.ownVoices = ownVoices
        self.accessibilityTags = accessibilityTags
        self.edition = edition
        self.entry = entry
        self.carries = carries
        self.readingsAreComplete = readingsAreComplete
        self.authorFacts = authorFacts
        self.sessions = sessions
        self.warnings = warnings
        self.skipReason = skipReason
        refreshKeys()
    }

    private mutating func refreshKeys() {
        matchKey = Work.matchKey(title: title, primaryAuthor: authors.first)
    }

    /// A row that cannot be imported at all, kept so the report accounts for it.
    public static func skipped(
        row: Int, line: Int?, title: String, reason: String,
        warnings: [ImportWarning] = []
    ) -> ImportRecord {
        ImportRecord(
            row: row, line: line, title: title, authors: [], entry: EntryState(status: .toRead),
            carries: [], warnings: warnings, skipReason: reason)
    }
}

/// A contributor as a name and a role, before it is matched to an author.
public struct ContributorName: Hashable, Sendable, Codable {
    public var name: String
    public var role: ContributorRole

    public init(name: String, role: ContributorRole) {
        self.name = name
        self.role = role
    }
}

/// A fact about one of a record's authors (or contributors), by name.
public struct AuthorFactDraft: Hashable, Sendable, Codable {
    public var authorName: String
    public var kind: AuthorFactKind
    public var value: String?
    public var source: FactSource
    /// Whether the importing reader entered it (restored as theirs) rather than someone else.
    public var enteredByImportingReader: Bool
    public var recordedAt: Date
    /// Where exactly an automatic fact came from (see ``Provenance/detail``).
    public var detail: String?

    public init(
        authorName: String, kind: AuthorFactKind, value: String?, source: FactSource,
        enteredByImportingReader: Bool, recordedAt: Date, detail: String? = nil
    ) {
        self.detail = detail
        self.authorName = authorName
        self.kind = kind
        self.value = value
        self.source = source
        self.enteredByImportingReader = enteredByImportingReader
        self.recordedAt = recordedAt
    }
}

/// A reading session carried by a backup, before it is attached to an entry.
public struct ProgressDraft: Hashable, Sendable, Codable {
    public var page: Int
    public var percent: Int?
    public var recordedAt: Date

    public init(page: Int, percent: Int? = nil, recordedAt: Date) {
        self.page = page
        self.percent = percent
        self.recordedAt = recordedAt
    }
}

public struct SessionDraft: Hashable, Sendable, Codable {
    public var startedAt: Date
    public var endedAt: Date?
    public var startPage: Int
    public var endPage: Int?
    public var loggedAfterwards: Bool

    public init(startedAt: Date, endedAt: Date?, startPage: Int, endPage: Int?, loggedAfterwards: Bool) {
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.startPage = startPage
        self.endPage = endPage
        self.loggedAfterwards = loggedAfterwards
    }
}

/// A parsed file: its rows and what applies to the reader as a whole.
public struct ImportBatch: Sendable {
    public var format: ImportFormat
    public var records: [ImportRecord]
    /// Things noticed about the file as a whole (for example a missing column).
    public var fileWarnings: [ImportWarning]
    /// Reader-level data a backup carries (settings, goals, curator points…).
    public var readerData: ReaderData?

    public init(
        format: ImportFormat, records: [ImportRecord], fileWarnings: [ImportWarning] = [],
        readerData: ReaderData? = nil
    ) {
        self.format = format
        self.records = records
        self.fileWarnings = fileWarnings
        self.readerData = readerData
    }
}

/// Reader-level data restored from a backup. Entries refer to goals' ids only within the file.
public struct ReaderData: Hashable, Sendable {
    /// The name the reader is shown by.
    public var displayName: String?
    public var settings: ReaderSettings?
    public var goals: [Goal]
    public var milestones: [Milestone]
    public var contributions: [ContributionDraft]
    public var achievements: [AchievementUnlock]
    /// The reader's identity badges, naming their book or author by name.
    public var badges: [BadgeDraft]

    public init(
        displayName: String? = nil, settings: ReaderSettings?, goals: [Goal] = [], milestones: [Milestone] = [],
        contributions: [ContributionDraft] = [], achievements: [AchievementUnlock] = [], badges: [BadgeDraft] = []
    ) {
        self.badges = badges
        self.displayName = displayName
        self.settings = settings
        self.goals = goals
        self.milestones = milestones
        self.contributions = contributions
        self.achievements = achievements
    }
}

/// An identity badge from a backup, naming its book by title or its author by name.
public struct BadgeDraft: Hashable, Sendable {
    public var kind: IdentityBadgeKind
    /// The book's title, for a badge about a book.
    public var bookTitle: String?
    /// The author's name, for a badge about an author.
    public var authorName: String?
    public var statedBy: BadgeStatement
    public var source: String
    public var shared: Bool
    public var recordedAt: Date

    public init(
        kind: IdentityBadgeKind, bookTitle: String?, authorName: String?, statedBy: BadgeStatement, source: String,
        shared: Bool, recordedAt: Date
    ) {
        self.kind = kind
        self.bookTitle = bookTitle
        self.authorName = authorName
        self.statedBy = statedBy
        self.source = source
        self.shared = shared
        self.recordedAt = recordedAt
    }
}

/// Curator points from a backup, naming the author or book by name rather than by id.
public struct ContributionDraft: Hashable, Sendable, Codable {
    public var authorName: String?
    public var workTitle: String?
    public var fact: String
    public var value: String?
    public var note: String?
    public var points: Int
    public var recordedAt: Date

    public init(
        authorName: String?, workTitle: String?, fact: String, value: String? = nil, note: String? = nil, points: Int,
        recordedAt: Date
    ) {
        self.authorName = authorName
        self.workTitle = workTitle
        self.fact = fact
        self.value = value
        self.note = note
        self.points = points
        self.recordedAt = recordedAt
    }
}
