import BooksTrackCore
import BooksTrackImport
import BooksTrackStore
import Foundation
import Logging

/// Runs confirmed browser imports in the background, so the page can show progress.
///
/// Whether an import waits, runs, finished or failed is kept with the upload in the database,
/// so any app server can answer for it. How far a running import has got is known only to the
/// process running it; another process shows "importing" without the count.
final class ImportJobs: Sendable {
    let store: Store
    let configuration: WebConfiguration
    private let board = ProgressBoard()

    /// An import still running after this long was interrupted (its transaction was rolled back).
    static let staleAfter: TimeInterval = 30 * 60

    init(store: Store, configuration: WebConfiguration) {
        self.store = store
        self.configuration = configuration
    }

    /// Starts importing an upload once; returns false when it was already started (a double
    /// submit), which changes nothing.
    func start(_ uploadID: ImportUpload.ID, for user: User, logger: Logger) async throws -> Bool {
        let reader = store.reader(user.id)
        guard let (upload, bytes) = try await reader.upload(uploadID) else { throw WebError.notFound("There is no such upload.") }
        let runID = ImportRunSummary.ID.random()
        let now = configuration.clock()
        guard try await reader.claimUpload(uploadID, runID: runID, now: now) else { return false }
        board.set(uploadID, .matching(rows: 0))
        let today = user.today(at: now)
        let board = self.board
        Task.detached {
            var failure: String?
            do {
                let batch = try LibraryFileReader.read(bytes: bytes, today: today)
                _ = try await reader.importBatch(
                    batch, fileName: upload.fileName, fileSize: upload.fileSize, dryRun: false, now: now, runID: runID,
                    progress: { board.set(uploadID, $0) })
            } catch {
                failure = WebError.from(error)?.detail ?? "The import failed and nothing was changed. Try again."
                logger.error("Import failed: \(String(reflecting: error))")
            }
            do { try await reader.finishUpload(uploadID, error: failure, now: Date()) } catch {
                logger.error("Could not record the end of an import: \(String(reflecting: error))")
            }
            board.remove(uploadID)
        }
        return true
    }

    /// How far this process has got with an upload's import.
    func progress(of uploadID: ImportUpload.ID) -> ImportProgress? { board.get(uploadID) }
}

/// Progress of running imports, written by the import and read by requests.
private final class ProgressBoard: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ImportUpload.ID: ImportProgress] = [:]

    func set(_ id: ImportUpload.ID, _ progress: ImportProgress) { lock.withLock { values[id] = progress } }
    func get(_ id: ImportUpload.ID) -> ImportProgress? { lock.withLock { values[id] } }
    func remove(_ id: ImportUpload.ID) { _ = lock.withLock { values.removeValue(forKey: id) } }
}
