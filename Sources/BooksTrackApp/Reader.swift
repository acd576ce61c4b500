import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import Foundation

/// What one reader's pages, API answers and commands read: their library as listed and as one
/// book, their reading sessions, imports, contributions and share links. Every read is scoped
/// to this reader. Writes are the use cases' (``LibraryService``, ``SessionService``, …), which
/// end with the after-write step; the few here change nothing a figure reads (an upload kept
/// for its preview, a share link).
public struct Reader: Sendable {
    public let user: User
    let store: ReaderStore
    let shared: Store

    // MARK: The library

    public func list(_ query: LibraryQuery, kept: ReaderLibrary? = nil) async throws -> LibraryPage {
        try await store.browse.list(query, primaryLanguage: user.settings.primaryLanguage, kept: kept)
    }

    public func count(_ query: LibraryQuery) async throws -> Int {
        try await store.browse.count(query, primaryLanguage: user.settings.primaryLanguage)
    }

    public func entryCounts() async throws -> [ReadingStatus: Int] { try await store.browse.statusCounts() }
    public func shelves() async throws -> [ShelfCount] { try await store.browse.shelves() }
    public func detail(of entryID: LibraryEntry.ID) async throws -> EntryDetail? { try await store.browse.detail(of: entryID) }

    /// How many books of the listed ones carry each identity badge.
    public func badgeCounts(_ query: LibraryQuery) async throws -> [IdentityBadgeKind: Int] {
        try await store.browse.badgeCounts(query, primaryLanguage: user.settings.primaryLanguage)
    }

    /// The badges the reader gave one book.
    public func badges(of entryID: LibraryEntry.ID) async throws -> [IdentityBadgeRecord] {
        try await shared.badges.badges(of: entryID, for: user.id)
    }

    /// A book's cover picture, when one was found for it.
    public func cover(of entryID: LibraryEntry.ID) async throws -> Cover? {
        try await shared.covers.cover(of: entryID, for: user.id)
    }

    /// The covers of some of the reader's books (a library page's thumbnails), by book.
    public func coverIDs(of entries: [LibraryEntry.ID]) async throws -> [LibraryEntry.ID: String] {
        try await shared.covers.coverIDs(of: entries, for: user.id)
    }

    public func coverID(of entryID: LibraryEntry.ID) async throws -> String? {
        try await shared.covers.coverID(of: entryID, for: user.id)
    }

    /// An author of the reader's books and the history of its facts.
    public func author(_ id: Author.ID) async throws -> (Author, [AuthorFactAssertion])? { try await store.browse.author(id) }

    // MARK: Reading sessions

    public func activeSession() async throws -> ReadingSession? { try await store.sessions.running() }
    public func session(_ id: ReadingSession.ID) async throws -> ReadingSession? { try await store.sessions.session(id) }

    public func sessions(of entryID: LibraryEntry.ID, page: Int = 1, pageSize: Int = 20) async throws
        -> (sessions: [ReadingSession], total: Int)
    {
        try await store.sessions.list(of: entryID, page: page, pageSize: pageSize)
    }

    // MARK: Curation

    public func contributions() async throws -> [Contribution] { try await store.curation.contributions() }
    public func contributionHistory() async throws -> [ContributionRecord] { try await store.curation.contributionHistory() }
    public func promptSkips() async throws -> [PromptSkip] { try await store.curation.promptSkips() }

    /// What the next question about a book needs to know of the library (from the kept library
    /// when this process keeps it).
    public func promptContext(authors: [Author.ID], kept: ReaderLibrary?) async throws -> ProfilingPrompts.Context {
        if let kept { return ProfilingPrompts.Context(kept) }
        return try await store.curation.promptContext(authors: authors, primaryLanguage: user.settings.primaryLanguage)
    }

    // MARK: Imports

    public func importRuns() async throws -> [ImportRunSummary] { try await store.imports.runs() }
    public func importRun(_ id: ImportRunSummary.ID) async throws -> (ImportRunSummary, ImportReport)? {
        try await store.imports.run(id)
    }

