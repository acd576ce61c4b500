import BooksTrackCore
import Foundation
import SQLKit

/// Reading and writing the shared catalogue: authors, works, editions, identifiers.
enum CatalogueRows {
    /// Inserts authors that are new by name. Authors are shared, so another reader's write may
    /// have created one a moment ago: that insert is skipped (`ON CONFLICT DO NOTHING`, never a
    /// unique-key error), and the answer maps each planned id to the row that holds the name —
    /// the planned one, or the winner's.
    static func insert(authors: [Author], now: Date, on db: any SQLDatabase) async throws -> [Author.ID: Author.ID] {
        guard !authors.isEmpty else { return [:] }
        for chunk in authors.chunked(into: 500) {
            let values: [SQLQueryString] = chunk.map { author in
                "(\(bind: author.id.string), \(bind: author.name), \(bind: author.sortName), \(bind: author.nameKey), \(bind: now.milliseconds), \(bind: now.milliseconds))"
            }
            try await db.raw(
                "INSERT INTO authors (id, name, sort_name, name_key, created_at, updated_at) VALUES \(values.joined(separator: ", ")) ON CONFLICT (name_key) DO NOTHING"
            ).run()
        }
        var holder: [String: Author.ID] = [:]
        for row in try await db.rows(
            in: authors.map(\.nameKey), { "SELECT id, name_key FROM authors WHERE name_key IN (\(binds: $0))" })
        {
            holder[try row.text("name_key")] = try row.id("id")
        }
        var resolved: [Author.ID: Author.ID] = [:]
        for author in authors { resolved[author.id] = holder[author.nameKey] ?? author.id }
        return resolved
    }

    /// Keeps a reader's spelling of authors the catalogue spells otherwise
    /// (``ImportPlan/spellings``): the latest spelling the reader typed is theirs, and a row is
    /// kept only while it differs from the catalogue's.
    static func record(spellings: [Author.ID: String], of userID: User.ID, on db: any SQLDatabase) async throws {
        guard !spellings.isEmpty else { return }
        var differing: [SQLQueryString] = []
        var same: [String] = []
        for row in try await db.rows(
            in: spellings.keys.map(\.string), { "SELECT id, name FROM authors WHERE id IN (\(binds: $0))" })
        {
            let id: Author.ID = try row.id("id")
            guard let name = spellings[id] else { continue }
            if try name == row.text("name") {
                same.append(id.string)
            } else {
                differing.append(
                    "(\(bind: userID.string), \(bind: id.string), \(bind: name), \(bind: PersonName.sortName(name)))")
            }
        }
        for chunk in differing.chunked(into: 500) {
            try await db.raw(
                """
                INSERT INTO reader_author_names (user_id, author_id, name, sort_name) VALUES \(chunk.joined(separator: ", "))
                ON CONFLICT (user_id, author_id) DO UPDATE SET name = excluded.name, sort_name = excluded.sort_name
                """
            ).run()
        }
        for chunk in same.chunked(into: 500) {
            try await db.raw(
                "DELETE FROM reader_author_names WHERE user_id = \(bind: userID.string) AND author_id IN (\(binds: Array(chunk)))"
            ).run()
        }
    }

    /// The spellings a reader gave authors among `keys` (``record(spellings:of:on:)``).
    static func spellings(of userID: User.ID, _ keys: Keys, on db: any SQLDatabase) async throws -> [Author.ID: (
        name: String, sortName: String
    )] {
        var spellings: [Author.ID: (name: String, sortName: String)] = [:]
        for row in try await db.rows(
            for: keys,
            {
                "SELECT author_id, name, sort_name FROM reader_author_names WHERE user_id = \(bind: userID.string) AND author_id IN (\($0))"
            })
        {
            spellings[try row.id("author_id")] = (try row.text("name"), try row.text("sort_name"))
        }
        return spellings
    }

    /// Inserts works with their authors and contributors. `matchKeys` holds each work's
    /// ``Work/matchKey(title:primaryAuthor:)``, computed from the author names by the caller.
    /// `owner` is the reader whose words they are (``WorkOwnership``); `nil` for a public record.
    static func insert(works: [Work], owner: User.ID?, matchKeys: [Work.ID: String], now: Date, on db: any SQLDatabase)
        async throws
    {
        for rows in rows(works: works, owner: owner, matchKeys: matchKeys, now: now) { try await db.insert(rows) }
    }

