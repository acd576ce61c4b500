import BooksTrackCore
import Foundation
import SQLKit

/// Reading and writing library entries with their shelves and readings.
enum EntryRows {
    static let columns = [
        "id", "user_id", "work_id", "edition_id", "status", "rating_quarters", "owned", "added_on", "read_count",
        "current_page", "review", "notes", "extras", "created_at", "updated_at",
    ]

    static func insert(_ entries: some Collection<LibraryEntry>, on db: any SQLDatabase) async throws {
        for rows in rows(entries) { try await db.insert(rows) }
    }

    /// The rows of new entries with their shelves and readings.
    static func rows(_ entries: some Collection<LibraryEntry>) -> [TableRows] {
        [TableRows(table: "library_entries", columns: columns, cells: entries.map(cells))] + childRows(of: entries)
    }

    /// Writes the new state of existing entries (of their own reader only).
    static func replace(_ entries: some Collection<LibraryEntry>, on db: any SQLDatabase) async throws {
        guard !entries.isEmpty else { return }
        for entry in entries {
            let s = entry.state
            try await db.raw(
                """
                UPDATE library_entries SET edition_id = \(bind: entry.editionID?.string), status = \(bind: s.status.rawValue),
                    rating_quarters = \(bind: s.rating?.quarters), owned = \(bind: s.owned ? 1 : 0),
                    added_on = \(bind: s.addedOn?.description), read_count = \(bind: s.readCount),
                    current_page = \(bind: s.currentPage), review = \(bind: s.review), notes = \(bind: s.notes),
                    extras = \(bind: JSONColumn.text(s.extras)), updated_at = \(bind: entry.updatedAt.milliseconds)
                WHERE id = \(bind: entry.id.string) AND user_id = \(bind: entry.userID.string)
                """
            ).run()
        }
        let ids = entries.map(\.id.string)
        _ = try await db.rows(in: ids) { "DELETE FROM entry_shelves WHERE entry_id IN (\(binds: $0))" }
        _ = try await db.rows(in: ids) { "DELETE FROM readings WHERE entry_id IN (\(binds: $0))" }
        try await insertChildren(of: entries, on: db)
    }

    private static func insertChildren(of entries: some Collection<LibraryEntry>, on db: any SQLDatabase) async throws {
        for rows in childRows(of: entries) { try await db.insert(rows) }
    }

    private static func childRows(of entries: some Collection<LibraryEntry>) -> [TableRows] {
        var shelves: [[SQLCell]] = []
        var readings: [[SQLCell]] = []
        for entry in entries {
            for shelf in entry.state.shelves {
                shelves.append([.text(entry.id.string), .text(entry.userID.string), .text(shelf), .text(shelf.lowercased())])
            }
            for reading in entry.state.readings {
                readings.append([
                    .text(reading.id.string), .text(entry.id.string), .text(entry.userID.string),
                    .init(reading.startedOn?.description), .init(reading.finishedOn?.description),
                    .text(reading.outcome.rawValue), .text(reading.origin.description),
                ])
            }
        }
        return [
            TableRows(table: "entry_shelves", columns: ["entry_id", "user_id", "name", "name_key"], cells: shelves),
            TableRows(
                table: "readings", columns: ["id", "entry_id", "user_id", "started_on", "finished_on", "outcome", "origin"],
                cells: readings),
        ]
    }

    static func cells(_ entry: LibraryEntry) -> [SQLCell] {
        let s = entry.state
        return [
            .text(entry.id.string), .text(entry.userID.string), .text(entry.workID.string), .init(entry.editionID?.string),
            .text(s.status.rawValue), .init(s.rating?.quarters), .integer(s.owned ? 1 : 0), .init(s.addedOn?.description),
            .init(s.readCount), .init(s.currentPage), .init(s.review), .init(s.notes), .text(JSONColumn.text(s.extras)),
            .integer(entry.createdAt.milliseconds), .integer(entry.updatedAt.milliseconds),
        ]
    }