    /// What importing `batch` would do, written nowhere.
    public func preview(_ batch: ImportBatch, shelves: ShelfReading = .defaults, now: Date) async throws -> ImportReport {
        let (file, tally) = ImportService.reading(.batch(batch), with: shelves)
        var report = try await store.imports.import(file.batch, dryRun: true, now: now)
        report.shelves = tally?.uses
        return report
    }

    /// Keeps an uploaded file with its preview until the reader confirms or cancels.
    public func saveUpload(fileName: String, bytes: [UInt8], preview: ImportReport, now: Date) async throws
        -> ImportUpload
    {
        try await store.uploads.save(fileName: fileName, bytes: bytes, preview: preview, now: now)
    }

    public func upload(_ id: ImportUpload.ID) async throws -> (ImportUpload, [UInt8])? { try await store.uploads.upload(id) }

    /// Plans an upload again with what the reader says its shelves mean, and keeps both; false
    /// when the upload is no longer waiting for its confirmation.
    public func rereadShelves(of id: ImportUpload.ID, as shelves: ShelfReading, now: Date, limit: Int?) async throws -> Bool {
        guard let (upload, bytes) = try await store.uploads.upload(id), upload.status == .previewed else { return false }
        let batch = try await ImportService.parse(bytes, today: user.today(at: now), limit: limit)
        let report = try await preview(batch, shelves: shelves, now: now)
        return try await store.uploads.update(id, shelves: shelves, preview: report, now: now)
    }
    public func discardUpload(_ id: ImportUpload.ID) async throws -> Bool { try await store.uploads.discard(id) }

    /// The whole library as a download.
    public func export(_ format: Exports.Format, now: Date) async throws -> Exports.File {
        try await Exports.file(format, for: user, store: shared, now: now)
    }

    // MARK: Share links

    public func shareLinks() async throws -> [ShareLink] { try await shared.shareLinks.links(of: user.id) }

    /// Keeps a drawn card under a token's hash.
    public func createShareLink(
        card: String, title: String, covers: String, content: String, image: String, png: Data?, hash: String, now: Date
    ) async throws -> ShareLink {
        try await shared.shareLinks.create(
            card: card, title: title, covers: covers, content: content, image: image, png: png, hash: hash, for: user.id,
            now: now)
    }

    public func deleteShareLink(_ id: ShareLink.ID) async throws -> Bool {
        try await shared.shareLinks.delete(id, of: user.id)
    }

    // MARK: Settings

    /// Saves the reader's settings (time zone, languages, palette…).
    public func update(settings: ReaderSettings, now: Date) async throws {
        try await shared.users.update(settings: settings, for: user.id, now: now)
    }

    /// Sets the primary reading language, every other setting as it is.
    public func update(primaryLanguage: LanguageCode, now: Date) async throws {
        var settings = user.settings
        settings.primaryLanguage = primaryLanguage
        try await update(settings: settings, now: now)
    }
}

extension BooksTrack {
    /// The reads of one reader, for one request or command.
    public func reader(_ user: User) -> Reader { Reader(user: user, store: store.reader(user.id), shared: store) }

    /// A shared card, by its token's hash (anyone with the link).
    public func sharedCard(hash: String) async throws -> ShareSnapshot? { try await store.shareLinks.snapshot(hash: hash) }

    /// A shared card's picture, by its token's hash.
    public func sharedPicture(hash: String) async throws -> Data? { try await store.shareLinks.png(hash: hash) }
}

/// How fresh a request's reads must be (``KnownDataVersion``): the web app runs a request that
/// only reads with the version its reader's sign-in carried, and one that writes with a record
/// of the versions its writes reach.
public enum RequestFreshness {
    /// Runs a read-only request knowing `version` of `user`'s data.
    public static func reading<T>(_ user: User.ID, at version: Int, _ body: () async throws -> T) async rethrows -> T {
        try await KnownDataVersion.$current.withValue((user, version)) { try await body() }
    }

    /// Runs a request that writes: what it reads after its writes is at least that new.
    public static func writing<T>(_ body: () async throws -> T) async rethrows -> T {
        try await KnownDataVersion.$written.withValue(WrittenVersions()) { try await body() }
    }
}
