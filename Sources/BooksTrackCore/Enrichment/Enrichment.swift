import Foundation

/// Someone an author's name might be, waiting for a reader's yes or no (SPEC F8: an ambiguous
/// name is never guessed). "Is this Chinua Achebe, Nigerian novelist, born 1930?"
public struct AuthorCandidate: Sendable, Hashable, Codable, Identifiable {
    public typealias ID = TypedID<AuthorCandidate>

    public enum Status: String, Sendable, Codable {
        case open, confirmed, rejected
    }

    public var id: ID
    public var authorID: Author.ID
    /// Where the candidate was found: ``FactSource/wikidata`` or ``FactSource/bundled``.
    public var source: FactSource
    /// The Wikidata item (`Q…`), or the bundled table's name for the person.
    public var reference: String
    /// The candidate's name as the source writes it.
    public var label: String
    /// What tells namesakes apart ("English writer and journalist, born 1942").
    public var description: String?
    /// What is recorded when a reader says yes.
    public var facts: [AuthorFactAssertion]
    public var status: Status

    public init(
        id: ID = .random(), authorID: Author.ID, source: FactSource, reference: String, label: String, description: String?,
        facts: [AuthorFactAssertion], status: Status = .open
    ) {
        self.id = id
        self.authorID = authorID
        self.source = source
        self.reference = reference
        self.label = label
        self.description = description
        self.facts = facts
        self.status = status
    }

    /// "Is this Michael Jackson, English writer and journalist, born 1942?"
    public var question: String {
        if let description, !description.isEmpty { return "Is this \(label), \(description)?" }
        return "Is this \(label)?"
    }

    /// The Wikidata page of the candidate: its item, for a Wikidata candidate or a bundled one
    /// whose table row has an id.
    public var link: URL? { wikidataID.flatMap { URL(string: "https://www.wikidata.org/wiki/\($0)") } }

    /// The candidate's Wikidata item, when it has one.
    public var wikidataID: String? {
        if source == .wikidata { return AuthorFactKind.wikidataID.canonical(reference) }
        return facts.first { $0.kind == .wikidataID }?.value.flatMap { AuthorFactKind.wikidataID.canonical($0) }
    }
}

/// An open candidate with what the reader needs to answer: the author's name and one of the
/// reader's books by them.
public struct CandidateQuestion: Sendable, Hashable {
    public var candidate: AuthorCandidate
    public var authorName: String
    public var bookTitle: String?
    /// How many of the reader's books are by this author.
    public var books: Int

    public init(candidate: AuthorCandidate, authorName: String, bookTitle: String?, books: Int) {
        self.candidate = candidate
        self.authorName = authorName
        self.bookTitle = bookTitle
        self.books = books
    }
}

/// How far the automatic look-ups of a reader's authors have got.
public struct EnrichmentProgress: Sendable, Hashable, Codable {
    /// Authors in the reader's library.
    public var authors: Int
    /// Authors looked up (found, not found, or waiting for the reader's choice).
    public var done: Int
    /// Authors whose look-up failed and will be tried again later.
    public var retrying: Int
    /// Authors with several possible people, waiting for the reader.
    public var ambiguous: Int
    /// Whether a look-up is running or due now (not one waiting for a later retry).
    public var running: Bool
    /// Authors and books whose last look-up could not reach the service.
    public var unreachable: Int
    /// Why look-ups are not happening, when they are not ("Enrichment is off").
    public var pausedReason: String?

    public init(
        authors: Int, done: Int, retrying: Int, ambiguous: Int, running: Bool, unreachable: Int = 0,
        pausedReason: String? = nil
    ) {
        self.unreachable = unreachable
        self.authors = authors
        self.done = done
        self.retrying = retrying
        self.ambiguous = ambiguous
        self.running = running
        self.pausedReason = pausedReason
    }

    /// Authors not looked up yet.
    public var remaining: Int { max(0, authors - done) }

    /// "Looking up 355 authors: 120 done" while running; a calm word when look-ups wait for the
    /// network or are off; `nil` when there is nothing to say.
    public var line: String? {
        guard authors > 0 else { return nil }
        if let pausedReason { return pausedReason }
        if unreachable > 0 {
            return
                "Wikidata and Open Library can’t be reached right now, so some look-ups wait. BooksTrack tries again later; everything else works."
        }
        if running, remaining > 0 {
            return "Looking up \(authors) \(authors == 1 ? "author" : "authors"): \(done) done"
        }
        if retrying > 0 {
            return
                "\(done) of \(authors) authors looked up; \(retrying) could not be looked up yet and will be tried again later."
        }
        return nil
    }
}

/// A person found for an author's name by a look-up, before it is written down.
public struct AuthorIdentification: Sendable, Hashable {
    public var wikidataID: String
    public var facts: [AuthorFactAssertion]

    public init(wikidataID: String, facts: [AuthorFactAssertion]) {
        self.wikidataID = wikidataID
        self.facts = facts
    }
}
