import BooksTrackCore
import Foundation

/// A file uploaded in the browser, between its preview and its import.
public struct ImportUpload: Sendable, Hashable {
    public typealias ID = TypedID<ImportUpload>

    public enum Status: String, Sendable {
        /// Uploaded and previewed, waiting for the reader to confirm.
        case previewed
        /// Being imported.
        case running
        /// Imported; ``ImportUpload/runID`` is the import in the history.
        case done
        /// The import failed; nothing was written.
        case failed
    }

    public var id: ID
    public var fileName: String
    public var fileSize: Int
    public var status: Status
    public var runID: ImportRunSummary.ID?
    public var error: String?
    /// The dry run computed when the file was uploaded (what the preview shows).
    public var preview: ImportReport?
    /// What the reader said the file's shelves mean (the defaults until they change it).
    public var shelfReading: ShelfReading = .defaults
    public var createdAt: Date
    public var updatedAt: Date
}