    /// The rows of new works and their contributors.
    static func rows(works: [Work], owner: User.ID?, matchKeys: [Work.ID: String], now: Date) -> [TableRows] {
        var contributorRows: [[SQLCell]] = []
        for work in works {
            for (ordinal, authorID) in work.authorIDs.enumerated() {
                contributorRows.append([
                    .text(work.id.string), .text(authorID.string), .text(ContributorRole.author.rawValue), .integer(ordinal),
                ])
            }
            for (offset, contributor) in work.contributors.enumerated() where contributor.role != .author {
                contributorRows.append([
                    .text(work.id.string), .text(contributor.authorID.string), .text(contributor.role.rawValue),
                    .integer(1000 + offset),
                ])
            }
        }
        return [
            TableRows(
                table: "works",
                columns: [
                    "id", "owner_id", "title", "title_key", "match_key", "original_language", "first_published_year",
                    "own_voices", "genres", "accessibility_tags", "created_at", "updated_at",
                ],
                cells: works.map { work in
                    [
                        .text(work.id.string), .init(owner?.string), .text(work.title),
                        .text(TextNormalization.titleKey(work.title)),
                        .text(matchKeys[work.id] ?? Work.matchKey(title: work.title, primaryAuthor: nil)),
                        .init(work.originalLanguage?.code), .init(work.firstPublishedYear), .init(work.ownVoices?.rawValue),
                        .text(JSONColumn.text(work.genres)), .text(JSONColumn.text(work.accessibilityTags)),
                        .integer(now.milliseconds), .integer(now.milliseconds),
                    ]
                }),
            TableRows(table: "work_contributors", columns: ["work_id", "author_id", "role", "ordinal"], cells: contributorRows),
        ]
    }

    static func insert(editions: [Edition], now: Date, on db: any SQLDatabase) async throws {
        try await db.insert(rows(editions: editions, now: now))
    }

    static func rows(editions: [Edition], now: Date) -> TableRows {
        TableRows(
            table: "editions",
            columns: [
                "id", "work_id", "isbn10", "isbn13", "publisher", "publication_year", "page_count", "format",
                "binding", "language", "created_at",
            ],
            cells: editions.map { edition in
                let d = edition.details
                return [
                    .text(edition.id.string), .text(edition.workID.string), .init(d.isbn10), .init(d.isbn13), .init(d.publisher),
                    .init(d.year), .init(d.pageCount), .init(d.format?.rawValue), .init(d.binding), .init(d.language?.code),
                    .integer(now.milliseconds),
                ]
            })
    }

    static func update(edition: Edition, on db: any SQLDatabase) async throws {
        let d = edition.details
        try await db.raw(
            """
            UPDATE editions SET isbn10 = \(bind: d.isbn10), isbn13 = \(bind: d.isbn13), publisher = \(bind: d.publisher),
                publication_year = \(bind: d.year), page_count = \(bind: d.pageCount), format = \(bind: d.format?.rawValue),
                binding = \(bind: d.binding), language = \(bind: d.language?.code)
            WHERE id = \(bind: edition.id.string)
            """
        ).run()
    }

