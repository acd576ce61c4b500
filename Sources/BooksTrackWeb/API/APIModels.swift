import BooksTrackApp
import BooksTrackCore
import Foundation

/// The JSON the API answers with. Field names are camelCase; dates are `YYYY-MM-DD` for
/// calendar days and ISO 8601 for instants; a fact that is not known is left out.
///
/// Each body is `Codable` only so that ``Prototype`` can build one to record its schema from (the
/// server never decodes them), and an ``APISchema``: its notes, at the end of the file, say what
/// the Swift types cannot (bounds, the enumeration a `String` holds, descriptions).
enum APIModels {
    struct Me: Codable {
        let id: String
        let name: String
        let displayName: String
        let role: String
        let primaryLanguage: String?
        let timeZone: String?
        let underrepresentedRegions: [String]
        let palette: String

        init(_ user: User) {
            id = user.id.string
            name = user.name
            displayName = user.displayName
            role = user.role.rawValue
            primaryLanguage = user.settings.primaryLanguage?.code
            timeZone = user.settings.timeZone
            underrepresentedRegions = user.settings.underrepresentedRegions.sorted().map(\.rawValue)
            palette = (user.settings.palette ?? .standard).rawValue
        }
    }

    struct Page<Item: Encodable>: Encodable {
        let items: [Item]
        let page: Int
        let pageSize: Int
        let total: Int
        let pageCount: Int
    }

    struct EntrySummary: Codable {
        let id: String
        let workId: String
        let title: String
        let authors: [String]
        let status: String
        let rating: Double?
        let owned: Bool
        let addedOn: String?
        let finishedOn: String?
        let firstPublishedYear: Int?
        let format: String?
        let shelves: [String]

        init(_ item: LibraryListItem) {
            id = item.entryID.string
            workId = item.workID.string
            title = item.title
            authors = item.authors
            status = item.status.rawValue
            rating = item.rating?.stars
            owned = item.owned
            addedOn = item.addedOn?.description
            finishedOn = item.finishedOn?.description
            firstPublishedYear = item.firstPublishedYear
            format = item.format?.rawValue
            shelves = item.shelves
        }
    }

    struct Person: Codable {
        let id: String
        let name: String
        let role: String
        let gender: String?
        let country: String?
        let region: String?
        let marginalized: String?
        let birthYear: Int?
        let deathYear: Int?

        init(_ author: Author, role: ContributorRole) {
            id = author.id.string
            name = author.name
            self.role = role.rawValue
            gender = author.gender?.value.rawValue
            country = author.country?.value.alpha2
            region = author.region?.rawValue
            marginalized = author.marginalized?.value.rawValue
            birthYear = author.birthYear?.value
            deathYear = author.deathYear?.value
        }
    }

    struct ReadingJSON: Codable {
        let startedOn: String?
        let finishedOn: String?
        let outcome: String
        let origin: String
    }

    struct EditionJSON: Codable {
        let isbn13: String?
        let isbn10: String?
        let publisher: String?
        let pageCount: Int?
        let format: String?
        let language: String?
    }

    struct Entry: Codable {
        let id: String
        let workId: String
        let title: String
        let authors: [Person]
        let contributors: [Person]
        let originalLanguage: String?
        let firstPublishedYear: Int?
        let ownVoices: String?
        let edition: EditionJSON?
        let status: String
        let rating: Double?
        let owned: Bool
        let addedOn: String?
        let currentPage: Int?
        let shelves: [String]
        let review: String?
        let notes: String?
        let timesRead: Int
        let readings: [ReadingJSON]

        init(_ detail: EntryDetail) {
            let state = detail.entry.state
            id = detail.entry.id.string
            workId = detail.work.id.string
            title = detail.work.title
            authors = detail.authors.map { Person($0, role: .author) }
            contributors = detail.contributors.map { Person($0.author, role: $0.role) }
            originalLanguage = detail.work.originalLanguage?.code
            firstPublishedYear = detail.work.firstPublishedYear
            ownVoices = detail.work.ownVoices?.rawValue
            edition = detail.edition.map {
                EditionJSON(
                    isbn13: $0.details.isbn13, isbn10: $0.details.isbn10, publisher: $0.details.publisher,
                    pageCount: $0.details.pageCount, format: $0.details.format?.rawValue, language: $0.details.language?.code)
            }
            status = state.status.rawValue
            rating = state.rating?.stars
            owned = state.owned
            addedOn = state.addedOn?.description
            currentPage = state.currentPage
            shelves = state.shelves
            review = state.review
            notes = state.notes
            timesRead = state.timesRead
            readings = state.readings.map {
                ReadingJSON(
                    startedOn: $0.startedOn?.description, finishedOn: $0.finishedOn?.description, outcome: $0.outcome.rawValue,
                    origin: $0.origin.description)
            }
        }
    }

