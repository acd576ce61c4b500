import BooksTrackCore
import Foundation
import SQLKit

/// Loads the part of the instance a batch can match, in a handful of chunked queries.
enum ImportContextLoader {
    static func context(for keys: ImportLookupKeys, userID: User.ID, now: Date, on db: any SQLDatabase) async throws
        -> ImportMatchContext
    {
        var context = ImportMatchContext(userID: userID, now: now)
        let wanted = Set(keys.identifiers)
        for row in try await db.rows(
            in: Array(Set(keys.identifiers.map(\.value))),
            {
                """
                SELECT x.scheme, x.value, x.work_id, x.edition_id, works.owner_id FROM external_ids x
                JOIN works ON works.id = x.work_id
                WHERE x.value IN (\(binds: $0)) AND \(WorkOwnership.visible(to: userID))
                """
            })
        {
            guard let scheme = ExternalID.Scheme(rawValue: try row.text("scheme")) else { continue }
            let id = ExternalID(scheme, try row.text("value"))
            guard wanted.contains(id) else { continue }
            // The reader's own work wins over a public record with the same identifier.
            let own = try row.optionalText("owner_id") != nil
            if !own, context.identifiers[id] != nil { continue }
            context.identifiers[id] = IdentifierTarget(workID: try row.id("work_id"), editionID: try row.optionalID("edition_id"))
        }
        var candidateWorks = Set(context.identifiers.values.map(\.workID))
        for row in try await db.rows(
            in: Array(keys.matchKeys),
            {
                "SELECT id, match_key FROM works WHERE match_key IN (\(binds: $0)) AND \(WorkOwnership.visible(to: userID))"
            })
        {
            let workID: Work.ID = try row.id("id")
            context.worksByMatchKey[try row.text("match_key"), default: []].append(workID)
            candidateWorks.insert(workID)
        }
        for key in context.worksByMatchKey.keys { context.worksByMatchKey[key]?.sort() }
        let workKeys = candidateWorks.map(\.string)
        for row in try await db.rows(
            in: workKeys,
            {
                "SELECT id, original_language, first_published_year FROM works WHERE id IN (\(binds: $0))"
            })
        {
            context.workFacts[try row.id("id")] = WorkFacts(
                originalLanguage: try row.optionalText("original_language").flatMap(LanguageCode.init(lenient:)),
                firstPublishedYear: try row.optionalInteger("first_published_year"))
        }
        for row in try await db.rows(
            in: workKeys, { "SELECT scheme, value, work_id FROM external_ids WHERE work_id IN (\(binds: $0))" })
        {
            guard let scheme = ExternalID.Scheme(rawValue: try row.text("scheme")) else { continue }
            context.identifiersByWork[try row.id("work_id"), default: []].append(ExternalID(scheme, try row.text("value")))
        }
        for row in try await db.rows(
            in: Array(keys.authorKeys), { "SELECT id, name_key FROM authors WHERE name_key IN (\(binds: $0))" })
        {
            context.authorsByKey[try row.text("name_key")] = try row.id("id")
        }
        let entries = try await EntryRows.entries(of: userID, works: Array(candidateWorks), on: db)
        for entry in entries { context.entriesByWork[entry.workID] = entry }
        let editionIDs = Set(entries.compactMap(\.editionID) + context.identifiers.values.compactMap(\.editionID))
        context.editions = try await CatalogueRows.editions(Array(editionIDs), on: db)
        return context
    }
}
