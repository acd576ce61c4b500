import BooksTrackCore
import Foundation
import SQLKit

/// A reader's uploaded files, kept between their preview and their import (``ImportUpload``).
public struct UploadStore: ReaderScoped {
    /// The reader whose uploads these are.
    public let userID: User.ID
    let database: Database

    /// Keeps an uploaded file until the reader confirms (or abandons) its import. Uploads older
    /// than a day are removed here too.
    public func save(fileName: String, bytes: [UInt8], preview: ImportReport, now: Date) async throws -> ImportUpload {
        let userID = self.userID
        let upload = ImportUpload(
            id: .random(), fileName: fileName, fileSize: bytes.count, status: .previewed, runID: nil,
            error: nil, preview: preview, createdAt: now, updatedAt: now)
        try await database.write { db in
            try await db.raw(
                """
                DELETE FROM import_uploads WHERE created_at < \(bind: now.addingTimeInterval(-86_400).milliseconds) AND status <> 'running'
                """
            ).run()
            try await db.insertRows(
                into: "import_uploads",
                columns: ["id", "user_id", "file_name", "file_size", "content", "status", "preview", "created_at", "updated_at"],
                rows: [
                    [
                        upload.id.string, userID.string, fileName, bytes.count, Data(bytes).base64EncodedString(),
                        upload.status.rawValue, JSONColumn.text(preview), now.milliseconds, now.milliseconds,
                    ]
                ])
        }
        return upload
    }

    /// Keeps what the reader said an upload's shelves mean, with the preview planned with it;
    /// false when the upload is no longer waiting for its confirmation.
    public func update(_ id: ImportUpload.ID, shelves: ShelfReading, preview: ImportReport, now: Date) async throws
        -> Bool
    {
        let userID = self.userID
        return try await database.write { db in
            try await db.raw(
                """
                UPDATE import_uploads SET shelf_reading = \(bind: JSONColumn.text(shelves)),
                    preview = \(bind: JSONColumn.text(preview)), updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string) AND status = 'previewed'
                RETURNING id
                """
            ).first() != nil
        }
    }

    /// An upload of this reader's, with its content.
    public func upload(_ id: ImportUpload.ID) async throws -> (ImportUpload, [UInt8])? {
        let userID = self.userID
        return try await database.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT * FROM import_uploads WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)
                    """
                ).first()
            else { return nil }
            return (try Self.upload(row), [UInt8](Data(base64Encoded: try row.text("content")) ?? Data()))
        }
    }

    /// Marks an upload as being imported and queues its import job, once: false when it already
    /// was (a double submit). One conditional update decides, so two requests racing on two app
    /// servers cannot both win.
    public func queueImport(_ id: ImportUpload.ID, runID: ImportRunSummary.ID, kind: String, now: Date) async throws -> Bool {
        let userID = self.userID
        return try await database.write { db in
            let claimed =
                try await db.raw(
                    """
                    UPDATE import_uploads SET status = 'running', run_id = \(bind: runID.string), updated_at = \(bind: now.milliseconds)
                    WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string) AND status = 'previewed'
                    RETURNING id
                    """
                ).first() != nil
            guard claimed else { return false }
            return try await JobRepository.enqueue(kind: kind, subject: id.string, userID: userID, now: now, on: db)
        }
    }

    /// Records how an upload's import ended. The file itself is dropped: it is no longer needed.
    public func finish(_ id: ImportUpload.ID, error: String?, now: Date) async throws {
        let userID = self.userID
        try await database.write { db in
            try await db.raw(
                """
                UPDATE import_uploads SET status = \(bind: error == nil ? "done" : "failed"), error = \(bind: error),
                    content = '', preview = NULL, updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)
                """
            ).run()
        }
    }

    /// Fails an upload whose import was interrupted (its process died) and drops its file — only
    /// while it is still running: an import that committed before its process died stays done.
    public func interrupt(_ id: ImportUpload.ID, error: String, now: Date) async throws {
        let userID = self.userID
        try await database.write { db in
            try await db.raw(
                """
                UPDATE import_uploads SET status = 'failed', error = \(bind: error), content = '', preview = NULL,
                    updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string) AND status = 'running'
                """
            ).run()
        }
    }

    /// The import run an upload was confirmed as, if it was.
    public func runID(of id: ImportUpload.ID) async throws -> ImportRunSummary.ID? {
        let userID = self.userID
        return try await database.read { db in
            try await db.raw(
                "SELECT run_id FROM import_uploads WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string)"
            ).first()?.optionalID("run_id")
        }
    }

    /// Drops an upload the reader decided not to import; false when it is not waiting any more.
    @discardableResult
    public func discard(_ id: ImportUpload.ID) async throws -> Bool {
        let userID = self.userID
        return try await database.write { db in
            try await db.raw(
                """
                DELETE FROM import_uploads WHERE id = \(bind: id.string) AND user_id = \(bind: userID.string) AND status = 'previewed'
                RETURNING id
                """
            ).first() != nil
        }
    }

    /// The reader's upload whose import became, or will become, this run.
    public func upload(forRun runID: ImportRunSummary.ID) async throws -> ImportUpload? {
        let userID = self.userID
        return try await database.read { db in
            try await db.raw(
                """
                SELECT * FROM import_uploads WHERE run_id = \(bind: runID.string) AND user_id = \(bind: userID.string)
                """
            ).first().map(Self.upload)
        }
    }

    private static func upload(_ row: any SQLRow) throws -> ImportUpload {
        ImportUpload(
            id: try row.id("id"), fileName: try row.text("file_name"), fileSize: try row.integer("file_size"),
            status: ImportUpload.Status(rawValue: try row.text("status")) ?? .failed, runID: try row.optionalID("run_id"),
            error: try row.optionalText("error"),
            preview: try row.optionalText("preview").flatMap {
                try? JSONDecoder().decode(ImportReport.self, from: Data($0.utf8))
            },
            shelfReading: try row.optionalText("shelf_reading").flatMap {
                try? JSONDecoder().decode(ShelfReading.self, from: Data($0.utf8))
            } ?? .defaults,
            createdAt: try row.instant("created_at"),
            updatedAt: try row.instant("updated_at"))
    }
}
