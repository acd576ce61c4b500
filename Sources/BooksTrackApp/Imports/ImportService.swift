import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import Foundation
import Logging
import Metrics
import NIOPosix
import Synchronization

/// Confirmed browser imports, run as background jobs so the page can show progress.
///
/// Confirming marks the upload and queues an `import` job in one transaction; a ``JobRunner``
/// on any app server claims the job and runs it. Whether an import waits, runs, finished or
/// failed is kept with the upload in the database, so any app server can answer for it. How far
/// a running import has got is known only to the process running it; another process shows
/// "importing" without the count.
public final class ImportService: Sendable {
    /// The job kind of an upload's import.
    public static let jobKind = "import"

    let store: Store
    let clock: @Sendable () -> Date
    let logger: Logger
    let notifications: NotificationService
    let enrichment: EnrichmentService
    /// Read again after an import the change log records as the whole library (`nil`: never).
    let libraries: KeptLibraries?
    private let board = ProgressBoard()

    public init(
        store: Store, clock: @escaping @Sendable () -> Date, logger: Logger, notifications: NotificationService,
        enrichment: EnrichmentService, libraries: KeptLibraries? = nil
    ) {
        self.store = store
        self.clock = clock
        self.logger = logger
        self.notifications = notifications
        self.enrichment = enrichment
        self.libraries = libraries
    }

    /// Queues an upload's import once; returns false when it was already queued (a double
    /// submit), which changes nothing.
    public func start(_ uploadID: ImportUpload.ID, for user: User) async throws -> Bool {
        let queued = try await store.reader(user.id).uploads.queueImport(
            uploadID, runID: .random(), kind: Self.jobKind, now: clock())
        if queued { board.set(uploadID, .matching(rows: 0)) }
        return queued
    }

    /// Finishes or throws away the big imports an earlier process left half-written; how many.
    @discardableResult
    public func recover(now: Date) async throws -> Int { try await store.recoverImports(now: now) }

    /// How far this process has got with an upload's import.
    public func progress(of uploadID: ImportUpload.ID) -> ImportProgress? { board.get(uploadID) }

    /// Parses a file on a thread made for blocking work, never on a request's event loop;
    /// `limit` is the server's upload limit.
    public static func parse(_ bytes: [UInt8], today: LocalDate, limit: Int?) async throws -> ImportBatch {
        try await NIOThreadPool.singleton.runIfActive { try LibraryFileReader.read(bytes: bytes, today: today, limit: limit) }
    }

    /// Opens a file for import as ``parse(_:today:limit:)`` does; a CSV or TSV file's records are
    /// made when the import asks for them.
    public static func open(_ bytes: [UInt8], today: LocalDate, limit: Int?) async throws -> ImportFile {
        try await NIOThreadPool.singleton.runIfActive { try LibraryFileReader.open(bytes: bytes, today: today, limit: limit) }
    }

    /// Runs one claimed import job: reads the upload, imports it in one transaction, and records
    /// how it ended on the upload. A failure leaves the library as it was.
    func run(_ job: Job) async throws {
        guard let userID = job.userID, let uploadID = ImportUpload.ID(job.subject) else { return }
        defer { board.remove(uploadID) }
        let reader = store.reader(userID)
        guard let user = try await store.users.user(id: userID), let (upload, bytes) = try await reader.uploads.upload(uploadID),
            let runID = upload.runID
        else { return }
        var failure: String?
        do {
            // The upload was accepted within the server's limit when it was made.
            let file = try await Self.open(bytes, today: user.today(at: clock()), limit: nil)
            _ = try await importNow(
                file, for: user, fileName: upload.fileName, fileSize: upload.fileSize, dryRun: false,
                shelves: upload.shelfReading, runID: runID,
                progress: { [board] in board.set(uploadID, $0) })
        } catch {
            failure = Self.message(for: error)
            logger.error("Import failed: \(String(reflecting: error))")
        }
        try await reader.uploads.finish(uploadID, error: failure, now: clock())
        if let failure { throw JobFailure(failure) }
    }

    /// What the reader is told when the server stopped in the middle of their import.
    public static let interruptedMessage =
        "The server stopped while this import was running, so nothing was imported. Upload the file again to import it."

    /// After the process running an upload's import died: the upload says so at once (page,
    /// progress answer) and its file is dropped. A small import was one transaction, so nothing
    /// of it is in the library; a big one's staged rows are thrown away here, at once — unless it
    /// had already been published, which is finished instead (the upload then says done).
    func interrupted(_ job: Job) async throws {
        guard let userID = job.userID, let uploadID = ImportUpload.ID(job.subject) else { return }
        board.remove(uploadID)
        let reader = store.reader(userID)
        let run = try await reader.uploads.runID(of: uploadID)
        if let run, try await store.importWasPublished(run) {
            // It stopped in its last step, after it was decided: it is finished, and says so.
            try await store.recoverImports(now: clock(), run: run)
            try await reader.uploads.finish(uploadID, error: nil, now: clock())
            return
        }
        try await reader.uploads.interrupt(uploadID, error: Self.interruptedMessage, now: clock())
        // What a big import had staged was never visible to the reader; it is thrown away now
        // rather than when its lease lapses.
        if let run { try await store.recoverImports(now: clock(), run: run) }
    }

    /// What a reader is told when an import fails.
    static func message(for error: any Error) -> String {
        switch error {
        case let error as ImportFileError: error.description
        case let error as StoreError: error.message
        default: "The import failed and nothing was changed. Try again."
        }
    }
}

/// A job that ended with a failure a person can read (recorded on the job).
struct JobFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Progress of running imports, written by the import and read by requests.
private final class ProgressBoard: Sendable {
    private let values = Mutex<[ImportUpload.ID: ImportProgress]>([:])