    /// Writes the facts a reader can answer about a work: original language, first
    /// publication, own voices and accessibility tags.
    static func update(facts work: Work, now: Date, on db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE works SET original_language = \(bind: work.originalLanguage?.code),
                first_published_year = \(bind: work.firstPublishedYear), own_voices = \(bind: work.ownVoices?.rawValue),
                accessibility_tags = \(bind: JSONColumn.text(work.accessibilityTags)),
                genres = \(bind: JSONColumn.text(work.genres)), updated_at = \(bind: now.milliseconds)
            WHERE id = \(bind: work.id.string)
            """
        ).run()
    }

    static func insert(identifiers: [NewIdentifier], on db: any SQLDatabase) async throws {
        try await db.insert(rows(identifiers: identifiers))
    }

    static func rows(identifiers: [NewIdentifier]) -> TableRows {
        TableRows(
            table: "external_ids", columns: ["scheme", "value", "work_id", "edition_id"],
            cells: identifiers.map {
                [
                    .text($0.id.scheme.rawValue), .text($0.id.value), .text($0.target.workID.string),
                    .init($0.target.editionID?.string),
                ]
            })
    }

    /// Works by id, with their authors, contributors and identifiers.
    static func works(_ ids: [Work.ID], on db: any SQLDatabase) async throws -> DenseDictionary<Work.ID, Work> {
        try await works(.list(ids.map(\.string)), on: db)
    }

    static func works(_ keys: Keys, on db: any SQLDatabase) async throws -> DenseDictionary<Work.ID, Work> {
        var works: DenseDictionary<Work.ID, Work> = [:]
        for row in try await db.rows(for: keys, { "SELECT * FROM works WHERE id IN (\($0))" }) {
            let id: Work.ID = try row.id("id")
            works[id] = Work(
                id: id, title: try row.text("title"), authorIDs: [],
                originalLanguage: try row.optionalText("original_language").flatMap(LanguageCode.init(lenient:)),
                firstPublishedYear: try row.optionalInteger("first_published_year"),
                genres: try row.json("genres", as: [String].self),
                ownVoices: try row.optionalText("own_voices").flatMap(YesNo.init(rawValue:)),
                accessibilityTags: try row.json("accessibility_tags", as: [String].self))
        }
        let people = try await db.rows(
            for: keys,
            { "SELECT work_id, author_id, role FROM work_contributors WHERE work_id IN (\($0)) ORDER BY work_id, ordinal" })
        for row in people {
            let workID: Work.ID = try row.id("work_id")
            let authorID: Author.ID = try row.id("author_id")
            let role = ContributorRole(rawValue: try row.text("role")) ?? .contributor
            if role == .author {
                works[workID]?.authorIDs.append(authorID)
            } else {
                works[workID]?.contributors.append(Contributor(authorID: authorID, role: role))
            }
        }
        // Sorted once, and only where a work has more than one (most have one or none).
        var several = Set<Work.ID>()
        for row in try await db.rows(
            for: keys, { "SELECT scheme, value, work_id FROM external_ids WHERE work_id IN (\($0))" })
        {
            guard let scheme = ExternalID.Scheme(rawValue: try row.text("scheme")) else { continue }
            let workID: Work.ID = try row.id("work_id")
            guard works[workID] != nil else { continue }
            works[workID]!.identifiers.append(ExternalID(scheme, try row.text("value")))
            if works[workID]!.identifiers.count > 1 { several.insert(workID) }
        }
        for id in several { works[id]!.identifiers.sort() }
        return works
    }

    static func editions(_ ids: [Edition.ID], on db: any SQLDatabase) async throws -> DenseDictionary<Edition.ID, Edition> {
        try await editions(.list(ids.map(\.string)), on: db)
    }

    static func editions(_ keys: Keys, on db: any SQLDatabase) async throws -> DenseDictionary<Edition.ID, Edition> {
        var editions: DenseDictionary<Edition.ID, Edition> = [:]
        for row in try await db.rows(for: keys, { "SELECT * FROM editions WHERE id IN (\($0))" }) {
            let edition = Edition(
                id: try row.id("id"), workID: try row.id("work_id"),
                details: EditionDetails(
                    isbn10: try row.optionalText("isbn10"), isbn13: try row.optionalText("isbn13"),
                    publisher: try row.optionalText("publisher"), year: try row.optionalInteger("publication_year"),
                    pageCount: try row.optionalInteger("page_count"),
                    format: try row.optionalText("format").flatMap(BookFormat.init(rawValue:)),
                    binding: try row.optionalText("binding"),
                    language: try row.optionalText("language").flatMap(LanguageCode.init(lenient:))))
            editions[edition.id] = edition
        }
        return editions
    }

    /// Authors by id, with every current fact and its provenance (from the fact history), named
    /// as `reader` spells them (``record(spellings:of:on:)``); as the catalogue does without one.
    static func authors(_ ids: [Author.ID], as reader: User.ID?, on db: any SQLDatabase) async throws -> [Author.ID: Author] {
        try await authors(.list(ids.map(\.string)), as: reader, on: db)
    }

    static func authors(_ keys: Keys, as reader: User.ID?, on db: any SQLDatabase) async throws -> [Author.ID: Author] {
        var authors: [Author.ID: Author] = [:]
        for row in try await db.rows(for: keys, { "SELECT id, name, sort_name FROM authors WHERE id IN (\($0))" }) {
            let author = Author(id: try row.id("id"), name: try row.text("name"), sortName: try row.text("sort_name"))
            authors[author.id] = author
        }
        if let reader {
            for (id, spelling) in try await spellings(of: reader, keys, on: db) {
                authors[id]?.name = spelling.name
                authors[id]?.sortName = spelling.sortName
            }
        }
        let facts = try await FactRows.history(of: keys, on: db)
        for (id, assertions) in facts { authors[id]?.apply(assertions: assertions) }
        return authors
    }
}
