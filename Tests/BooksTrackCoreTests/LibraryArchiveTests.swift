import BooksTrackCore
import Foundation
import Testing

/// Issue 42: a kept library is written down (``LibraryArchive``) so the next process starts from
/// it. What is read back must be exactly what was written — a field left out would show a reader
/// a book without its rating after every restart — and bytes that are not whole must be refused,
/// never half read and never a crash.
@Suite("A library archive")
struct LibraryArchiveTests {
    static let reader = User.ID.random()

    /// Books with every field of an entry, a reading, a work and an edition set.
    static func books(count: Int = 3) -> LibraryArchive.Books {
        var entries: [LibraryEntry] = []
        var works: DenseDictionary<Work.ID, Work> = [:]
        var editions: DenseDictionary<Edition.ID, Edition> = [:]
        for number in 0..<count {
            let work = Work(
                title: "Kindred \(number)", authorIDs: [.random(), .random()],
                contributors: [Contributor(authorID: .random(), role: .translator)],
                originalLanguage: LanguageCode(lenient: "sw"), firstPublishedYear: -400 + number,
                genres: ["science fiction", "history"], ownVoices: .yes, accessibilityTags: ["large print"],
                identifiers: [ExternalID(.isbn, "9780807083697"), ExternalID(.goodreads, "\(number)")])
            let edition = Edition(
                workID: work.id,
                details: EditionDetails(
                    isbn10: "0807083690", isbn13: "9780807083697", publisher: "Beacon Press", year: 2003,
                    pageCount: 264, format: .audiobook, binding: "Paperback", language: LanguageCode(lenient: "en")))
            var state = EntryState(
                status: .read, rating: Rating(quarters: 17), owned: true, addedOn: LocalDate("2024-02-29"),
                readCount: 2, currentPage: 120, shelves: ["favourites", "owned-books"], review: "Tremendous. ⭐️",
                notes: "Lent to Amina", extras: ["goodreads.bookshelves": "favourites", "bcid": "123-456"])
            state.readings = [
                Reading(
                    startedOn: LocalDate("2023-12-31"), finishedOn: LocalDate("2024-01-02"), outcome: .finished, origin: .user),
                Reading(startedOn: nil, finishedOn: LocalDate("1999-07-04"), outcome: .abandoned, origin: .imported(.goodreads)),
            ]
            entries.append(
                LibraryEntry(
                    userID: reader, workID: work.id, editionID: edition.id, state: state,
                    createdAt: Date(timeIntervalSince1970: 1_700_000_000.123),
                    updatedAt: Date(timeIntervalSince1970: 1_800_000_000.5)))
            works[work.id] = work
            editions[edition.id] = edition
        }
        return LibraryArchive.Books(entries: entries, works: works, editions: editions)
    }

    static func decode(_ bytes: [UInt8], of reader: User.ID = reader) async throws -> LibraryArchive.Books {
        try await LibraryArchive.decode(bytes, of: reader)
    }