    func set(_ id: ImportUpload.ID, _ progress: ImportProgress) { values.withLock { $0[id] = progress } }
    func get(_ id: ImportUpload.ID) -> ImportProgress? { values.withLock { $0[id] } }
    func remove(_ id: ImportUpload.ID) { _ = values.withLock { $0.removeValue(forKey: id) } }
}

extension ImportService {
    /// The demo library is only loaded into an empty library; this one has `books`.
    public struct LibraryNotEmpty: Error, Sendable {
        public var books: Int
    }

    /// Imports a parsed file now, in one transaction, or with `dryRun` only plans it: the API,
    /// the command line and the job runner all import through here.
    public func importNow(
        _ batch: ImportBatch, for user: User, fileName: String?, fileSize: Int? = nil, dryRun: Bool,
        shelves: ShelfReading = .defaults, runID: ImportRunSummary.ID = .random(), progress: ImportProgressHandler? = nil
    ) async throws -> ImportReport {
        try await importNow(
            .batch(batch), for: user, fileName: fileName, fileSize: fileSize, dryRun: dryRun, shelves: shelves,
            runID: runID, progress: progress)
    }

    /// A file with what its shelves mean applied to its records (SPEC §3: ownership and genre
    /// shelves), and the tally of how each shelf was read. A BooksTrack backup is left as it is:
    /// its owned flags and genres are already the reader's own.
    static func reading(_ file: ImportFile, with shelves: ShelfReading) -> (ImportFile, ShelfTally?) {
        let tally = ShelfTally(shelves)
        switch file {
        case .batch(var batch):
            guard batch.readerData == nil, batch.format != .backup, batch.format != .demo else { return (file, nil) }
            tally.apply(to: &batch.records)
            return (.batch(batch), tally)
        case .records(let source):
            return (.records(ShelfReadingSource(source, tally: tally)), tally)
        }
    }

    /// Imports an opened file now (a big CSV or TSV file on SQLite staged as it is read, see
    /// `ImportStore.import`), or with `dryRun` only plans it.
    public func importNow(
        _ file: ImportFile, for user: User, fileName: String?, fileSize: Int? = nil, dryRun: Bool,
        shelves: ShelfReading = .defaults, runID: ImportRunSummary.ID = .random(), progress: ImportProgressHandler? = nil
    ) async throws -> ImportReport {
        let now = clock()
        let reader = store.reader(user.id)
        var report: ImportReport
        var backup = false
        let (file, tally) = Self.reading(file, with: shelves)
        let before = dryRun ? nil : try await reader.dataVersion()
        switch file {
        case .batch(let batch):
            backup = batch.readerData != nil
            report = try await reader.imports.import(
                batch, fileName: fileName, fileSize: fileSize, dryRun: dryRun, now: now, runID: runID, progress: progress)
        case .records(let source):
            report = try await reader.imports.import(
                source, fileName: fileName, fileSize: fileSize, dryRun: dryRun, now: now, runID: runID, progress: progress)
        }
        report.shelves = tally?.uses
        if !dryRun {
            Counter(label: "bookstrack_import_rows_total").increment(by: Int64(report.rows))
            // The bundled author table at once, the network look-ups in the background — for
            // the books the import added or changed (a backup, or more books than that, the
            // whole library).
            await enrichment.libraryChanged(user.id, entries: backup ? nil : Self.touched(by: report))
            store.importing.trace.mark("look-ups queued")
            await notifications.settle(user.id, now: now)
            store.importing.trace.mark("achievements and goals settled")
            if let before { await readAgainIfWhole(user.id, since: before) }
        }
        return report
    }

    /// After an import the change log records as the whole library (a restored backup, more than
    /// 500 books), no kept library and no archive can be brought up to date by what changed: the
    /// library is read whole now, in the import's time rather than on the reader's next page, and
    /// written down for the next process (a server started after a restore on the command line
    /// starts from it: 0.25 s at 100,000 books rather than a whole read's 0.9 s).
    private func readAgainIfWhole(_ userID: User.ID, since version: Int) async {
        guard let libraries else { return }
        do {
            guard try await store.reader(userID).library.changes(since: version) == nil else { return }
            _ = try await libraries.library(of: userID)
            store.importing.trace.mark("library read again")
        } catch {
            logger.warning("library not read again after an import", metadata: ["user": "\(userID.string)", "error": "\(error)"])
        }
    }

    /// The books an import added or changed, when there are few enough to name one by one;
    /// `nil` (the whole library) for more than ``touchedLimit`` books.
    static func touched(by report: ImportReport) -> [LibraryEntry.ID]? {
        var entries: [LibraryEntry.ID] = []
        for outcome in report.outcomes where outcome.kind == .imported || outcome.kind == .updated {
            guard let entry = outcome.entryID else { continue }
            entries.append(entry)
            if entries.count > touchedLimit { return nil }
        }
        return entries
    }

    /// How many books an import may name for the look-ups before the whole library is looked at.
    static let touchedLimit = 500

    /// Loads the demo library (real books, see `DemoLibrary`) into a reader's empty library; throws
    /// ``LibraryNotEmpty`` when it has books, so a demo never mixes with a real library.
    public func loadDemo(for user: User) async throws -> ImportReport {
        let books = try await store.reader(user.id).browse.statusCounts().values.reduce(0, +)
        guard books == 0 else { throw LibraryNotEmpty(books: books) }
        let now = clock()
        return try await importNow(
            DemoLibrary.batch(today: user.today(at: now), now: now), for: user, fileName: "Demo library", dryRun: false)
    }
}
