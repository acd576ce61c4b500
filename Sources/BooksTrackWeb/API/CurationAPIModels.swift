import BooksTrackApp
import BooksTrackCore
import Foundation

/// The JSON of the radar, completion and progressive-profiling endpoints (SPEC F4, F10).
extension APIModels {
    struct RadarAxis: Codable {
        let axis: String
        let label: String
        /// 0…1; left out for a ghost axis.
        let value: Double?
        let coverage: Double
        let ghost: Bool
        let partial: Bool
        /// Whether the axis counts in the overall (enough data: 25% and 5 books known).
        let counted: Bool
    }

    struct Radar: Codable {
        let overall: Double?
        let band: String?
        let bandLabel: String?
        let completion: Double
        let books: Int
        let summary: String
        /// "Overall from 4 axes; Language and Translation have too little data to count yet."
        let basis: String?
        let axes: [RadarAxis]

        init(_ radar: RepresentationRadar) {
            overall = radar.overall
            band = radar.band?.rawValue
            bandLabel = radar.band?.displayName
            completion = radar.completion
            books = radar.books
            summary = radar.accessibleSummary
            basis = radar.overallBasis
            axes = radar.axes.map {
                RadarAxis(
                    axis: $0.axis.rawValue, label: $0.axis.displayName, value: $0.value, coverage: $0.coverage,
                    ghost: $0.isGhost, partial: $0.isPartial, counted: radar.counted.contains($0.axis))
            }
        }
    }

    struct Completion: Codable {
        struct Dimension: Codable {
            let axis: String
            let label: String
            let coverage: Double
        }

        let completion: Double
        let books: Int
        let dimensions: [Dimension]

        init(_ radar: RepresentationRadar) {
            completion = radar.completion
            books = radar.books
            dimensions = radar.axes.map { Dimension(axis: $0.axis.rawValue, label: $0.axis.displayName, coverage: $0.coverage) }
        }
    }

    struct BookFact: Codable {
        let fact: String
        let label: String
        let known: Bool
        let value: String?
    }

    struct BookRadar: Codable {
        let entryId: String
        let radar: Radar
        /// Known diversity facts ÷ all of them (every fact but genre): the cover's completion ring.
        let completion: Double
        let facts: [BookFact]
        let missing: [String]

        init(_ facts: BookFacts, underrepresented: Set<CulturalRegion>) {
            entryId = facts.entryID.string
            radar = Radar(RepresentationRadar.book(facts, underrepresented: underrepresented))
            completion = facts.completion
            self.facts = BooksTrackCore.BookFact.allCases.map {
                BookFact(fact: $0.rawValue, label: $0.displayName, known: facts.isKnown($0), value: facts.display($0))
            }
            missing = BooksTrackCore.BookFact.allCases.filter { !facts.isKnown($0) }.map(\.rawValue)
        }
    }

    struct Choice: Codable {
        let value: String
        let label: String
    }

    struct Prompt: Codable {
        let fact: String
        let style: String
        let entryId: String
        let workId: String
        let bookTitle: String
        let authorId: String?
        let authorName: String?
        let authorBooks: Int
        let question: String
        let hint: String?
        let choices: [Choice]
        let offersAllLanguages: Bool
        let verifiedSource: String?

        init(_ prompt: ProfilingPrompt) {
            fact = prompt.fact.rawValue
            style = prompt.style.rawValue
            entryId = prompt.entryID.string
            workId = prompt.workID.string
            bookTitle = prompt.bookTitle
            authorId = prompt.authorID?.string
            authorName = prompt.authorName
            authorBooks = prompt.authorBooks
            question = prompt.question
            hint = prompt.hint
            choices = prompt.choices.map { Choice(value: $0.value, label: $0.label) }
            offersAllLanguages = prompt.offersAllLanguages
            verifiedSource = prompt.verifiedSource?.rawValue
        }
    }

    struct NextPrompt: Codable {
        /// Left out when there is nothing to ask.
        let prompt: Prompt?
    }

    struct Curator: Codable {
        let contributions: Int
        let points: Int
        let level: String?
        let nextLevel: String?
        let toNextLevel: Int?

        init(_ standing: CuratorStanding) {
            contributions = standing.contributions
            points = standing.points
            level = standing.level?.name
            nextLevel = standing.nextLevel?.name
            toNextLevel = standing.toNextLevel
        }
    }

