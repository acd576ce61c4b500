import BooksTrackApp
import BooksTrackCore
import Foundation
import Hummingbird

extension EntriesAPI: APIResource {
    enum Operation: String, APIOperationDeclaring {
        case listShelves, listEntries, createEntry, getEntry, updateEntry, deleteEntry, changeStatus

        var declaration: APIOperation {
            switch self {
            case .listShelves:
                APIOperation(
                    .get, "shelves", .library, summary: "The reader's shelves with book counts",
                    responses: [.json(.ok, "Shelves, most used first.", [APIModels.Shelf].self), .unauthorized])
            case .listEntries:
                APIOperation(
                    .get, "entries", .library, summary: "The library, searched, filtered, sorted and paginated",
                    description:
                        "The same parameters as the library page's address (`/library?region=africa&status=read`). 50 books a page.",
                    parameters: [
                        .query("q", "Search in titles and author names.", JSONSchema.string),
                        .query("status", "Reading status.", oneOf: ReadingStatus.self),
                        .query("shelf", "A shelf name.", JSONSchema.string),
                        .query("genre", "A genre of the work, without regard to case (`Science fiction`).", JSONSchema.string),
                        .query("region", "A cultural region of any author.", oneOf: CulturalRegion.self),
                        .query(
                            "country",
                            "The country of any author, as an ISO 3166-1 alpha-2 code (`NG`) of the bundled country table: the world map's links.",
                            JSONSchema.string.merged(
                                with: .oneOf([
                                    "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX",
                                    "AZ", "BA", "BB", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ",
                                    "BR", "BS", "BT", "BV", "BW", "BY", "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK",
                                    "CL", "CM", "CN", "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM",
                                    "DO", "DZ", "EC", "EE", "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR",
                                    "GA", "GB", "GD", "GE", "GF", "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS",
                                    "GT", "GU", "GW", "GY", "HK", "HM", "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN",
                                    "IO", "IQ", "IR", "IS", "IT", "JE", "JM", "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN",
                                    "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC", "LI", "LK", "LR", "LS", "LT", "LU", "LV",
                                    "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK", "ML", "MM", "MN", "MO", "MP", "MQ",
                                    "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA", "NC", "NE", "NF", "NG", "NI",
                                    "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG", "PH", "PK", "PL", "PM",
                                    "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW", "SA", "SB", "SC",
                                    "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS", "ST", "SV",
                                    "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO", "TR",
                                    "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI",
                                    "VN", "VU", "WF", "WS", "YE", "YT", "ZA", "ZM", "ZW",
                                ]))), .query("gender", "The gender of any author.", oneOf: Gender.self),
                        .query("language", "Original language (ISO 639 code or English name).", JSONSchema.string),
                        .query("era", "Publication era.", oneOf: PublicationEra.self),
                        .query("translated", "Read in translation.", oneOf: YesNo.self),
                        .query("ownvoices", "Own voices.", oneOf: YesNo.self),
                        .query("badge", "An identity badge on the book or one of its authors.", oneOf: IdentityBadgeKind.self),
                        .query("missing", "Books missing a kind of data.", oneOf: LibraryQuery.Missing.self),
                        .query("sort", "Sort key.", oneOf: LibraryQuery.Sort.self),
                        .query(
                            "order", "Sort direction (each key has a natural default).",
                            JSONSchema.string.merged(with: .oneOf(["asc", "desc"]))),
                        .query(
                            "read", "Read in a window of days (`2026-01-01..2026-12-31`), or `any`: read at some time.",
                            JSONSchema.string.matching("^(any|[0-9]{4}-[0-9]{2}-[0-9]{2}\\.\\.[0-9]{4}-[0-9]{2}-[0-9]{2})$")),
                        .query(
                            "added", "Added in a window of days (`2026-01-01..2026-12-31`).",
                            JSONSchema.string.matching("^(any|[0-9]{4}-[0-9]{2}-[0-9]{2}\\.\\.[0-9]{4}-[0-9]{2}-[0-9]{2})$")),
                        .query("tbr", "`yes`: only books to read or on the wishlist.", oneOf: YesNo.self), .page,
                    ],
                    responses: [.json(.ok, "A page of books.", APIModels.Page<APIModels.EntrySummary>.self), .unauthorized])
            case .createEntry:
                APIOperation(
                    .post, "entries", .library, summary: "Add a book",
                    description:
                        "The book is matched with the catalogue like an imported row. When it is already in the library the answer is 200 with that entry.",
                    requestBody: .json(
                        NewEntryRequest.self,
                        example: [
                            "title": "Kindred", "authors": ["Octavia E. Butler"], "status": "read", "rating": 4.5,
                            "firstPublishedYear": 1979, "originalLanguage": "en", "shelves": ["favourites"],
                            "finishedOn": "2026-01-10",
                        ]),
                    responses: [
                        .json(.created, "Added.", APIModels.Entry.self),
                        .json(.ok, "Already in the library.", APIModels.Entry.self), .unauthorized, .invalid,
                    ])
            case .getEntry:
                APIOperation(
                    .get, "entries/{entryId}", .library, summary: "One book with its people, edition and readings",
                    parameters: [.entryID],
                    responses: [.json(.ok, "The book.", APIModels.Entry.self), .unauthorized, .notFound])
            case .updateEntry:
                APIOperation(
                    .patch, "entries/{entryId}", .library, summary: "Change a book; fields not sent stay, null clears",
                    parameters: [.entryID],
                    requestBody: .json(EntryRequest.self, example: ["rating": 5, "notes": "Read it with the book club."]),
                    responses: [.json(.ok, "The changed book.", APIModels.Entry.self), .unauthorized, .notFound, .invalid])
            case .deleteEntry:
                APIOperation(
                    .delete, "entries/{entryId}", .library, summary: "Remove a book with its readings and sessions",
                    parameters: [.entryID],
                    responses: [.empty(.noContent, "Removed."), .unauthorized, .notFound])
            case .changeStatus:
                APIOperation(
                    .post, "entries/{entryId}/status", .library, summary: "Move a book to another status",
                    description:
                        "Finishing records today's date; starting again after finishing keeps the earlier reading as history.",
                    parameters: [.entryID],
                    requestBody: .json(EntriesAPI.StatusRequest.self, example: ["status": "reading"]),
                    responses: [.json(.ok, "The book.", APIModels.Entry.self), .unauthorized, .notFound, .invalid])
            }
        }
    }