    struct Fact: Codable {
        let kind: String
        let value: String?
        let source: String
        /// Where exactly: the Wikidata item, the Open Library record, the bundled dataset.
        let detail: String?
        /// Where it can be checked.
        let link: String?
        let recordedAt: Date
        let current: Bool
    }

    struct AuthorJSON: Codable {
        let author: Person
        let history: [Fact]

        init(_ author: Author, history: [AuthorFactAssertion]) {
            self.author = Person(author, role: .author)
            let current = Set(author.currentAssertions)
            self.history = history.map {
                Fact(
                    kind: $0.kind.rawValue, value: $0.value, source: $0.provenance.source.rawValue,
                    detail: $0.provenance.detail, link: FactLinks.link($0.provenance)?.url,
                    recordedAt: $0.provenance.recordedAt,
                    current: current.contains($0))
            }
        }
    }

    struct Token: Codable {
        let id: String
        let name: String
        let createdAt: Date
        let lastUsedAt: Date?
        /// Only in the answer that created it.
        let token: String?

        init(_ token: APIToken, secret: String? = nil) {
            id = token.id.string
            name = token.name
            createdAt = token.createdAt
            lastUsedAt = token.lastUsedAt
            self.token = secret
        }
    }

    struct Invitation: Codable {
        let url: String
        let expiresAt: Date
    }

    struct Shelf: Codable {
        let name: String
        let count: Int
    }

    struct ImportRun: Codable {
        let id: String
        let format: String
        let fileName: String?
        let startedAt: Date
        let rows: Int
        let imported: Int
        let updated: Int
        let unchanged: Int
        let skipped: Int
        let fileWarnings: [String]

        init(_ run: ImportRunSummary) {
            id = run.id.string
            format = run.format.rawValue
            fileName = run.fileName
            startedAt = run.startedAt
            rows = run.rows
            imported = run.imported
            updated = run.updated
            unchanged = run.unchanged
            skipped = run.skipped
            fileWarnings = run.fileWarnings
        }
    }
}

// MARK: - Schemas

extension APIModels.Page: Decodable where Item: Decodable {}

extension APIModels.Page: DescribedJSON {}

extension APIModels.Page: APISchema where Item: APISchema & Decodable {
    /// `EntryPage` (of `EntrySummary`), `SessionPage`, `ImportRunPage`.
    static var schemaName: String {
        let item = Item.schemaName
        return (item.hasSuffix("Summary") ? String(item.dropLast("Summary".count)) : item) + "Page"
    }
}

extension APIModels.Me: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "role": .cases(of: User.Role.self),
            "underrepresentedRegions": .eachItem(.cases(of: CulturalRegion.self)),
            "palette": .described("The colours charts are drawn in: `standard`, or `blueOrange` (no red–green pairs).").merged(
                with: .cases(of: ChartPalette.self)),
        ]
    }
}

extension APIModels.EntrySummary: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "status": .cases(of: ReadingStatus.self)
        ]
    }
}

extension APIModels.Person: APISchema {
}

extension APIModels.ReadingJSON: APISchema {
    static let schemaName = "Reading"
    static var fieldNotes: [String: JSONSchema] {
        [
            "outcome": .cases(of: Reading.Outcome.self)
        ]
    }
}

extension APIModels.EditionJSON: APISchema {
    static let schemaName = "Edition"
}

extension APIModels.Entry: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "status": .cases(of: ReadingStatus.self)
        ]
    }
}

extension APIModels.Fact: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "source": .oneOf(["user", "import", "wikidata", "openLibrary", "bundled"]),
            "detail": .described(
                "Where exactly: the Wikidata item (`Q42`), the Open Library record (`/authors/OL34184A`), or the bundled author table's dataset."
            ),
            "link": .described("Where the fact can be checked."),
        ]
    }
}

extension APIModels.AuthorJSON: APISchema {
    static let schemaName = "AuthorDetail"
}

extension APIModels.Token: APISchema {
    static var fieldNotes: [String: JSONSchema] {
        [
            "token": .described("Only when just created.")
        ]
    }
}

extension APIModels.Invitation: APISchema {
}

extension APIModels.Shelf: APISchema {
}

extension APIModels.ImportRun: APISchema {
}