    /// Every stored property of `value` (and of the values it holds) set: a field added to a
    /// model later fails here until the archive writes it and ``books(count:)`` sets it.
    static func unsetFields(of value: Any, path: String) -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            let name = "\(path).\(child.label ?? "?")"
            let inner = Mirror(reflecting: child.value)
            if inner.displayStyle == .optional {
                guard let some = inner.children.first?.value else { return [name] }
                return unsetFields(of: some, path: name)
            }
            if inner.displayStyle == .collection || inner.displayStyle == .dictionary {
                return inner.children.isEmpty ? [name] : []
            }
            if inner.displayStyle == .struct, child.label != "id", !name.hasSuffix("ID") {
                return unsetFields(of: child.value, path: name)
            }
            return []
        }
    }

    @Test("reads back every field of every entry, reading, work and edition")
    func roundTrip() async throws {
        let books = Self.books()
        let entry = try #require(books.entries.first)
        let unset =
            Self.unsetFields(of: entry, path: "entry") + Self.unsetFields(of: entry.state.readings[0], path: "reading")
            + Self.unsetFields(of: try #require(books.works.values.first), path: "work")
            + Self.unsetFields(of: try #require(books.editions.values.first), path: "edition")
        #expect(unset.isEmpty, "not set in the example, so not checked: \(unset)")

        let read = try await Self.decode(LibraryArchive.encode(books, of: Self.reader))
        #expect(read == books)
        // Not reordered or normalised on the way back.
        #expect(read.entries.map(\.id) == books.entries.map(\.id))
        #expect(read.entries[0].state.shelves == ["favourites", "owned-books"])
    }

    @Test("of an empty library reads back empty; numbers at their limits read back")
    func edges() async throws {
        #expect(
            try await Self.decode(LibraryArchive.encode(.init(entries: [], works: [:], editions: [:]), of: Self.reader)).entries
                == [])
        var books = Self.books(count: 1)
        let id = try #require(books.works.keys.first)
        books.works[id]?.firstPublishedYear = Int.min
        books.entries[0].state.currentPage = Int.max
        books.entries[0].state.readCount = nil
        books.entries[0].editionID = nil
        #expect(try await Self.decode(LibraryArchive.encode(books, of: Self.reader)) == books)
    }

    @Test("names every author of the works once, in its first bytes, before the books are read")
    func authorsFirst() async throws {
        let books = Self.books(count: 3)
        let bytes = LibraryArchive.encode(books, of: Self.reader)
        let named = Set(books.works.values.flatMap { $0.authorIDs + $0.contributors.map(\.authorID) })
        let listed = try LibraryArchive.authorIDs(in: bytes, of: Self.reader)
        #expect(listed.count == named.count && Set(listed) == named)
        #expect(try await Self.decode(bytes).authorIDs == listed)
        #expect(throws: LibraryArchive.Damaged.self) { try LibraryArchive.authorIDs(in: bytes, of: .random()) }
    }

    @Test("refuses a count the bytes left cannot hold, before making room for it")
    func countsBounded() throws {
        var bytes = Array("BTLA".utf8) + [UInt8(LibraryArchive.format * 2)]  // zig-zag, as every number
        let (high, low) = Self.reader.bits
        withUnsafeBytes(of: high.bigEndian) { bytes += $0 }
        withUnsafeBytes(of: low.bigEndian) { bytes += $0 }
        // 32 authors, 16 bytes each, in the 100 bytes left: a damaged count, not a short read.
        bytes += [64] + [UInt8](repeating: 0, count: 100)
        let refused = #expect(throws: LibraryArchive.Damaged.self) {
            try LibraryArchive.authorIDs(in: bytes, of: Self.reader)
        }
        #expect(refused?.reason == "a count past the end")
    }

    @Test("keeps a text many books repeat once")
    func textsOnce() throws {
        let bytes = LibraryArchive.encode(Self.books(count: 500), of: Self.reader)
        let publisher = Array("Beacon Press".utf8)
        let occurrences = (0...(bytes.count - publisher.count)).filter {
            bytes[$0..<$0 + publisher.count].elementsEqual(publisher)
        }
        #expect(occurrences.count == 1)
    }

    @Test("refuses another reader's archive, and bytes cut short anywhere, without reading half")
    func damaged() async throws {
        let bytes = LibraryArchive.encode(Self.books(count: 2), of: Self.reader)
        await #expect(throws: LibraryArchive.Damaged.self) { try await Self.decode(bytes, of: .random()) }
        for length in 0..<bytes.count {
            await #expect(throws: LibraryArchive.Damaged.self, "cut at \(length)") {
                try await Self.decode(Array(bytes[..<length]))
            }
        }
        await #expect(throws: LibraryArchive.Damaged.self) { try await Self.decode(bytes + [0]) }
        // Any byte changed: read as something or refused, never a trap.
        for at in stride(from: 0, to: bytes.count, by: 7) {
            var changed = bytes
            changed[at] ^= 0xFF
            _ = try? await Self.decode(changed)
        }
    }
}