    struct Answer: Codable {
        let saved: Bool
        let fact: String
        let value: String
        let displayValue: String
        let points: Int
        let books: Int
        let completionBefore: Double
        let completionAfter: Double
        let bookCompletionBefore: Double
        let bookCompletionAfter: Double
        let unlockedCurator: Bool
        let curator: Curator

        init(_ answered: ProfilingService.Answered) {
            saved = answered.outcome.contribution != nil
            fact = answered.prompt.fact.rawValue
            value = answered.change.storedValue
            displayValue = answered.change.displayValue
            points = answered.outcome.points
            books = answered.outcome.books
            completionBefore = answered.before
            completionAfter = answered.after
            bookCompletionBefore = answered.bookBefore
            bookCompletionAfter = answered.bookAfter
            unlockedCurator = answered.outcome.unlockedCurator
            curator = Curator(answered.standing)
        }
    }

    struct Contribution: Codable {
        let id: String
        let fact: String
        let value: String?
        let note: String?
        let points: Int
        let recordedAt: Date
        let authorId: String?
        let authorName: String?
        let workId: String?
        let workTitle: String?

        init(_ record: ContributionRecord) {
            let c = record.contribution
            id = c.id.string
            fact = c.fact
            value = c.value
            note = c.note
            points = c.points
            recordedAt = c.recordedAt
            authorId = c.authorID?.string
            authorName = record.authorName
            workId = c.workID?.string
            workTitle = record.workTitle
        }
    }

    struct Curation: Codable {
        let curator: Curator
        let contributions: [Contribution]
    }
}

// MARK: - Schemas

extension APIModels.RadarAxis: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "axis": .cases(of: BooksTrackCore.RadarAxis.self),
            "value": .described("0–1; absent on a ghost axis."),
            "counted": .described(
                "Whether the axis counts in `overall`: known for at least 25% of the books and at least 5 of them (a book's axis: known)."
            ),
        ]
    }
}

extension APIModels.Radar: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "overall": .described(
                "0–100: the mean of the counted axes (`counted: true`); absent with fewer than 3 of them (a book: 3 of its 5 axes known)."
            ),
            "band": .cases(of: ScoreBand.self),
            "summary": .described("The text alternative: \"Overall 73%, Diverse. Cultural origin 95%…\""),
            "basis": .described(
                "Which axes the overall leaves out, when some with data do: \"Overall from 4 axes; Language and Translation have too little data to count yet.\""
            ),
        ]
    }
}

extension APIModels.Completion: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "dimensions": .eachItem(JSONSchema(properties: ["axis": .cases(of: BooksTrackCore.RadarAxis.self)]))
        ]
    }
}

extension APIModels.BookRadar: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "completion": .described(
                "Known diversity facts ÷ all of them (every fact but genre): the cover’s ring. `missing` lists every fact not known, genre included."
            ),
            "facts": .eachItem(JSONSchema(properties: ["fact": .cases(of: BooksTrackCore.BookFact.self)])),
            "missing": .eachItem(.cases(of: BooksTrackCore.BookFact.self)),
        ]
    }
}

extension APIModels.Prompt: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "fact": .cases(of: BooksTrackCore.BookFact.self),
            "style": .oneOf(["pills", "verify", "year"]),
            "authorBooks": .described("The reader's books by this author: an answer fills in all of them."),
            "offersAllLanguages": .described("Any ISO 639 code is accepted besides the choices."),
            "verifiedSource": .described("For `verify`: where the value being checked came from.").merged(
                with: .oneOf(["wikidata", "openLibrary"])),
        ]
    }
}

extension APIModels.NextPrompt: APISchema {
}

extension APIModels.Curator: APISchema {
}

extension APIModels.Answer: APISchema {
    static let schemaName = "AnswerResult"
    static var fieldNotes: [String: JSONSchema] {
        [
            "saved": .described("False when the answer was already yours (nothing changed, no points)."),
            "fact": .cases(of: BooksTrackCore.BookFact.self),
            "completionBefore": .described("The library's data completion (0–1) before the answer."),
            "bookCompletionBefore": .described("The book's completion ring (known ÷ 7 facts) before the answer."),
        ]
    }
}

extension APIModels.Curation: APISchema {
}