    /// A reader's entries — all of them, those for the given works, or those with the given ids.
    static func entries(
        of userID: User.ID, works: [Work.ID]? = nil, ids: [LibraryEntry.ID]? = nil, on db: any SQLDatabase
    ) async throws -> [LibraryEntry] {
        let user = userID.string
        let rows: [any SQLRow]
        if let works {
            rows = try await db.rows(in: works.map(\.string)) {
                "SELECT * FROM library_entries WHERE user_id = \(bind: user) AND work_id IN (\(binds: $0))"
            }
        } else if let ids {
            rows = try await db.rows(in: ids.map(\.string)) {
                "SELECT * FROM library_entries WHERE \(ScopeColumn("user_id")) = \(bind: user) AND id IN (\(binds: $0))"
            }
        } else {
            rows = try await db.raw("SELECT * FROM library_entries WHERE user_id = \(bind: user)").all()
        }
        // In id order, so every read of the same library gives the same array on both databases
        // (PostgreSQL's row order changes with its query plan).
        var entries = inIDOrder(try rows.map(entry))
        guard !entries.isEmpty else { return [] }
        let entryIDs = entries.map(\.id.string)
        var shelves: [String: [String]] = [:]
        let shelfRows: [any SQLRow]
        let readingRows: [any SQLRow]
        if works == nil && ids == nil {
            shelfRows = try await db.raw("SELECT entry_id, name FROM entry_shelves WHERE user_id = \(bind: user)").all()
            readingRows = try await db.raw("SELECT * FROM readings WHERE user_id = \(bind: user)").all()
        } else {
            shelfRows = try await db.rows(in: entryIDs) {
                "SELECT entry_id, name FROM entry_shelves WHERE \(ScopeColumn("user_id")) = \(bind: user) AND entry_id IN (\(binds: $0))"
            }
            readingRows = try await db.rows(in: entryIDs) {
                "SELECT * FROM readings WHERE \(ScopeColumn("user_id")) = \(bind: user) AND entry_id IN (\(binds: $0))"
            }
        }
        for row in shelfRows { shelves[try row.text("entry_id"), default: []].append(try row.text("name")) }
        var readings: [String: [Reading]] = [:]
        for row in readingRows {
            readings[try row.text("entry_id"), default: []].append(
                Reading(
                    id: try row.id("id"), startedOn: try row.optionalDate("started_on"),
                    finishedOn: try row.optionalDate("finished_on"),
                    outcome: Reading.Outcome(rawValue: try row.text("outcome")) ?? .finished,
                    origin: Reading.Origin(try row.text("origin")) ?? .user))
        }
        for index in entries.indices {
            let key = entries[index].id.string
            entries[index].state.shelves = EntryState.normalizedShelves(shelves[key] ?? [])
            entries[index].state.readings = inReadingOrder(readings[key] ?? [])
        }
        return entries
    }

    /// Entries in id order (identifiers compare as their 128 bits, which order as their
    /// lowercase text does).
    static func inIDOrder(_ entries: [LibraryEntry]) -> [LibraryEntry] {
        // The keys sorted, not the entries: an entry is ~300 bytes to move at every step.
        var keys = entries.enumerated().map { (id: $1.id, index: $0) }
        keys.sort { $0.id < $1.id }
        return keys.map { entries[$0.index] }
    }

    /// A book's readings in the order every read of the library gives them.
    static func inReadingOrder(_ readings: [Reading]) -> [Reading] {
        readings.sorted { ($0.content, $0.id) < ($1.content, $1.id) }
    }

    private static func entry(_ row: any SQLRow) throws -> LibraryEntry {
        LibraryEntry(
            id: try row.id("id"), userID: try row.id("user_id"), workID: try row.id("work_id"),
            editionID: try row.optionalID("edition_id"),
            state: EntryState(
                status: ReadingStatus(rawValue: try row.text("status")) ?? .toRead,
                rating: try row.optionalInteger("rating_quarters").flatMap(Rating.init(quarters:)),
                owned: try row.flag("owned"), addedOn: try row.optionalDate("added_on"),
                readCount: try row.optionalInteger("read_count"), currentPage: try row.optionalInteger("current_page"),
                review: try row.optionalText("review"), notes: try row.optionalText("notes"),
                extras: try row.json("extras", as: [String: String].self)),
            createdAt: try row.instant("created_at"), updatedAt: try row.instant("updated_at"))
    }
}