    func handler(for operation: Operation) -> APIHandler {
        switch operation {
        case .listShelves: shelves
        case .listEntries: entries
        case .createEntry: create
        case .getEntry: entry
        case .updateEntry: update
        case .deleteEntry: delete
        case .changeStatus: changeStatus
        }
    }
}

extension EntriesAPI.StatusRequest: DocumentedRequest {
    static let schemaName = "StatusChange"
    static var requestSchema: JSONSchema {
        JSONSchema.object(["status": JSONSchema.string.merged(with: .cases(of: ReadingStatus.self))], required: ["status"])
    }
}

/// A book's fields as the API takes them: one property per ``BookDraft/Field``.
extension EntryRequest: DocumentedRequest {
    static let schemaName = "BookInput"
    static var requestSchema: JSONSchema {
        JSONSchema.object(
            Dictionary(uniqueKeysWithValues: BookDraft.Field.allCases.map { ($0.rawValue, schema(of: $0)) }), closed: true
        )
        .described(
            "Every field is optional in a PATCH; `null` clears one. Rules the schema cannot say (an ISBN's check digit, a known language, a rating in quarter stars, a day not in the future) are 422s naming the field."
        )
    }

    /// Text fields take a string or a number (`"1979"` or `1979`); numeric fields a number or its text.
    static func schema(of field: BookDraft.Field) -> JSONSchema {
        if field.isList { return JSONSchema.array(of: .string).orNull }
        return switch field {
        case .title: JSONSchema(kinds: [.string, .number])
        case .status: JSONSchema.string.merged(with: .cases(of: ReadingStatus.self))
        case .ownVoices: JSONSchema.string.merged(with: .cases(of: YesNo.self)).orNull
        case .owned: JSONSchema.boolean.orNull.described("null is false.")
        case .rating: JSONSchema(kinds: [.number, .string, .null])
        case .pageCount, .firstPublishedYear, .currentPage: JSONSchema(kinds: [.integer, .string, .null])
        default: JSONSchema(kinds: [.string, .number, .null])
        }
    }
}

/// A book to add: ``EntryRequest`` with a title.
enum NewEntryRequest: DocumentedRequest {
    static let schemaName = "BookCreate"
    static var requestSchema: JSONSchema {
        var schema = EntryRequest.requestSchema.described("A book to add: `title` is required; the rest is optional.")
        schema.required = ["title"]
        return schema
    }
}
